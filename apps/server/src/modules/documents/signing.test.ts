import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { documentMessages, type DocumentDetail, type DocumentRow, type SignDocumentFormInput } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { Athlete } from '../../../test/factories';
import { sqlState } from '../../db/client';
import { documentSignatures, documentTemplates, documentTemplateVersions, documents, sessions } from '../../db/schema';
import { issueDocuments, voidDocument } from './documents.service';

fixClock(TEST_NOW);

/** A 1x1 PNG, as signature_pad's toDataURL gives (smallest valid). */
const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let w: KioskGym;
let other: KioskGym;
let owner: ApiClient;
let otherOwner: ApiClient;
let alex: Athlete;
let kid: Athlete;
let stranger: Athlete;
let alexApp: ApiClient;
let strangerApp: ApiClient;
let templateId: string;

/** A template of the gym (version 1) written in the database: the template routes are tested in templates.test.ts. */
async function template(gymId: string, body: string, o: { title?: string; initialFields?: string[] } = {}) {
  const [tpl] = await t.db
    .insert(documentTemplates)
    .values({ gymId, type: 'waiver', title: o.title ?? 'Liability Waiver' })
    .returning();
  await t.db
    .insert(documentTemplateVersions)
    .values({ gymId, templateId: tpl!.id, version: 1, title: o.title ?? 'Liability Waiver', body, initialFields: o.initialFields ?? [] });
  return tpl!.id;
}
async function issue(gymId: string, tplId: string, athleteId: string): Promise<string> {
  const r = await t.db.transaction((tx) =>
    issueDocuments(tx, { gymId, templateId: tplId, athleteIds: [athleteId], source: 'manual', issuedByProfileId: null }),
  );
  return r.documentIds[0]!;
}
const read = async (c: ApiClient, id: string) => {
  const res = await c.get(`/api/me/documents/${id}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentDetail;
};
const typed = (d: DocumentDetail, o: Partial<SignDocumentFormInput> = {}): SignDocumentFormInput => ({
  contentSha256: d.contentSha256,
  method: 'typed',
  typedName: 'Alex Signer',
  initials: d.initialFields.map((label) => ({ label, value: 'AS' })),
  agreed: true,
  ...o,
});
const sign = (c: ApiClient, id: string, body: unknown) =>
  c.request('POST', `/api/me/documents/${id}/sign/`, body, { headers: { 'user-agent': 'SigningTest/1.0 (phone)' } });
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 1 });
  other = await t.make.kioskGym({ athletes: 1 });
  owner = await t.as(w.owner);
  otherOwner = await t.as(other.owner);
  alex = await t.make.athlete(w.gym.id, { firstName: 'Alex', lastName: 'Parent' });
  kid = await t.make.athlete(w.gym.id, { firstName: 'Sam', lastName: 'Parent', login: false });
  stranger = await t.make.athlete(w.gym.id, { firstName: 'Stranger', lastName: 'Danger' });
  // Alex's user is linked to Sam's profile: Alex is Sam's parent or guardian.
  await t.make.profileLink(kid.profileId, alex.userId!);
  alexApp = await t.as({ userId: alex.userId!, profileId: alex.profileId });
  strangerApp = await t.as({ userId: stranger.userId!, profileId: stranger.profileId });
  templateId = await template(
    w.gym.id,
    '<h2>Waiver</h2><p>I, {{athlete.fullName}}, train at {{gym.name}} at my own risk.</p><ul><li>Listen to the coach</li></ul>',
    {
      initialFields: ['I accept the risks'],
    },
  );
});
afterAll(async () => {
  await t.close();
});

describe('the athlete app: documents of the athlete and their dependants', () => {
  let own: string;
  let dependant: string;
  let strangers: string;
  let foreign: string;
  beforeAll(async () => {
    own = await issue(w.gym.id, templateId, alex.athleteId);
    dependant = await issue(w.gym.id, templateId, kid.athleteId);
    strangers = await issue(w.gym.id, templateId, stranger.athleteId);
    const otherTemplate = await template(other.gym.id, '<p>Other gym</p>');
    foreign = await issue(other.gym.id, otherTemplate, other.members[0]!.athleteId);
  });

  it('lists the athlete’s own and their dependants’ unsigned documents, nobody else’s', async () => {
    const res = await alexApp.get('/api/me/documents/?tab=unsigned');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as DocumentRow[];
    expect(rows.map((r) => r.documentId).sort()).toEqual([own, dependant].sort());
    expect(rows.find((r) => r.documentId === dependant)!.athlete.fullName).toBe('Sam Parent');
    expect((await alexApp.get('/api/me/documents/?tab=signed')).json()).toEqual([]);
    const theirs = (await strangerApp.get('/api/me/documents/')).json() as DocumentRow[];
    expect(theirs.map((r) => r.documentId)).toEqual([strangers]);
  });

  it('reads their own and their dependant’s (signable), and answers 404 for anyone else’s', async () => {
    const mine = await read(alexApp, own);
    expect(mine.canSign).toBe(true);
    expect(mine.content).toContain('I, Alex Parent, train at');
    const kids = await read(alexApp, dependant);
    expect(kids.canSign).toBe(true);
    expect(kids.content).toContain('I, Sam Parent, train at');
    for (const id of [strangers, foreign]) {
      expect((await alexApp.get(`/api/me/documents/${id}/`)).statusCode).toBe(404);
      expect((await alexApp.get(`/api/me/documents/${id}/pdf`)).statusCode).toBe(404);
      const refused = await sign(alexApp, id, typed(kids));
      expect(refused.statusCode).toBe(404);
    }
    expect((await strangerApp.get(`/api/me/documents/${own}/`)).statusCode).toBe(404);
    // Staff do not use the athlete's routes (access.athlete).
    expect((await owner.get(`/api/me/documents/${own}/`)).statusCode).toBe(403);
  });

  it('lets a guardian sign for the dependant: the record names both', async () => {
    const d = await read(alexApp, dependant);
    const res = await sign(alexApp, dependant, { ...typed(d), method: 'drawn', typedName: undefined, signatureImage: TINY_PNG });
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json() as DocumentDetail;
    expect(signed.state).toBe('signed');
    expect(signed.signature).toMatchObject({
      relation: 'guardian',
      signerName: 'Alex Parent',
      athleteName: 'Sam Parent',
      method: 'drawn',
      via: 'athlete_app',
      userAgent: 'SigningTest/1.0 (phone)',
    });
    expect(signed.signature!.ip).toBeTruthy();
    expect(signed.signerName).toBe('Alex Parent');
    // Under Signed now, still Sam's.
    const rows = (await alexApp.get('/api/me/documents/?tab=signed')).json() as DocumentRow[];
    expect(rows.map((r) => [r.documentId, r.athlete.fullName, r.signerName])).toEqual([[dependant, 'Sam Parent', 'Alex Parent']]);
    // The PDF names both, for the guardian and for staff; not for another gym.
    const pdf = await alexApp.get(`/api/me/documents/${dependant}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toMatch(/Alex Parent, parent or guardian, for Sam Parent/);
    expect((await owner.get(`/api/documents/${dependant}/pdf`)).statusCode).toBe(200);
    expect((await otherOwner.get(`/api/documents/${dependant}/pdf`)).statusCode).toBe(404);
  });
});

