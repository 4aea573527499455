import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { athletePageSchema, membershipState, membershipStates, tagMessages, tagPageSchema, type HeldPackage } from '@spotter/shared';
import * as s from '../../db/schema';
import { queryRows } from '../../db/client';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';
import type { Athlete, GymRow } from '../../../test/factories';
import { athleteBatches, phoneDigitsOf } from './athletes-list.repository';
import { cleanSubject, textToHtml } from './athletes-list.service';
import { membershipStateSql } from './membership.sql';

fixClock(TEST_NOW);
const NOW = new Date(TEST_NOW);
const DAY = 86_400_000;

let t: TestApp;
let gym: GymRow;
let owner: ApiClient;
/** Staff holding AthleteView only. */
let viewer: ApiClient;
/** Staff holding Kiosk but not AthleteView. */
let kioskOnly: ApiClient;
let athleteClient: ApiClient;
/** The owner of another gym. */
let stranger: ApiClient;
let otherGym: GymRow;

beforeAll(async () => {
  t = await createTestApp();
  gym = await t.make.gym({ title: 'Iron Temple Barbell' });
  owner = await t.as(await t.make.owner(gym.id));
  viewer = await t.as(await t.make.staff(gym.id, { permissions: ['AthleteView'] }));
  kioskOnly = await t.as(await t.make.staff(gym.id, { permissions: ['Kiosk'] }));
  const member = await t.make.athlete(gym.id);
  athleteClient = await t.as({ userId: member.userId!, profileId: member.profileId });
  otherGym = await t.make.gym({ title: 'Northside Strength', country: 'GB', timeZone: 'Europe/London' });
  stranger = await t.as(await t.make.owner(otherGym.id));
});
afterAll(async () => {
  await t.close();
});

/** A gym of its own for a test, so that its list holds only what the test made. */
async function freshGym(o: Partial<typeof s.gyms.$inferInsert> = {}) {
  const g = await t.make.gym(o);
  const staff = await t.make.staff(g.id, { permissions: ['AthleteView'] });
  return { gym: g, client: await t.as(staff) };
}

async function athlete(
  g: GymRow,
  o: { firstName?: string; lastName?: string; email?: string | null; phone?: string; createdAt?: Date; archived?: boolean } = {},
): Promise<Athlete> {
  const a = await t.make.athlete(g.id, { login: false, firstName: o.firstName, lastName: o.lastName ?? 'Tester' });
  await t.db
    .update(s.athletes)
    .set({
      phone: o.phone ?? '',
      ...(o.email !== undefined ? { email: o.email } : {}),
      ...(o.createdAt ? { createdAt: o.createdAt } : {}),
      ...(o.archived ? { archivedAt: new Date(NOW.getTime() - DAY) } : {}),
    })
    .where(eq(s.athletes.id, a.athleteId));
  return a;
}

async function pkg(gymId: string, kind: HeldPackage['kind']) {
  const [row] = await t.db
    .insert(s.packages)
    .values({ gymId, name: `${kind} ${Math.random()}`, kind })
    .returning();
  return row!;
}

async function hold(a: Athlete, packageId: string, status: HeldPackage['status']) {
  await t.db.insert(s.athletePackages).values({ gymId: a.gymId, athleteId: a.athleteId, packageId, status, startDate: '2026-01-01' });
}

async function tag(gymId: string, name: string) {
  const [row] = await t.db.insert(s.tags).values({ gymId, name }).returning();
  return row!;
}

async function tagAthletes(tagId: string, list: Athlete[]) {
  await t.db.insert(s.athleteTags).values(list.map((a) => ({ athleteId: a.athleteId, tagId, gymId: a.gymId })));
}

/** A checked-in visit of the athlete to a class `daysAgo` days ago. */
async function visit(g: GymRow, a: Athlete, daysAgo: number) {
  const event = await t.make.event(g, { daysAhead: -daysAgo, time: '09:00' });
  await t.make.reserve(event, [a.athleteId], { isCheckedIn: true });
}

