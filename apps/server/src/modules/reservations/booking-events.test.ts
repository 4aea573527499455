import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, inArray, like, sql } from 'drizzle-orm';
import { addDays } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { todayOf } from '../../../test/factories';
import { domainEvents } from '../../db/schema';

/**
 * Issue 33 (item 5): every reservation writer records its booking domain events in its own transaction, once per
 * change, and none when the write is refused or changes nothing. The grouped paths' events (walk-ins and the desk's
 * check-in toggle) are compared with the locked path's in write-paths.differential.test.ts; this file covers the
 * writes only the locked path makes (bookings, marks, cancels, the waitlist, the bulk booking, a class cancelled).
 */
fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let staff: ApiClient;
let owner: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  staff = await t.as(w.staff);
  owner = await t.as(w.owner);
});
afterAll(async () => {
  await t.close();
});

const names = new Map<string, string>();
const athlete = async (label: string, o: Parameters<TestApp['make']['athlete']>[1] = {}) => {
  const a = await t.make.athlete(w.gym.id, { login: false, firstName: label, ...o });
  names.set(a.athleteId, label);
  return a;
};
const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
  t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, taxRateId: w.taxRate.id, daysAhead: 1, time: '05:00', ...o });

/** The booking events recorded about these events, oldest first: "type athlete (flag) subject". */
async function eventsOf(...eventIds: string[]): Promise<string[]> {
  const e = domainEvents;
  const rows = await t.db
    .select({ type: e.type, subjectId: e.subjectId, payload: e.payload, gymId: e.gymId, version: e.schemaVersion })
    .from(e)
    .where(and(like(e.type, 'booking.%'), inArray(sql`${e.payload}->>'eventId'`, eventIds)))
    .orderBy(asc(e.txId), asc(e.id));
  return rows.map((row) => {
    const p = row.payload as { athleteId: string; walkIn?: boolean; waitlisted?: boolean };
    expect([row.gymId, row.version]).toEqual([w.gym.id, 1]);
    const flag = p.waitlisted ? ' waitlisted' : p.walkIn ? ' walk-in' : '';
    return `${row.type} ${names.get(p.athleteId) ?? p.athleteId}${flag} ${row.subjectId}`;
  });
}

