import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, fromZoned, reservationMessages, type GymCountry } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { todayOf } from '../../../test/factories';
import { charges } from '../../db/schema';

/**
 * The kiosk's core journey whatever the hour and on the days the clocks change: the day list without a date is the
 * gym's today, an event's timing is its local start as an instant, a late cancel collects on the gym's today, and a
 * bulk booking may start today and skips what has started. The clock is fixed for every cell; nothing reads the real
 * time.
 */
const clock = fixClock(TEST_NOW);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Zone = 'America/Chicago' | 'Europe/London';
const countryOf: Record<Zone, GymCountry> = { 'America/Chicago': 'US', 'Europe/London': 'GB' };

/**
 * The classes of each day at local times, and the instants they start at, written out by hand (not computed with the
 * code under test). The spring-forward days skip 02:00 to 03:00 (Chicago) and 01:00 to 02:00 (London); on the
 * fall-back days 01:00 to 02:00 comes twice, and a class at 01:30 starts at its first occurrence.
 */
const starts: Record<Zone, Record<string, Record<string, string>>> = {
  'America/Chicago': {
    '2026-03-04': { '00:30': '2026-03-04T06:30:00.000Z', '12:30': '2026-03-04T18:30:00.000Z', '23:30': '2026-03-05T05:30:00.000Z' },
    '2026-03-08': { '00:30': '2026-03-08T06:30:00.000Z', '12:30': '2026-03-08T17:30:00.000Z', '23:30': '2026-03-09T04:30:00.000Z' },
    '2026-11-01': {
      '00:30': '2026-11-01T05:30:00.000Z',
      '01:30': '2026-11-01T06:30:00.000Z',
      '12:30': '2026-11-01T18:30:00.000Z',
      '23:30': '2026-11-02T05:30:00.000Z',
    },
  },
  'Europe/London': {
    '2026-03-04': { '00:30': '2026-03-04T00:30:00.000Z', '12:30': '2026-03-04T12:30:00.000Z', '23:30': '2026-03-04T23:30:00.000Z' },
    '2026-03-29': { '00:30': '2026-03-29T00:30:00.000Z', '12:30': '2026-03-29T11:30:00.000Z', '23:30': '2026-03-29T22:30:00.000Z' },
    '2026-10-25': {
      '00:30': '2026-10-24T23:30:00.000Z',
      '01:30': '2026-10-25T00:30:00.000Z',
      '12:30': '2026-10-25T12:30:00.000Z',
      '23:30': '2026-10-25T23:30:00.000Z',
    },
  },
};
const dayNames: Record<string, string> = {
  '2026-03-04': 'an ordinary day',
  '2026-03-08': 'spring forward',
  '2026-11-01': 'fall back',
  '2026-03-29': 'spring forward',
  '2026-10-25': 'fall back',
};

type Cell = { zone: Zone; date: string; time: string; at: string };
const cells: Cell[] = [];
for (const zone of Object.keys(starts) as Zone[]) {
  for (const date of Object.keys(starts[zone])) {
    for (const time of ['00:05', '12:00', '23:55']) cells.push({ zone, date, time, at: fromZoned(date, time, zone).toISOString() });
  }
}
// The hour that comes twice: its second 01:45, after the 01:30 class of that day has ended.
cells.push({ zone: 'America/Chicago', date: '2026-11-01', time: '01:45 (the second, CST)', at: '2026-11-01T07:45:00.000Z' });
cells.push({ zone: 'Europe/London', date: '2026-10-25', time: '01:45 (the second, GMT)', at: '2026-10-25T01:45:00.000Z' });

type Card = { eventId: string; startDate: string; startTime: string; startsAt: string; endsAt: string; attendeeCount: number; athletesAttended: number };

