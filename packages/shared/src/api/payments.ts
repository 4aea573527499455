import { z } from 'zod';
import { stripeAccountTypes, stripeStatuses } from '../roles';
import { invoiceStatuses, paymentMethodTypes } from '../rules/invoices';

/**
 * Issue 19 (decision 034): the gym's connected account with the card-payment provider, its onboarding, the custom
 * account's dashboard, saving payment methods and paying with them. Money in minor units.
 */

export const paymentsMessages = {
  noProvider: 'Card payments are not set up for this gym.',
  notCustom: 'The Stripe dashboard here is for custom accounts; standard and express accounts use Stripe’s own dashboard.',
  noAccount: 'Payments are not set up yet: start onboarding first.',
  methodNotFound: 'Payment method not found.',
  methodRefused: 'That payment method could not be saved.',
  nicknameTooLong: 'Keep the nickname under 50 characters.',
  providerMethodId: 'Send the provider’s payment method id.',
  badSignature: 'The webhook signature did not verify.',
  providerUnavailable: 'The card processor did not answer. Try again in a moment.',
} as const;

/** `/api/payments/account/`: where the gym stands with the provider. */
export const paymentAccountSchema = z.object({
  /** Whether card payments are configured on this server at all (a secret key is set). */
  providerConfigured: z.boolean(),
  /** The gym's account type (spec 1) and its status as the Onboard page and navigation know it. */
  accountType: z.enum(stripeAccountTypes),
  stripeStatus: z.enum(stripeStatuses),
  hasAccount: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** Athletes can pay by card (or bank debit) now. */
  cardPaymentsEnabled: z.boolean(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

export const onboardingLinkSchema = z.object({ url: z.url() });

const moneySchema = z.object({ amountMinor: z.number().int(), currency: z.string() });
export const stripeDashboardSchema = z.object({
  available: z.array(moneySchema),
  pending: z.array(moneySchema),
  payouts: z.array(z.object({ id: z.string(), amountMinor: z.number().int(), currency: z.string(), status: z.string(), arrivalDate: z.string() })),
});
export type StripeDashboard = z.infer<typeof stripeDashboardSchema>;

/** Starting to save a method: the SetupIntent's client secret for Stripe.js, with the public key. */
export const setupIntentSchema = z.object({
  clientSecret: z.string(),
  publicKey: z.string().nullable(),
  /** The gym's connected account: Stripe.js confirms the SetupIntent on it. */
  accountId: z.string(),
  types: z.array(z.enum(paymentMethodTypes)),
});

export const saveMethodSchema = z.object({
  providerMethodId: z
    .string({ error: paymentsMessages.providerMethodId })
    .trim()
    .min(3, paymentsMessages.providerMethodId)
    .max(255, paymentsMessages.providerMethodId)
    .regex(/^pm_\w+$/, paymentsMessages.providerMethodId),
  nickname: z.string().trim().max(50, paymentsMessages.nicknameTooLong).optional(),
  makeDefault: z.boolean().optional(),
});
export type SaveMethodInput = z.infer<typeof saveMethodSchema>;

/** The outcome of paying an invoice with a saved method. */
export const chargeResultSchema = z.object({
  outcome: z.enum(['succeeded', 'pending', 'failed', 'nothing_due']),
  status: z.enum(invoiceStatuses),
  paymentId: z.uuid().nullable(),
  failureMessage: z.string().nullable(),
});
export type ChargeResultView = z.infer<typeof chargeResultSchema>;

export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
