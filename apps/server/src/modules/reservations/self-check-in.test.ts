import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultKioskSettings, selfCheckInMessages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { Athlete } from '../../../test/factories';
import { gyms, reservations } from '../../db/schema';

/**
 * Issue 32 item 7: an athlete checks themselves in only inside the gym's self check-in window (kiosk settings: from
 * 60 minutes before the start to the end by default); the front desk checks anyone in at any time. Runs with the
 * grouped writes on (server-pglite) and off (server-pglite-plain), and the last test compares the two side by side.
 */

fixClock(TEST_NOW);
/** TEST_NOW is 14:30 in Chicago. */
const fastWrites = (process.env.FAST_WRITES ?? 'on') === 'on';

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let desk: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  desk = await t.as(w.staff);
});
afterAll(async () => {
  await t?.close();
});

/** A new athlete with a membership, signed in. */
async function athlete(gym = w): Promise<{ me: Athlete; client: ApiClient }> {
  const me = await t.make.athlete(gym.gym.id);
  await t.make.membership(gym.gym.id, [me.athleteId]);
  return { me, client: await t.as({ userId: me.userId!, profileId: me.profileId }) };
}
/** A class of the gym (60 minutes) today at `time` in Chicago, or `daysAhead` days on. */
const classAt = (time: string, daysAhead = 0, gym = w) =>
  t.make.event(gym.gym, { classTypeId: gym.classType.id, locationId: gym.location.id, time, daysAhead });
const rowOf = async (id: string) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];

describe("an athlete's own check-in", () => {
  it("is refused for tomorrow's class, booking and checking in at once, as a walk-in, or on a booking; nothing is written", async () => {
    const { me, client } = await athlete();
    const tomorrow = await classAt('14:30', 1);
    const both = await client.post('/api/athlete-kilo-classes/', { athlete: me.athleteId, kiloClass: tomorrow.id, isReserved: true, isCheckedIn: true });
    expect(both.statusCode, both.body).toBe(409);
    expect(both.json()).toMatchObject({ code: 'self_check_in_not_open', message: selfCheckInMessages.notOpen(60) });
    const walkIn = await client.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: me.athleteId,
      kiloClass: tomorrow.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect([walkIn.statusCode, walkIn.json().code]).toEqual([409, 'self_check_in_not_open']);
    const booked = await client.post('/api/athlete-kilo-classes/', { athlete: me.athleteId, kiloClass: tomorrow.id });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().athleteKiloClassId as string;
    const tap = await client.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true });
    expect([tap.statusCode, tap.json().code]).toEqual([409, 'self_check_in_not_open']);
    expect(await rowOf(id)).toMatchObject({ isReserved: true, isCheckedIn: false });
  });

  it('is allowed 30 minutes before the start and during the class, refused after its end', async () => {
    const { me, client } = await athlete();
    const soon = await classAt('15:00');
    const tap = async (eventId: string) => {
      const booked = await t.make.reserve({ id: eventId, gymId: w.gym.id }, [me.athleteId]);
      return client.put(`/api/athlete-kilo-classes/${booked[0]}/`, { isCheckedIn: true });
    };
    const before = await tap(soon.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().isCheckedIn).toBe(true);
    const during = await classAt('14:00');
    const walkIn = await client.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: me.athleteId,
      kiloClass: during.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const over = await classAt('13:00');
    const after = await tap(over.id);
    expect(after.statusCode, after.body).toBe(409);
    expect(after.json()).toMatchObject({ code: 'self_check_in_closed', message: selfCheckInMessages.closed });
    const ended = await classAt('12:00');
    const lateWalkIn = await client.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: me.athleteId,
      kiloClass: ended.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect([lateWalkIn.statusCode, lateWalkIn.json().code]).toEqual([409, 'self_check_in_closed']);
  });

  it('follows the gym’s setting: opened 2 hours before and kept open 30 minutes after the end', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    await t.db
      .update(gyms)
      .set({ kioskSettings: { ...defaultKioskSettings, selfCheckInOpensMinutes: 120, selfCheckInClosesMinutes: 30 } })
      .where(eq(gyms.id, gym.gym.id));
    const { me, client } = await athlete(gym);
    const inTwoHours = await classAt('16:00', 0, gym);
    const endedTwentyMinutesAgo = await classAt('13:10', 0, gym);
    const tooEarly = await classAt('16:40', 0, gym);
    const post = (eventId: string) =>
      client.post('/api/athlete-kilo-classes/', { athlete: me.athleteId, kiloClass: eventId, isReserved: true, isCheckedIn: true });
    expect((await post(inTwoHours.id)).statusCode).toBe(201);
    expect((await post(endedTwentyMinutesAgo.id)).statusCode).toBe(201);
    const early = await post(tooEarly.id);
    expect([early.statusCode, early.json().message]).toEqual([409, selfCheckInMessages.notOpen(120)]);
  });

  it('does not bind the front desk: staff check an athlete in to tomorrow’s and yesterday’s classes', async () => {
    const { me } = await athlete();
    const tomorrow = await classAt('09:00', 1);
    const yesterday = await classAt('09:00', -1);
    const walkIn = await desk.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: me.athleteId,
      kiloClass: tomorrow.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const [booked] = await t.make.reserve(yesterday, [me.athleteId]);
    const tap = await desk.put(`/api/athlete-kilo-classes/${booked}/`, { isCheckedIn: true });
    expect([tap.statusCode, tap.json().isCheckedIn]).toEqual([200, true]);
  });
});

describe('the grouped and the locked path (decision 016)', () => {
  it('answer the same: a second app with FAST_WRITES the other way gives the same statuses, codes and records', async () => {
    const other = await createTestApp({ FAST_WRITES: fastWrites ? 'off' : 'on' });
    try {
      const run = async (app: TestApp) => {
        const gym = await app.make.kioskGym({ athletes: 0 });
        const me = await app.make.athlete(gym.gym.id);
        await app.make.membership(gym.gym.id, [me.athleteId]);
        const client = await app.as({ userId: me.userId!, profileId: me.profileId });
        const staffClient = await app.as(gym.staff);
        const at = (time: string, daysAhead = 0) => app.make.event(gym.gym, { classTypeId: gym.classType.id, locationId: gym.location.id, time, daysAhead });
        const answers: unknown[] = [];
        const keep = (res: { statusCode: number; json: () => Record<string, unknown> }) => {
          const body = res.json();
          answers.push([res.statusCode, body.code ?? null, body.isCheckedIn ?? null, body.isReserved ?? null]);
        };
        for (const [time, daysAhead] of [
          ['14:30', 1],
          ['15:00', 0],
          ['14:00', 0],
          ['13:00', 0],
        ] as const) {
          const event = await at(time, daysAhead);
          const [booked] = await app.make.reserve(event, [me.athleteId]);
          keep(await client.put(`/api/athlete-kilo-classes/${booked}/`, { isCheckedIn: true }));
          keep(await staffClient.put(`/api/athlete-kilo-classes/${booked}/`, { isCheckedIn: true }));
          const second = await at(time, daysAhead);
          keep(
            await client.post('/api/athlete-kilo-classes/', {
              athleteKiloClassId: randomUUID(),
              athlete: me.athleteId,
              kiloClass: second.id,
              isReserved: false,
              isCheckedIn: true,
            }),
          );
        }
        return answers;
      };
      const mine = await run(t);
      expect(mine).toEqual(await run(other));
      expect(mine.filter((a) => (a as unknown[])[0] === 409)).toHaveLength(4);
    } finally {
      await other.close();
    }
  });
});
