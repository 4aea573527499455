import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { invoices, paymentAccounts, payments } from '../../db/schema';
import { createInvoice } from '../invoices';

fixClock(TEST_NOW);
/** Real races need PostgreSQL (PGlite runs one transaction at a time). */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('paying an invoice by card, double-submitted, on PostgreSQL', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let gymId: string;
  let athleteId: string;
  let tabs: ApiClient[];
  let methodId: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fake.env);
    fake.state.deliver = async (payload, signature) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
      ).statusCode;
    const w = await t.make.kioskGym({ athletes: 0 });
    gymId = w.gym.id;
    const owner = await t.as(w.owner);
    expect((await owner.post('/api/payments/account/onboarding/')).statusCode).toBe(200);
    const [acct] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.gymId, gymId));
    await fake.completeOnboarding(acct!.providerAccountId!);
    const a = await t.make.athlete(gymId);
    athleteId = a.athleteId;
    // Two tabs of the same athlete (two sessions), as a double click or a retry from another device.
    tabs = [await t.as({ userId: a.userId!, profileId: a.profileId }), await t.as({ userId: a.userId!, profileId: a.profileId })];
    for (const c of tabs) await c.get('/api/auth/csrf/');
    const saved = await tabs[0]!.post('/api/me/payment-methods/', { providerMethodId: 'pm_card_visa' });
    methodId = saved.json().results[0].paymentMethodId as string;
  });
  afterAll(async () => {
    await fake?.idle();
    await t?.close();
    await fake?.close();
  });

  it('the same request sent twice at once charges the card once and records one payment', async () => {
    for (let round = 0; round < 5; round++) {
      const inv = await t.db.transaction((tx) =>
        createInvoice(tx, gymId, {
          athleteId,
          source: 'manual',
          actorUserId: null,
          lines: [{ description: `Fee ${round}`, itemPriceMinor: 2500, quantity: 1, taxRateValue: null }],
        }),
      );
      const before = fake.state.intents.size;
      const body = { paymentMethodId: methodId, idempotencyKey: `double-submit-${round}` };
      const answers = await Promise.all(tabs.map((c) => c.post(`/api/me/invoices/${inv.invoiceId}/pay/`, body)));
      // Each answer is the one charge (succeeded), nothing due after it, or the charge still in flight: never a second charge.
      for (const r of answers) {
        expect(r.statusCode === 200 || (r.statusCode === 409 && r.json().code === 'payment_pending'), r.body).toBe(true);
      }
      expect(fake.state.intents.size - before).toBe(1);
      const rows = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.invoiceId, inv.invoiceId), eq(payments.kind, 'payment')));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('succeeded');
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.invoiceId));
      expect(row).toMatchObject({ status: 'paid', paymentsMinor: 2500 });
    }
  });
});
