import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { salesPortalMessages, salesPortalSchema, salesPortalSettingsSchema, sessionSchema } from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { TEST_PASSWORD } from '../../../test/factories';
import { portalBuyer } from '../../../test/portal';
import { SIGN_UP_LIMIT } from './sales-portal.routes';
import { databaseDigest } from '../../../test/digest';
import { appSignerFor, renderDocument, signDocument } from '../documents';

fixClock(TEST_NOW);
let t: TestApp;
let gymId: string;
let owner: ApiClient;
let unlimited: { id: string; planId: string; archivedPlanId: string };
let pack: { id: string; planId: string };
let hidden: { id: string; planId: string };
let archived: { id: string; planId: string };

/** A package of a gym with one plan (and the portal flags), made here to keep the shared factories small. */
async function makePackage(
  gym: string,
  o: {
    name: string;
    kind?: 'membership' | 'class_pack';
    credits?: number | null;
    showInPortal?: boolean;
    portalOrder?: number;
    archived?: boolean;
    priceMinor?: number;
    dayOfMonth?: number;
  },
) {
  const [pkg] = await t.db
    .insert(s.packages)
    .values({
      gymId: gym,
      name: o.name,
      kind: o.kind ?? 'membership',
      credits: o.credits ?? null,
      showInPortal: o.showInPortal ?? true,
      portalOrder: o.portalOrder ?? 0,
      archivedAt: o.archived ? new Date() : null,
      signUpFeeMinor: 2500,
    })
    .returning();
  const [plan] = await t.db
    .insert(s.billingPlans)
    .values({
      gymId: gym,
      packageId: pkg!.id,
      name: 'Monthly',
      priceMinor: o.priceMinor ?? 15000,
      interval: 'month',
      startsOn: o.dayOfMonth ? 'day_of_month' : 'purchase',
      dayOfMonth: o.dayOfMonth ?? null,
    })
    .returning();
  return { id: pkg!.id, planId: plan!.id };
}

const asPerson = async (a: Promise<{ userId: string | null; profileId: string }>) => {
  const made = await a;
  return { userId: made.userId!, profileId: made.profileId };
};
const portalUrl = (slug: string) => `/api/sales-portals/${slug}/`;

beforeAll(async () => {
  t = await createTestApp();
  const gym = await t.make.gym({ title: 'Portal Barbell' });
  gymId = gym.id;
  owner = await t.as(await t.make.owner(gym.id));
  const u = await makePackage(gymId, { name: 'Unlimited', portalOrder: 2, dayOfMonth: 1 });
  const [old] = await t.db
    .insert(s.billingPlans)
    .values({ gymId, packageId: u.id, name: 'Old yearly', priceMinor: 100000, interval: 'year', archivedAt: new Date() })
    .returning();
  unlimited = { ...u, archivedPlanId: old!.id };
  pack = await makePackage(gymId, { name: '10-class pack', kind: 'class_pack', credits: 10, portalOrder: 1, priceMinor: 18000 });
  hidden = await makePackage(gymId, { name: 'Staff only', showInPortal: false });
  archived = await makePackage(gymId, { name: 'Old deal', archived: true });
  await t.db.insert(s.salesPortals).values({ gymId, isEnabled: true, slug: 'portal-barbell', headline: 'Join us', accentColor: 'teal' });
});
afterAll(async () => {
  await t.close();
});

