import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDetail, MessageRow, Page } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { Athlete, GymRow } from '../../../test/factories';
import { mailOutbox, profileLinks } from '../../db/schema';
import { NO_EMAIL_DOMAIN } from '../people';
import { kindLabelOf } from './message-log.repository';
import { MESSAGES_CSV_HEADER } from './message-log.routes';

fixClock(TEST_NOW);

let t: TestApp;
let gym: GymRow;
let otherGym: GymRow;
let owner: ApiClient;
let otherOwner: ApiClient;
let athlete: Athlete;
let child: Athlete;
let parentEmail: string;
const HOUR = 3_600_000;
const now = new Date(TEST_NOW).getTime();

type Mail = Partial<typeof mailOutbox.$inferInsert> & { toAddress: string };
async function mail(gymId: string, m: Mail) {
  const [row] = await t.db
    .insert(mailOutbox)
    .values({ gymId, kind: 'class_booked', subject: 'Booked: Morning WOD', text: 'Hi', status: 'sent', attempts: 1, ...m })
    .returning();
  return row!;
}

let failedId: string;
let otherGymMailId: string;

beforeAll(async () => {
  t = await createTestApp();
  // America/Chicago: TEST_NOW (20:30 UTC, 4 March) is 14:30 on 4 March there.
  gym = await t.make.gym({ senderName: 'Riverside Strength' });
  otherGym = await t.make.gym();
  owner = await t.as(await t.make.owner(gym.id));
  otherOwner = await t.as(await t.make.owner(otherGym.id));
  athlete = await t.make.athlete(gym.id, { email: 'Pat.Log@test.example.com', firstName: 'Pat', lastName: 'Log' });
  child = await t.make.athlete(gym.id, { login: false, email: `kid-log@${NO_EMAIL_DOMAIN}`, firstName: 'Kid', lastName: 'Log' });
  const parent = await t.make.user({ email: 'parent-log@test.example.com' });
  parentEmail = parent.email;
  await t.db.insert(profileLinks).values({ profileId: child.profileId, userId: parent.id });

  await mail(gym.id, {
    toAddress: 'pat.log@test.example.com',
    subject: 'Booked: Morning WOD, Monday',
    createdAt: new Date(now - 3 * HOUR),
    sentAt: new Date(now - 3 * HOUR),
  });
  failedId = (
    await mail(gym.id, {
      toAddress: 'PAT.LOG@test.example.com',
      kind: 'invoice',
      subject: 'Your invoice INV-1',
      status: 'failed',
      attempts: 3,
      lastError: 'SMTP 550 mailbox unavailable',
      createdAt: new Date(now - 2 * HOUR),
    })
  ).id;
  await mail(gym.id, {
    toAddress: parentEmail,
    kind: 'document_issued',
    subject: 'Please sign: Waiver',
    status: 'pending',
    attempts: 0,
    createdAt: new Date(now - HOUR),
  });
  await mail(gym.id, {
    toAddress: 'someone@test.example.com',
    kind: 'athlete_bulk_email',
    subject: '=Summer party',
    createdAt: new Date(now - 30 * 24 * HOUR),
    html: '<p>Party</p>',
    replyTo: 'desk@riverside.example',
    fromName: 'Riverside Strength',
  });
  otherGymMailId = (await mail(otherGym.id, { toAddress: 'pat.log@test.example.com', subject: 'Other gym mail', createdAt: new Date(now - HOUR) })).id;
});
afterAll(async () => {
  await t.close();
});

const page = async (c: ApiClient, url: string) => {
  const res = await c.get(url);
  expect(res.statusCode).toBe(200);
  return res.json() as Page<MessageRow>;
};

