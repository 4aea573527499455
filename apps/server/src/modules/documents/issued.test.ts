import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { DocumentDetail } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { Athlete } from '../../../test/factories';
import { athletes, documentTemplates, documentTemplateVersions, documents, mailOutbox, profileLinks } from '../../db/schema';
import { NO_EMAIL_DOMAIN } from '../people';
import { signDocument } from './documents.service';
import { DOCUMENTS_CSV_HEADER } from './issued.routes';
import { runDocumentReminders } from './reminders';

fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let other: KioskGym;
let owner: ApiClient;
let otherOwner: ApiClient;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 4 });
  other = await t.make.kioskGym({ athletes: 1 });
  owner = await t.as(w.owner);
  otherOwner = await t.as(other.owner);
});
afterAll(async () => {
  await t.close();
});

/** A template of the gym with its version 1 (templates' own routes are another module's). */
async function template(gymId: string, o: { title?: string; type?: 'waiver' | 'contract' | 'policy'; body?: string; archived?: boolean } = {}) {
  const title = o.title ?? 'Liability Waiver';
  const [tpl] = await t.db
    .insert(documentTemplates)
    .values({ gymId, type: o.type ?? 'waiver', title, archivedAt: o.archived ? new Date() : null })
    .returning();
  await t.db
    .insert(documentTemplateVersions)
    .values({ gymId, templateId: tpl!.id, version: 1, title, body: o.body ?? '<p>I, {{athlete.fullName}}, train at {{gym.name}}.</p>' });
  return tpl!;
}

