import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Report, ReportDetailPage } from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { expectHeadlineOf } from '../../../test/report-headline';

/**
 * Issue 21: the member reports on a hand-built gym (US, America/Chicago), February 2026 (day periods), compared with
 * 4-31 January. Every answer below is worked out by hand from the fixture:
 *
 *   Ava    Unlimited 2026-01-15 to 2026-03-15 (crosses both edges of February)
 *   Ben    Unlimited 2026-02-05 to 2026-02-28 (ends on the range's last day, not cancelled)
 *   Cara   Intro Trial 2026-02-03 to 02-09, then Unlimited from 2026-02-10 (a trial converted)
 *   Dan    Unlimited 2025-11-01 to 2025-12-31 cancelled, Unlimited again from 2026-02-14 (45-day gap: reactivated)
 *   Eve    Unlimited 2026-01-05 to 2026-02-07, Unlimited again from 2026-02-17 (10-day gap: not reactivated)
 *   Finn   Unlimited 2025-12-01, cancelled, ending 2026-02-20 (a cancelled member)
 *   Gus    Free Pass (price 0) from 2026-01-01 (a member, not paying; new on 1 January, before the comparison period)
 *   Hana   Unlimited from 2025-10-01, on hold 2026-01-25 to 2026-02-05 (a hold over the range's first edge)
 *   Ivy    Unlimited from 2025-09-01, on hold 2026-02-12 to 2026-02-26
 *   Lea    Unlimited 2025-12-01 cancelled ending 2026-02-09, Unlimited from 2026-02-10 (a switch: not cancelled)
 *   Kim    Intro Trial from 2026-02-15, cancelled at 2026-02-19 03:00 UTC (21:00 on the 18th in Chicago)
 *   Jack   archived: Unlimited from 2026-02-02, on hold 2026-02-12 to 02-20 (never counted)
 * and a second gym with similar rows (never counted).
 */

fixClock(TEST_NOW);
let t: TestApp;
let owner: ApiClient;
const ids: Record<string, string> = {};

const RANGE = 'from=2026-02-01&to=2026-02-28';

beforeAll(async () => {
  t = await createTestApp();
  const m = t.make;
  const gym = await m.gym({ timeZone: 'America/Chicago', country: 'US' });
  owner = await t.as(await m.owner(gym.id));
  const unlimited = await m.pkg(gym.id, { name: 'Unlimited' });
  const free = await m.pkg(gym.id, { name: 'Free Pass' });
  const trial = await m.pkg(gym.id, { name: 'Intro Trial', kind: 'trial', category: 'Intro offers' });
  const athlete = async (firstName: string, lastName: string) => {
    const a = await m.athlete(gym.id, { login: false, firstName, lastName });
    ids[firstName] = a.athleteId;
    return a.athleteId;
  };
  const hold = (athleteId: string, o: Partial<typeof s.athletePackages.$inferInsert>) =>
    m.athletePackage(gym.id, athleteId, { packageId: unlimited.id, priceMinor: 10_000, ...o });

  await hold(await athlete('Ava', 'Edge'), { startDate: '2026-01-15', endDate: '2026-03-15' });
  await hold(await athlete('Ben', 'Lastday'), { startDate: '2026-02-05', endDate: '2026-02-28' });
  const cara = await athlete('Cara', 'Trial');
  await m.athletePackage(gym.id, cara, { packageId: trial.id, startDate: '2026-02-03', endDate: '2026-02-09', status: 'ended' });
  await hold(cara, { startDate: '2026-02-10', priceMinor: 8_000 });
  const dan = await athlete('Dan', 'Return');
  await hold(dan, { startDate: '2025-11-01', endDate: '2025-12-31', status: 'cancelled', cancelledAt: new Date('2025-12-01T16:00:00Z') });
  await hold(dan, { startDate: '2026-02-14' });
  const eve = await athlete('Eve', 'Quick');
  await hold(eve, { startDate: '2026-01-05', endDate: '2026-02-07', status: 'ended' });
  await hold(eve, { startDate: '2026-02-17' });
  await hold(await athlete('Finn', 'Cancel'), {
    startDate: '2025-12-01',
    endDate: '2026-02-20',
    status: 'cancelled',
    cancelledAt: new Date('2026-02-10T15:00:00Z'),
  });
  await m.athletePackage(gym.id, await athlete('Gus', 'Free'), { packageId: free.id, priceMinor: 0, startDate: '2026-01-01' });
  await hold(await athlete('Hana', 'Hold'), { startDate: '2025-10-01', holdStartsOn: '2026-01-25', holdEndsOn: '2026-02-05' });
  await hold(await athlete('Ivy', 'Hold'), { startDate: '2025-09-01', holdStartsOn: '2026-02-12', holdEndsOn: '2026-02-26' });
  const lea = await athlete('Lea', 'Switch');
  await hold(lea, { startDate: '2025-12-01', endDate: '2026-02-09', status: 'cancelled', cancelledAt: new Date('2026-02-01T15:00:00Z') });
  await hold(lea, { startDate: '2026-02-10', priceMinor: 5_000 });
  await m.athletePackage(gym.id, await athlete('Kim', 'Trialcancel'), {
    packageId: trial.id,
    startDate: '2026-02-15',
    endDate: '2026-02-18',
    status: 'cancelled',
    cancelledAt: new Date('2026-02-19T03:00:00Z'),
  });
  const jack = await athlete('Jack', 'Archived');
  await hold(jack, { startDate: '2026-02-02', holdStartsOn: '2026-02-12', holdEndsOn: '2026-02-20' });
  await m.athletePackage(gym.id, jack, { packageId: trial.id, startDate: '2026-02-01', cancelledAt: new Date('2026-02-05T15:00:00Z') });
  await t.db
    .update(s.athletes)
    .set({ archivedAt: new Date('2026-03-01T12:00:00Z') })
    .where(eq(s.athletes.id, jack));

  // Another gym with the same kinds of rows: none of them ever counts.
  const other = await m.gym({ timeZone: 'America/Chicago', country: 'US' });
  const otherUnlimited = await m.pkg(other.id, { name: 'Unlimited' });
  const otherTrial = await m.pkg(other.id, { name: 'Intro Trial', kind: 'trial' });
  for (const [i, name] of ['Olga', 'Otto', 'Omar'].entries()) {
    const a = (await m.athlete(other.id, { login: false, firstName: name, lastName: 'Other' })).athleteId;
    await m.athletePackage(other.id, a, { packageId: otherTrial.id, startDate: '2026-02-03', cancelledAt: new Date('2026-02-04T15:00:00Z') });
    await m.athletePackage(other.id, a, {
      packageId: otherUnlimited.id,
      priceMinor: 10_000,
      startDate: `2026-02-0${5 + i}`,
      holdStartsOn: '2026-02-12',
      holdEndsOn: '2026-02-20',
    });
    await m.athletePackage(other.id, a, {
      packageId: otherUnlimited.id,
      priceMinor: 10_000,
      startDate: '2025-10-01',
      endDate: '2026-02-20',
      cancelledAt: new Date('2026-02-01T15:00:00Z'),
    });
  }
});
afterAll(async () => {
  await t.close();
});

