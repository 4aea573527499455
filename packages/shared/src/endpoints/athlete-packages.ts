import { access } from '../access';
import {
  adjustCreditsSchema,
  assignAthletePackageSchema,
  athletePackageListSchema,
  athletePackageSchema,
  cancelAthletePackageSchema,
  cancelledAthletePackageSchema,
  cancelRefundPreviewSchema,
  creditLedgerSchema,
  holdAthletePackageSchema,
  renewAthletePackageSchema,
} from '../api/athlete-packages';
import { idParamsSchema } from '../api/common';
import { defineEndpoint } from '../endpoint';

const tags = ['athlete packages'];
const athleteParams = idParamsSchema('athleteId');
const params = idParamsSchema('athletePackageId');

/** Issue 18: the packages athletes hold (staff on the athlete page's Packages tab; the athlete's /packages). */
export const athletePackagesEndpoints = {
  athletePackages: defineEndpoint({
    method: 'GET',
    path: '/api/athletes/:athleteId/packages/',
    access: access.staffAthleteView,
    tags,
    summary: "An athlete's packages, every status, newest first",
    params: athleteParams,
    answers: { 200: athletePackageListSchema },
  }),
  assignAthletePackage: defineEndpoint({
    method: 'POST',
    path: '/api/athletes/:athleteId/packages/',
    access: access.staffAthleteView,
    tags,
    summary:
      "Assign or sell a package to an athlete from a start date (the same idempotency key again answers the same package); chargeSavedMethod charges the sale's invoice to the athlete's default saved method, once",
    params: athleteParams,
    body: assignAthletePackageSchema,
    answers: { 201: athletePackageSchema, 200: athletePackageSchema },
  }),
  athletePackage: defineEndpoint({
    method: 'GET',
    path: '/api/athlete-packages/:athletePackageId/',
    access: access.gymProfile,
    tags,
    summary: 'One athlete package (staff with AthleteView, or the athlete who holds it)',
    params,
    answers: { 200: athletePackageSchema },
  }),
  athletePackageLedger: defineEndpoint({
    method: 'GET',
    path: '/api/athlete-packages/:athletePackageId/ledger/',
    access: access.gymProfile,
    tags,
    summary: "An athlete package's credits ledger, oldest first, with the balance after each row",
    params,
    answers: { 200: creditLedgerSchema },
  }),
  holdAthletePackage: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-packages/:athletePackageId/hold/',
    access: access.staffAthleteView,
    tags,
    summary: 'Put a package on hold for a date range: bookings in the range are refused and billing pauses for its length',
    params,
    body: holdAthletePackageSchema,
    answers: { 200: athletePackageSchema },
  }),
  removeAthletePackageHold: defineEndpoint({
    method: 'DELETE',
    path: '/api/athlete-packages/:athletePackageId/hold/',
    access: access.staffAthleteView,
    tags,
    summary: "Remove a package's hold",
    params,
    answers: { 200: athletePackageSchema },
  }),
  cancelAthletePackage: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-packages/:athletePackageId/cancel/',
    access: access.gymProfile,
    tags,
    summary:
      'Cancel a package at once or at period end (staff); the athlete may cancel their own at period end, with the notice period. At once, staff holding InvoiceReportsView may refund the unused days of the paid period (refundUnused)',
    params,
    body: cancelAthletePackageSchema,
    answers: { 200: cancelledAthletePackageSchema },
  }),
  athletePackageCancelRefund: defineEndpoint({
    method: 'GET',
    path: '/api/athlete-packages/:athletePackageId/cancel-refund/',
    access: access.invoiceView,
    tags,
    summary: 'What cancelling the package at once today would refund: the unused days of its paid period, prorated, and the payments it goes back to',
    params,
    answers: { 200: cancelRefundPreviewSchema },
  }),
  renewAthletePackage: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-packages/:athletePackageId/renew/',
    access: access.staffAthleteView,
    tags,
    summary: 'Renew a package: a new period from its end (or today), its credits granted again',
    params,
    body: renewAthletePackageSchema,
    answers: { 200: athletePackageSchema },
  }),
  adjustAthletePackageCredits: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-packages/:athletePackageId/adjust/',
    access: access.staffAthleteView,
    tags,
    summary: 'Add or remove credits by hand, with a note (the balance never goes below zero)',
    params,
    body: adjustCreditsSchema,
    answers: { 200: athletePackageSchema },
  }),
  myPackages: defineEndpoint({
    method: 'GET',
    path: '/api/my/packages/',
    access: access.athlete,
    tags,
    summary: "The signed-in athlete's packages, newest first",
    answers: { 200: athletePackageListSchema },
  }),
};
