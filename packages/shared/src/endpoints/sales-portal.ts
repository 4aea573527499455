import { access } from '../access';
import { sessionSchema } from '../api/auth';
import { okSchema } from '../api/common';
import {
  mySalesPortalSchema,
  portalAccountInputSchema,
  portalLoginInputSchema,
  portalPackageSchema,
  portalPurchaseInputSchema,
  portalPurchaseSchema,
  salesPortalPackageParamsSchema,
  salesPortalSchema,
  salesPortalSettingsSchema,
  salesPortalSlugParamsSchema,
  updateSalesPortalInputSchema,
} from '../api/sales-portal';
import { defineEndpoint } from '../endpoint';

const tags = ['sales portal'];
const params = salesPortalSlugParamsSchema;

/**
 * Issue 18: the sales portal. Staff set it up (spec 2.7 /products/sales-portal); anyone reads an enabled portal of a
 * real gym by its slug (spec 2.7 public routes; demo gyms have none, spec 6), makes an account or logs in there, and a
 * logged-in buyer purchases a package (by card in the flow, or at the front desk), signing its required documents first.
 */
export const salesPortalEndpoints = {
  salesPortalSettings: defineEndpoint({
    method: 'GET',
    path: '/api/sales-portal/',
    access: access.staffOrOwner,
    tags,
    summary: "The gym's sales portal settings with its packages (in portal order); 404 for a demo gym",
    answers: { 200: salesPortalSettingsSchema },
  }),
  updateSalesPortal: defineEndpoint({
    method: 'PUT',
    path: '/api/sales-portal/',
    access: access.staffOrOwner,
    tags,
    summary: 'Save the sales portal: on or off, its slug (unique across gyms), branding, and the packages shown in order',
    body: updateSalesPortalInputSchema,
    answers: { 200: salesPortalSettingsSchema },
  }),
  mySalesPortal: defineEndpoint({
    method: 'GET',
    path: '/api/my/sales-portal/',
    access: access.athlete,
    tags,
    summary: "The slug of the athlete's own gym's sales portal (spec 2.4 /packages/sales-portal); 404 when it has none open",
    answers: { 200: mySalesPortalSchema },
  }),
  salesPortal: defineEndpoint({
    method: 'GET',
    path: '/api/sales-portals/:salesPortalSlug/',
    access: access.anyone,
    tags,
    summary: 'An open sales portal: the gym, its branding and the packages shown with their billing plans and prices',
    params,
    answers: { 200: salesPortalSchema },
  }),
  salesPortalPackage: defineEndpoint({
    method: 'GET',
    path: '/api/sales-portals/:salesPortalSlug/packages/:packageId/',
    access: access.anyone,
    tags,
    summary: 'One package shown in an open sales portal, with its billing plans',
    params: salesPortalPackageParamsSchema,
    answers: { 200: portalPackageSchema },
  }),
  salesPortalAccount: defineEndpoint({
    method: 'POST',
    path: '/api/sales-portals/:salesPortalSlug/account/',
    access: access.anyone,
    tags,
    summary:
      "Sign up in the portal: an inactive user with an athlete profile in the portal's gym and a mail whose link activates it; answers the same when the email already has an account (its owner is mailed how to log in). Limited per source address (429 with Retry-After)",
    params,
    body: portalAccountInputSchema,
    answers: { 200: okSchema },
  }),
  salesPortalLogin: defineEndpoint({
    method: 'POST',
    path: '/api/sales-portals/:salesPortalSlug/login/',
    access: access.anyone,
    tags,
    summary: "Log in within the portal, into the athlete profile of the portal's gym (made when the user has none there)",
    params,
    body: portalLoginInputSchema,
    answers: { 200: sessionSchema },
  }),
  salesPortalPurchase: defineEndpoint({
    method: 'POST',
    path: '/api/sales-portals/:salesPortalSlug/purchases/',
    access: access.user,
    tags,
    summary:
      'Buy a package with a billing plan (issuing its required documents), by card or at the front desk; the same idempotency key again is the same purchase',
    params,
    body: portalPurchaseInputSchema,
    answers: { 200: portalPurchaseSchema, 201: portalPurchaseSchema },
  }),
};