async function list(client: ApiClient, query = '') {
  const res = await client.get(`/api/athletes/${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return athletePageSchema.parse(res.json());
}
const names = (page: { results: { firstName: string }[] }) => page.results.map((r) => r.firstName);

describe('athletes list: rows, search, paging (issue 17)', () => {
  let w: Awaited<ReturnType<typeof freshGym>>;
  beforeAll(async () => {
    w = await freshGym();
    await athlete(w.gym, { firstName: 'Carla', lastName: 'Diaz', email: 'carla@example.com', phone: '13125550142' });
    await athlete(w.gym, { firstName: 'alan', lastName: 'Brook', email: 'a.brook@mail.example.com', phone: '13125550199' });
    await athlete(w.gym, { firstName: 'Bea', lastName: 'Archer', email: null, phone: '447700900123' });
    await athlete(w.gym, { firstName: 'Zed', lastName: 'Gone', archived: true });
  });

  it('answers the gym’s current athletes by name (case-insensitive), with each row’s fields and page links', async () => {
    const page = await list(w.client);
    expect(page.count).toBe(3);
    expect(names(page)).toEqual(['alan', 'Bea', 'Carla']);
    expect(page.results[2]).toMatchObject({
      fullName: 'Carla Diaz',
      email: 'carla@example.com',
      phone: '13125550142',
      membershipState: 'none',
      tags: [],
      hasPastDueBills: false,
      hasUnsignedDocuments: false,
      lastVisitAt: null,
      isArchived: false,
    });
    const first = await list(w.client, 'limit=2');
    expect(names(first)).toEqual(['alan', 'Bea']);
    expect(first.next).toContain('offset=2');
    expect(names(await list(w.client, 'limit=2&offset=2'))).toEqual(['Carla']);
  });

  it('searches by name, email, and phone digits however the phone is typed', async () => {
    expect(names(await list(w.client, 'search=DIAZ'))).toEqual(['Carla']);
    expect(names(await list(w.client, 'search=mail.example'))).toEqual(['alan']);
    expect(names(await list(w.client, `search=${encodeURIComponent('(312) 555-0142')}`))).toEqual(['Carla']);
    expect(names(await list(w.client, 'search=5550'))).toEqual(['alan', 'Carla']);
    // A UK number typed nationally, with its trunk 0, finds the stored international digits.
    expect(names(await list(w.client, `search=${encodeURIComponent('07700 900123')}`))).toEqual(['Bea']);
    // A LIKE wildcard is a character like any other.
    expect((await list(w.client, 'search=%25')).count).toBe(0);
    expect(phoneDigitsOf('12')).toEqual([]);
    expect(phoneDigitsOf('Carla 312')).toEqual([]);
  });

  it('shows archived athletes only under the archived filter', async () => {
    expect(names(await list(w.client, 'archived=true'))).toEqual(['Zed']);
    expect((await list(w.client, 'archived=true')).results[0]!.isArchived).toBe(true);
  });
});

describe('athletes list: filters and sorts, each proven on its own data', () => {
  let w: Awaited<ReturnType<typeof freshGym>>;
  const a: Record<string, Athlete> = {};
  let competition: typeof s.tags.$inferSelect;
  beforeAll(async () => {
    w = await freshGym();
    const [membership, trial] = [await pkg(w.gym.id, 'membership'), await pkg(w.gym.id, 'trial')];
    let day = 0;
    for (const name of ['Active', 'Trial', 'Held', 'Cancelled', 'Nothing']) {
      a[name] = await athlete(w.gym, { firstName: name, createdAt: new Date(NOW.getTime() - (100 - day++) * DAY) });
    }
    await hold(a.Active!, membership.id, 'active');
    await hold(a.Active!, trial.id, 'active');
    await hold(a.Trial!, trial.id, 'active');
    await hold(a.Held!, membership.id, 'on_hold');
    await hold(a.Cancelled!, membership.id, 'cancelled');
    await hold(a.Cancelled!, trial.id, 'ended');
    await t.make.invoice(w.gym.id, a.Held!.athleteId);
    await t.make.invoice(w.gym.id, a.Trial!.athleteId, { status: 'paid' });
    await t.make.document(w.gym.id, a.Cancelled!.athleteId);
    await t.make.document(w.gym.id, a.Nothing!.athleteId, { signedAt: new Date() });
    competition = await tag(w.gym.id, 'Competition team');
    await tagAthletes(competition.id, [a.Trial!, a.Nothing!]);
    await visit(w.gym, a.Active!, 2);
    await visit(w.gym, a.Active!, 40);
    await visit(w.gym, a.Trial!, 40);
    await visit(w.gym, a.Held!, 10);
    // Booked but never checked in: not a visit.
    const missed = await t.make.event(w.gym, { daysAhead: -1 });
    await t.make.reserve(missed, [a.Cancelled!.athleteId]);
  });

  it('filters by each membership state (membershipStateSql)', async () => {
    const by = async (state: string) => names(await list(w.client, `membershipState=${state}`));
    expect(await by('active')).toEqual(['Active']);
    expect(await by('trial')).toEqual(['Trial']);
    expect(await by('on_hold')).toEqual(['Held']);
    expect(await by('cancelled')).toEqual(['Cancelled']);
    expect(await by('none')).toEqual(['Nothing']);
    const rows = (await list(w.client)).results;
    expect(Object.fromEntries(rows.map((r) => [r.firstName, r.membershipState]))).toEqual({
      Active: 'active',
      Trial: 'trial',
      Held: 'on_hold',
      Cancelled: 'cancelled',
      Nothing: 'none',
    });
  });

  it('filters by a past-due bill, an unsigned document and a tag, and shows the flags and tags on the rows', async () => {
    expect(names(await list(w.client, 'pastDue=true'))).toEqual(['Held']);
    expect(names(await list(w.client, 'unsignedDocument=true'))).toEqual(['Cancelled']);
    expect(names(await list(w.client, `tagId=${competition.id}`))).toEqual(['Nothing', 'Trial']);
    expect(names(await list(w.client, `tagId=${competition.id}&membershipState=trial`))).toEqual(['Trial']);
    const rows = Object.fromEntries((await list(w.client)).results.map((r) => [r.firstName, r]));
    expect(rows.Held).toMatchObject({ hasPastDueBills: true, hasUnsignedDocuments: false });
    expect(rows.Cancelled).toMatchObject({ hasPastDueBills: false, hasUnsignedDocuments: true });
    expect(rows.Trial!.tags).toEqual([{ tagId: competition.id, name: 'Competition team', color: 'gray' }]);
  });

  it('filters by a last visit older than N days, never visited counting as older', async () => {
    expect(names(await list(w.client, 'lastVisitOlderThanDays=30'))).toEqual(['Cancelled', 'Nothing', 'Trial']);
    expect(names(await list(w.client, 'lastVisitOlderThanDays=5'))).toEqual(['Cancelled', 'Held', 'Nothing', 'Trial']);
    expect(names(await list(w.client, 'lastVisitOlderThanDays=60'))).toEqual(['Cancelled', 'Nothing']);
    const rows = Object.fromEntries((await list(w.client)).results.map((r) => [r.firstName, r.lastVisitAt]));
    expect(new Date(rows.Active!).getTime()).toBeGreaterThan(NOW.getTime() - 3 * DAY);
    expect(rows.Cancelled).toBeNull();
  });

  it('sorts by name, joined and last visit, both ways', async () => {
    expect(names(await list(w.client, 'sort=name&order=desc'))).toEqual(['Trial', 'Nothing', 'Held', 'Cancelled', 'Active']);
    expect(names(await list(w.client, 'sort=created'))).toEqual(['Active', 'Trial', 'Held', 'Cancelled', 'Nothing']);
    expect(names(await list(w.client, 'sort=created&order=desc'))).toEqual(['Nothing', 'Cancelled', 'Held', 'Trial', 'Active']);
    // Oldest visit first, never visited before any visit.
    expect(names(await list(w.client, 'sort=lastVisit'))).toEqual(['Cancelled', 'Nothing', 'Trial', 'Held', 'Active']);
    expect(names(await list(w.client, 'sort=lastVisit&order=desc'))).toEqual(['Active', 'Held', 'Trial', 'Cancelled', 'Nothing']);
    expect(names(await list(w.client, 'sort=lastVisit&limit=2&offset=2'))).toEqual(['Trial', 'Held']);
  });
});

describe('athletes list: a fixed number of statements whatever the page size', () => {
  it('runs as many statements for 5 rows as for 50, each row with tags, packages, bills and visits', async () => {
    const w = await freshGym();
    const membership = await pkg(w.gym.id, 'membership');
    const [t1, t2] = [await tag(w.gym.id, 'One'), await tag(w.gym.id, 'Two')];
    const made = await t.make.athletes(w.gym.id, 55);
    await tagAthletes(t1.id, made);
    await tagAthletes(t2.id, made.slice(0, 30));
    for (const m of made.slice(0, 20)) await hold(m, membership.id, 'active');
    await t.make.invoice(w.gym.id, made[3]!.athleteId);
    const event = await t.make.event(w.gym, { daysAhead: -2 });
    await t.make.reserve(
      event,
      made.slice(0, 10).map((m) => m.athleteId),
      { isCheckedIn: true },
    );
    for (const sort of ['name', 'lastVisit']) {
      const small = await countDriverQueries(t.db, () => w.client.get(`/api/athletes/?limit=5&sort=${sort}`));
      const large = await countDriverQueries(t.db, () => w.client.get(`/api/athletes/?limit=50&sort=${sort}&membershipState=active&search=thlete`));
      expect(athletePageSchema.parse(small.result.json()).results).toHaveLength(5);
      expect(athletePageSchema.parse(large.result.json()).results).toHaveLength(20);
      expect(large.count).toBe(small.count);
      // The session, the count, the page, its tags.
      expect(small.count).toBeLessThanOrEqual(4);
    }
  });
});

describe('athletes CSV export', () => {
  it('streams every athlete of the filter, beyond one page, in its sort, with a header and the gym in the file name', async () => {
    const w = await freshGym({ title: 'Maple Athletics' });
    const club = await tag(w.gym.id, 'Barbell club');
    const made = await t.make.athletes(w.gym.id, 32);
    await tagAthletes(club.id, made.slice(0, 30));
    await t.db.update(s.athletes).set({ phone: '13125550100', email: '=HYPERLINK("x")' }).where(eq(s.athletes.id, made[0]!.athleteId));
    const res = await w.client.get(`/api/athletes/export.csv?tagId=${club.id}&sort=name&order=desc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="athletes-maple-athletics-2026-03-04.csv"');
    // No blank line anywhere (the header's own line end is the only one after it).
    expect(res.body).not.toMatch(/\r\n\r\n/);
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([
      'Name',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Membership',
      'Tags',
      'Past-due bill',
      'Unsigned document',
      'Last visit',
      'Joined',
      'Archived',
    ]);
    expect(rows).toHaveLength(30);
    const expected = made
      .slice(0, 30)
      .map((m) => m.fullName)
      .sort((x, y) => y.toLowerCase().localeCompare(x.toLowerCase()));
    expect(rows.map((r) => r[0])).toEqual(expected);
    const first = rows.find((r) => r[0] === made[0]!.fullName)!;
    // A cell a spreadsheet would run as a formula is quoted out (OWASP CSV injection).
    expect(first[3]).toBe(`'=HYPERLINK("x")`);
    expect(first[4]).toBe(`'+13125550100`);
    expect(first.slice(5, 9)).toEqual(['No membership', 'Barbell club', 'No', 'No']);
    expect(first[10]).toBe('2026-03-04');
  });

  it('reads the set in batches, two statements a batch, none missed nor repeated', async () => {
    const w = await freshGym();
    const made = await t.make.athletes(w.gym.id, 23);
    const seen: string[] = [];
    const { count } = await countDriverQueries(t.db, async () => {
      for await (const batch of athleteBatches(t.db, w.gym.id, { search: '', sort: 'name', order: 'asc' }, NOW, 10)) {
        expect(batch.length).toBeLessThanOrEqual(10);
        seen.push(...batch.map((r) => r.athleteId));
      }
    });
    expect(new Set(seen).size).toBe(23);
    expect(seen.sort()).toEqual(made.map((m) => m.athleteId).sort());
    expect(count).toBe(6);
  });
});

