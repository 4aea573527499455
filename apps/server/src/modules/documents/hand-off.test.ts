import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documentMessages } from '@spotter/shared';
import { parseAthleteInput } from '@spotter/shared/athlete-input';
import { athletes, documentSignatures, documentTemplateVersions, documentTemplates, documents, packages, profileLinks, salesPortals } from '../../db/schema';
import { TEST_PASSWORD } from '../../../test/factories';
import { createAthletes } from '../athletes';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';

/** Issue 20 (decision 035): the front-desk hand-off locks the staff session to one document until staff end it. */
fixClock(TEST_NOW);
let t: TestApp;
let gymId: string;
let staffPerson: { userId: string; profileId: string };
let athleteId: string;
let parentAthleteId: string;

beforeAll(async () => {
  t = await createTestApp();
  const k = await t.make.kioskGym({ athletes: 2 });
  gymId = k.gym.id;
  staffPerson = k.staff;
  // A child and their parent: the parent's user is linked to the child's profile.
  const child = await t.make.athlete(gymId);
  const parent = await t.make.athlete(gymId);
  athleteId = child.athleteId;
  parentAthleteId = parent.athleteId;
  await t.db.insert(profileLinks).values({ userId: parent.userId!, profileId: child.profileId });
});
afterAll(async () => {
  await t.close();
});

const unsignedDocument = async () => (await t.make.document(gymId, athleteId)).id;

async function sign(c: ApiClient, extra: Record<string, unknown> = {}) {
  const read = await c.get('/api/hand-off/');
  expect(read.statusCode).toBe(200);
  return c.post('/api/hand-off/sign/', { contentSha256: read.json().document.contentSha256, method: 'typed', typedName: 'Walk In', agreed: true, ...extra });
}

