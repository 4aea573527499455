import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fromZoned, type Report, type ReportDetailPage } from '@spotter/shared';
import { countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { expectHeadlineOf } from '../../../test/report-headline';
import type { GymRow } from '../../../test/factories';
import { athletes, creditLedger } from '../../db/schema';

/**
 * Issue 21: the activity reports, through the HTTP API as an owner, on hand-built gyms in America/New_York (clocks
 * change on 2026-03-08). Each gym has a twin in another gym with the same rows, which must never count.
 */
fixClock('2026-04-15T16:00:00.000Z');
const ZONE = 'America/New_York';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Built = { gym: GymRow; owner: ApiClient };
async function gymWithTwin<T>(build: (gym: GymRow) => Promise<T>): Promise<Built & T> {
  const gym = await t.make.gym({ timeZone: ZONE, country: 'US' });
  const twin = await t.make.gym({ timeZone: ZONE, country: 'US' });
  await build(twin);
  const made = await build(gym);
  return { gym, owner: await t.as(await t.make.owner(gym.id)), ...made };
}

const report = async (c: ApiClient, type: string, query: string) => {
  const res = await c.get(`/api/reports/${type}/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  await expectHeadlineOf(t, c, type, query, res.json() as Report);
  return res.json() as Report;
};
const details = async (c: ApiClient, type: string, query: string) => {
  const res = await c.get(`/api/reports/${type}/details/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportDetailPage;
};
const csvLines = async (c: ApiClient, type: string, query: string) => {
  const res = await c.get(`/api/reports/${type}/csv/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
};
const pointOf = (r: Report, key: string) => r.points.find((p) => p.key === key);
const cells = (r: Report) => r.rows.map((row) => row.cells);

const athlete = (gymId: string, firstName: string, lastName: string) => t.make.athlete(gymId, { login: false, firstName, lastName });
const archive = (athleteId: string) => t.db.update(athletes).set({ archivedAt: new Date() }).where(eq(athletes.id, athleteId));
const setDob = (athleteId: string, dob: string) => t.db.update(athletes).set({ dob }).where(eq(athletes.id, athleteId));

/** A class at a local date and time, with athletes checked in (or only reserved, or waiting). */
async function classAt(
  gym: GymRow,
  day: string,
  o: { time?: string; classTypeId?: string; locationId?: string | null; capacity?: number; cancelled?: boolean; kind?: 'class' | 'appointment' } = {},
  checkedIn: string[] = [],
  extra: { reserved?: string[]; waitlisted?: string[]; athletePackageId?: string } = {},
) {
  const event = await t.make.event(gym, {
    date: day,
    time: o.time ?? '18:00',
    kind: o.kind ?? 'class',
    ...(o.kind === 'appointment' ? {} : { classTypeId: o.classTypeId }),
    locationId: o.locationId ?? null,
    capacity: o.capacity ?? 10,
    cancelledAt: o.cancelled ? new Date() : null,
  });
  await t.make.reserve(event, checkedIn, { isCheckedIn: true, athletePackageId: extra.athletePackageId ?? null });
  await t.make.reserve(event, extra.reserved ?? []);
  await t.make.reserve(event, extra.waitlisted ?? [], { isWaitlisted: true });
  return event;
}

const MARCH = 'from=2026-03-01&to=2026-03-31';

describe('athlete attendance and class usage', () => {
  let w: Built & Awaited<ReturnType<typeof build>>;
  async function build(gym: GymRow) {
    const main = await t.make.location(gym.id, { name: 'Main' });
    const annex = await t.make.location(gym.id, { name: 'Annex' });
    const barbell = await t.make.classType(gym.id, { name: 'Barbell' });
    const yoga = await t.make.classType(gym.id, { name: 'Yoga' });
    const [ann, ben, cal, dee, eve] = [
      await athlete(gym.id, 'Ann', 'Archer'),
      await athlete(gym.id, 'Ben', 'Baker'),
      await athlete(gym.id, 'Cal', 'Cole'),
      await athlete(gym.id, 'Dee', 'Dunn'),
      await athlete(gym.id, 'Eve', 'Ennis'),
    ];
    await archive(cal!.athleteId);
    const B = { classTypeId: barbell.id, locationId: main.id };
    const Y = { classTypeId: yoga.id, locationId: annex.id, capacity: 5 };
    // 2026-03-08: clocks go forward at 02:00; 01:30 is EST, 23:30 is EDT (03:30 UTC on the 9th): both the 8th.
    await classAt(gym, '2026-03-08', { ...B, time: '01:30' }, [ann!.athleteId, ben!.athleteId, cal!.athleteId], {
      reserved: [dee!.athleteId],
      waitlisted: [eve!.athleteId],
    });
    await classAt(gym, '2026-03-08', { ...B, time: '23:30' }, [ann!.athleteId]);
    // Just after local midnight on the 1st (05:05 UTC); the one before (23:55 on 28 Feb, 04:55 UTC on 1 Mar) is February's.
    await classAt(gym, '2026-03-01', { ...Y, time: '00:05' }, [ben!.athleteId], { reserved: [ann!.athleteId] });
    await classAt(gym, '2026-02-28', { ...B, time: '23:55' }, [ann!.athleteId, ben!.athleteId]);
    await classAt(gym, '2026-03-15', { ...Y, cancelled: true }, [ann!.athleteId]);
    await classAt(gym, '2026-03-20', { ...Y, time: '07:00' }, [ann!.athleteId]);
    await classAt(gym, '2026-04-01', { ...B, time: '00:05' }, [ann!.athleteId]);
    await classAt(gym, '2026-03-12', { kind: 'appointment' }, [ann!.athleteId]);
    return { main, annex, barbell, yoga, ann: ann!, ben: ben!, cal: cal! };
  }
  beforeAll(async () => {
    w = await gymWithTwin(build);
  });

  it('attendance counts check-ins on the class’s local date (a daylight-saving day, just after midnight), not cancelled classes, appointments, bookings without a check-in, archived athletes or another gym', async () => {
    const r = await report(w.owner, 'athlete-attendance', MARCH);
    expect(r.total).toBe(5);
    // Issue 34: the definition says archived athletes' check-ins are left out.
    expect(r.definition).toContain('of athletes who are not archived');
    expect(r.bucket).toBe('day');
    expect(r.points).toHaveLength(31);
    expect(pointOf(r, '2026-03-01')?.value).toBe(1);
    expect(pointOf(r, '2026-03-08')?.value).toBe(3);
    expect(pointOf(r, '2026-03-09')?.value).toBe(0);
    expect(pointOf(r, '2026-03-20')?.value).toBe(1);
    expect(r.columns.map((c) => c.key)).toEqual(['athlete', 'checkIns', 'lastVisit']);
    expect(r.rows.map((row) => row.key)).toEqual([w.ann.athleteId, w.ben.athleteId]);
    expect(cells(r)).toEqual([
      { athlete: 'Ann Archer', checkIns: 3, lastVisit: '2026-03-20' },
      { athlete: 'Ben Baker', checkIns: 2, lastVisit: '2026-03-08' },
    ]);
  });

  it('attendance compares with the 31 days before (29 Jan to 28 Feb), lined up by position: 28 Feb’s late class sits beside 31 Mar', async () => {
    const r = await report(w.owner, 'athlete-attendance', MARCH);
    expect([r.previousFrom, r.previousTo]).toEqual(['2026-01-29', '2026-02-28']);
    expect(r.previousTotal).toBe(2);
    expect(pointOf(r, '2026-03-31')).toMatchObject({ value: 0, previous: 2 });
    expect(pointOf(r, '2026-03-08')?.previous).toBe(0);
    const off = await report(w.owner, 'athlete-attendance', `${MARCH}&compare=false`);
    expect(off.previousTotal).toBeNull();
    expect(off.points.every((p) => p.previous === null)).toBe(true);
  });

  it('attendance at one location counts only its classes', async () => {
    const r = await report(w.owner, 'athlete-attendance', `${MARCH}&locationId=${w.annex.id}`);
    expect(r.total).toBe(2);
    expect(cells(r)).toEqual([
      { athlete: 'Ann Archer', checkIns: 1, lastVisit: '2026-03-20' },
      { athlete: 'Ben Baker', checkIns: 1, lastVisit: '2026-03-01' },
    ]);
  });

  it('attendance drills down to the athlete and its CSV is the table', async () => {
    const d = await details(w.owner, 'athlete-attendance', `${MARCH}&key=${w.ann.athleteId}`);
    expect(d.count).toBe(1);
    expect(d.results[0]).toMatchObject({ kind: 'athlete', id: w.ann.athleteId, athleteId: w.ann.athleteId, label: 'Ann Archer', date: '2026-03-20' });
    expect((await details(w.owner, 'athlete-attendance', `${MARCH}&key=${w.cal.athleteId}`)).count).toBe(0);
    expect((await w.owner.get(`/api/reports/athlete-attendance/details/?${MARCH}&key=not-an-id`)).statusCode).toBe(400);
    expect(await csvLines(w.owner, 'athlete-attendance', MARCH)).toEqual(['Athlete,Check-ins,Last visit', 'Ann Archer,3,03/20/2026', 'Ben Baker,2,03/08/2026']);
  });

  it('class usage: classes, places, booked (reserved or checked in, not waiting), check-ins and fill rate per class type; cancelled classes left out', async () => {
    const r = await report(w.owner, 'class-usage', MARCH);
    expect(r.bucket).toBe('category');
    expect(r.total).toBe(26.7);
    expect(r.rows.map((row) => row.key)).toEqual([w.barbell.id, w.yoga.id]);
    expect(cells(r)).toEqual([
      { classType: 'Barbell', classes: 2, places: 20, booked: 5, checkIns: 4, fillRate: 25 },
      { classType: 'Yoga', classes: 2, places: 10, booked: 3, checkIns: 2, fillRate: 30 },
    ]);
    // The comparison: one Barbell class (10 places, 2 booked); no Yoga.
    expect(r.previousTotal).toBe(20);
    expect(r.points).toEqual([
      { key: w.barbell.id, label: 'Barbell', value: 25, previous: 20 },
      { key: w.yoga.id, label: 'Yoga', value: 30, previous: null },
    ]);
    expect(await csvLines(w.owner, 'class-usage', MARCH)).toEqual([
      'Class type,Classes,Places,Booked,Check-ins,Fill rate',
      'Barbell,2,20,5,4,25.0%',
      'Yoga,2,10,3,2,30.0%',
    ]);
  });

  it('class usage at one location, and its drill-down lists who checked in to the type (archived athletes too: their visits count)', async () => {
    const annex = await report(w.owner, 'class-usage', `${MARCH}&locationId=${w.annex.id}`);
    expect(annex.total).toBe(30);
    expect(annex.rows.map((row) => row.key)).toEqual([w.yoga.id]);
    const d = await details(w.owner, 'class-usage', `${MARCH}&key=${w.barbell.id}`);
    expect(d.count).toBe(3);
    expect(d.results.map((x) => [x.label, x.date])).toEqual([
      ['Ann Archer', '2026-03-08'],
      ['Ben Baker', '2026-03-08'],
      ['Cal Cole', '2026-03-08'],
    ]);
    const page2 = await details(w.owner, 'class-usage', `${MARCH}&key=${w.barbell.id}&limit=2&offset=2`);
    expect(page2).toMatchObject({ count: 3, results: [{ label: 'Cal Cole' }] });
  });
});

describe('statements', () => {
  it('each report runs as many statements for a two-year range as for a day (no per-bucket or per-row queries)', async () => {
    const w = await gymWithTwin(async () => ({}));
    const counts: Record<string, number[]> = {};
    for (const type of ['missing-members', 'athletes-at-risk', 'athlete-attendance', 'athlete-birthdays', 'class-usage', 'package-utilization']) {
      for (const range of ['from=2026-03-04&to=2026-03-04', 'from=2024-03-04&to=2026-03-04']) {
        const { count } = await countDriverQueries(t.db, () => report(w.owner, type, range));
        (counts[type] ??= []).push(count);
      }
    }
    for (const [type, [day, twoYears]] of Object.entries(counts)) expect(twoYears, type).toBe(day);
  });
});

describe('missing members', () => {
  let w: Built & Awaited<ReturnType<typeof build>>;
  async function build(gym: GymRow) {
    const main = await t.make.location(gym.id, { name: 'Main' });
    const annex = await t.make.location(gym.id, { name: 'Annex' });
    const classType = await t.make.classType(gym.id);
    const membership = await t.make.package(gym.id, { name: 'Unlimited' });
    const trial = await t.make.package(gym.id, { name: 'Trial', kind: 'trial' });
    const people: Record<string, string> = {};
    for (const [first, last] of [
      ['Amy', 'Ash'],
      ['Bob', 'Birch'],
      ['Cy', 'Cedar'],
      ['Di', 'Dogwood'],
      ['Ed', 'Elm'],
      ['Flo', 'Fir'],
      ['Gus', 'Gum'],
      ['Hal', 'Hazel'],
    ] as const) {
      people[first] = (await athlete(gym.id, first, last)).athleteId;
    }
    const p = people as Record<'Amy' | 'Bob' | 'Cy' | 'Di' | 'Ed' | 'Flo' | 'Gus' | 'Hal', string>;
    for (const who of [p.Amy, p.Bob, p.Cy, p.Di, p.Gus, p.Hal]) await t.make.athletePackage(gym.id, who, { packageId: membership.id, startDate: '2026-01-01' });
    await t.make.athletePackage(gym.id, p.Flo, { packageId: membership.id, startDate: '2026-01-01', endDate: '2026-03-30', status: 'ended' });
    await t.make.athletePackage(gym.id, p.Ed, { packageId: trial.id, startDate: '2026-03-01' });
    await archive(p.Gus);
    const at = (day: string, locationId: string, who: string[], o: { cancelled?: boolean } = {}) =>
      classAt(gym, day, { classTypeId: classType.id, locationId, ...o }, who);
    await at('2026-03-25', main.id, [p.Amy]);
    await at('2026-03-17', main.id, [p.Bob]);
    await at('2026-03-28', main.id, [p.Bob], { cancelled: true });
    await at('2026-03-03', main.id, [p.Cy]);
    await at('2026-03-01', main.id, [p.Hal]);
    await at('2026-03-20', annex.id, [p.Hal]);
    await at('2026-02-20', main.id, [p.Flo]);
    return { main, annex, p };
  }
  beforeAll(async () => {
    w = await gymWithTwin(build);
  });

  it('groups members without a check-in in the last 14 days by their last one (trials, ended packages, archived athletes and cancelled classes left out)', async () => {
    const r = await report(w.owner, 'missing-members', MARCH);
    expect(r.total).toBe(3);
    expect(r.bucket).toBe('category');
    expect(r.rows).toEqual([
      { key: 'N-2N', cells: { lastCheckIn: '14 to 27 days ago', athletes: 1 }, canDrill: true },
      { key: '2N+', cells: { lastCheckIn: '28 days ago or more', athletes: 1 }, canDrill: true },
      { key: 'never', cells: { lastCheckIn: 'Never checked in', athletes: 1 }, canDrill: true },
    ]);
    // On 28 Feb (the comparison's last day) only Flo had checked in: the five other members never had.
    expect(r.previousTotal).toBe(5);
    expect(r.points.map((x) => [x.key, x.value, x.previous])).toEqual([
      ['N-2N', 1, 0],
      ['2N+', 1, 0],
      ['never', 1, 5],
    ]);
  });

  it('N changed to 7 moves the groups', async () => {
    const r = await report(w.owner, 'missing-members', `${MARCH}&days=7`);
    expect(r.total).toBe(4);
    expect(cells(r)).toEqual([
      { lastCheckIn: '7 to 13 days ago', athletes: 1 },
      { lastCheckIn: '14 days ago or more', athletes: 2 },
      { lastCheckIn: 'Never checked in', athletes: 1 },
    ]);
    const d = await details(w.owner, 'missing-members', `${MARCH}&days=7&key=2N%2B`);
    expect(d.count).toBe(2);
    expect(d.results.map((x) => [x.label, x.date, x.detail])).toEqual([
      ['Bob Birch', '2026-03-17', 'Last check-in 03/17/2026'],
      ['Cy Cedar', '2026-03-03', 'Last check-in 03/03/2026'],
    ]);
  });

  it('the location filter counts only its check-ins (Hal’s annex visit does not count at Main)', async () => {
    const r = await report(w.owner, 'missing-members', `${MARCH}&locationId=${w.main.id}`);
    expect(r.total).toBe(4);
    expect(cells(r).map((c) => c.athletes)).toEqual([1, 2, 1]);
  });

  it('drills down to the athletes of a group, with their last visit; an unknown group is a 400; the CSV is the table', async () => {
    const d = await details(w.owner, 'missing-members', `${MARCH}&key=N-2N`);
    expect(d).toMatchObject({
      count: 1,
      results: [{ kind: 'athlete', id: w.p.Bob, label: 'Bob Birch', date: '2026-03-17', detail: 'Last check-in 03/17/2026' }],
    });
    const never = await details(w.owner, 'missing-members', `${MARCH}&key=never`);
    expect(never.results.map((x) => [x.label, x.date, x.detail])).toEqual([['Di Dogwood', null, 'Never checked in']]);
    expect((await w.owner.get(`/api/reports/missing-members/details/?${MARCH}&key=recent`)).statusCode).toBe(400);
    expect(await csvLines(w.owner, 'missing-members', MARCH)).toEqual([
      'Last check-in,Athletes',
      '14 to 27 days ago,1',
      '28 days ago or more,1',
      'Never checked in,1',
    ]);
  });
});

describe('athletes at risk', () => {
  let w: Built & Awaited<ReturnType<typeof build>>;
  async function build(gym: GymRow) {
    const main = await t.make.location(gym.id, { name: 'Main' });
    const annex = await t.make.location(gym.id, { name: 'Annex' });
    const classType = await t.make.classType(gym.id);
    const membership = await t.make.package(gym.id, { name: 'Unlimited' });
    const names = [
      ['Ava', 'Ames'],
      ['Bea', 'Bell'],
      ['Cid', 'Cole'],
      ['Dot', 'Dean'],
      ['Eli', 'Eng'],
      ['Fay', 'Ford'],
    ] as const;
    const p: Record<string, string> = {};
    for (const [first, last] of names) {
      p[first] = (await athlete(gym.id, first, last)).athleteId;
      await t.make.athletePackage(gym.id, p[first]!, {
        packageId: membership.id,
        startDate: '2026-01-01',
        ...(first === 'Fay' ? { endDate: '2026-03-15', status: 'ended' as const } : {}),
      });
    }
    // The last 28 days up to 31 Mar are 4-31 Mar; the 28 before, 4 Feb-3 Mar.
    const visits: Record<string, string[]> = {
      Ava: ['2026-02-05', '2026-02-12', '2026-02-19', '2026-02-26', '2026-03-10'],
      Bea: ['2026-02-04', '2026-02-10', '2026-02-17', '2026-02-24', '2026-03-03', '2026-03-04', '2026-03-20'],
      Cid: ['2026-02-05', '2026-02-12', '2026-02-19', '2026-02-26', '2026-03-10', '2026-03-17'],
      Dot: ['2026-02-03', '2026-02-10', '2026-02-17', '2026-02-24'],
      Fay: ['2026-02-05', '2026-02-12', '2026-02-19', '2026-02-26'],
    };
    const byDay = new Map<string, string[]>();
    for (const [who, days] of Object.entries(visits)) for (const d of days) byDay.set(d, [...(byDay.get(d) ?? []), p[who]!]);
    for (const [day, who] of byDay) await classAt(gym, day, { classTypeId: classType.id, locationId: main.id }, who);
    for (const day of ['2026-02-06', '2026-02-09', '2026-02-13', '2026-02-16', '2026-02-20', '2026-02-23'])
      await classAt(gym, day, { classTypeId: classType.id, locationId: annex.id }, [p.Eli!]);
    return { main, p };
  }
  beforeAll(async () => {
    w = await gymWithTwin(build);
  });

  it('lists members with at least 4 check-ins in the earlier 28 days and under half as many in the last 28 (exactly half, 3 earlier, a check-in before the window and a former member are not at risk)', async () => {
    const r = await report(w.owner, 'athletes-at-risk', MARCH);
    expect(r.total).toBe(3);
    expect(r.rows.map((row) => row.key)).toEqual([w.p.Eli, w.p.Ava, w.p.Bea]);
    expect(cells(r)).toEqual([
      { athlete: 'Eli Eng', earlier: 6, recent: 0, change: -100 },
      { athlete: 'Ava Ames', earlier: 4, recent: 1, change: -75 },
      { athlete: 'Bea Bell', earlier: 5, recent: 2, change: -60 },
    ]);
    expect(r.points.map((x) => [x.key, x.value, x.previous])).toEqual([
      ['half', 1, 0],
      ['three-quarters', 1, 0],
      ['none', 1, 0],
    ]);
    // On 28 Feb nobody had 4 check-ins in January.
    expect(r.previousTotal).toBe(0);
  });

  it('at one location (Eli’s visits were at the annex)', async () => {
    const r = await report(w.owner, 'athletes-at-risk', `${MARCH}&locationId=${w.main.id}`);
    expect(r.rows.map((row) => row.key)).toEqual([w.p.Ava, w.p.Bea]);
  });

  it('drills down to the athlete; the CSV is the table', async () => {
    const d = await details(w.owner, 'athletes-at-risk', `${MARCH}&key=${w.p.Ava}`);
    expect(d).toMatchObject({ count: 1, results: [{ kind: 'athlete', id: w.p.Ava, label: 'Ava Ames' }] });
    expect((await details(w.owner, 'athletes-at-risk', `${MARCH}&key=${w.p.Cid}`)).count).toBe(0);
    expect(await csvLines(w.owner, 'athletes-at-risk', MARCH)).toEqual([
      'Athlete,"Check-ins, earlier 28 days","Check-ins, last 28 days",Change',
      `Eli Eng,6,0,-100.0%`,
      `Ava Ames,4,1,-75.0%`,
      `Bea Bell,5,2,-60.0%`,
    ]);
  });
});

describe('athlete birthdays', () => {
  let w: Built & Awaited<ReturnType<typeof build>>;
  async function build(gym: GymRow) {
    const born: [string, string, string | null][] = [
      ['Noel', 'North', '1990-12-25'],
      ['Jan', 'Jones', '2000-01-05'],
      ['Leap', 'Lane', '2004-02-29'],
      ['Mid', 'Moss', '1985-12-19'],
      ['Arch', 'Ived', '1990-12-26'],
      ['No', 'Date', null],
      ['Baby', 'Bloom', '2026-12-22'],
    ];
    const p: Record<string, string> = {};
    for (const [first, last, dob] of born) {
      p[first] = (await athlete(gym.id, first, last)).athleteId;
      if (dob) await setDob(p[first]!, dob);
    }
    await archive(p.Arch!);
    return { p };
  }
  beforeAll(async () => {
    w = await gymWithTwin(build);
  });

  const YEAR_END = 'from=2026-12-20&to=2027-01-10';

  it('a range across the year end finds birthdays in both years with the age turned (archived athletes, no date of birth and the day of birth itself left out)', async () => {
    const r = await report(w.owner, 'athlete-birthdays', YEAR_END);
    expect(r.total).toBe(2);
    expect(r.rows.map((row) => row.key)).toEqual([w.p.Noel, w.p.Jan]);
    expect(cells(r)).toEqual([
      { athlete: 'Noel North', birthday: '2026-12-25', turns: 36 },
      { athlete: 'Jan Jones', birthday: '2027-01-05', turns: 27 },
    ]);
    expect(pointOf(r, '2026-12-25')?.value).toBe(1);
    expect(pointOf(r, '2027-01-05')?.value).toBe(1);
    // The comparison, 28 Nov to 19 Dec 2026, holds Mid's birthday on its last day (beside 10 Jan).
    expect([r.previousFrom, r.previousTo]).toEqual(['2026-11-28', '2026-12-19']);
    expect(r.previousTotal).toBe(1);
    expect(pointOf(r, '2027-01-10')).toMatchObject({ value: 0, previous: 1 });
    expect(await csvLines(w.owner, 'athlete-birthdays', YEAR_END)).toEqual(['Athlete,Birthday,Turns', 'Noel North,12/25/2026,36', 'Jan Jones,01/05/2027,27']);
  });

  it('29 February falls on 28 February in a year without one, and on the 29th in a leap year', async () => {
    const y2027 = await report(w.owner, 'athlete-birthdays', 'from=2027-02-01&to=2027-02-28');
    expect(cells(y2027)).toEqual([{ athlete: 'Leap Lane', birthday: '2027-02-28', turns: 23 }]);
    expect((await report(w.owner, 'athlete-birthdays', 'from=2027-02-01&to=2027-02-27')).total).toBe(0);
    const y2028 = await report(w.owner, 'athlete-birthdays', 'from=2028-02-28&to=2028-03-01');
    expect(cells(y2028)).toEqual([{ athlete: 'Leap Lane', birthday: '2028-02-29', turns: 24 }]);
  });

  it('drills down to the athlete, with the birthday', async () => {
    const d = await details(w.owner, 'athlete-birthdays', `${YEAR_END}&key=${w.p.Jan}`);
    expect(d).toMatchObject({ count: 1, results: [{ kind: 'athlete', id: w.p.Jan, label: 'Jan Jones', date: '2027-01-05' }] });
  });
});

describe('package utilization', () => {
  let w: Built & Awaited<ReturnType<typeof build>>;
  async function build(gym: GymRow) {
    const main = await t.make.location(gym.id, { name: 'Main' });
    const annex = await t.make.location(gym.id, { name: 'Annex' });
    const classType = await t.make.classType(gym.id);
    const unlimited = await t.make.package(gym.id, { name: 'Unlimited' });
    const pack = await t.make.package(gym.id, { name: '10-Pack', kind: 'class_pack', credits: 10 });
    const trial = await t.make.package(gym.id, { name: 'Trial', kind: 'trial' });
    const [ann, ben, cat, dan, eve] = [
      await athlete(gym.id, 'Ann', 'Archer'),
      await athlete(gym.id, 'Ben', 'Baker'),
      await athlete(gym.id, 'Cat', 'Cole'),
      await athlete(gym.id, 'Dan', 'Dunn'),
      await athlete(gym.id, 'Eve', 'Ennis'),
    ];
    const annU = await t.make.athletePackage(gym.id, ann!.athleteId, { packageId: unlimited.id, startDate: '2026-01-01' });
    const benU = await t.make.athletePackage(gym.id, ben!.athleteId, { packageId: unlimited.id, startDate: '2026-03-15' });
    await t.make.athletePackage(gym.id, cat!.athleteId, { packageId: unlimited.id, startDate: '2026-01-01', endDate: '2026-02-27', status: 'ended' });
    const catP = await t.make.athletePackage(gym.id, cat!.athleteId, { packageId: pack.id, startDate: '2026-03-02', credits: 0 });
    const danP = await t.make.athletePackage(gym.id, dan!.athleteId, { packageId: pack.id, startDate: '2026-02-01', credits: 0 });
    await t.make.athletePackage(gym.id, eve!.athleteId, { packageId: trial.id, startDate: '2026-03-25' });
    const at = (day: string, who: { athleteId: string }, ap: { id: string }, locationId = main.id) =>
      classAt(gym, day, { classTypeId: classType.id, locationId }, [who.athleteId], { athletePackageId: ap.id });
    await at('2026-03-03', ann!, annU);
    await at('2026-03-10', ann!, annU);
    await at('2026-03-17', ann!, annU, annex.id);
    await at('2026-03-20', ben!, benU);
    await at('2026-03-05', cat!, catP);
    await at('2026-03-12', cat!, catP);
    await at('2026-03-06', dan!, danP);
    await at('2026-02-10', ann!, annU);
    const ledger = (ap: { id: string; athleteId: string }, delta: number, reason: 'grant' | 'booking' | 'cancel_restore', day: string, time = '12:00') =>
      t.db
        .insert(creditLedger)
        .values({ gymId: gym.id, athletePackageId: ap.id, athleteId: ap.athleteId, delta, reason, createdAt: fromZoned(day, time, ZONE) });
    await ledger(catP, 10, 'grant', '2026-03-02');
    await ledger(catP, -1, 'booking', '2026-03-05');
    await ledger(catP, -1, 'booking', '2026-03-12');
    await ledger(catP, -1, 'booking', '2026-03-19');
    await ledger(catP, 1, 'cancel_restore', '2026-03-19', '15:00');
    await ledger(danP, 10, 'grant', '2026-02-01');
    await ledger(danP, -1, 'booking', '2026-03-06');
    // Local 23:30 on 28 Feb is 04:30 UTC on 1 Mar (February's); local 21:00 on 31 Mar is 01:00 UTC on 1 Apr (March's).
    await ledger(danP, -1, 'booking', '2026-02-28', '23:30');
    await ledger(danP, -1, 'booking', '2026-03-31', '21:00');
    return { annex, unlimited, pack, trial, ann: ann!, ben: ben! };
  }
  beforeAll(async () => {
    w = await gymWithTwin(build);
  });

  it('per package: holders on any day of the range, check-ins booked with it, per holder, credits used (deductions less restores) and granted in the range, in the gym’s zone', async () => {
    const r = await report(w.owner, 'package-utilization', MARCH);
    expect(r.total).toBe(7);
    expect(r.bucket).toBe('category');
    expect(r.rows.map((row) => row.key)).toEqual([w.pack.id, w.trial.id, w.unlimited.id]);
    expect(cells(r)).toEqual([
      { package: '10-Pack', holders: 2, checkIns: 3, perHolder: '1.5', creditsUsed: 4, creditsGranted: 10 },
      { package: 'Trial', holders: 1, checkIns: 0, perHolder: '0.0', creditsUsed: null, creditsGranted: null },
      { package: 'Unlimited', holders: 2, checkIns: 4, perHolder: '2.0', creditsUsed: null, creditsGranted: null },
    ]);
    // The comparison (29 Jan to 28 Feb): Ann's one check-in with Unlimited.
    expect(r.previousTotal).toBe(1);
    expect(r.points.map((x) => [x.label, x.value, x.previous])).toEqual([
      ['10-Pack', 3, 0],
      ['Trial', 0, 0],
      ['Unlimited', 4, 1],
    ]);
    expect(await csvLines(w.owner, 'package-utilization', MARCH)).toEqual([
      'Package,Holders,Check-ins,Check-ins per holder,Credits used,Credits granted',
      '10-Pack,2,3,1.5,4,10',
      'Trial,1,0,0.0,,',
      'Unlimited,2,4,2.0,,',
    ]);
  });

  it('at one location only its check-ins count', async () => {
    const r = await report(w.owner, 'package-utilization', `${MARCH}&locationId=${w.annex.id}`);
    expect(r.total).toBe(1);
    expect(r.rows.find((row) => row.key === w.unlimited.id)?.cells.checkIns).toBe(1);
  });

  it('drills down to the holders (not one whose package ended before the range)', async () => {
    const d = await details(w.owner, 'package-utilization', `${MARCH}&key=${w.unlimited.id}`);
    expect(d.count).toBe(2);
    expect(d.results.map((x) => [x.label, x.detail, x.date])).toEqual([
      ['Ann Archer', 'Unlimited', '2026-01-01'],
      ['Ben Baker', 'Unlimited', '2026-03-15'],
    ]);
  });
});
