import type { PaymentMethodType, StripeAccountType } from '@spotter/shared';

/**
 * Issue 19 (decision 033): card payments run behind this interface. The one implementation (modules/payments/stripe-provider.ts) uses
 * the official `stripe` SDK against the provider's API, or, in tests, against a local fake of that API
 * (test/fake-stripe.ts). With no secret key configured there is no provider (`null`): card options are hidden and
 * everything manual still works.
 */

export type ProviderAccountStatus = { chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean };

export type SavedMethod = {
  providerMethodId: string;
  type: PaymentMethodType;
  brand: string | null;
  last4: string | null;
  bankName: string | null;
};

export type ChargeOutcome =
  | { status: 'succeeded'; providerId: string }
  | { status: 'pending'; providerId: string }
  | { status: 'failed'; providerId: string | null; failureMessage: string };

/** A verified webhook event, reduced to what Spotter acts on. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch (the provider's `created`). */
  created: number;
  /** The connected account it concerns, when any. */
  account: string | null;
  /** The event's object (a PaymentIntent, an Account, a Charge, …) as the provider sent it. */
  object: Record<string, unknown>;
};

export interface PaymentProvider {
  /** A connected account of the gym, of the gym's account type (spec 1: standard, express or custom). */
  createConnectedAccount(input: { type: StripeAccountType; email: string; country: 'US' | 'GB' | 'CA'; gymId: string }): Promise<{ accountId: string }>;
  /** A one-time onboarding link (account link) for the Onboard page. */
  createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ProviderAccountStatus>;
  /** What /stripe-dashboard shows a custom account: the balance and the recent payouts. */
  accountSummary(accountId: string): Promise<{
    available: { amountMinor: number; currency: string }[];
    pending: { amountMinor: number; currency: string }[];
    payouts: { id: string; amountMinor: number; currency: string; status: string; arrivalDate: number }[];
  }>;
  /** The provider-side customer of an athlete on the gym's connected account. */
  ensureCustomer(input: {
    accountId: string;
    email: string | null;
    name: string;
    athleteId: string;
    existingCustomerId: string | null;
  }): Promise<{ customerId: string }>;
  /** Starts saving a method (a SetupIntent): the browser confirms it with the client secret and the public key. */
  createSetupIntent(input: {
    accountId: string;
    customerId: string;
    types: PaymentMethodType[];
    metadata?: Record<string, string>;
  }): Promise<{ setupIntentId: string; clientSecret: string }>;
  /**
   * The saved method behind a provider payment method id, with its brand and last4 or bank name. With `customerId`,
   * a method not yet attached to a customer is attached to that one (the answer then carries the attached id); one
   * attached to another customer is refused.
   */
  retrievePaymentMethod(input: { accountId: string; providerMethodId: string; customerId?: string }): Promise<SavedMethod>;
  detachPaymentMethod(input: { accountId: string; providerMethodId: string }): Promise<void>;
  /** Charges a saved method off-session, once per idempotency key. */
  charge(input: {
    accountId: string;
    customerId: string;
    providerMethodId: string;
    /** The saved method's type (the intent must allow it); CARD when absent. */
    methodType?: PaymentMethodType;
    amountMinor: number;
    currency: string;
    description: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ChargeOutcome>;
  refund(input: { accountId: string; providerPaymentId: string; amountMinor: number; idempotencyKey: string }): Promise<{ providerId: string }>;
  /** Verifies a webhook's signature on its raw body; throws when it does not verify. */
  verifyWebhook(rawBody: string | Buffer, signature: string): ProviderEvent;
}

/** The currency of a gym's country (spec 9). */
export function currencyOf(country: 'US' | 'GB' | 'CA'): string {
  return country === 'GB' ? 'gbp' : country === 'CA' ? 'cad' : 'usd';
}