describe('front-desk hand-off', () => {
  it('locks the session to the document: every other endpoint refuses until staff end it with their password', async () => {
    const documentId = await unsignedDocument();
    const c = await t.as(staffPerson);
    expect((await c.get('/api/hand-off/')).statusCode).toBe(404);
    expect((await c.get('/api/athletes/')).statusCode).toBe(200);

    const started = await c.post(`/api/documents/${documentId}/hand-off/`, { returnTo: '/kiosk' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ document: { documentId, state: 'unsigned', canSign: true }, returnTo: '/kiosk' });

    // The session answers with the lock; the hand-off's own endpoints work; everything else refuses.
    expect((await c.session()).signingDocumentId).toBe(documentId);
    const read = await c.get('/api/hand-off/');
    expect(read.statusCode).toBe(200);
    expect(read.json().document).toMatchObject({ documentId, canSign: true });
    for (const [method, url] of [
      ['GET', '/api/athletes/'],
      ['GET', '/api/events/kiosk-events/'],
      ['GET', `/api/athletes/${athleteId}/family/`],
      ['GET', `/api/documents/${documentId}/`],
      ['POST', `/api/documents/${documentId}/hand-off/`],
      ['DELETE', '/api/auth/clear-profile/'],
      ['POST', `/api/documents/${documentId}/void/`],
    ] as const) {
      const res = await c.request(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'hand_off_active', message: documentMessages.handOffActive });
    }

    // A wrong password keeps it locked.
    const wrong = await c.post('/api/hand-off/end/', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(documentMessages.unlockPassword);
    expect((await c.get('/api/athletes/')).statusCode).toBe(403);

    const ended = await c.post('/api/hand-off/end/', { password: TEST_PASSWORD });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await c.session()).signingDocumentId ?? null).toBeNull();
    expect((await c.get('/api/athletes/')).statusCode).toBe(200);
    expect((await c.get('/api/hand-off/')).statusCode).toBe(404);
  });

  it('the athlete signs on the device via the front desk; the session stays locked until staff end it', async () => {
    const documentId = await unsignedDocument();
    const c = await t.as(staffPerson);
    expect((await c.post(`/api/documents/${documentId}/hand-off/`, {})).statusCode).toBe(200);
    const signed = await sign(c);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().document).toMatchObject({ state: 'signed', canSign: false, signature: { relation: 'self', via: 'front_desk', typedName: 'Walk In' } });
    const [row] = await t.db.select().from(documentSignatures).where(eq(documentSignatures.documentId, documentId));
    expect(row).toMatchObject({ via: 'front_desk', relation: 'self', method: 'typed' });
    // Still locked after signing; signing again is refused as already signed.
    expect((await c.get('/api/athletes/')).json().code).toBe('hand_off_active');
    expect((await sign(c)).statusCode).toBe(409);
    expect((await c.post('/api/hand-off/end/', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await c.get('/api/athletes/')).statusCode).toBe(200);
  });

  it('a parent linked to the athlete signs for them; anyone else is refused', async () => {
    const documentId = await unsignedDocument();
    const c = await t.as(staffPerson);
    expect((await c.post(`/api/documents/${documentId}/hand-off/`, {})).statusCode).toBe(200);
    const stranger = await t.make.athlete(gymId);
    const refused = await sign(c, { guardianAthleteId: stranger.athleteId });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(documentMessages.notYours);
    const signed = await sign(c, { guardianAthleteId: parentAthleteId });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().document.signature).toMatchObject({ relation: 'guardian', via: 'front_desk' });
    expect(signed.json().document.signature.signerName).not.toBe(signed.json().document.signature.athleteName);
    await c.post('/api/hand-off/end/', { password: TEST_PASSWORD });
  });

  it('refuses a signed, voided or other gym’s document, and changes nothing', async () => {
    const c = await t.as(staffPerson);
    const signedId = await unsignedDocument();
    await t.db.update(documents).set({ signedAt: new Date() }).where(eq(documents.id, signedId));
    expect((await c.post(`/api/documents/${signedId}/hand-off/`, {})).statusCode).toBe(409);
    const voided = (await t.make.document(gymId, athleteId, { voidedAt: new Date() })).id;
    expect((await c.post(`/api/documents/${voided}/hand-off/`, {})).statusCode).toBe(409);
    const other = await t.make.gym();
    const otherAthlete = await t.make.athlete(other.id);
    const foreign = (await t.make.document(other.id, otherAthlete.athleteId)).id;
    expect((await c.post(`/api/documents/${foreign}/hand-off/`, {})).statusCode).toBe(404);
    expect((await c.session()).signingDocumentId ?? null).toBeNull();
    expect((await c.get('/api/athletes/')).statusCode).toBe(200);
  });

  it('refuses an athlete and a kept session of the same staff user is not locked by another', async () => {
    const documentId = await unsignedDocument();
    const athlete = await t.make.athlete(gymId);
    const a = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    expect((await a.post(`/api/documents/${documentId}/hand-off/`, {})).statusCode).toBe(403);
    const desk = await t.as(staffPerson);
    const office = await t.as(staffPerson);
    expect((await desk.post(`/api/documents/${documentId}/hand-off/`, {})).statusCode).toBe(200);
    expect((await desk.get('/api/athletes/')).statusCode).toBe(403);
    expect((await office.get('/api/athletes/')).statusCode).toBe(200);
    await desk.post('/api/hand-off/end/', { password: TEST_PASSWORD });
  });
});

/** A template of the gym with its version 1 (made here: the templates routes are another module's). */
async function makeTemplate(
  o: { title: string; requiredOnSignUp?: boolean; requiredBeforeBooking?: boolean; packageIds?: string[]; archived?: boolean },
  gym = gymId,
) {
  const [template] = await t.db
    .insert(documentTemplates)
    .values({
      gymId: gym,
      type: 'waiver',
      title: o.title,
      requiredOnSignUp: o.requiredOnSignUp ?? false,
      requiredBeforeBooking: o.requiredBeforeBooking ?? false,
      packageIds: o.packageIds ?? [],
      archivedAt: o.archived ? new Date() : null,
    })
    .returning();
  await t.db
    .insert(documentTemplateVersions)
    .values({ gymId: gym, templateId: template!.id, version: 1, title: o.title, body: '<p>I, {{athlete.fullName}}, agree.</p>' });
  return template!.id;
}

const documentsOf = (athlete: string) => t.db.select().from(documents).where(eq(documents.athleteId, athlete));