describe('signing rules', () => {
  let athlete: Athlete;
  let app: ApiClient;
  beforeAll(async () => {
    athlete = await t.make.athlete(w.gym.id, { firstName: 'Rules', lastName: 'Tester' });
    app = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
  });

  it('refuses a stale hash, missing initials, an unreadable PNG and no agreement; then signs once', async () => {
    const id = await issue(w.gym.id, templateId, athlete.athleteId);
    const d = await read(app, id);
    const stale = await sign(app, id, typed(d, { contentSha256: 'a'.repeat(64) }));
    expect([stale.statusCode, stale.json().code, stale.json().message]).toEqual([409, 'content_changed', documentMessages.contentChanged]);
    const noInitials = await sign(app, id, typed(d, { initials: [] }));
    expect(noInitials.statusCode).toBe(400);
    expect(noInitials.body).toContain(documentMessages.initialsRequired);
    // A data URL that is not a PNG (a GIF's bytes) passes the format check and is refused by the service.
    const gif = `data:image/png;base64,${Buffer.from('GIF89a'.padEnd(80, 'x')).toString('base64')}`;
    const notPng = await sign(app, id, typed(d, { method: 'drawn', typedName: undefined, signatureImage: gif }));
    expect(notPng.statusCode).toBe(400);
    expect(notPng.body).toContain(documentMessages.signatureImage);
    const notAgreed = await sign(app, id, { ...typed(d), agreed: false });
    expect(notAgreed.statusCode).toBe(400);
    expect(notAgreed.body).toContain(documentMessages.agreeRequired);
    expect((await read(app, id)).state).toBe('unsigned');

    const ok = await sign(app, id, typed(d, { typedName: 'Rules Tester' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().signature).toMatchObject({
      relation: 'self',
      signerName: 'Rules Tester',
      method: 'typed',
      typedName: 'Rules Tester',
      initials: [{ label: 'I accept the risks', value: 'AS' }],
    });
    const again = await sign(app, id, typed(d));
    expect([again.statusCode, again.json().code]).toEqual([409, 'already_signed']);
  });

  it('refuses to sign a voided document', async () => {
    const id = await issue(w.gym.id, templateId, athlete.athleteId);
    const d = await read(app, id);
    await t.db.transaction((tx) => voidDocument(tx, w.gym.id, id, 'Wrong athlete'));
    expect((await read(app, id)).canSign).toBe(false);
    const res = await sign(app, id, typed(d));
    expect([res.statusCode, res.json().code]).toEqual([409, 'document_voided']);
    expect((await app.get(`/api/me/documents/${id}/pdf`)).statusCode).toBe(409);
  });

  it('lets platform staff acting as the athlete read but not sign', async () => {
    const platform = await t.make.platformStaff();
    const member = await t.make.athlete(w.gym.id, { firstName: 'Acted', lastName: 'Upon' });
    const support = await t.as({ userId: member.userId!, profileId: member.profileId });
    await t.db
      .update(sessions)
      .set({ impersonatorUserId: platform.userId, impersonatorProfileId: platform.profileId })
      .where(eq(sessions.userId, member.userId!));
    const id = await issue(w.gym.id, templateId, member.athleteId);
    const d = await read(support, id);
    expect(d.canSign).toBe(false);
    const refused = await sign(support, id, typed(d));
    expect([refused.statusCode, refused.json().message]).toEqual([403, documentMessages.impersonatingSign]);
    expect((await read(support, id)).state).toBe('unsigned');
  });

  it('answers no PDF for an unsigned document', async () => {
    const [open] = (await app.get('/api/me/documents/?tab=unsigned')).json() as DocumentRow[];
    const id = open?.documentId ?? (await issue(w.gym.id, await template(w.gym.id, '<p>Policy</p>', { title: 'Policy' }), athlete.athleteId));
    const res = await owner.get(`/api/documents/${id}/pdf`);
    expect([res.statusCode, res.json().message]).toEqual([409, documentMessages.notSignedPdf]);
  });
});

describe('a signed document is immutable and hashes what was shown', () => {
  let id: string;
  let shown: DocumentDetail;
  beforeAll(async () => {
    const athlete = await t.make.athlete(w.gym.id, { firstName: 'Immutable', lastName: 'Ida' });
    const app = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    id = await issue(w.gym.id, templateId, athlete.athleteId);
    shown = await read(app, id);
    const res = await sign(app, id, typed(shown));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('stores the SHA-256 of exactly the content shown, and shows that content afterwards', async () => {
    expect(shown.contentSha256).toBe(createHash('sha256').update(shown.content, 'utf8').digest('hex'));
    const [stored] = await t.db.select().from(documentSignatures).where(eq(documentSignatures.documentId, id));
    expect(stored!.content).toBe(shown.content);
    expect(stored!.contentSha256).toBe(shown.contentSha256);
    const staffView = (await owner.get(`/api/me/documents/${id}/`)).statusCode;
    expect(staffView).toBe(403);
  });

  it('refuses a direct SQL UPDATE of the document and of its signature (restrict_violation, 23001)', async () => {
    const docUpdate = await t.db.execute(sql`UPDATE documents SET title = 'Changed' WHERE id = ${id}`).catch((e: unknown) => e);
    expect(sqlState(docUpdate)).toBe('23001');
    const voidUpdate = await t.db
      .update(documents)
      .set({ voidedAt: new Date() })
      .where(eq(documents.id, id))
      .catch((e: unknown) => e);
    expect(sqlState(voidUpdate)).toBe('23001');
    const sigUpdate = await t.db
      .execute(sql`UPDATE document_signatures SET signer_name = 'Someone else', content = '<p>other</p>' WHERE document_id = ${id}`)
      .catch((e: unknown) => e);
    expect(sqlState(sigUpdate)).toBe('23001');
    const [row] = await t.db.select({ title: documents.title, voidedAt: documents.voidedAt }).from(documents).where(eq(documents.id, id));
    expect(row).toEqual({ title: 'Liability Waiver', voidedAt: null });
  });

  it('refuses voiding it through the write path', async () => {
    const err = await t.db.transaction((tx) => voidDocument(tx, w.gym.id, id, 'Try')).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 409, code: 'document_signed' });
  });
});

describe('merge fields are escaped, in the content and in the PDF', () => {
  it('shows an athlete named like markup as text, and the PDF carries it and the audit facts', async () => {
    const evil = await t.make.athlete(w.gym.id, { firstName: '<img src=x onerror=alert(1)>', lastName: '"&Co\'' });
    const app = await t.as({ userId: evil.userId!, profileId: evil.profileId });
    const id = await issue(w.gym.id, templateId, evil.athleteId);
    const d = await read(app, id);
    expect(d.content).not.toContain('<img');
    expect(d.content).toContain('I, &lt;img src=x onerror=alert(1)&gt; &quot;&amp;Co&#39;, train at');
    const signed = await sign(app, id, typed(d, { method: 'drawn', typedName: undefined, signatureImage: TINY_PNG }));
    expect(signed.statusCode, signed.body).toBe(200);
    const detail = signed.json() as DocumentDetail;

    const pdf = await owner.get(`/api/documents/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="liability-waiver-img-src-x-onerror-alert-1-co\.pdf"$/);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('I, <img src=x onerror=alert(1)> "&Co\', train at');
    expect(text).not.toContain('&lt;');
    for (const fact of [
      'Audit trail',
      id,
      'Liability Waiver',
      'Version',
      'Signed via',
      'Athlete app',
      'SigningTest/1.0 (phone)',
      detail.signature!.contentSha256,
      detail.signature!.ip!,
      // TEST_NOW in the gym's zone (Chicago), with the zone named.
      '03/04/2026 2:30:00 PM (America/Chicago)',
    ]) {
      expect(text.replace(/\s+/g, ' '), fact).toContain(fact);
    }
  });
});