const report = async (type: string, query = RANGE): Promise<Report> => {
  const res = await owner.get(`/api/reports/${type}/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  await expectHeadlineOf(t, owner, type, query, res.json() as Report);
  return res.json() as Report;
};
const drill = async (type: string, key: string, extra = ''): Promise<ReportDetailPage> => {
  const res = await owner.get(`/api/reports/${type}/details/?${RANGE}&key=${key}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportDetailPage;
};
const csvLines = async (type: string, query = RANGE) => {
  const res = await owner.get(`/api/reports/${type}/csv/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body.replace(/^\uFEFF/, '').split('\r\n');
};
/** The report's non-zero period rows, as { period key: figure }. */
const nonZero = (r: Report, column: string) => Object.fromEntries(r.rows.filter((row) => row.cells[column] !== 0).map((row) => [row.key, row.cells[column]]));
const names = (page: ReportDetailPage) => page.results.map((d) => d.label);

describe('total members', () => {
  it('counts members on the last day: a package crossing both edges, one ending on the last day, on hold, free; not trials, not the ended, not the archived', async () => {
    const r = await report('total-members');
    // Ava, Ben, Cara, Dan, Eve, Gus, Hana, Ivy, Lea (Finn ended on the 20th, Kim holds a trial, Jack is archived).
    expect(r.total).toBe(9);
    // 31 January: Ava, Eve, Finn, Gus, Hana, Ivy, Lea.
    expect(r.previousTotal).toBe(7);
    expect(r.bucket).toBe('day');
    expect(r.rows).toHaveLength(28);
    expect(r.columns.map((c) => c.key)).toEqual(['period', 'day', 'members']);
    const byDay = Object.fromEntries(r.rows.map((row) => [row.key, row.cells.members]));
    expect(byDay).toMatchObject({
      '2026-02-01': 7,
      '2026-02-05': 8, // Ben starts
      '2026-02-07': 8,
      '2026-02-08': 7, // Eve's first package ended on the 7th
      '2026-02-09': 7,
      '2026-02-10': 8, // Cara's membership (Lea's switch keeps her counted once)
      '2026-02-14': 9, // Dan returns
      '2026-02-17': 10, // Eve returns
      '2026-02-20': 10, // Finn's last day
      '2026-02-21': 9,
      '2026-02-28': 9, // Ben's last day still counts
    });
    // The comparison lines up by position: 1 February with 4 January (Finn, Gus, Hana, Ivy, Lea).
    expect(r.points[0]).toEqual({ key: '2026-02-01', label: 'Feb 1', value: 7, previous: 5 });
    expect(r.points[27]).toMatchObject({ key: '2026-02-28', value: 9, previous: 7 });
  });

  it('counts on the last day of each month in one statement per period, whatever the number of periods', async () => {
    const { count, result } = await countDriverQueries(t.db, () => report('total-members', 'from=2025-11-01&to=2026-02-28'));
    expect(result.bucket).toBe('month');
    expect(result.rows.map((row) => [row.cells.period, row.cells.day, row.cells.members])).toEqual([
      ['Nov 2025', '2025-11-30', 3], // Dan, Hana, Ivy
      ['Dec 2025', '2025-12-31', 5], // Dan (his last day), Finn, Hana, Ivy, Lea
      ['Jan 2026', '2026-01-31', 7],
      ['Feb 2026', '2026-02-28', 9],
    ]);
    expect(result.total).toBe(9);
    // The session's lookups, then the range and the comparison: one statement each.
    const { count: shortCount } = await countDriverQueries(t.db, () => report('total-members', 'from=2026-02-27&to=2026-02-28'));
    expect(count).toBe(shortCount);
  });

  it('counts on the last day of each week (Saturday: US weeks start on Sunday)', async () => {
    const r = await report('total-members', 'from=2026-01-04&to=2026-02-28');
    expect(r.bucket).toBe('week');
    expect(r.rows.map((row) => [row.key, row.cells.day, row.cells.members])).toEqual([
      ['2026-01-04', '2026-01-10', 6], // Eve, Finn, Gus, Hana, Ivy, Lea
      ['2026-01-11', '2026-01-17', 7], // and Ava
      ['2026-01-18', '2026-01-24', 7],
      ['2026-01-25', '2026-01-31', 7],
      ['2026-02-01', '2026-02-07', 8], // and Ben; Eve's last day
      ['2026-02-08', '2026-02-14', 9], // Cara and Dan in, Eve out
      ['2026-02-15', '2026-02-21', 9], // Eve in, Finn out
      ['2026-02-22', '2026-02-28', 9],
    ]);
  });

  it('drills into the members on the period’s last day, a page at a time, by name', async () => {
    const first = await drill('total-members', '2026-02-28', '&limit=3');
    expect(first.count).toBe(9);
    expect(names(first)).toEqual(['Ava Edge', 'Ben Lastday', 'Cara Trial']);
    expect(first.results[0]).toMatchObject({ kind: 'athlete', athleteId: ids.Ava, id: ids.Ava, detail: 'Unlimited', invoiceId: null });
    const last = await drill('total-members', '2026-02-28', '&limit=3&offset=6');
    expect(names(last)).toEqual(['Hana Hold', 'Ivy Hold', 'Lea Switch']);
    const gus = (await drill('total-members', '2026-02-28', '&limit=10')).results.find((d) => d.athleteId === ids.Gus);
    expect(gus?.detail).toBe('Free Pass');
    const res = await owner.get(`/api/reports/total-members/details/?${RANGE}&key=2026-03-01`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });

  it('leaves the comparison out when compare=false', async () => {
    const r = await report('total-members', `${RANGE}&compare=false`);
    expect(r.previousTotal).toBeNull();
    expect(r.points.every((p) => p.previous === null)).toBe(true);
  });
});

describe('paying members', () => {
  it('leaves out a member whose package is free', async () => {
    const r = await report('paying-members');
    expect(r.total).toBe(8); // without Gus
    expect(r.previousTotal).toBe(6);
    const page = await drill('paying-members', '2026-02-28', '&limit=100');
    expect(page.count).toBe(8);
    expect(names(page)).not.toContain('Gus Free');
  });
});

describe('new members', () => {
  it('counts first packages starting in the range: not a package crossing the edge, not a trial, not a return', async () => {
    const r = await report('new-members');
    expect(r.total).toBe(2); // Ben, Cara (her membership, not her trial)
    expect(nonZero(r, 'newMembers')).toEqual({ '2026-02-05': 1, '2026-02-10': 1 });
    expect(r.previousTotal).toBe(2); // Eve (5 January), Ava (15 January); Gus started on the 1st, before the period
    const page = await drill('new-members', '2026-02-10');
    expect(page).toEqual({
      count: 1,
      results: [
        {
          kind: 'athlete',
          id: ids.Cara,
          label: 'Cara Trial',
          detail: 'Unlimited',
          athleteId: ids.Cara,
          invoiceId: null,
          date: '2026-02-10',
          amountMinor: null,
        },
      ],
    });
  });
});

describe('cancelled members', () => {
  it('counts a cancellation on its end date; not a package ending uncancelled, not a switch to another package', async () => {
    const r = await report('cancelled-members');
    expect(r.total).toBe(1);
    expect(nonZero(r, 'cancelledMembers')).toEqual({ '2026-02-20': 1 });
    expect(r.previousTotal).toBe(0);
    const page = await drill('cancelled-members', '2026-02-20');
    expect(page.results.map((d) => [d.label, d.date, d.detail])).toEqual([['Finn Cancel', '2026-02-20', 'Unlimited']]);
  });
});

describe('reactivated members', () => {
  it('counts a return after a 45-day gap, not one after a 10-day gap nor a switch the next day', async () => {
    const r = await report('reactivated-members');
    expect(r.total).toBe(1);
    expect(nonZero(r, 'reactivatedMembers')).toEqual({ '2026-02-14': 1 });
    expect(r.previousTotal).toBe(0);
    expect(names(await drill('reactivated-members', '2026-02-14'))).toEqual(['Dan Return']);
    expect((await drill('reactivated-members', '2026-02-17')).count).toBe(0);
  });
});

describe('trial members', () => {
  it('counts trials on their start date, with those converted to a membership since', async () => {
    const r = await report('trial-members');
    expect(r.total).toBe(2); // Cara, Kim (Jack is archived)
    expect(r.columns.map((c) => c.key)).toEqual(['period', 'trialMembers', 'converted']);
    expect(r.rows.filter((row) => row.cells.trialMembers !== 0).map((row) => [row.key, row.cells.trialMembers, row.cells.converted])).toEqual([
      ['2026-02-03', 1, 1],
      ['2026-02-15', 1, 0],
    ]);
    expect(r.previousTotal).toBe(0);
    const page = await drill('trial-members', '2026-02-03');
    expect(page.results.map((d) => [d.label, d.detail, d.date])).toEqual([['Cara Trial', 'Intro Trial (converted)', '2026-02-03']]);
  });

  it('gives the table as CSV, exactly as shown', async () => {
    const lines = await csvLines('trial-members');
    expect(lines[0]).toBe('Period,Trial members,Converted');
    expect(lines).toHaveLength(29);
    expect(lines[1]).toBe('Feb 1,0,0');
    expect(lines[3]).toBe('Feb 3,1,1');
    expect(lines[15]).toBe('Feb 15,1,0');
  });
});

describe('cancelled trial members', () => {
  it('counts a trial cancellation on the gym’s local date it was made', async () => {
    const r = await report('cancelled-trial-members');
    expect(r.total).toBe(1);
    // 03:00 UTC on the 19th is 21:00 on the 18th in Chicago.
    expect(nonZero(r, 'cancelledTrials')).toEqual({ '2026-02-18': 1 });
    const page = await drill('cancelled-trial-members', '2026-02-18');
    expect(page.results.map((d) => [d.label, d.date, d.detail])).toEqual([['Kim Trialcancel', '2026-02-18', 'Intro Trial']]);
  });
});

describe('athletes on hold', () => {
  it('counts athletes with a hold overlapping the range, and holds by the period they start in', async () => {
    const r = await report('athletes-on-hold');
    expect(r.total).toBe(2); // Hana (from 25 January), Ivy; not Jack (archived)
    expect(nonZero(r, 'holds')).toEqual({ '2026-02-12': 1 }); // Hana's hold starts before the range
    expect(r.previousTotal).toBe(1); // Hana
    // Hana's hold starts on 25 January, the 22nd day of the comparison period: lined up with 22 February.
    expect(r.points[21]).toMatchObject({ key: '2026-02-22', value: 0, previous: 1 });
    expect(r.points.filter((p) => p.previous !== 0)).toHaveLength(1);
    const page = await drill('athletes-on-hold', '2026-02-12');
    expect(page).toEqual({
      count: 1,
      results: [
        {
          kind: 'athlete',
          id: ids.Ivy,
          label: 'Ivy Hold',
          detail: 'Unlimited, on hold 02/12/2026 to 02/26/2026',
          athleteId: ids.Ivy,
          invoiceId: null,
          date: '2026-02-12',
          amountMinor: null,
        },
      ],
    });
  });

  it('gives the table as CSV', async () => {
    const lines = await csvLines('athletes-on-hold');
    expect(lines[0]).toBe('Period,Holds starting');
    expect(lines[12]).toBe('Feb 12,1');
    expect(lines.slice(1).filter((l) => !l.endsWith(',0'))).toEqual(['Feb 12,1']);
  });
});
