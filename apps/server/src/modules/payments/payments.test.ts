import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { gyms, invoices, paymentAccounts, payments, providerEvents } from '../../db/schema';
import { createInvoice, recordPayment } from '../invoices';
import { ConfigError, loadConfig } from '../../config';
import { createPaymentProvider } from './create-provider';

/**
 * Issue 19 (decision 034): the real `stripe` SDK against the local fake of Stripe's API: connected accounts and
 * onboarding, saved methods, paying an invoice (succeeds, declined, a bank debit settled by webhook), refunds through
 * the provider, signed webhooks (replay ignored, bad signature 400, out of order), and no keys → card options hidden.
 */
fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let fake: FakeStripe;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fake.env);
  fake.state.deliver = async (payload, signature) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      })
    ).statusCode;
  w = await t.make.kioskGym({ athletes: 0 });
  owner = await t.as(w.owner);
});
afterAll(async () => {
  await fake.idle();
  await t.close();
  await fake.close();
});

/** The gym onboarded: its account made through the API and its forms completed at the fake (account.updated arrives). */
async function onboard(gymId: string, client: ApiClient): Promise<string> {
  const res = await client.post('/api/payments/account/onboarding/');
  expect(res.statusCode).toBe(200);
  const [acct] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.gymId, gymId));
  await fake.completeOnboarding(acct!.providerAccountId!);
  return acct!.providerAccountId!;
}

async function athleteClient() {
  const a = await t.make.athlete(w.gym.id);
  return { a, client: await t.as({ userId: a.userId!, profileId: a.profileId }) };
}

async function invoiceFor(athleteId: string, priceMinor = 5000) {
  return t.db.transaction((tx) =>
    createInvoice(tx, w.gym.id, {
      athleteId,
      source: 'manual',
      actorUserId: null,
      lines: [{ description: 'Drop-in', itemPriceMinor: priceMinor, quantity: 1, taxRateValue: null }],
    }),
  );
}

async function save(client: ApiClient, providerMethodId: string, nickname?: string) {
  const res = await client.post('/api/me/payment-methods/', { providerMethodId, nickname });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    results: {
      paymentMethodId: string;
      type: string;
      nickname: string | null;
      metadata: { brand: string | null; last4: string | null; bankName: string | null };
      isDefault: boolean;
    }[];
    cardPaymentsEnabled: boolean;
  };
}

