import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, weeklyHoursProblem } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { todayOf } from '../../../test/factories';
import { SeededRandom } from '../../db/seed/random';
import { coachAvailability, coachTimeOff } from '../../db/schema';
import { seedAvailability } from './availability.seed';

fixClock(TEST_NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function seededGym() {
  const gym = await t.make.gym({ timeZone: 'America/Toronto', country: 'CA' });
  const coaches = [await t.make.owner(gym.id), await t.make.staff(gym.id), await t.make.staff(gym.id)];
  const coachIds = coaches.map((c) => c.staffId);
  await seedAvailability(t.db, new SeededRandom(16), gym.id, coachIds, new Date());
  return { gym, coachIds, owner: coaches[0]! };
}
const hoursOf = (staffId: string) => t.db.select().from(coachAvailability).where(eq(coachAvailability.staffId, staffId));

describe('seedAvailability (issue 16 demo data)', () => {
  it('gives every coach weekday hours that do not overlap, and a few time off entries in the coming days', async () => {
    const { gym, coachIds } = await seededGym();
    for (const staffId of coachIds) {
      const hours = await hoursOf(staffId);
      expect(new Set(hours.map((h) => h.weekday))).toEqual(new Set(hours.some((h) => h.weekday === 6) ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5]));
      expect(weeklyHoursProblem(hours)).toBeNull();
      expect(hours.every((h) => h.gymId === gym.id)).toBe(true);
    }
    const timeOff = await t.db.select().from(coachTimeOff).where(eq(coachTimeOff.gymId, gym.id));
    expect(timeOff).toHaveLength(3);
    expect(timeOff.every((o) => o.startsAt.getTime() > Date.now() && o.endsAt > o.startsAt && o.reason !== '')).toBe(true);
    expect(timeOff.every((o) => o.startsAt.getTime() < new Date(`${addDays(todayOf(gym), 15)}T00:00:00Z`).getTime())).toBe(true);
  });

  it('is the same for the same seed', async () => {
    const [a, b] = [await seededGym(), await seededGym()];
    const shape = async (coachIds: string[]) =>
      (await Promise.all(coachIds.map(hoursOf))).map((hours) => hours.map((h) => `${h.weekday} ${h.startTime}-${h.endTime}`).sort());
    expect(await shape(b.coachIds)).toEqual(await shape(a.coachIds));
  });

  it('makes the demo bookable: with a type offered by its coaches, the slots read finds free times', async () => {
    const { gym, coachIds, owner } = await seededGym();
    const type = await t.make.appointmentType(gym.id, { name: 'Personal Training', durationMinutes: 60 });
    await t.make.offer(gym.id, type.id, coachIds);
    // The next Monday in Toronto.
    let monday = addDays(todayOf(gym), 1);
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    const res = await (await t.as(owner)).get(`/api/appointment-slots/?appointmentTypeId=${type.id}&date=${monday}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().slots.length).toBeGreaterThan(20);
  });
});