describe('tags', () => {
  it('lists the gym’s tags with counts, creates one, refuses a duplicate name whatever its case, deletes', async () => {
    const w = await freshGym();
    const made = await t.make.athletes(w.gym.id, 3);
    const created = await w.client.post('/api/tags/', { name: 'Early bird', color: 'teal' });
    expect(created.statusCode, created.body).toBe(201);
    const early = created.json() as { tagId: string; name: string; color: string };
    expect(early).toMatchObject({ name: 'Early bird', color: 'teal' });
    await tagAthletes(early.tagId, made.slice(0, 2));
    await w.client.post('/api/tags/', { name: 'Barbell club' });
    const page = tagPageSchema.parse((await w.client.get('/api/tags/')).json());
    expect(page.results.map((r) => [r.name, r.athleteCount])).toEqual([
      ['Barbell club', 0],
      ['Early bird', 2],
    ]);
    const dup = await w.client.post('/api/tags/', { name: 'EARLY BIRD' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: tagMessages.nameTaken, fields: { name: [tagMessages.nameTaken] } });
    expect((await w.client.post('/api/tags/', { name: '  ' })).json().fields.name).toEqual([tagMessages.nameRequired]);
    expect((await w.client.delete(`/api/tags/${early.tagId}/`)).statusCode).toBe(200);
    expect(await t.db.select().from(s.athleteTags).where(eq(s.athleteTags.tagId, early.tagId))).toEqual([]);
    const audit = await t.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.gymId, w.gym.id), eq(s.auditLog.entityType, 'tag')));
    expect(audit.map((r) => r.action).sort()).toEqual(['tag.created', 'tag.created', 'tag.deleted']);
  });
});

