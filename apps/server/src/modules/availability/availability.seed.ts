import { eq } from 'drizzle-orm';
import { addDays, fromZoned, toZoned } from '@spotter/shared';
import { coachAvailability, coachTimeOff, gyms } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { SeededRandom } from '../../db/seed/random';

/**
 * Demo data of `/calendar/availability` for one gym (issue 16), for the seed and new demo gyms: each coach works
 * weekday mornings and late afternoons (some Saturday mornings too) in the gym's zone, and a few have time off in the
 * coming days: a whole day, an afternoon, a two-day conference. Deterministic for a seeded `rng`.
 */
export async function seedAvailability(db: DbOrTx, rng: SeededRandom, gymId: string, coachIds: readonly string[], now: Date): Promise<void> {
  const [gym] = await db.select({ timeZone: gyms.timeZone }).from(gyms).where(eq(gyms.id, gymId));
  if (!gym || coachIds.length === 0) return;
  const hours: (typeof coachAvailability.$inferInsert)[] = [];
  for (const [i, staffId] of coachIds.entries()) {
    const morning = rng.pick([
      ['06:00', '11:00'],
      ['07:00', '12:00'],
      ['08:00', '12:30'],
    ] as const);
    const afternoon = rng.pick([
      ['15:00', '19:00'],
      ['16:00', '20:00'],
      ['14:00', '18:30'],
    ] as const);
    for (let weekday = 1; weekday <= 5; weekday++) {
      hours.push({ gymId, staffId, weekday, startTime: morning[0], endTime: morning[1] });
      // One weekday afternoon off each, a different one per coach.
      if (weekday !== ((i + 2) % 5) + 1) hours.push({ gymId, staffId, weekday, startTime: afternoon[0], endTime: afternoon[1] });
    }
    if (i % 2 === 0) hours.push({ gymId, staffId, weekday: 6, startTime: '08:00', endTime: '12:00' });
  }
  await db.insert(coachAvailability).values(hours);

  const today = toZoned(now, gym.timeZone).date;
  const at = (date: string, time: string) => fromZoned(date, time, gym.timeZone);
  const timeOff: (typeof coachTimeOff.$inferInsert)[] = [];
  const dayOff = addDays(today, rng.int(3, 6));
  timeOff.push({
    gymId,
    staffId: coachIds[0]!,
    startsAt: at(dayOff, '00:00'),
    endsAt: at(addDays(dayOff, 1), '00:00'),
    reason: rng.pick(['Personal day', 'Family event', 'Moving house']),
  });
  if (coachIds.length > 1) {
    const afternoon = addDays(today, rng.int(1, 2));
    timeOff.push({
      gymId,
      staffId: coachIds[1]!,
      startsAt: at(afternoon, '13:00'),
      endsAt: at(afternoon, '17:00'),
      reason: rng.pick(['Dentist', 'Physio', 'School pick-up']),
    });
  }
  if (coachIds.length > 2) {
    const conference = addDays(today, rng.int(9, 12));
    timeOff.push({
      gymId,
      staffId: coachIds[2]!,
      startsAt: at(conference, '00:00'),
      endsAt: at(addDays(conference, 2), '00:00'),
      reason: 'Coaching conference',
    });
  }
  await db.insert(coachTimeOff).values(timeOff);
}
