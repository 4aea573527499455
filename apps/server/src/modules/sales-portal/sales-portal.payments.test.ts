import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { salesPortalMessages } from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { portalBuyer } from '../../../test/portal';

/**
 * Issue 18 step 4: paying a sales-portal purchase by card. The real `stripe` SDK against the local fake: the portal
 * offers cards once the gym's account can charge; the sale's invoice is then paid in the flow with a saved method
 * (the athlete's own pay endpoint), and a declined card leaves it due (the desk, or another card, takes it).
 */
fixClock(TEST_NOW);

let fake: FakeStripe;
let t: TestApp;
let gymId: string;
let owner: ApiClient;
let pkg: { id: string; planId: string };
const portalSlug = 'card-barbell';
const portalUrl = `/api/sales-portals/${portalSlug}/`;

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
  const gym = await t.make.gym({ title: 'Card Barbell' });
  gymId = gym.id;
  owner = await t.as(await t.make.owner(gymId));
  const [p] = await t.db
    .insert(s.packages)
    .values({ gymId, name: 'Card membership', kind: 'membership', showInPortal: true, signUpFeeMinor: 1000 })
    .returning();
  const [plan] = await t.db
    .insert(s.billingPlans)
    .values({ gymId, packageId: p!.id, name: 'Monthly', priceMinor: 12000, interval: 'month', startsOn: 'purchase' })
    .returning();
  pkg = { id: p!.id, planId: plan!.id };
  await t.db.insert(s.salesPortals).values({ gymId, isEnabled: true, slug: 'card-barbell', allowPayAtDesk: false });
});
afterAll(async () => {
  await fake.idle();
  await t.close();
  await fake.close();
});

/** A new buyer: an account made in the portal, activated and logged in to the gym's athlete profile. */
async function buyer(email: string) {
  return (await portalBuyer(t, portalSlug, { firstName: 'Cara', lastName: 'Card', email })).client;
}
const buy = (c: ApiClient, key: string, paymentMethod = 'card') =>
  c.post(`${portalUrl}purchases/`, { packageId: pkg.id, billingPlanId: pkg.planId, paymentMethod, idempotencyKey: key });

describe('card payment in the portal', () => {
  it('takes no cards before the gym can charge: the answer says so and a card purchase is refused', async () => {
    expect((await t.client().get(portalUrl)).json()).toMatchObject({ acceptsCards: false, allowPayAtDesk: false });
    const c = await buyer('early@card.example.com');
    const res = await buy(c, 'early-key-001');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.paymentMethod).toEqual([salesPortalMessages.cardUnavailable]);
  });

  it('once onboarded, sells by card and the sale is paid in the flow with a saved card', async () => {
    const onboarding = await owner.post('/api/payments/account/onboarding/');
    expect(onboarding.statusCode).toBe(200);
    const [acct] = await t.db.select().from(s.paymentAccounts).where(eq(s.paymentAccounts.gymId, gymId));
    await fake.completeOnboarding(acct!.providerAccountId!);
    expect((await t.client().get(portalUrl)).json().acceptsCards).toBe(true);

    const c = await buyer('cara@card.example.com');
    const res = await buy(c, 'card-key-0001');
    expect(res.statusCode).toBe(201);
    const sale = res.json() as { invoiceId: string; dueMinor: number; paymentMethod: string };
    expect(sale).toMatchObject({ paymentMethod: 'card', dueMinor: 13000 });

    // The flow's pay step: a card saved through the payment-methods flow, then the invoice paid with it.
    const saved = await c.post('/api/me/payment-methods/', { providerMethodId: 'pm_card_visa' });
    expect(saved.statusCode, saved.body).toBe(201);
    const methodId = saved.json().results[0].paymentMethodId as string;
    const paid = await c.post(`/api/me/invoices/${sale.invoiceId}/pay/`, { paymentMethodId: methodId, idempotencyKey: 'portal-pay-0001' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'succeeded', status: 'paid' });
    const [invoice] = await t.db.select().from(s.invoices).where(eq(s.invoices.id, sale.invoiceId));
    expect(invoice).toMatchObject({ status: 'paid', paymentsMinor: 13000 });
    // A retry of the purchase answers nothing more due.
    expect((await buy(c, 'card-key-0001')).json()).toMatchObject({ created: false, invoiceId: sale.invoiceId, dueMinor: 0 });
  });

  it('a declined card leaves the sale held and its invoice due, with the reason', async () => {
    const c = await buyer('dan@card.example.com');
    const sale = (await buy(c, 'decline-key-01')).json() as { athletePackageId: string; invoiceId: string };
    const saved = await c.post('/api/me/payment-methods/', { providerMethodId: 'pm_card_chargeDeclined' });
    const paid = await c.post(`/api/me/invoices/${sale.invoiceId}/pay/`, {
      paymentMethodId: saved.json().results[0].paymentMethodId,
      idempotencyKey: 'portal-pay-0002',
    });
    expect(paid.json()).toMatchObject({ outcome: 'failed' });
    expect(paid.json().failureMessage).toBeTruthy();
    const [invoice] = await t.db.select().from(s.invoices).where(eq(s.invoices.id, sale.invoiceId));
    expect(invoice!.paymentsMinor).toBe(0);
    const [held] = await t.db.select().from(s.athletePackages).where(eq(s.athletePackages.id, sale.athletePackageId));
    expect(held!.status).toBe('active');
  });
});