describe('bulk actions', () => {
  it('adds a tag to the chosen athletes and removes it, in one go, with an audit row per athlete changed', async () => {
    const w = await freshGym();
    const made = await t.make.athletes(w.gym.id, 4);
    const injured = await tag(w.gym.id, 'Injured');
    await tagAthletes(injured.id, [made[0]!]);
    const ids = made.slice(0, 3).map((m) => m.athleteId);
    const add = await w.client.post('/api/athletes/bulk/tags/', { athleteIds: ids, tagId: injured.id, action: 'add' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ changed: 2 });
    expect(names(await list(w.client, `tagId=${injured.id}`))).toHaveLength(3);
    const audit = await t.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.gymId, w.gym.id), eq(s.auditLog.action, 'athlete.tag_added')));
    expect(audit.map((r) => r.entityId).sort()).toEqual(ids.slice(1).sort());
    expect(audit[0]!.changes).toEqual({ tag: 'Injured' });
    const remove = await w.client.post('/api/athletes/bulk/tags/', {
      athleteIds: [made[0]!.athleteId, made[3]!.athleteId],
      tagId: injured.id,
      action: 'remove',
    });
    expect(remove.json()).toEqual({ changed: 1 });
    expect((await list(w.client, `tagId=${injured.id}`)).count).toBe(2);
  });

  it('emails the chosen athletes with an email through the outbox, escaped, once per key', async () => {
    const w = await freshGym({ title: 'Iron & Co', email: 'front@iron.example.com' });
    const withEmail = await athlete(w.gym, { firstName: 'Mail', email: 'mail.me@example.com' });
    const withoutEmail = await athlete(w.gym, { firstName: 'Quiet', email: null });
    const body = {
      athleteIds: [withEmail.athleteId, withoutEmail.athleteId],
      subject: 'Holiday\r\nBcc: evil@example.com hours',
      message: 'Closed <b>Monday</b> & Tuesday.\n\nSee you!',
    };
    const res = await w.client.request('POST', '/api/athletes/bulk/email/', body, { headers: { 'idempotency-key': 'holiday-hours-1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: 1, skipped: 1 });
    const again = await w.client.request('POST', '/api/athletes/bulk/email/', body, { headers: { 'idempotency-key': 'holiday-hours-1' } });
    expect(again.json()).toEqual({ queued: 0, skipped: 1 });
    const rows = await t.db.select().from(s.mailOutbox).where(eq(s.mailOutbox.gymId, w.gym.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'athlete_bulk_email',
      toAddress: 'mail.me@example.com',
      subject: 'Holiday Bcc: evil@example.com hours',
      replyTo: 'front@iron.example.com',
      status: 'pending',
    });
    expect(rows[0]!.html).toBe('<p>Closed &lt;b&gt;Monday&lt;/b&gt; &amp; Tuesday.</p><p>See you!</p><p>Iron &amp; Co</p>');
    await t.drainJobs();
    const sent = t.mail.filter((m) => m.to === 'mail.me@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toBe('Closed <b>Monday</b> & Tuesday.\n\nSee you!\n\nIron & Co');
    const audit = await t.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.gymId, w.gym.id), eq(s.auditLog.action, 'athlete.emailed')));
    expect(audit.map((r) => r.entityId)).toEqual([withEmail.athleteId]);
    // A key in the body serves as well; without any key the request is refused.
    const bodyKey = await w.client.post('/api/athletes/bulk/email/', { ...body, key: 'holiday-hours-2' });
    expect(bodyKey.json()).toEqual({ queued: 1, skipped: 1 });
    const noKey = await w.client.post('/api/athletes/bulk/email/', body);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields.key).toEqual([tagMessages.keyRequired]);
  });

  it('refuses a key used before for other athletes or another subject (409), sending and auditing nothing more', async () => {
    const w = await freshGym({ title: 'Key Gym' });
    const [a, b] = [await athlete(w.gym, { firstName: 'Ann', email: 'ann@example.com' }), await athlete(w.gym, { firstName: 'Ben', email: 'ben@example.com' })];
    const send = (athleteIds: string[], subject = 'Schedule') =>
      w.client.request(
        'POST',
        '/api/athletes/bulk/email/',
        { athleteIds, subject, message: 'New times.' },
        { headers: { 'idempotency-key': 'schedule-key-1' } },
      );
    expect((await send([a.athleteId])).json()).toEqual({ queued: 1, skipped: 0 });
    const outbox = async () => (await t.db.select().from(s.mailOutbox).where(eq(s.mailOutbox.gymId, w.gym.id))).map((r) => r.toAddress).sort();
    const audited = async () =>
      (
        await t.db
          .select()
          .from(s.auditLog)
          .where(and(eq(s.auditLog.gymId, w.gym.id), eq(s.auditLog.action, 'athlete.emailed')))
      ).map((r) => r.entityId);
    // A superset retry under the same key: refused, nothing queued or audited for Ben.
    for (const res of [await send([a.athleteId, b.athleteId]), await send([b.athleteId]), await send([a.athleteId], 'Another subject')]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'key_reused', message: tagMessages.keyReused });
    }
    expect(await outbox()).toEqual(['ann@example.com']);
    expect(await audited()).toEqual([a.athleteId]);
    // The same request again is still a quiet retry.
    expect((await send([a.athleteId])).json()).toEqual({ queued: 0, skipped: 0 });
    expect(await audited()).toEqual([a.athleteId]);
  });

  it('cleans a subject to one line and escapes text into HTML', () => {
    expect(cleanSubject(' a\r\nb\tc\u0000 ')).toBe('a b c');
    expect(textToHtml(`<script>alert("x")</script>\nnext`)).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>next</p>');
  });
});