const statusOf = async (invoiceId: string) => (await t.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!;

describe('connected accounts', () => {
  it('onboards the gym: an account of its type, a link, and account.updated makes the gym Active', async () => {
    await t.db.update(gyms).set({ stripeStatus: 'Onboard', stripeAccountType: 'express' }).where(eq(gyms.id, w.gym.id));
    const before = (await owner.get('/api/payments/account/')).json();
    expect(before).toMatchObject({ providerConfigured: true, accountType: 'express', stripeStatus: 'Onboard', hasAccount: false, cardPaymentsEnabled: false });

    const res = await owner.post('/api/payments/account/onboarding/');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url as string);
    expect(url.origin).toBe(fake.url);
    const [acct] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.gymId, w.gym.id));
    expect(fake.state.accounts.get(acct!.providerAccountId!)).toMatchObject({ type: 'express', email: w.owner.email, charges_enabled: false });
    // A second click makes no second account.
    expect((await owner.post('/api/payments/account/onboarding/')).statusCode).toBe(200);
    expect(fake.state.accounts.size).toBe(1);

    // Finishing the provider's forms: the fake redirects back to the app and sends account.updated.
    expect((await fetch(url)).status).toBe(200);
    const back = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toContain('/?payments=return');
    const [gym] = await t.db.select({ stripeStatus: gyms.stripeStatus }).from(gyms).where(eq(gyms.id, w.gym.id));
    expect(gym!.stripeStatus).toBe('Active');
    expect((await owner.get('/api/payments/account/')).json()).toMatchObject({
      stripeStatus: 'Active',
      hasAccount: true,
      chargesEnabled: true,
      cardPaymentsEnabled: true,
    });
  });

  it('answers the session the new status (the gym change is published)', async () => {
    const session = (await owner.get('/api/auth/session/')).json() as { profile?: { gym?: { stripeStatus: string } }; gym?: { stripeStatus: string } };
    expect(JSON.stringify(session)).toContain('"stripeStatus":"Active"');
  });

  it('refuses staff without GymMutate and other gyms see only their own account', async () => {
    const staff = await t.as(w.staff);
    expect((await staff.post('/api/payments/account/onboarding/')).statusCode).toBe(403);
    const other = await t.make.kioskGym({ athletes: 0 });
    const otherOwner = await t.as(other.owner);
    expect((await otherOwner.get('/api/payments/account/')).json()).toMatchObject({ hasAccount: false, cardPaymentsEnabled: false });
  });

  it('makes custom accounts with capabilities and shows their balance and payouts on /stripe-dashboard', async () => {
    const g = await t.make.kioskGym({ athletes: 0 });
    await t.db.update(gyms).set({ stripeAccountType: 'custom' }).where(eq(gyms.id, g.gym.id));
    const c = await t.as(g.owner);
    const accountId = await onboard(g.gym.id, c);
    expect(fake.state.accounts.get(accountId)!.type).toBe('custom');
    const dash = await c.get('/api/payments/dashboard/');
    expect(dash.statusCode).toBe(200);
    expect(dash.json().available).toEqual([{ amountMinor: 0, currency: 'usd' }]);
    expect(dash.json().payouts[0]).toMatchObject({ id: 'po_fake_1', amountMinor: 125000, status: 'paid' });
    expect(dash.json().payouts[0].arrivalDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A standard account has Stripe's own dashboard.
    expect((await owner.get('/api/payments/dashboard/')).statusCode).toBe(409);
  });
});

