import { randomUUID } from 'node:crypto';
import type { ChargeOutcome, PaymentProvider, ProviderEvent } from '../src/lib/payment-provider';

/**
 * An in-memory PaymentProvider for the billing and dunning tests (the real SDK is tested against the local fake of the
 * provider's API). Saved method ids decide the outcome, as the provider's test ids do: `pm_card_chargeDeclined` is
 * declined, anything else succeeds; `declineNext` declines the next charges whatever the method. A repeated
 * idempotency key answers the first outcome, as the provider does.
 */
export type ProviderDouble = PaymentProvider & {
  charges: { idempotencyKey: string; amountMinor: number; providerMethodId: string; outcome: ChargeOutcome }[];
  /** Outcomes to give the next charges (then back to the method's own). */
  script: ('succeed' | 'decline')[];
};

export function paymentProviderDouble(): ProviderDouble {
  const byKey = new Map<string, ChargeOutcome>();
  let n = 0;
  /** Provider ids are unique across doubles (payments.providerId is unique in the database). */
  const run = randomUUID().slice(0, 8);
  const double: ProviderDouble = {
    charges: [],
    script: [],
    createConnectedAccount: async () => ({ accountId: `acct_${++n}` }),
    createOnboardingLink: async () => ({ url: 'https://connect.example.test/onboarding' }),
    retrieveAccount: async () => ({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true }),
    accountSummary: async () => ({ available: [], pending: [], payouts: [] }),
    ensureCustomer: async (input) => ({ customerId: input.existingCustomerId ?? `cus_${++n}` }),
    createSetupIntent: async () => ({ setupIntentId: `seti_${++n}`, clientSecret: `seti_${n}_secret` }),
    retrievePaymentMethod: async (input) => ({ providerMethodId: input.providerMethodId, type: 'CARD', brand: 'visa', last4: '4242', bankName: null }),
    detachPaymentMethod: async () => {},
    charge: async (input) => {
      const seen = byKey.get(input.idempotencyKey);
      if (seen) return seen;
      const scripted = double.script.shift();
      const declined = scripted ? scripted === 'decline' : input.providerMethodId === 'pm_card_chargeDeclined';
      const outcome: ChargeOutcome = declined
        ? { status: 'failed', providerId: `pi_${run}_${++n}`, failureMessage: 'Your card was declined.' }
        : { status: 'succeeded', providerId: `pi_${run}_${++n}` };
      byKey.set(input.idempotencyKey, outcome);
      double.charges.push({ idempotencyKey: input.idempotencyKey, amountMinor: input.amountMinor, providerMethodId: input.providerMethodId, outcome });
      return outcome;
    },
    refund: async () => ({ providerId: `re_${++n}` }),
    verifyWebhook: (): ProviderEvent => {
      throw new Error('The double does not verify webhooks.');
    },
  };
  return double;
}