describe('who may: another gym, staff without AthleteView, athletes', () => {
  it('another gym’s staff neither see nor change this gym’s athletes and tags', async () => {
    const mine = await t.make.athletes(gym.id, 2);
    const injured = await tag(gym.id, 'Injured (access)');
    await tagAthletes(injured.id, [mine[0]!]);
    const theirs = await athlete(otherGym, { firstName: 'Theirs' });
    const before = await databaseDigest(t.db, ['sessions']);
    const seen = await list(stranger);
    expect(seen.results.map((r) => r.athleteId)).toEqual([theirs.athleteId]);
    expect((await list(stranger, `tagId=${injured.id}`)).count).toBe(0);
    expect(
      (await stranger.post('/api/athletes/bulk/tags/', { athleteIds: mine.map((m) => m.athleteId), tagId: injured.id, action: 'remove' })).statusCode,
    ).toBe(404);
    expect((await stranger.delete(`/api/tags/${injured.id}/`)).statusCode).toBe(404);
    const theirTag = await stranger.post('/api/tags/', { name: 'Theirs' });
    const theirTagId = (theirTag.json() as { tagId: string }).tagId;
    const before2 = await databaseDigest(t.db, ['sessions']);
    // Their own tag on this gym's athletes: nothing changes.
    expect((await stranger.post('/api/athletes/bulk/tags/', { athleteIds: mine.map((m) => m.athleteId), tagId: theirTagId, action: 'add' })).json()).toEqual({
      changed: 0,
    });
    const mail = await stranger.request(
      'POST',
      '/api/athletes/bulk/email/',
      { athleteIds: mine.map((m) => m.athleteId), subject: 'Hi', message: 'Hello' },
      { headers: { 'idempotency-key': 'stranger-1' } },
    );
    expect(mail.json()).toEqual({ queued: 0, skipped: 2 });
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before2);
    expect(before).not.toBe(before2);
    const csv = await stranger.get('/api/athletes/export.csv');
    expect(csv.body).not.toContain(mine[0]!.firstName);
  });

  it('refuses staff without AthleteView and athletes, on every route', async () => {
    const injured = await tag(gym.id, 'Refused');
    const calls = [
      (c: ApiClient) => c.get('/api/athletes/'),
      (c: ApiClient) => c.get('/api/athletes/export.csv'),
      (c: ApiClient) => c.get('/api/tags/'),
      (c: ApiClient) => c.post('/api/tags/', { name: 'Nope' }),
      (c: ApiClient) => c.delete(`/api/tags/${injured.id}/`),
      (c: ApiClient) => c.post('/api/athletes/bulk/tags/', { athleteIds: [injured.id], tagId: injured.id, action: 'add' }),
      (c: ApiClient) => c.post('/api/athletes/bulk/email/', { athleteIds: [injured.id], subject: 'a', message: 'b', key: 'refused-key' }),
    ];
    const before = await databaseDigest(t.db, ['sessions']);
    for (const call of calls) {
      expect((await call(kioskOnly)).statusCode).toBe(403);
      expect((await call(athleteClient)).statusCode).toBe(403);
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
    expect((await viewer.get('/api/athletes/')).statusCode).toBe(200);
    expect((await owner.get('/api/athletes/')).statusCode).toBe(200);
  });
});