describe('the public portal', () => {
  it('answers the gym, its branding and the shown packages in order with their active plans', async () => {
    const res = await t.client().get(portalUrl('portal-barbell'));
    expect(res.statusCode).toBe(200);
    const portal = salesPortalSchema.parse(res.json());
    expect(portal.gym).toMatchObject({ title: 'Portal Barbell', country: 'US', isTaxInclusive: false });
    expect(portal).toMatchObject({ currency: 'USD', amountLabel: 'Pre-tax', taxLabel: 'Tax', accentColor: 'teal', headline: 'Join us', today: '2026-03-04' });
    expect(portal.packages.map((p) => p.name)).toEqual(['10-class pack', 'Unlimited']);
    expect(portal.packages[1]!.billingPlans.map((p) => p.billingPlanId)).toEqual([unlimited.planId]);
  });

  it('finds the slug in any case, and one package with its plans', async () => {
    expect((await t.client().get(portalUrl('Portal-Barbell'))).statusCode).toBe(200);
    const res = await t.client().get(`${portalUrl('portal-barbell')}packages/${pack.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '10-class pack', credits: 10, signUpFeeMinor: 2500 });
  });

  it('is a 404 for an unknown slug, a disabled portal and a demo gym', async () => {
    expect((await t.client().get(portalUrl('no-such-gym'))).json()).toMatchObject({ code: 'not_found', message: salesPortalMessages.portalNotFound });
    const off = await t.make.gym();
    await t.db.insert(s.salesPortals).values({ gymId: off.id, isEnabled: false, slug: 'closed-gym' });
    expect((await t.client().get(portalUrl('closed-gym'))).statusCode).toBe(404);
    const demo = await t.make.gym();
    await t.make.demoGym(demo.id, { type: 'PERSISTENT', expiresAt: null });
    await t.db.insert(s.salesPortals).values({ gymId: demo.id, isEnabled: true, slug: 'demo-gym-portal' });
    expect((await t.client().get(portalUrl('demo-gym-portal'))).statusCode).toBe(404);
  });

  it("is a 404 for a hidden, archived or another gym's package through this slug", async () => {
    const other = await t.make.gym();
    const foreign = await makePackage(other.id, { name: 'Foreign' });
    for (const id of [hidden.id, archived.id, foreign.id]) {
      expect((await t.client().get(`${portalUrl('portal-barbell')}packages/${id}/`)).statusCode).toBe(404);
    }
  });

  it('says VAT and Total for a UK gym', async () => {
    const uk = await t.make.gym({ country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
    await t.db.insert(s.salesPortals).values({ gymId: uk.id, isEnabled: true, slug: 'uk-gym' });
    expect((await t.client().get(portalUrl('uk-gym'))).json()).toMatchObject({
      currency: 'GBP',
      amountLabel: 'Total',
      taxLabel: 'VAT',
      gym: { isTaxInclusive: true },
    });
  });
});

describe('accounts in the portal', () => {
  const account = { firstName: 'Pia', lastName: 'Portal', email: 'pia@portal.example.com', password: 'Strong1pass' };
  const signUp = (body: typeof account, source = '192.0.2.10', slug = 'portal-barbell') =>
    t.client().request('POST', `${portalUrl(slug)}account/`, body, { remoteAddress: source });
  /** The mails the outbox sends (its jobs run here), to one address. */
  const mailsTo = async (to: string) => {
    await t.drainJobs();
    return t.mail.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  };

  it('answers "check your email" and mails a link that activates the account; it logs in only after', async () => {
    const res = await signUp(account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: salesPortalMessages.signUpSent });
    expect(res.headers['set-cookie']).toBeUndefined();
    const [user] = await t.db.select().from(s.users).where(eq(s.users.email, account.email));
    expect(user).toMatchObject({ isActive: false, passwordHash: expect.stringMatching(/^\$argon2id\$/) });
    const [athlete] = await t.db
      .select()
      .from(s.athletes)
      .where(and(eq(s.athletes.gymId, gymId), eq(s.athletes.email, account.email)));
    expect(athlete).toMatchObject({ firstName: 'Pia', lastName: 'Portal', source: 'sales_portal' });
    expect((await t.client().post(`${portalUrl('portal-barbell')}login/`, { email: account.email, password: account.password })).statusCode).toBe(403);

    const [mail] = await mailsTo(account.email);
    expect(mail!.subject).toBe('Confirm your email for Portal Barbell');
    const [, uid, token] = mail!.text.match(/\/activate\/([^/\s]+)\/([^/\s]+)/)!;
    expect((await t.client().post('/api/auth/users/activation/', { uid, token })).statusCode).toBe(200);
    const c = t.client();
    const login = await c.post(`${portalUrl('portal-barbell')}login/`, { email: account.email, password: account.password });
    expect(login.statusCode).toBe(200);
    expect(sessionSchema.parse(login.json())).toMatchObject({ role: 'athlete', gym: { title: 'Portal Barbell' }, athlete: { athleteId: athlete!.id } });
    // The password works at the ordinary login too.
    await t.login(account.email, account.password);
  });

  it('answers a taken email exactly as a new one, changes nothing, and mails its owner how to log in instead', async () => {
    const owner = await t.make.athlete((await t.make.gym()).id, { email: 'taken@portal.example.com' });
    t.mail.length = 0;
    const taken = await signUp({ ...account, email: 'TAKEN@portal.example.com' }, '192.0.2.11');
    const fresh = await signUp({ ...account, email: 'fresh@portal.example.com' }, '192.0.2.11');
    expect([taken.statusCode, taken.json()]).toEqual([fresh.statusCode, fresh.json()]);
    // Nothing of the owner's account changed: no athlete in this gym, the password is theirs.
    const [user] = await t.db.select().from(s.users).where(eq(s.users.id, owner.userId!));
    expect(user).toMatchObject({ email: 'taken@portal.example.com', isActive: true });
    expect(
      await t.db
        .select()
        .from(s.athletes)
        .where(and(eq(s.athletes.gymId, gymId), eq(s.athletes.email, 'taken@portal.example.com'))),
    ).toEqual([]);
    await t.login('taken@portal.example.com', TEST_PASSWORD);
    const [mail] = await mailsTo('taken@portal.example.com');
    expect(mail!.subject).toBe('You already have an account');
    expect(mail!.text).toContain('/sales-portal/portal-barbell');
    expect(mail!.text).toContain('/reset-password');
  });

  it('refuses the password and name rules with field messages, and a closed portal with 404', async () => {
    const weak = await signUp({ ...account, email: 'weak@portal.example.com', password: 'short' }, '192.0.2.12');
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['password']);
    const bad = await signUp({ ...account, email: 'not-an-email', firstName: '<b>' }, '192.0.2.12');
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'firstName']);
    expect((await signUp({ ...account, email: 'x@portal.example.com' }, '192.0.2.12', 'closed-gym')).statusCode).toBe(404);
  });

  it('is limited per source: past the limit a 429 with Retry-After and a message, while other sources go on', async () => {
    const source = '192.0.2.13';
    for (let i = 0; i < SIGN_UP_LIMIT.points; i++) expect((await signUp({ ...account, email: `many${i}@portal.example.com` }, source)).statusCode).toBe(200);
    const refused = await signUp({ ...account, email: 'one-more@portal.example.com' }, source);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBe(SIGN_UP_LIMIT.duration);
    expect(await t.db.select().from(s.users).where(eq(s.users.email, 'one-more@portal.example.com'))).toEqual([]);
    expect((await signUp({ ...account, email: 'elsewhere@portal.example.com' }, '192.0.2.14')).statusCode).toBe(200);
  });

  it('logs an existing user in, giving them an athlete profile in this gym once', async () => {
    const elsewhere = await t.make.gym();
    const member = await t.make.athlete(elsewhere.id, { firstName: 'Ola', lastName: 'Other' });
    const c = t.client();
    const res = await c.post(`${portalUrl('portal-barbell')}login/`, { email: member.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.gym?.title).toBe('Portal Barbell');
    const [made] = await t.db.select().from(s.athletes).where(eq(s.athletes.id, session.athlete!.athleteId));
    expect(made).toMatchObject({ gymId, firstName: 'Ola', lastName: 'Other' });
    const again = await t.client().post(`${portalUrl('portal-barbell')}login/`, { email: member.email, password: TEST_PASSWORD });
    expect(again.json().athlete.athleteId).toBe(session.athlete!.athleteId);
    const wrong = await t.client().post(`${portalUrl('portal-barbell')}login/`, { email: member.email, password: 'Wrong1pass' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('purchases', () => {
  let buyer: ApiClient;
  const body = () => ({ packageId: pack.id, billingPlanId: pack.planId, paymentMethod: 'front_desk', idempotencyKey: 'key-00000001' });
  beforeAll(async () => {
    buyer = (await portalBuyer(t, 'portal-barbell', { firstName: 'Bo', lastName: 'Buyer', email: 'bo@portal.example.com' })).client;
  });

  it('refuses a visitor who is not logged in with 401', async () => {
    const res = await t.client().post(`${portalUrl('portal-barbell')}purchases/`, body());
    expect(res.statusCode).toBe(401);
  });

  it('sells the package with its plan from today, paid at the desk; the same key twice is one purchase', async () => {
    const first = await buyer.post(`${portalUrl('portal-barbell')}purchases/`, body());
    expect(first.statusCode).toBe(201);
    const { athletePackageId, session } = first.json();
    const [held] = await t.db.select().from(s.athletePackages).where(eq(s.athletePackages.id, athletePackageId));
    expect(held).toMatchObject({
      gymId,
      packageId: pack.id,
      billingPlanId: pack.planId,
      source: 'sales_portal',
      startDate: '2026-03-04',
      priceMinor: 18000,
      status: 'active',
    });
    expect(held!.athleteId).toBe(session.athlete.athleteId);
    const ledger = await t.db.select().from(s.creditLedger).where(eq(s.creditLedger.athletePackageId, athletePackageId));
    expect(ledger.map((r) => [r.delta, r.reason])).toEqual([[10, 'grant']]);
    // The sale's invoice is due at the desk: the first period and the sign-up fee; no documents in this gym.
    expect(first.json()).toMatchObject({ paymentMethod: 'front_desk', dueMinor: 18000 + 2500, documents: [] });
    const [invoice] = await t.db.select().from(s.invoices).where(eq(s.invoices.id, first.json().invoiceId));
    expect(invoice).toMatchObject({ athletePackageId, athleteId: held!.athleteId, totalMinor: 20500 });
    const second = await buyer.post(`${portalUrl('portal-barbell')}purchases/`, body());
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ athletePackageId, created: false, invoiceId: invoice!.id, dueMinor: 20500 });
    const rows = await t.db
      .select()
      .from(s.athletePackages)
      .where(and(eq(s.athletePackages.gymId, gymId), eq(s.athletePackages.athleteId, held!.athleteId)));
    expect(rows).toHaveLength(1);
  });

  it('prorates nothing here but records the next billing date of a plan on a day of the month', async () => {
    const res = await buyer.post(`${portalUrl('portal-barbell')}purchases/`, {
      ...body(),
      packageId: unlimited.id,
      billingPlanId: unlimited.planId,
      idempotencyKey: 'key-00000002',
    });
    expect(res.statusCode).toBe(201);
    const [held] = await t.db.select().from(s.athletePackages).where(eq(s.athletePackages.id, res.json().athletePackageId));
    expect(held!.nextBillingDate).toBe('2026-04-01');
  });

  it("refuses archived, hidden and other gyms' packages, an archived plan, and card payment; changing nothing", async () => {
    const before = await databaseDigest(t.db);
    const buy = (o: Record<string, unknown>) =>
      buyer.post(`${portalUrl('portal-barbell')}purchases/`, { ...body(), idempotencyKey: `key-${Math.random()}`, ...o });
    expect((await buy({ packageId: archived.id, billingPlanId: archived.planId })).statusCode).toBe(404);
    expect((await buy({ packageId: hidden.id, billingPlanId: hidden.planId })).statusCode).toBe(404);
    const archivedPlan = await buy({ packageId: unlimited.id, billingPlanId: unlimited.archivedPlanId });
    expect(archivedPlan.statusCode).toBe(400);
    expect(archivedPlan.json().fields.billingPlanId).toBeDefined();
    const otherPlan = await buy({ packageId: unlimited.id, billingPlanId: pack.planId });
    expect(otherPlan.statusCode).toBe(400);
    // No payment provider on this server: the portal says it takes no cards, and a card purchase is refused.
    expect((await t.client().get(portalUrl('portal-barbell'))).json().acceptsCards).toBe(false);
    const card = await buy({ paymentMethod: 'card' });
    expect(card.statusCode).toBe(400);
    expect(card.json().fields.paymentMethod).toEqual([salesPortalMessages.cardUnavailable]);
    const cheque = await buy({ paymentMethod: 'cheque' });
    expect(cheque.json().fields.paymentMethod).toEqual([salesPortalMessages.choosePayment]);
    expect((await t.client().post(`${portalUrl('no-such-gym')}purchases/`, body())).statusCode).toBe(401);
    expect((await buyer.post(`${portalUrl('no-such-gym')}purchases/`, body())).statusCode).toBe(404);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('lets a logged-in user of another gym buy: they get an athlete profile here and the session enters it', async () => {
    const elsewhere = await t.make.gym();
    const coach = await t.make.staff(elsewhere.id, { firstName: 'Cy', lastName: 'Coach' });
    const c = await t.as(coach);
    const res = await c.post(`${portalUrl('portal-barbell')}purchases/`, body());
    expect(res.statusCode).toBe(201);
    expect(res.json().session).toMatchObject({ role: 'athlete', gym: { title: 'Portal Barbell' } });
    expect((await c.session())?.role).toBe('athlete');
  });
});

describe('documents required by a purchase (issue 20)', () => {
  let waiver: { id: string; title: string };
  let contract: { id: string };
  let other: { id: string };
  let docsPkg: { id: string; planId: string };
  let otherPkg: { id: string; planId: string };
  let docsGym: string;

  /** A template of the portal gym with its first version. */
  async function makeTemplate(o: {
    title: string;
    type?: 'waiver' | 'contract' | 'policy';
    requiredOnSignUp?: boolean;
    requiredBeforeBooking?: boolean;
    packageIds?: string[];
  }) {
    const [tpl] = await t.db
      .insert(s.documentTemplates)
      .values({
        gymId: docsGym,
        type: o.type ?? 'waiver',
        title: o.title,
        requiredOnSignUp: o.requiredOnSignUp ?? false,
        requiredBeforeBooking: o.requiredBeforeBooking ?? false,
        packageIds: o.packageIds ?? [],
      })
      .returning();
    await t.db
      .insert(s.documentTemplateVersions)
      .values({ gymId: docsGym, templateId: tpl!.id, version: 1, title: o.title, body: '<p>I, {{athlete.fullName}}, agree to {{package.name}}.</p>' });
    return tpl!;
  }
  const docsOf = (athleteId: string) => t.db.select().from(s.documents).where(eq(s.documents.athleteId, athleteId));

  beforeAll(async () => {
    // A gym of its own, so its packages and templates stay out of the other tests.
    docsGym = (await t.make.gym({ title: 'Docs Barbell' })).id;
    await t.db.insert(s.salesPortals).values({ gymId: docsGym, isEnabled: true, slug: 'docs-barbell' });
    docsPkg = await makePackage(docsGym, { name: 'Contract membership', priceMinor: 9900 });
    otherPkg = await makePackage(docsGym, { name: 'Other pack', portalOrder: 1 });
    waiver = await makeTemplate({ title: 'Liability Waiver', requiredOnSignUp: true });
    contract = await makeTemplate({ title: 'Membership Contract', type: 'contract', packageIds: [docsPkg.id] });
    other = await makeTemplate({ title: 'Other package terms', type: 'policy', packageIds: [otherPkg.id] });
  });

  it('issues the sign-up waiver with the account, the package contract with the sale, and lists both to sign', async () => {
    const {
      client: c,
      athleteId,
      userId,
      profileId,
    } = await portalBuyer(t, 'docs-barbell', { firstName: 'Dee', lastName: 'Docs', email: 'dee@portal.example.com' });
    expect((await docsOf(athleteId)).map((d) => [d.title, d.source])).toEqual([['Liability Waiver', 'sign_up']]);

    const res = await c.post(`${portalUrl('docs-barbell')}purchases/`, {
      packageId: docsPkg.id,
      billingPlanId: docsPkg.planId,
      paymentMethod: 'front_desk',
      idempotencyKey: 'docs-key-0001',
    });
    expect(res.statusCode).toBe(201);
    const { athletePackageId, documents } = res.json() as { athletePackageId: string; documents: { documentId: string; title: string }[] };
    expect(documents.map((d) => d.title)).toEqual(['Liability Waiver', 'Membership Contract']);
    const rows = await docsOf(athleteId);
    const contractRow = rows.find((r) => r.templateId === contract.id)!;
    expect(contractRow).toMatchObject({ source: 'purchase', athletePackageId, signedAt: null });
    expect(rows.some((r) => r.templateId === other.id)).toBe(false);
    // The package's name is merged into the contract the buyer reads.
    const { content } = await renderDocument(t.db, docsGym, contractRow.id);
    expect(content).toContain('I, Dee Docs, agree to Contract membership.');

    // Signed in the flow (the service behind signMyDocument), a retry of the purchase lists only what is left.
    const signed = await renderDocument(t.db, docsGym, contractRow.id);
    const signer = await appSignerFor(t.db, docsGym, athleteId, { userId, profileId, email: 'dee@portal.example.com' });
    expect(signer).toMatchObject({ relation: 'self', signerName: 'Dee Docs' });
    await t.db.transaction((tx) =>
      signDocument(
        tx,
        { gymId: docsGym, documentId: contractRow.id, signer: signer!, via: 'athlete_app', ip: '203.0.113.9', userAgent: 'test' },
        {
          contentSha256: signed.contentSha256,
          method: 'typed',
          typedName: 'Dee Docs',
          initials: [],
          agreed: true,
        },
      ),
    );
    const again = await c.post(`${portalUrl('docs-barbell')}purchases/`, {
      packageId: docsPkg.id,
      billingPlanId: docsPkg.planId,
      paymentMethod: 'front_desk',
      idempotencyKey: 'docs-key-0001',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().documents.map((d: { title: string }) => d.title)).toEqual(['Liability Waiver']);
    expect(await docsOf(athleteId)).toHaveLength(2);
  });

  it('issues the contract once per open copy: a second purchase of the package by the same buyer adds no duplicate', async () => {
    const { client: c, athleteId } = await portalBuyer(t, 'docs-barbell', { firstName: 'Rae', lastName: 'Repeat', email: 'rae@portal.example.com' });
    for (const key of ['repeat-key-01', 'repeat-key-02']) {
      const res = await c.post(`${portalUrl('docs-barbell')}purchases/`, {
        packageId: docsPkg.id,
        billingPlanId: docsPkg.planId,
        paymentMethod: 'front_desk',
        idempotencyKey: key,
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await docsOf(athleteId)).filter((d) => d.templateId === contract.id)).toHaveLength(1);
  });

  it('issues nothing when the purchase is refused (the transaction rolls back)', async () => {
    const { client: c, athleteId } = await portalBuyer(t, 'docs-barbell', { firstName: 'Ned', lastName: 'Nope', email: 'ned@portal.example.com' });
    const before = await databaseDigest(t.db);
    const res = await c.post(`${portalUrl('docs-barbell')}purchases/`, {
      packageId: docsPkg.id,
      billingPlanId: otherPkg.planId,
      paymentMethod: 'front_desk',
      idempotencyKey: 'refused-key-1',
    });
    expect(res.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toBe(before);
    expect((await docsOf(athleteId)).map((d) => d.title)).toEqual([waiver.title]);
  });

  it('refuses paying at the desk when the gym turned it off and takes no cards', async () => {
    await t.db.update(s.salesPortals).set({ allowPayAtDesk: false }).where(eq(s.salesPortals.gymId, docsGym));
    try {
      const { client: c } = await portalBuyer(t, 'docs-barbell', { firstName: 'Off', lastName: 'Desk', email: 'off@portal.example.com' });
      const res = await c.post(`${portalUrl('docs-barbell')}purchases/`, {
        packageId: docsPkg.id,
        billingPlanId: docsPkg.planId,
        paymentMethod: 'front_desk',
        idempotencyKey: 'desk-off-key-1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.paymentMethod).toEqual([salesPortalMessages.payAtDeskOff]);
    } finally {
      await t.db.update(s.salesPortals).set({ allowPayAtDesk: true }).where(eq(s.salesPortals.gymId, docsGym));
    }
  });
});

describe('settings (/products/sales-portal)', () => {
  it('suggests a slug before the first save, and lists the packages shown first in order', async () => {
    const fresh = await t.make.gym({ title: 'Fresh Start Gym' });
    const c = await t.as(await t.make.owner(fresh.id));
    const res = await c.get('/api/sales-portal/');
    expect(res.statusCode).toBe(200);
    expect(salesPortalSettingsSchema.parse(res.json())).toMatchObject({ isEnabled: false, slug: 'fresh-start-gym', isSaved: false, packages: [] });
    const mine = (await owner.get('/api/sales-portal/')).json();
    expect(mine.packages.map((p: { name: string; billingPlanCount: number }) => [p.name, p.billingPlanCount])).toEqual([
      ['10-class pack', 1],
      ['Unlimited', 1],
      ['Staff only', 1],
    ]);
  });

  it('saves the switch, slug, branding (sanitised) and the packages shown in their order', async () => {
    const res = await owner.put('/api/sales-portal/', {
      isEnabled: true,
      slug: '  Portal-Barbell-2 ',
      headline: 'Lift with us',
      introduction: '<p>Hello<script>alert(1)</script></p>',
      accentColor: 'grape',
      allowPayAtDesk: true,
      shownPackageIds: [hidden.id, unlimited.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isEnabled: true, slug: 'portal-barbell-2', accentColor: 'grape', isSaved: true });
    expect(res.json().introduction).not.toContain('script');
    const portal = (await t.client().get(portalUrl('portal-barbell-2'))).json();
    expect(portal.packages.map((p: { name: string }) => p.name)).toEqual(['Staff only', 'Unlimited']);
    expect((await t.client().get(portalUrl('portal-barbell'))).statusCode).toBe(404);
  });

  it('refuses a taken slug (any case), a malformed one and a package of another gym, with field messages', async () => {
    const other = await t.make.gym();
    await t.db.insert(s.salesPortals).values({ gymId: other.id, isEnabled: true, slug: 'taken-slug' });
    const base = { isEnabled: true, accentColor: 'blue', shownPackageIds: [] };
    const taken = await owner.put('/api/sales-portal/', { ...base, slug: 'Taken-Slug' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.slug).toEqual([salesPortalMessages.slugTaken]);
    for (const slug of ['ab', '-abc', 'abc-', 'a b c', 'ábc', 'x'.repeat(51)]) {
      const bad = await owner.put('/api/sales-portal/', { ...base, slug });
      expect(bad.statusCode, slug).toBe(400);
      expect(bad.json().fields.slug, slug).toEqual([salesPortalMessages.slugShape]);
    }
    const foreign = await makePackage(other.id, { name: 'Foreign 2' });
    const res = await owner.put('/api/sales-portal/', { ...base, slug: 'portal-barbell-2', shownPackageIds: [foreign.id] });
    expect(res.json().fields.shownPackageIds).toBeDefined();
    const dup = await owner.put('/api/sales-portal/', { ...base, slug: 'portal-barbell-2', shownPackageIds: [pack.id, pack.id] });
    expect(dup.statusCode).toBe(400);
  });

  it('is absent for demo gyms (404), and closed to athletes', async () => {
    const demo = await t.make.gym();
    await t.make.demoGym(demo.id, { type: 'PERSISTENT', expiresAt: null });
    const c = await t.as(await t.make.owner(demo.id));
    expect((await c.get('/api/sales-portal/')).statusCode).toBe(404);
    expect((await c.put('/api/sales-portal/', { isEnabled: true, slug: 'demo-slug' })).statusCode).toBe(404);
    const athlete = await t.make.athlete(gymId);
    expect((await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get('/api/sales-portal/')).statusCode).toBe(403);
  });

  it("gives an athlete their own gym's portal slug (404 when it is off)", async () => {
    const athlete = await t.make.athlete(gymId);
    const c = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    expect((await c.get('/api/my/sales-portal/')).json()).toEqual({ slug: 'portal-barbell-2' });
    const elsewhere = await t.make.gym();
    expect((await (await t.as(await asPerson(t.make.athlete(elsewhere.id)))).get('/api/my/sales-portal/')).statusCode).toBe(404);
  });
});