describe('booking domain events (issue 33)', () => {
  it('records a booking and a place in line once each; a refused booking and a replayed id record nothing', async () => {
    const cls = await makeClass({ capacity: 1 });
    const [a, b, c] = [await athlete('A'), await athlete('B'), await athlete('C')];
    const id = randomUUID();
    const book = (athleteId: string, o: Record<string, unknown> = {}) =>
      staff.post('/api/athlete-kilo-classes/', { athlete: athleteId, kiloClass: cls.id, ...o });
    expect((await book(a.athleteId, { athleteKiloClassId: id })).statusCode).toBe(201);
    expect((await book(a.athleteId, { athleteKiloClassId: id })).statusCode).toBe(200);
    expect((await book(a.athleteId)).statusCode).toBe(409);
    expect((await book(b.athleteId)).json().code).toBe('event_full');
    const line = await book(b.athleteId, { joinWaitlist: true });
    expect(line.json().isWaitlisted).toBe(true);
    // Reserved and checked in at once: a booking and its check-in, in one transaction.
    const open = await makeClass();
    const both = await staff.post('/api/athlete-kilo-classes/', { athlete: c.athleteId, kiloClass: open.id, isReserved: true, isCheckedIn: true });
    expect(both.statusCode).toBe(201);
    expect(await eventsOf(cls.id)).toEqual([`booking.created A ${id}`, `booking.created B waitlisted ${line.json().athleteKiloClassId}`]);
    expect(await eventsOf(open.id)).toEqual([`booking.created C ${both.json().athleteKiloClassId}`, `booking.checked_in C ${both.json().athleteKiloClassId}`]);
  });

  it('records a check-in, a late cancel and a no show once; a check-out, a cleared mark, new terms and a refused mark none', async () => {
    const cls = await makeClass();
    const [a, b, c, d] = [await athlete('A'), await athlete('B'), await athlete('C'), await athlete('D')];
    const [inId, lateId, noShowId] = await t.make.reserve(cls, [a.athleteId, b.athleteId, c.athleteId]);
    const [uncredited] = await t.make.reserve(cls, [d.athleteId], { isCredited: false });
    const put = (id: string, body: Record<string, unknown>) => staff.put(`/api/athlete-kilo-classes/${id}/`, body);
    // The check-in with another field goes the locked path, whatever FAST_WRITES says.
    for (const body of [
      { isCheckedIn: true, deductCredit: false },
      { isCheckedIn: true, deductCredit: false },
      { isCheckedIn: false, deductCredit: false },
    ]) {
      expect((await put(inId!, body)).statusCode).toBe(200);
    }
    expect((await put(lateId!, { isLateCancel: true })).statusCode).toBe(200);
    expect((await put(lateId!, { isLateCancel: true, chargeFee: '7.50' })).statusCode).toBe(200);
    expect((await put(lateId!, { isLateCancel: false })).statusCode).toBe(200);
    expect((await put(noShowId!, { isNoShow: true, chargeDate: addDays(todayOf(w.gym), 1) })).statusCode).toBe(200);
    expect((await put(noShowId!, { isLateCancel: true })).statusCode).toBe(400);
    expect((await put(uncredited!, { isNoShow: true })).statusCode).toBe(400);
    expect(await eventsOf(cls.id)).toEqual([`booking.checked_in A ${inId}`, `booking.late_cancelled B ${lateId}`, `booking.no_show C ${noShowId}`]);
  });

  it('records a cancel and the promotion it makes; an athlete cancelling inside the cut-off records a late cancel', async () => {
    const cls = await makeClass({ capacity: 1 });
    const [a, b] = [await athlete('A'), await athlete('B')];
    const [held] = await t.make.reserve(cls, [a.athleteId]);
    const [waiting] = await t.make.reserve(cls, [b.athleteId], { isWaitlisted: true });
    expect((await staff.delete(`/api/athlete-kilo-classes/${held}/`)).statusCode).toBe(200);
    expect((await staff.delete(`/api/athlete-kilo-classes/${held}/`)).statusCode).toBe(404);
    expect(await eventsOf(cls.id)).toEqual([`booking.cancelled A ${held}`, `booking.promoted B ${waiting}`]);

    // The fixed clock is 14:30 in Chicago: a class at 15:30 today is inside a two-hour cut-off.
    const type = await t.make.classType(w.gym.id, { lateCancelCutoffMinutes: 120 });
    const soon = await t.make.event(w.gym, { classTypeId: type.id, taxRateId: w.taxRate.id, cancellationFeeMinor: 1500, daysAhead: 0, time: '15:30' });
    const me = await athlete('Self', { login: true });
    const [mine] = await t.make.reserve(soon, [me.athleteId], { isCredited: false });
    const client = await t.as({ userId: me.userId!, profileId: me.profileId });
    expect((await client.delete(`/api/athlete-kilo-classes/${mine}/`)).statusCode).toBe(200);
    expect(await eventsOf(soon.id)).toEqual([`booking.late_cancelled Self ${mine}`]);
  });

  it('records each booking of a bulk booking, and a cancel of every booking and place in line of a class the gym cancels', async () => {
    const a = await athlete('Bulk');
    const first = await makeClass({ daysAhead: 1, time: '07:10' });
    const second = await makeClass({ daysAhead: 2, time: '07:10' });
    const res = await staff.post('/api/athlete-kilo-classes/create-bulk/', {
      athlete: a.athleteId,
      startDate: todayOf(w.gym),
      endDate: addDays(todayOf(w.gym), 3),
      days: '1,2,3,4,5,6,7',
      startTime: '07:10',
      kiloClassType: w.classType.id,
      location: w.location.id,
    });
    expect(res.json().count).toBe(2);
    const ids = new Map((res.json().results as { kiloClass: string; athleteKiloClassId: string }[]).map((r) => [r.kiloClass, r.athleteKiloClassId]));
    expect(await eventsOf(first.id, second.id)).toEqual([`booking.created Bulk ${ids.get(first.id)}`, `booking.created Bulk ${ids.get(second.id)}`]);

    const [b, c] = [await athlete('Booked'), await athlete('Waiting')];
    const [booked] = await t.make.reserve(second, [b.athleteId]);
    const [waiting] = await t.make.reserve(second, [c.athleteId], { isWaitlisted: true });
    expect((await owner.post(`/api/classes/${second.id}/cancel/`, { scope: 'this' })).statusCode).toBe(200);
    const cancelled = (await eventsOf(second.id)).slice(1);
    expect(cancelled.sort()).toEqual(
      [`booking.cancelled Bulk ${ids.get(second.id)}`, `booking.cancelled Booked ${booked}`, `booking.cancelled Waiting ${waiting}`].sort(),
    );
  });
});
