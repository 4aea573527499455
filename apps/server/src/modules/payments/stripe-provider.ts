import Stripe from 'stripe';
import type { PaymentMethodType } from '@spotter/shared';
import type { ChargeOutcome, PaymentProvider, ProviderEvent, SavedMethod } from '../../lib/payment-provider';

/**
 * Issue 19 (decision 034): the PaymentProvider on the official `stripe` SDK. Gyms are connected accounts (spec 1:
 * standard, express or custom); every call about an athlete runs on the gym's account (`stripeAccount`), so customers,
 * saved methods and charges belong to the gym. `apiBase` points the SDK at another host (tests and e2e: the local fake
 * of Stripe's API, test/fake-stripe.ts).
 */

export type StripeProviderOptions = { secretKey: string; webhookSecret: string | null; apiBase: string | null };

const TYPE_TO_STRIPE: Record<PaymentMethodType, 'card' | 'us_bank_account' | 'acss_debit'> = {
  CARD: 'card',
  US_BANK_ACCOUNT: 'us_bank_account',
  ACSS_DEBIT: 'acss_debit',
};
const STRIPE_TO_TYPE: Record<string, PaymentMethodType> = { card: 'CARD', us_bank_account: 'US_BANK_ACCOUNT', acss_debit: 'ACSS_DEBIT' };

export class UnsupportedMethodError extends Error {}

export function stripeClient(opts: StripeProviderOptions): Stripe {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Spotter' },
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

function savedMethodOf(pm: Stripe.PaymentMethod): SavedMethod {
  const type = STRIPE_TO_TYPE[pm.type];
  if (!type) throw new UnsupportedMethodError(`Payment methods of type ${pm.type} are not accepted.`);
  if (type === 'CARD') return { providerMethodId: pm.id, type, brand: pm.card?.brand ?? null, last4: pm.card?.last4 ?? null, bankName: null };
  const bank = type === 'US_BANK_ACCOUNT' ? pm.us_bank_account : pm.acss_debit;
  return { providerMethodId: pm.id, type, brand: null, last4: bank?.last4 ?? null, bankName: bank?.bank_name ?? null };
}

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(opts);
  const on = (accountId: string): Stripe.RequestOptions => ({ stripeAccount: accountId });

  return {
    async createConnectedAccount({ type, email, country, gymId }) {
      // Express and custom accounts ask for the capabilities card payments need; a standard account manages its own.
      const capabilities = type === 'standard' ? undefined : { card_payments: { requested: true }, transfers: { requested: true } };
      const account = await stripe.accounts.create(
        { type, email, country, metadata: { gymId }, ...(capabilities ? { capabilities } : {}) },
        { idempotencyKey: `spotter:account:${gymId}` },
      );
      return { accountId: account.id };
    },

    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' });
      return { url: link.url };
    },

    async retrieveAccount(accountId) {
      const a = await stripe.accounts.retrieve(accountId);
      return { chargesEnabled: a.charges_enabled ?? false, payoutsEnabled: a.payouts_enabled ?? false, detailsSubmitted: a.details_submitted ?? false };
    },

    async accountSummary(accountId) {
      const [balance, payouts] = await Promise.all([stripe.balance.retrieve({}, on(accountId)), stripe.payouts.list({ limit: 10 }, on(accountId))]);
      const money = (rows: { amount: number; currency: string }[]) => rows.map((r) => ({ amountMinor: r.amount, currency: r.currency }));
      return {
        available: money(balance.available),
        pending: money(balance.pending),
        payouts: payouts.data.map((p) => ({ id: p.id, amountMinor: p.amount, currency: p.currency, status: p.status, arrivalDate: p.arrival_date })),
      };
    },

    async ensureCustomer({ accountId, email, name, athleteId, existingCustomerId }) {
      if (existingCustomerId) return { customerId: existingCustomerId };
      const customer = await stripe.customers.create(
        { name, ...(email ? { email } : {}), metadata: { athleteId } },
        { ...on(accountId), idempotencyKey: `spotter:customer:${accountId}:${athleteId}` },
      );
      return { customerId: customer.id };
    },

    async createSetupIntent({ accountId, customerId, types, metadata }) {
      const si = await stripe.setupIntents.create(
        { customer: customerId, usage: 'off_session', allowed_payment_method_types: types.map((t) => TYPE_TO_STRIPE[t]), ...(metadata ? { metadata } : {}) },
        on(accountId),
      );
      return { setupIntentId: si.id, clientSecret: si.client_secret ?? '' };
    },

    async retrievePaymentMethod({ accountId, providerMethodId, customerId }) {
      let pm = await stripe.paymentMethods.retrieve(providerMethodId, {}, on(accountId));
      const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
      if (customerId && owner !== customerId) {
        if (owner) throw new UnsupportedMethodError('This payment method belongs to someone else.');
        pm = await stripe.paymentMethods.attach(providerMethodId, { customer: customerId }, on(accountId));
      }
      return savedMethodOf(pm);
    },

    async detachPaymentMethod({ accountId, providerMethodId }) {
      await stripe.paymentMethods.detach(providerMethodId, {}, on(accountId));
    },

    async charge(input): Promise<ChargeOutcome> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.providerMethodId,
            allowed_payment_method_types: [TYPE_TO_STRIPE[input.methodType ?? 'CARD']],
            confirm: true,
            off_session: true,
            description: input.description,
            metadata: input.metadata,
          },
          { ...on(input.accountId), idempotencyKey: input.idempotencyKey },
        );
        if (pi.status === 'succeeded') return { status: 'succeeded', providerId: pi.id };
        if (pi.status === 'processing') return { status: 'pending', providerId: pi.id };
        return { status: 'failed', providerId: pi.id, failureMessage: pi.last_payment_error?.message ?? 'The payment was not completed.' };
      } catch (e) {
        // A decline (or an authentication the athlete must do on session) is an answer; anything else (network, API) is thrown:
        // the pending payment stays pending and the same key repeats this charge.
        if (e instanceof Stripe.errors.StripeCardError) {
          return { status: 'failed', providerId: e.payment_intent?.id ?? null, failureMessage: e.message };
        }
        throw e;
      }
    },

    async refund({ accountId, providerPaymentId, amountMinor, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: providerPaymentId, amount: amountMinor }, { ...on(accountId), idempotencyKey });
      return { providerId: refund.id };
    },

    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!opts.webhookSecret) throw new Error('No webhook secret is configured (STRIPE_WEBHOOK_SECRET).');
      const event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        account: event.account ?? null,
        object: event.data.object as unknown as Record<string, unknown>,
      };
    },
  };
}