describe('the message log', () => {
  it("lists the gym's mails newest first with their state, retries and readable kind", async () => {
    const p = await page(owner, '/api/messages/');
    expect(p.count).toBe(4);
    expect(p.results.map((r) => r.subject)).toEqual(['Please sign: Waiver', 'Your invoice INV-1', 'Booked: Morning WOD, Monday', '=Summer party']);
    expect(p.results[1]).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SMTP 550 mailbox unavailable', kindLabel: 'Invoice', sentAt: null });
    expect(p.results[3]!.kindLabel).toBe('Athlete bulk email');
    expect(p.results[2]!.kindLabel).toBe('Class booking confirmation');
  });

  it('filters by state, kind, the gym-zone day and a search on recipient or subject, paged', async () => {
    expect((await page(owner, '/api/messages/?status=failed')).results.map((r) => r.messageId)).toEqual([failedId]);
    expect((await page(owner, '/api/messages/?kind=document_issued')).count).toBe(1);
    expect((await page(owner, '/api/messages/?from=2026-03-04&to=2026-03-04')).count).toBe(3);
    expect((await page(owner, '/api/messages/?to=2026-03-03')).count).toBe(1);
    expect((await page(owner, '/api/messages/?search=PAT.LOG')).count).toBe(2);
    expect((await page(owner, '/api/messages/?search=invoice')).count).toBe(1);
    const first = await page(owner, '/api/messages/?limit=2');
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('offset=2');
    const second = await page(owner, '/api/messages/?limit=2&offset=2');
    expect(second.results.map((r) => r.subject)).toEqual(['Booked: Morning WOD, Monday', '=Summer party']);
    expect(second.next).toBeNull();
  });

  it('refuses a bad filter with a message', async () => {
    const res = await owner.get('/api/messages/?from=2026-03-05&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect((await owner.get('/api/messages/?status=lost')).statusCode).toBe(400);
  });

  it('answers a page in a fixed number of queries, and nothing of another gym', async () => {
    const small = await countDriverQueries(t.db, () => owner.get('/api/messages/?limit=1'));
    const large = await countDriverQueries(t.db, () => owner.get('/api/messages/?limit=100'));
    expect(large.count).toBe(small.count);
    const theirs = await page(otherOwner, '/api/messages/');
    expect(theirs.results.map((r) => r.subject)).toEqual(['Other gym mail']);
  });

  it('shows one mail with its From and Reply-To, and 404s for another gym', async () => {
    const list = await page(owner, '/api/messages/?kind=athlete_bulk_email');
    const res = await owner.get(`/api/messages/${list.results[0]!.messageId}/`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as MessageDetail;
    expect(d).toMatchObject({ from: '"Riverside Strength" <no-reply@spotter.local>', replyTo: 'desk@riverside.example', html: '<p>Party</p>', text: 'Hi' });
    const plain = (await owner.get(`/api/messages/${failedId}/`)).json() as MessageDetail;
    expect(plain.from).toContain('no-reply@spotter.local');
    expect((await owner.get(`/api/messages/${otherGymMailId}/`)).statusCode).toBe(404);
    expect((await otherOwner.get(`/api/messages/${failedId}/`)).statusCode).toBe(404);
  });

  it('exports the filter as CSV, formulas neutralised', async () => {
    const res = await owner.get('/api/messages/csv/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(MESSAGES_CSV_HEADER.join(','));
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain('Failed');
    expect(lines[2]).toContain('2026-03-04 12:30');
    expect(lines[4]).toContain("'=Summer party");
    const failedOnly = await owner.get('/api/messages/csv/?status=failed');
    expect(failedOnly.body.trim().split(/\r?\n/)).toHaveLength(2);
  });

  it('needs FlowView', async () => {
    const clerk = await t.as(await t.make.staff(gym.id, { permissions: ['AthleteView'] }));
    expect((await clerk.get('/api/messages/')).statusCode).toBe(403);
    expect((await clerk.get('/api/messages/csv/')).statusCode).toBe(403);
    const viewer = await t.as(await t.make.staff(gym.id, { permissions: ['FlowView'] }));
    expect((await viewer.get('/api/messages/')).statusCode).toBe(200);
  });
});

describe("an athlete's messages", () => {
  it('lists the mails to their address in any case, in this gym only', async () => {
    const p = await page(owner, `/api/athletes/${athlete.athleteId}/messages/`);
    expect(p.results.map((r) => r.subject)).toEqual(['Your invoice INV-1', 'Booked: Morning WOD, Monday']);
  });

  it("lists a child's mails sent to their parent", async () => {
    const p = await page(owner, `/api/athletes/${child.athleteId}/messages/`);
    expect(p.results.map((r) => r.subject)).toEqual(['Please sign: Waiver']);
  });

  it("404s for another gym's athlete and needs AthleteView", async () => {
    expect((await otherOwner.get(`/api/athletes/${athlete.athleteId}/messages/`)).statusCode).toBe(404);
    const coach = await t.as(await t.make.staff(gym.id, { permissions: ['FlowView'] }));
    expect((await coach.get(`/api/athletes/${athlete.athleteId}/messages/`)).statusCode).toBe(403);
  });
});

describe('kind labels', () => {
  it('reads a template label, else the kind humanised', () => {
    expect(kindLabelOf('password_reset')).toBe('Password reset');
    expect(kindLabelOf('athlete_bulk_email')).toBe('Athlete bulk email');
  });
});