const issue = (c: ApiClient, body: Record<string, unknown>) => c.post('/api/documents/issue/', body);
const detail = async (c: ApiClient, id: string) => (await c.get(`/api/documents/${id}/`)).json() as DocumentDetail;
const docsOf = (athleteId: string) => t.db.select().from(documents).where(eq(documents.athleteId, athleteId));
const mailsTo = (address: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

async function signTyped(gymId: string, documentId: string, name: string, c: ApiClient = owner) {
  const d = await detail(c, documentId);
  await t.db.transaction((tx) =>
    signDocument(
      tx,
      { gymId, documentId, signer: { relation: 'self', signerName: name, signerProfileId: null }, via: 'front_desk', ip: '203.0.113.9', userAgent: 'Vitest' },
      { contentSha256: d.contentSha256, method: 'typed', typedName: name, initials: [], agreed: true },
    ),
  );
}

describe('issuing documents', () => {
  it('issues to chosen athletes, mails each through the outbox, and a repeat is a no-op', async () => {
    const tpl = await template(w.gym.id, { title: 'Issue Test Waiver' });
    const [a, b] = w.members as [Athlete, Athlete];
    const res = await issue(owner, { templateId: tpl.id, athleteIds: [a.athleteId, b.athleteId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ issued: 2, alreadyOpen: 0 });
    const again = await issue(owner, { templateId: tpl.id, athleteIds: [a.athleteId], sendEmail: true });
    expect(again.json()).toEqual({ issued: 0, alreadyOpen: 1 });
    const [doc] = (await docsOf(a.athleteId)).filter((d) => d.templateId === tpl.id);
    expect(doc).toMatchObject({ source: 'bulk', title: 'Issue Test Waiver', signedAt: null });
    const mails = (await mailsTo(a.email!)).filter((m) => m.kind === 'document_issued');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Issue Test Waiver');
    expect(mails[0]!.text).toContain(`http://localhost:3000/documents/unsigned/${doc!.id}`);
  });

  it('issues to one athlete without mail when told, as a manual issue', async () => {
    const tpl = await template(w.gym.id, { title: 'No Mail Policy', type: 'policy' });
    const a = w.members[2]!;
    expect((await issue(owner, { templateId: tpl.id, athleteIds: [a.athleteId], sendEmail: false })).json()).toEqual({ issued: 1, alreadyOpen: 0 });
    const [doc] = (await docsOf(a.athleteId)).filter((d) => d.templateId === tpl.id);
    expect(doc).toMatchObject({ source: 'manual', type: 'policy' });
    expect((await mailsTo(a.email!)).filter((m) => m.subject.includes('No Mail Policy'))).toHaveLength(0);
  });

  it('issues to every athlete of an athletes-list filter', async () => {
    const g = await t.make.kioskGym({ athletes: 0 });
    const c = await t.as(g.owner);
    const x1 = await t.make.athlete(g.gym.id, { login: false, firstName: 'Filtered', lastName: 'Xavier' });
    const x2 = await t.make.athlete(g.gym.id, { login: false, firstName: 'Filtered', lastName: 'Yolanda' });
    const y = await t.make.athlete(g.gym.id, { login: false, firstName: 'Someone', lastName: 'Else' });
    const tpl = await template(g.gym.id);
    const res = await issue(c, { templateId: tpl.id, filter: { search: 'filtered' } });
    expect(res.json()).toEqual({ issued: 2, alreadyOpen: 0 });
    expect(await docsOf(x1.athleteId)).toHaveLength(1);
    expect(await docsOf(x2.athleteId)).toHaveLength(1);
    expect(await docsOf(y.athleteId)).toHaveLength(0);
    const none = await issue(c, { templateId: tpl.id, filter: { search: 'nobody-matches-this' } });
    expect(none.statusCode).toBe(400);
  });

  it("refuses another gym's template or athlete, an archived template, and no athletes", async () => {
    const tpl = await template(w.gym.id);
    const mine = w.members[0]!.athleteId;
    expect((await issue(otherOwner, { templateId: tpl.id, athleteIds: [other.members[0]!.athleteId] })).statusCode).toBe(404);
    expect((await issue(owner, { templateId: tpl.id, athleteIds: [other.members[0]!.athleteId] })).statusCode).toBe(404);
    expect((await issue(owner, { templateId: (await template(w.gym.id, { archived: true })).id, athleteIds: [mine] })).statusCode).toBe(409);
    expect((await issue(owner, { templateId: tpl.id, athleteIds: [] })).statusCode).toBe(400);
    expect(await docsOf(other.members[0]!.athleteId)).toHaveLength(0);
  });
});

describe('/documents/issued: the list, filters, CSV and detail', () => {
  let g: KioskGym;
  let c: ApiClient;
  let waiver: { id: string };
  let contract: { id: string };
  beforeAll(async () => {
    g = await t.make.kioskGym({ athletes: 3 });
    c = await t.as(g.owner);
    waiver = await template(g.gym.id, { title: 'Gym Waiver' });
    contract = await template(g.gym.id, { title: 'Membership Contract', type: 'contract' });
    const ids = g.members.map((m) => m.athleteId);
    await issue(c, { templateId: waiver.id, athleteIds: ids, sendEmail: false });
    await issue(c, { templateId: contract.id, athleteIds: ids, sendEmail: false });
    const [signed] = (await docsOf(ids[0]!)).filter((d) => d.templateId === waiver.id);
    await signTyped(g.gym.id, signed!.id, g.members[0]!.fullName, c);
    const [voided] = (await docsOf(ids[1]!)).filter((d) => d.templateId === contract.id);
    await c.post(`/api/documents/${voided!.id}/void/`, { reason: 'Issued by mistake' });
  });

  const list = async (q: string) =>
    (await c.get(`/api/documents/?${q}`)).json() as {
      count: number;
      results: { title: string; state: string; athlete: { fullName: string }; signerName: string | null }[];
    };

  it('filters by state, template, athlete, type and search, and pages', async () => {
    expect((await list('')).count).toBe(6);
    expect((await list('state=signed')).results.map((r) => [r.title, r.signerName])).toEqual([['Gym Waiver', g.members[0]!.fullName]]);
    expect((await list('state=voided')).count).toBe(1);
    expect((await list('state=unsigned')).count).toBe(4);
    expect((await list(`templateId=${contract.id}`)).count).toBe(3);
    expect((await list('type=contract')).count).toBe(3);
    expect((await list(`athleteId=${g.members[2]!.athleteId}`)).count).toBe(2);
    expect((await list(`search=${encodeURIComponent(g.members[2]!.firstName)}`)).count).toBe(2);
    expect((await list('search=membership')).count).toBe(3);
    const page = await list('limit=4&offset=4&sort=title&order=asc');
    expect(page.count).toBe(6);
    expect(page.results).toHaveLength(2);
    expect(page.results.every((r) => r.title === 'Membership Contract')).toBe(true);
    expect((await list('from=2026-03-04&to=2026-03-04')).count).toBe(6);
    expect((await list('from=2026-03-05')).count).toBe(0);
  });

  it("answers a page in a fixed number of queries, and nothing of another gym's", async () => {
    const small = await countDriverQueries(t.db, () => c.get('/api/documents/?limit=1'));
    const large = await countDriverQueries(t.db, () => c.get('/api/documents/?limit=100'));
    expect(large.count).toBe(small.count);
    expect(((await otherOwner.get(`/api/documents/?templateId=${waiver.id}`)).json() as { count: number }).count).toBe(0);
  });

  it('exports the whole filter as CSV', async () => {
    const res = await c.get('/api/documents/export.csv?type=waiver&sort=athlete&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(DOCUMENTS_CSV_HEADER.join(','));
    expect(lines).toHaveLength(4);
    expect(res.body).toContain('Signed');
    expect(res.body).toContain(g.members[0]!.fullName);
  });

  it('shows one document: rendered with merge fields, or signed with its audit facts', async () => {
    const [unsigned] = (await docsOf(g.members[2]!.athleteId)).filter((d) => d.templateId === waiver.id);
    const d = await detail(c, unsigned!.id);
    expect(d.content).toContain(g.members[2]!.fullName);
    expect(d.content).toContain(g.gym.title);
    expect(d.canSign).toBe(false);
    expect(d.signature).toBeNull();
    const [signed] = (await docsOf(g.members[0]!.athleteId)).filter((d) => d.templateId === waiver.id);
    const s = await detail(c, signed!.id);
    expect(s.state).toBe('signed');
    expect(s.signature).toMatchObject({ signerName: g.members[0]!.fullName, method: 'typed', via: 'front_desk', ip: '203.0.113.9', userAgent: 'Vitest' });
    expect(s.signature!.contentSha256).toBe(s.contentSha256);
    expect((await otherOwner.get(`/api/documents/${signed!.id}/`)).statusCode).toBe(404);
  });
});

describe('voiding and reminding', () => {
  it('voids an unsigned document with a reason; a signed one is refused', async () => {
    const tpl = await template(w.gym.id, { title: 'Void Me' });
    const [a, b] = w.members as [Athlete, Athlete];
    await issue(owner, { templateId: tpl.id, athleteIds: [a.athleteId, b.athleteId], sendEmail: false });
    const [da] = (await docsOf(a.athleteId)).filter((d) => d.templateId === tpl.id);
    const [db] = (await docsOf(b.athleteId)).filter((d) => d.templateId === tpl.id);
    expect((await otherOwner.post(`/api/documents/${da!.id}/void/`, { reason: 'x' })).statusCode).toBe(404);
    const res = await owner.post(`/api/documents/${da!.id}/void/`, { reason: 'Wrong athlete' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'voided', voidReason: 'Wrong athlete' });
    await signTyped(w.gym.id, db!.id, b.fullName);
    const refused = await owner.post(`/api/documents/${db!.id}/void/`, {});
    expect(refused.statusCode).toBe(409);
    expect((await detail(owner, db!.id)).state).toBe('signed');
  });

  it('reminds the athlete, else their guardians, through the outbox; refuses with no email or once signed', async () => {
    const tpl = await template(w.gym.id, { title: 'Remind Me' });
    const a = w.members[3]!;
    const kid = await t.make.athlete(w.gym.id, { login: false, email: `kid@${NO_EMAIL_DOMAIN}`, firstName: 'Kiddo', lastName: 'Dependant' });
    const parent = await t.make.athlete(w.gym.id, { firstName: 'Parent', lastName: 'Guardian' });
    await t.db.insert(profileLinks).values({ profileId: kid.profileId, userId: parent.userId! });
    const lonely = await t.make.athlete(w.gym.id, { login: false, email: `lonely@${NO_EMAIL_DOMAIN}` });
    await issue(owner, { templateId: tpl.id, athleteIds: [a.athleteId, kid.athleteId, lonely.athleteId], sendEmail: false });
    const docOf = async (id: string) => (await docsOf(id)).find((d) => d.templateId === tpl.id)!;

    expect((await otherOwner.post(`/api/documents/${(await docOf(a.athleteId)).id}/remind/`)).statusCode).toBe(404);
    const res = await owner.post(`/api/documents/${(await docOf(a.athleteId)).id}/remind/`);
    expect(res.statusCode).toBe(200);
    expect((await mailsTo(a.email!)).filter((m) => m.kind === 'document_reminder' && m.subject.includes('Remind Me'))).toHaveLength(1);
    expect((await docOf(a.athleteId)).reminderCount).toBe(1);

    expect((await owner.post(`/api/documents/${(await docOf(kid.athleteId)).id}/remind/`)).statusCode).toBe(200);
    const toParent = (await mailsTo(parent.email!)).filter((m) => m.kind === 'document_reminder');
    expect(toParent).toHaveLength(1);
    expect(toParent[0]!.text).toContain('Kiddo Dependant');

    const none = await owner.post(`/api/documents/${(await docOf(lonely.athleteId)).id}/remind/`);
    expect(none.statusCode).toBe(400);
    expect((await docOf(lonely.athleteId)).reminderCount).toBe(0);

    await signTyped(w.gym.id, (await docOf(a.athleteId)).id, a.fullName);
    const signedDoc = (await docsOf(a.athleteId)).find((d) => d.templateId === tpl.id && d.signedAt)!;
    expect((await owner.post(`/api/documents/${signedDoc.id}/remind/`)).statusCode).toBe(400);
  });
});

describe('the daily reminder job', () => {
  it('reminds unsigned documents issued 3+ days ago, once a day, every 7 days, at most 3 times', async () => {
    const g = await t.make.kioskGym({ athletes: 2 });
    const tpl = await template(g.gym.id, { title: 'Job Waiver' });
    const [old, fresh] = g.members as [Athlete, Athlete];
    const now = new Date(TEST_NOW);
    await t.db.insert(documents).values([
      { gymId: g.gym.id, athleteId: old.athleteId, templateId: tpl.id, title: 'Job Waiver', issuedAt: new Date(now.getTime() - 4 * DAY) },
      { gymId: g.gym.id, athleteId: fresh.athleteId, templateId: tpl.id, title: 'Job Waiver', issuedAt: new Date(now.getTime() - 1 * DAY) },
    ]);
    const run = (at: Date) => runDocumentReminders(t.db, t.app.jobs, 'http://localhost:3000', { now: at, gymId: g.gym.id });
    expect(await run(now)).toBe(1);
    expect(await run(now)).toBe(0);
    expect(await run(new Date(now.getTime() + 3 * DAY))).toBe(1); // the fresh one is now 4 days old
    expect(await run(new Date(now.getTime() + 7 * DAY + 1000))).toBe(1); // the old one again
    expect(await run(new Date(now.getTime() + 14 * DAY + 2000))).toBe(2);
    expect(await run(new Date(now.getTime() + 21 * DAY + 3000))).toBe(1); // the old one has had 3
    expect(await run(new Date(now.getTime() + 60 * DAY))).toBe(0);
    const rows = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.gymId, g.gym.id), inArray(documents.athleteId, [old.athleteId, fresh.athleteId])));
    expect(rows.map((r) => r.reminderCount).sort()).toEqual([3, 3]);
    const mails = (await mailsTo(old.email!)).filter((m) => m.kind === 'document_reminder');
    expect(mails).toHaveLength(3);
    expect(mails[0]!.text).toContain('/documents/unsigned/');
    // Voided or signed documents are not reminded.
    const [late] = await t.db
      .insert(documents)
      .values({ gymId: g.gym.id, athleteId: old.athleteId, title: 'Voided', issuedAt: new Date(now.getTime() - 10 * DAY), voidedAt: now })
      .returning();
    expect(await run(new Date(now.getTime() + 90 * DAY))).toBe(0);
    expect(late).toBeTruthy();
  });

  it('the queue is registered with a daily schedule', async () => {
    const { JOBS } = await import('../../lib/jobs');
    expect(JOBS['documents.remind'].queue.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(await t.db.select({ id: athletes.id }).from(athletes).limit(1)).toHaveLength(1);
  });
});
