import { access } from '../access';
import { billingRunResultSchema, paymentSettingsSchema, updatePaymentSettingsSchema } from '../api/billing';
import { defineEndpoint } from '../endpoint';

const tags = ['billing'];

/** Issue 19: the gym's payment settings (the dunning schedule of failed charges). */
export const billingEndpoints = {
  paymentSettings: defineEndpoint({
    method: 'GET',
    path: '/api/payments/settings/',
    access: access.gymMutate,
    tags,
    summary: "The gym's payment settings: the days after a failed charge on which it is retried",
    answers: { 200: paymentSettingsSchema },
  }),
  updatePaymentSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/payments/settings/',
    access: access.gymMutate,
    tags,
    summary: "Sets the gym's dunning schedule (1 to 10 ascending days from 1 to 60)",
    body: updatePaymentSettingsSchema,
    answers: { 200: paymentSettingsSchema },
  }),
  runBillingNow: defineEndpoint({
    method: 'POST',
    path: '/api/payments/billing-run/',
    access: access.gymMutate,
    tags,
    summary:
      "Runs the gym's billing now (what the hourly billing run does): due package periods and kiosk charges invoiced once each, saved methods charged, overdue invoices marked",
    answers: { 200: billingRunResultSchema },
  }),
};