describe('template rules issue documents (sign-up and a sale at the desk)', () => {
  let hookGym: string;
  let owner: ApiClient;
  let onSignUp: string;
  let beforeBooking: string;
  let membership: string;
  let contract: string;
  beforeAll(async () => {
    const gym = await t.make.gym({ title: 'Rules Barbell' });
    hookGym = gym.id;
    owner = await t.as(await t.make.owner(hookGym));
    onSignUp = await makeTemplate({ title: 'Liability Waiver', requiredOnSignUp: true }, hookGym);
    beforeBooking = await makeTemplate({ title: 'House Rules', requiredBeforeBooking: true }, hookGym);
    await makeTemplate({ title: 'Old Waiver', requiredOnSignUp: true, archived: true }, hookGym);
    const [pkg] = await t.db.insert(packages).values({ gymId: hookGym, name: 'Unlimited', kind: 'membership' }).returning();
    membership = pkg!.id;
    contract = await makeTemplate({ title: 'Membership Contract', packageIds: [membership] }, hookGym);
  });

  it('a new athlete from the staff form gets every template required on sign-up or before booking (not archived ones)', async () => {
    const res = await owner.post('/api/athletes/', { firstName: 'Nia', lastName: 'Newcomer' });
    expect(res.statusCode, res.body).toBe(201);
    const made = await documentsOf(res.json().athleteId ?? res.json().id);
    expect(made.map((d) => d.templateId).sort()).toEqual([onSignUp, beforeBooking].sort());
    expect(made.every((d) => d.source === 'sign_up' && d.signedAt === null && d.templateVersionId)).toBe(true);
  });

  it('an athlete imported (createAthletes, many at once) gets them too, one open copy each', async () => {
    const made = await t.db.transaction((tx) =>
      createAthletes(
        tx,
        hookGym,
        [1, 2].map((n) => {
          const parsed = parseAthleteInput({ firstName: 'Imported', lastName: `Athlete${n}` }, { country: 'US', today: '2026-03-04' });
          if (!parsed.ok) throw new Error('invalid');
          return parsed.value;
        }),
        { profileId: null, name: 'Import' },
        'import',
      ),
    );
    for (const m of made) expect((await documentsOf(m.athleteId)).map((d) => d.templateId).sort()).toEqual([onSignUp, beforeBooking].sort());
  });

  it('an account made in the sales portal gets them', async () => {
    await t.db.insert(salesPortals).values({ gymId: hookGym, isEnabled: true, slug: 'rules-barbell', headline: 'Join', accentColor: 'teal' });
    const c = t.client();
    const res = await c.post('/api/sales-portals/rules-barbell/account/', {
      firstName: 'Pia',
      lastName: 'Portal',
      email: 'pia-rules@portal.example.com',
      password: 'Strong1pass',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [athlete] = await t.db
      .select()
      .from(athletes)
      .where(and(eq(athletes.gymId, hookGym), eq(athletes.email, 'pia-rules@portal.example.com')));
    expect((await documentsOf(athlete!.id)).map((d) => d.templateId).sort()).toEqual([onSignUp, beforeBooking].sort());
  });

  it('a package sold at the desk issues the templates naming it, with the package, once', async () => {
    const athlete = await t.make.athlete(hookGym);
    const body = { packageId: membership, billingPlanId: null, startDate: '2026-03-05', idempotencyKey: 'rules-sale-1' };
    const sold = await owner.post(`/api/athletes/${athlete.athleteId}/packages/`, body);
    expect(sold.statusCode, sold.body).toBe(201);
    const issued = (await documentsOf(athlete.athleteId)).filter((d) => d.templateId === contract);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ source: 'purchase', athletePackageId: sold.json().athletePackageId ?? sold.json().id });
    // A repeat of the sale (same key) and a second sale leave one open copy.
    expect((await owner.post(`/api/athletes/${athlete.athleteId}/packages/`, body)).statusCode).toBe(200);
    await owner.post(`/api/athletes/${athlete.athleteId}/packages/`, { ...body, idempotencyKey: 'rules-sale-2' });
    expect((await documentsOf(athlete.athleteId)).filter((d) => d.templateId === contract)).toHaveLength(1);
    // A package no template names issues nothing.
    const [other] = await t.db.insert(packages).values({ gymId: hookGym, name: 'Drop-in', kind: 'class_pack', credits: 1 }).returning();
    const before = (await documentsOf(athlete.athleteId)).length;
    await owner.post(`/api/athletes/${athlete.athleteId}/packages/`, { ...body, packageId: other!.id, idempotencyKey: 'rules-sale-3' });
    expect(await documentsOf(athlete.athleteId)).toHaveLength(before);
  });
});