describe('membershipStateSql agrees with the shared membershipState rule', () => {
  it('over every set of up to two held packages (each kind and status)', async () => {
    const g = await t.make.gym();
    const kinds = ['membership', 'class_pack', 'drop_in', 'trial'] as const;
    const statuses = ['active', 'on_hold', 'cancelled', 'ended'] as const;
    const packs = Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await pkg(g.id, k)] as const)));
    const singles: HeldPackage[] = kinds.flatMap((kind) => statuses.map((status) => ({ kind, status })));
    const combos: HeldPackage[][] = [[], ...singles.map((p) => [p]), ...singles.flatMap((p, i) => singles.slice(i).map((q) => [p, q]))];
    expect(combos).toHaveLength(1 + 16 + 136);
    const made = await t.make.athletes(g.id, combos.length, { lastName: 'Combo' });
    const rows = combos.flatMap((held, i) =>
      held.map((p) => ({ gymId: g.id, athleteId: made[i]!.athleteId, packageId: packs[p.kind]!.id, status: p.status, startDate: '2026-01-01' })),
    );
    await t.db.insert(s.athletePackages).values(rows);
    const states = await queryRows<{ id: string; state: string }>(
      t.db,
      sql`select a.id, ${membershipStateSql(sql`a.id`)} as state from athletes a where a.gym_id = ${g.id}`,
    );
    const byId = new Map(states.map((r) => [r.id, r.state]));
    const seen = new Set<string>();
    combos.forEach((held, i) => {
      const expected = membershipState(held);
      seen.add(expected);
      expect(byId.get(made[i]!.athleteId), JSON.stringify(held)).toBe(expected);
    });
    expect([...seen].sort()).toEqual([...membershipStates].sort());
  });
});