describe('saved payment methods', () => {
  it('saves a card and a US bank account with brand, last4 and bank name; the first is the default', async () => {
    const { a, client } = await athleteClient();
    const setup = await client.post('/api/me/payment-methods/setup/');
    expect(setup.statusCode).toBe(200);
    expect(setup.json().clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(setup.json().types).toEqual(['CARD', 'US_BANK_ACCOUNT']);

    const first = await save(client, 'pm_card_visa', 'Everyday');
    expect(first.cardPaymentsEnabled).toBe(true);
    expect(first.results).toMatchObject([{ type: 'CARD', nickname: 'Everyday', metadata: { brand: 'visa', last4: '4242', bankName: null }, isDefault: true }]);
    const both = await save(client, 'pm_usBankAccount_success');
    expect(both.results).toHaveLength(2);
    expect(both.results.find((m) => m.type === 'US_BANK_ACCOUNT')).toMatchObject({
      metadata: { bankName: 'STRIPE TEST BANK', last4: '6789' },
      isDefault: false,
    });
    // Attached at the provider to the athlete's customer (one customer for both).
    const attached = [...fake.state.methods.values()].filter((m) => m.customer);
    expect(new Set(attached.slice(-2).map((m) => m.customer)).size).toBe(1);

    // Staff see them on the athlete page; the athlete may remove one (the default moves).
    const staff = await t.as(w.staff);
    const seen = await staff.get(`/api/athletes/${a.athleteId}/payment-methods/`);
    expect(seen.json().results).toHaveLength(2);
    const card = first.results[0]!.paymentMethodId;
    const removed = await client.delete(`/api/me/payment-methods/${card}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().results).toMatchObject([{ type: 'US_BANK_ACCOUNT', isDefault: true }]);
  });

  it('keeps a method confirmed in the browser from its setup_intent.succeeded event, even if the browser never saves it', async () => {
    const { client } = await athleteClient();
    const setup = await client.post('/api/me/payment-methods/setup/');
    const setupIntentId = (setup.json().clientSecret as string).split('_secret_')[0]!;
    const { paymentMethodId } = await fake.confirmSetup(setupIntentId, 'pm_card_mastercard');
    const mine = (await client.get('/api/me/payment-methods/')).json() as { results: { metadata: { brand: string; last4: string } }[] };
    expect(mine.results).toMatchObject([{ metadata: { brand: 'mastercard', last4: '4444' } }]);
    // The browser's save arriving afterwards (or the event replayed) keeps one.
    const again = await client.post('/api/me/payment-methods/', { providerMethodId: paymentMethodId });
    expect(again.statusCode).toBe(200);
    expect(again.json().results).toHaveLength(1);
    const replay = fake.state.events.at(-1)!;
    const delivery = fake.signedEvent('setup_intent.succeeded', (replay.data as { object: Record<string, unknown> }).object, {
      account: replay.account as string,
      id: replay.id as string,
    });
    await fake.state.deliver!(delivery.payload, delivery.signature);
    expect((await client.get('/api/me/payment-methods/')).json().results).toHaveLength(1);
  });

  it("refuses another athlete's method and unknown provider ids with a message", async () => {
    const { client } = await athleteClient();
    const saved = await save(client, 'pm_card_mastercard');
    const { client: intruder } = await athleteClient();
    expect((await intruder.delete(`/api/me/payment-methods/${saved.results[0]!.paymentMethodId}/`)).statusCode).toBe(404);
    const unknown = await intruder.post('/api/me/payment-methods/', { providerMethodId: 'pm_nope' });
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().message).toBeTruthy();
    const bad = await intruder.post('/api/me/payment-methods/', { providerMethodId: 'not a method' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('paying an invoice with a saved method', () => {
  it('pays it once: the same request again charges nothing more', async () => {
    const { a, client } = await athleteClient();
    const method = (await save(client, 'pm_card_visa')).results[0]!;
    const inv = await invoiceFor(a.athleteId, 4200);
    const intentsBefore = fake.state.intents.size;
    const body = { paymentMethodId: method.paymentMethodId, idempotencyKey: 'pay-once-0001' };
    const paid = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'succeeded', status: 'paid' });
    const again = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, body);
    expect(again.json()).toMatchObject({ status: 'paid', outcome: 'nothing_due' });
    expect(fake.state.intents.size).toBe(intentsBefore + 1);
    const pi = [...fake.state.intents.values()].at(-1)!;
    expect(pi).toMatchObject({ amount: 4200, currency: 'usd', status: 'succeeded' });
    expect((pi.metadata as Record<string, string>).invoiceId).toBe(inv.invoiceId);
    expect((await statusOf(inv.invoiceId)).paymentsMinor).toBe(4200);
    // Stripe's own payment_intent.succeeded for this charge (before or after the answer): applied once, nothing more.
    await fake.idle();
    expect(fake.state.events.some((e) => e.type === 'payment_intent.succeeded' && (e.data as { object: { id: string } }).object.id === pi.id)).toBe(true);
    const [event] = await t.db.select().from(providerEvents).where(eq(providerEvents.type, 'payment_intent.succeeded'));
    expect(event).toBeTruthy();
    expect(await statusOf(inv.invoiceId)).toMatchObject({ status: 'paid', paymentsMinor: 4200 });
  });

  it("is refused for another athlete's invoice (404) and with no saved method (409)", async () => {
    const { a } = await athleteClient();
    const { client: other } = await athleteClient();
    const theirs = await invoiceFor(a.athleteId);
    const res = await other.post(`/api/me/invoices/${theirs.invoiceId}/pay/`, {
      paymentMethodId: '00000000-0000-4000-8000-000000000000',
      idempotencyKey: 'pay-other-01',
    });
    expect(res.statusCode).toBe(404);
    const { a: b, client: bc } = await athleteClient();
    const mine = await invoiceFor(b.athleteId);
    const none = await bc.post(`/api/me/invoices/${mine.invoiceId}/pay/`, {
      paymentMethodId: '00000000-0000-4000-8000-000000000000',
      idempotencyKey: 'pay-none-001',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('There is no saved payment method to charge.');
  });

  it('a declined card leaves the invoice past due with a retry date; staff then charge a good card', async () => {
    const { a, client } = await athleteClient();
    const declined = (await save(client, 'pm_card_chargeDeclined')).results[0]!;
    const inv = await invoiceFor(a.athleteId, 3000);
    const res = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, { paymentMethodId: declined.paymentMethodId, idempotencyKey: 'pay-declined-1' });
    expect(res.json()).toMatchObject({ outcome: 'failed', status: 'past_due', failureMessage: 'Your card was declined.' });
    const row = await statusOf(inv.invoiceId);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 1, nextRetryOn: '2026-03-05', lastFailureMessage: 'Your card was declined.' });
    // The decline's own payment_intent.payment_failed event counts no second failure.
    await fake.idle();
    expect(await statusOf(inv.invoiceId)).toMatchObject({ failedAttempts: 1, nextRetryOn: '2026-03-05' });

    const good = (await save(client, 'pm_card_visa')).results.find((m) => m.metadata.last4 === '4242')!;
    const staff = await t.as(w.owner);
    const charged = await staff.post(`/api/invoices/${inv.invoiceId}/charge/`, { paymentMethodId: good.paymentMethodId, idempotencyKey: 'staff-charge-1' });
    expect(charged.json()).toMatchObject({ outcome: 'succeeded', status: 'paid' });
    expect(await statusOf(inv.invoiceId)).toMatchObject({ failedAttempts: 0, nextRetryOn: null });
  });

  it('a bank debit stays pending until its webhook settles it', async () => {
    const { a, client } = await athleteClient();
    const bank = (await save(client, 'pm_usBankAccount_success')).results[0]!;
    const inv = await invoiceFor(a.athleteId, 9900);
    const res = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, { paymentMethodId: bank.paymentMethodId, idempotencyKey: 'pay-bank-0001' });
    expect(res.json()).toMatchObject({ outcome: 'pending', status: 'open' });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, res.json().paymentId as string));
    expect(payment!.status).toBe('pending');
    await fake.settle(payment!.providerId!, 'succeeded');
    expect((await statusOf(inv.invoiceId)).status).toBe('paid');
  });

  it('refunds a card payment through the provider, never more than it took', async () => {
    const { a, client } = await athleteClient();
    const method = (await save(client, 'pm_card_visa')).results[0]!;
    const inv = await invoiceFor(a.athleteId, 2500);
    const paid = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, { paymentMethodId: method.paymentMethodId, idempotencyKey: 'pay-refund-01' });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid.json().paymentId as string));
    const [acct] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.gymId, w.gym.id));
    const provider = t.app.paymentProvider!;
    const refund = await provider.refund({
      accountId: acct!.providerAccountId!,
      providerPaymentId: payment!.providerId!,
      amountMinor: 1000,
      idempotencyKey: 'refund-key-01',
    });
    expect(refund.providerId).toMatch(/^re_/);
    // The same key answers the same refund.
    expect(
      (
        await provider.refund({
          accountId: acct!.providerAccountId!,
          providerPaymentId: payment!.providerId!,
          amountMinor: 1000,
          idempotencyKey: 'refund-key-01',
        })
      ).providerId,
    ).toBe(refund.providerId);
    await expect(
      provider.refund({ accountId: acct!.providerAccountId!, providerPaymentId: payment!.providerId!, amountMinor: 2000, idempotencyKey: 'refund-key-02' }),
    ).rejects.toThrow(/greater than the unrefunded/);
  });
});

describe('webhooks', () => {
  const post = (payload: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook/', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  it('refuses a bad or missing signature with 400 and a message, changing nothing', async () => {
    const { payload } = fake.signedEvent('payment_intent.succeeded', { id: 'pi_unknown' });
    const forged = await post(payload, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The webhook signature did not verify.');
    const tampered = fake.signedEvent('payment_intent.succeeded', { id: 'pi_x' });
    expect((await post(tampered.payload.replace('pi_x', 'pi_y'), tampered.signature)).statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/', headers: { 'content-type': 'application/json' }, payload });
    expect(none.statusCode).toBe(400);
  });

  it('ignores a replayed event', async () => {
    const { a, client } = await athleteClient();
    const bank = (await save(client, 'pm_usBankAccount_success')).results[0]!;
    const inv = await invoiceFor(a.athleteId, 1200);
    const res = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, { paymentMethodId: bank.paymentMethodId, idempotencyKey: 'pay-replay-01' });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, res.json().paymentId as string));
    const pi = fake.state.intents.get(payment!.providerId!)!;
    pi.status = 'succeeded';
    const delivery = fake.signedEvent('payment_intent.succeeded', { id: pi.id, object: 'payment_intent', status: 'succeeded', metadata: pi.metadata });
    const first = await post(delivery.payload, delivery.signature);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await post(delivery.payload, delivery.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await statusOf(inv.invoiceId)).toMatchObject({ status: 'paid', paymentsMinor: 1200 });
  });

  it('ends right when a success arrives after an earlier failure of the same intent', async () => {
    const { a, client } = await athleteClient();
    const bank = (await save(client, 'pm_usBankAccount_success')).results[0]!;
    const inv = await invoiceFor(a.athleteId, 7000);
    const res = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, { paymentMethodId: bank.paymentMethodId, idempotencyKey: 'pay-order-001' });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, res.json().paymentId as string));
    const pi = fake.state.intents.get(payment!.providerId!)!;
    const now = Math.floor(Date.now() / 1000);
    const failed = fake.signedEvent(
      'payment_intent.payment_failed',
      { id: pi.id, metadata: pi.metadata, last_payment_error: { message: 'Debit refused.' } },
      { created: now - 5 },
    );
    const succeeded = fake.signedEvent('payment_intent.succeeded', { id: pi.id, metadata: pi.metadata, status: 'succeeded' }, { created: now });
    // Delivered succeeded first, then the older failure: still paid.
    expect((await post(succeeded.payload, succeeded.signature)).statusCode).toBe(200);
    expect((await post(failed.payload, failed.signature)).statusCode).toBe(200);
    expect(await statusOf(inv.invoiceId)).toMatchObject({ status: 'paid', failedAttempts: 0 });

    // The other order for another intent: the failure first (past due), then the success: paid.
    const inv2 = await invoiceFor(a.athleteId, 7000);
    const res2 = await client.post(`/api/me/invoices/${inv2.invoiceId}/pay/`, { paymentMethodId: bank.paymentMethodId, idempotencyKey: 'pay-order-002' });
    const [payment2] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, res2.json().paymentId as string));
    const pi2 = fake.state.intents.get(payment2!.providerId!)!;
    const f2 = fake.signedEvent(
      'payment_intent.payment_failed',
      { id: pi2.id, metadata: pi2.metadata, last_payment_error: { message: 'Debit refused.' } },
      { created: now - 5 },
    );
    const s2 = fake.signedEvent('payment_intent.succeeded', { id: pi2.id, metadata: pi2.metadata }, { created: now });
    await post(f2.payload, f2.signature);
    expect((await statusOf(inv2.invoiceId)).failedAttempts).toBe(1);
    await post(s2.payload, s2.signature);
    expect(await statusOf(inv2.invoiceId)).toMatchObject({ status: 'paid', failedAttempts: 0, nextRetryOn: null });
  });

  it('a late success for an invoice paid another way meanwhile is recorded once and not counted twice', async () => {
    const { a, client } = await athleteClient();
    const bank = (await save(client, 'pm_usBankAccount_success')).results[0]!;
    const inv = await invoiceFor(a.athleteId, 4000);
    const res = await client.post(`/api/me/invoices/${inv.invoiceId}/pay/`, { paymentMethodId: bank.paymentMethodId, idempotencyKey: 'pay-late-0001' });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, res.json().paymentId as string));
    const pi = fake.state.intents.get(payment!.providerId!)!;
    const failed = fake.signedEvent('payment_intent.payment_failed', { id: pi.id, metadata: pi.metadata, last_payment_error: { message: 'Debit refused.' } });
    await post(failed.payload, failed.signature);
    await t.db.transaction((tx) =>
      recordPayment(tx, w.gym.id, {
        invoiceId: inv.invoiceId,
        amountMinor: 4000,
        channel: 'cash_or_check',
        status: 'succeeded',
        idempotencyKey: 'cash-late-0001',
        actorUserId: null,
      }),
    );
    const late = fake.signedEvent('payment_intent.succeeded', { id: pi.id, metadata: pi.metadata });
    const answer = await post(late.payload, late.signature);
    expect(answer.statusCode).toBe(200);
    expect(await statusOf(inv.invoiceId)).toMatchObject({ status: 'paid', paymentsMinor: 4000 });
  });

  it('an older account.updated does not undo a newer one (the account is read as it is now)', async () => {
    const g = await t.make.kioskGym({ athletes: 0 });
    const c = await t.as(g.owner);
    const accountId = await onboard(g.gym.id, c);
    const stale = fake.signedEvent(
      'account.updated',
      { id: accountId, object: 'account', charges_enabled: false },
      { account: accountId, created: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect((await post(stale.payload, stale.signature)).statusCode).toBe(200);
    const [gym] = await t.db.select({ stripeStatus: gyms.stripeStatus }).from(gyms).where(eq(gyms.id, g.gym.id));
    expect(gym!.stripeStatus).toBe('Active');
    expect((await c.get('/api/payments/account/')).json()).toMatchObject({ chargesEnabled: true });
  });
});

describe('with no payment keys', () => {
  it('hides card options, refuses card calls with 409, and manual payments still work', async () => {
    const plain = await createTestApp();
    try {
      const g = await plain.make.kioskGym({ athletes: 0 });
      const a = await plain.make.athlete(g.gym.id);
      const athlete = await plain.as({ userId: a.userId!, profileId: a.profileId });
      const o = await plain.as(g.owner);
      expect((await o.get('/api/payments/account/')).json()).toMatchObject({ providerConfigured: false, cardPaymentsEnabled: false });
      expect((await o.post('/api/payments/account/onboarding/')).statusCode).toBe(409);
      expect((await athlete.get('/api/me/payment-methods/')).json()).toEqual({ results: [], cardPaymentsEnabled: false });
      expect((await athlete.post('/api/me/payment-methods/setup/')).statusCode).toBe(409);
      const inv = await plain.db.transaction((tx) =>
        createInvoice(tx, g.gym.id, {
          athleteId: a.athleteId,
          source: 'manual',
          actorUserId: null,
          lines: [{ description: 'Fee', itemPriceMinor: 2000, quantity: 1, taxRateValue: null }],
        }),
      );
      const paid = await athlete.post(`/api/me/invoices/${inv.invoiceId}/pay/`, {
        paymentMethodId: '00000000-0000-4000-8000-000000000000',
        idempotencyKey: 'no-keys-pay1',
      });
      expect(paid.statusCode).toBe(409);
      const cash = await plain.db.transaction((tx) =>
        recordPayment(tx, g.gym.id, {
          invoiceId: inv.invoiceId,
          amountMinor: 2000,
          channel: 'cash_or_check',
          status: 'succeeded',
          idempotencyKey: 'cash-no-keys1',
          actorUserId: null,
        }),
      );
      expect(cash.status).toBe('paid');
      const hook = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/spotter-config-test' };
  it('makes the Stripe provider only with a secret key, and refuses a bad API base', () => {
    expect(loadConfig(base).stripe).toBeNull();
    expect(createPaymentProvider(loadConfig(base))).toBeNull();
    const configured = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(configured.stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:12111' });
    expect(createPaymentProvider(configured)).not.toBeNull();
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'not a url' })).toThrow(ConfigError);
  });
});