describe.each(cells)('the kiosk in $zone on $date at $time', ({ zone, date, at }) => {
  it(`${dayNames[date]}: today's list, an event's timing, a check-in, a walk-in, a late cancel and a bulk booking`, async () => {
    clock.set(at);
    const g = await t.make.kioskGym({ timeZone: zone, country: countryOf[zone], athletes: 5 });
    expect(todayOf(g.gym)).toBe(date);
    const now = Date.parse(at);
    const make = (day: string, time: string) =>
      t.make.event(g.gym, { classTypeId: g.classType.id, locationId: g.location.id, taxRateId: g.taxRate.id, date: day, time });
    const times = Object.keys(starts[zone][date]!);
    const today = new Map<string, Awaited<ReturnType<typeof make>>>();
    for (const time of times) today.set(time, await make(date, time));
    // The neighbours: late yesterday and early tomorrow are not today, whatever UTC says.
    const yesterday = await make(addDays(date, -1), '23:30');
    const tomorrowEarly = await make(addDays(date, 1), '00:30');
    const tomorrowLate = await make(addDays(date, 1), '23:30');
    const [booked, cancelling, walkingIn, bulkBooker] = g.members;
    const noon = today.get('12:30')!;
    const [bookedId, cancellingId] = await t.make.reserve(noon, [booked!.athleteId, cancelling!.athleteId]);
    const desk = await t.as(g.staff);

    // Today's day list, without a date.
    const list = (await desk.get('/api/events/kiosk-events/')).json();
    expect(list.results.map((e: Card) => e.eventId)).toEqual(times.map((time) => today.get(time)!.id));
    for (const [i, card] of (list.results as Card[]).entries()) {
      const expected = starts[zone][date]![times[i]!]!;
      expect(card).toMatchObject({
        startDate: date,
        startTime: `${times[i]}:00`,
        startsAt: expected,
        endsAt: new Date(Date.parse(expected) + 3_600_000).toISOString(),
      });
    }
    const tomorrowList = (await desk.get(`/api/events/kiosk-events/?date=${addDays(date, 1)}`)).json();
    expect(tomorrowList.results.map((e: Card) => e.eventId)).toEqual([tomorrowEarly.id, tomorrowLate.id]);
    expect((await desk.get(`/api/events/kiosk-events/?date=${addDays(date, -1)}`)).json().results.map((e: Card) => e.eventId)).toEqual([yesterday.id]);

    // The event's timing and attendance.
    const detail = (await desk.get(`/api/events/${noon.id}/kiosk-event/?eventType=class`)).json();
    expect(detail.event).toMatchObject({
      startDate: date,
      startTime: '12:30:00',
      startsAt: starts[zone][date]!['12:30'],
      duration: 60,
      attendeeCount: 2,
      athletesAttended: 0,
    });

    // A check-in and a walk-in.
    const checkIn = await desk.put(`/api/athlete-kilo-classes/${bookedId}/`, { isCheckedIn: true });
    expect([checkIn.statusCode, checkIn.json().isCheckedIn]).toEqual([200, true]);
    const late = today.get('23:30')!;
    const walkIn = await desk.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: walkingIn!.athleteId,
      kiloClass: late.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect([walkIn.statusCode, walkIn.json().isCheckedIn, walkIn.json().isReserved]).toEqual([201, true, false]);

    // A late cancel: its collection date is the gym's today, never before it.
    const before = await desk.put(`/api/athlete-kilo-classes/${cancellingId}/`, { isLateCancel: true, chargeDate: addDays(date, -1) });
    expect([before.statusCode, before.json().message]).toEqual([400, reservationMessages.chargeDateBeforeToday]);
    const cancelled = await desk.put(`/api/athlete-kilo-classes/${cancellingId}/`, { isLateCancel: true });
    expect(cancelled.json()).toMatchObject({ isLateCancel: true, chargeDate: date, chargeFee: '15.00' });
    const [charge] = await t.db.select().from(charges).where(eq(charges.reservationId, cancellingId!));
    expect(charge).toMatchObject({ collectOn: date, reason: 'late_cancel' });
    const chargedNow = await desk.put(`/api/athlete-kilo-classes/${cancellingId}/`, { chargeNow: true, chargeDate: addDays(date, 3) });
    expect(chargedNow.json()).toMatchObject({ chargeNow: true, chargeDate: date });

    // A bulk booking of the 00:30 and the 23:30 series starting today: today's class only if it has not started.
    const bulk = (startTime: string, startDate = date) =>
      desk.post('/api/athlete-kilo-classes/create-bulk/', {
        athlete: bulkBooker!.athleteId,
        startDate,
        endDate: addDays(date, 7),
        days: '1,2,3,4,5,6,7',
        startTime,
        kiloClassType: g.classType.id,
        location: g.location.id,
      });
    const refused = await bulk('00:30', addDays(date, -1));
    expect([refused.statusCode, refused.json().message]).toEqual([400, reservationMessages.startBeforeToday]);
    for (const [time, tomorrowClass] of [
      ['00:30', tomorrowEarly],
      ['23:30', tomorrowLate],
    ] as const) {
      const todays = today.get(time)!;
      const started = Date.parse(starts[zone][date]![time]!) <= now;
      const res = await bulk(time);
      expect(res.statusCode).toBe(201);
      const bookedIds = res.json().results.map((r: { kiloClass: string }) => r.kiloClass);
      expect(bookedIds.sort()).toEqual((started ? [tomorrowClass.id] : [todays.id, tomorrowClass.id]).sort());
      expect(res.json().skipped).toEqual(started ? [{ kiloClassId: todays.id, startDate: date, reason: 'started' }] : []);
    }

    // The day list after it all: attendance as the writes left it.
    const after = new Map<string, Card>((await desk.get('/api/events/kiosk-events/')).json().results.map((e: Card) => [e.eventId, e]));
    expect(after.get(noon.id)).toMatchObject({ attendeeCount: 1, athletesAttended: 1 });
    const lateStarted = Date.parse(starts[zone][date]!['23:30']!) <= now;
    expect(after.get(late.id)).toMatchObject({ attendeeCount: lateStarted ? 1 : 2, athletesAttended: 1 });
    const earlyStarted = Date.parse(starts[zone][date]!['00:30']!) <= now;
    expect(after.get(today.get('00:30')!.id)).toMatchObject({ attendeeCount: earlyStarted ? 0 : 1, athletesAttended: 0 });
  });
});
