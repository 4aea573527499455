import { access } from '../access';
import { idParamsSchema } from '../api/common';
import { paymentMethodListSchema, payWithSavedMethodSchema } from '../api/invoices';
import {
  chargeResultSchema,
  onboardingLinkSchema,
  paymentAccountSchema,
  saveMethodSchema,
  setupIntentSchema,
  stripeDashboardSchema,
  webhookAnswerSchema,
} from '../api/payments';
import { defineEndpoint } from '../endpoint';

const tags = ['payments'];

/** Issue 19 (decision 034): connected accounts, saved payment methods, paying with them, and the provider's webhooks. */
export const paymentsEndpoints = {
  paymentAccount: defineEndpoint({
    method: 'GET',
    path: '/api/payments/account/',
    access: access.gymMutate,
    tags,
    summary: "The gym's connected account: type, status and whether card payments are enabled",
    answers: { 200: paymentAccountSchema },
  }),
  startPaymentOnboarding: defineEndpoint({
    method: 'POST',
    path: '/api/payments/account/onboarding/',
    access: access.gymMutate,
    tags,
    summary: "Creates the gym's connected account (of its account type) when it has none and answers a one-time onboarding link",
    answers: { 200: onboardingLinkSchema },
  }),
  stripeDashboard: defineEndpoint({
    method: 'GET',
    path: '/api/payments/dashboard/',
    access: access.gymMutate,
    tags,
    summary: "A custom account's balance and recent payouts (/stripe-dashboard)",
    answers: { 200: stripeDashboardSchema },
  }),
  paymentWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/webhook/',
    access: access.anyone,
    tags,
    summary: "The provider's webhook: verified by its signature (400 otherwise), each event applied once",
    answers: { 200: webhookAnswerSchema },
  }),
  myPaymentMethods: defineEndpoint({
    method: 'GET',
    path: '/api/me/payment-methods/',
    access: access.athlete,
    tags,
    summary: "The signed-in athlete's saved payment methods, and whether card payments are enabled",
    answers: { 200: paymentMethodListSchema },
  }),
  startSavingMethod: defineEndpoint({
    method: 'POST',
    path: '/api/me/payment-methods/setup/',
    access: access.athlete,
    tags,
    summary: 'Starts saving a payment method: a SetupIntent client secret for the browser to confirm',
    answers: { 200: setupIntentSchema },
  }),
  saveMyPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/api/me/payment-methods/',
    access: access.athlete,
    tags,
    summary: "Saves a confirmed payment method (by the provider's id) with its brand and last4 or bank name",
    body: saveMethodSchema,
    answers: { 201: paymentMethodListSchema, 200: paymentMethodListSchema },
  }),
  removeMyPaymentMethod: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/payment-methods/:paymentMethodId/',
    access: access.athlete,
    tags,
    summary: 'Removes one of the signed-in athlete’s saved payment methods',
    params: idParamsSchema('paymentMethodId'),
    answers: { 200: paymentMethodListSchema },
  }),
  athletePaymentMethods: defineEndpoint({
    method: 'GET',
    path: '/api/athletes/:athleteId/payment-methods/',
    access: access.staffAthleteView,
    tags,
    summary: "An athlete's saved payment methods (staff)",
    params: idParamsSchema('athleteId'),
    answers: { 200: paymentMethodListSchema },
  }),
  payMyInvoice: defineEndpoint({
    method: 'POST',
    path: '/api/me/invoices/:invoiceId/pay/',
    access: access.athlete,
    tags,
    summary: "Pays the balance of the signed-in athlete's invoice with one of their saved methods (once per idempotency key)",
    params: idParamsSchema('invoiceId'),
    body: payWithSavedMethodSchema,
    answers: { 200: chargeResultSchema },
  }),
  chargeInvoice: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:invoiceId/charge/',
    access: access.invoiceView,
    tags,
    summary: "Charges an invoice's balance to one of the athlete's saved methods (once per idempotency key)",
    params: idParamsSchema('invoiceId'),
    body: payWithSavedMethodSchema,
    answers: { 200: chargeResultSchema },
  }),
};
