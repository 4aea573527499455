import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import * as t from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/** What the demo's class types say and how athletes book them (by the seed's names; others keep the defaults). */
const CLASS_TYPE_SETTINGS: Record<string, Partial<typeof t.classTypes.$inferInsert>> = {
  'CrossFit WOD': {
    description: 'The workout of the day: a warm-up, a skill or strength piece and a conditioning finisher. All levels.',
    bookingOpensDays: 7,
    bookingClosesMinutes: 15,
    lateCancelCutoffMinutes: 120,
    waitlistEnabled: true,
    waitlistSize: 10,
    promotionCutoffMinutes: 60,
  },
  'Olympic Lifting': {
    description: 'Snatch and clean & jerk technique with a coach per platform.',
    defaultDurationMinutes: 75,
    bookingOpensDays: 14,
    bookingClosesMinutes: 60,
    lateCancelCutoffMinutes: 240,
    waitlistEnabled: true,
    waitlistSize: 4,
    promotionCutoffMinutes: 120,
  },
  'Barbell Club': {
    description: 'A strength cycle on the big lifts; bring your log book.',
    bookingOpensDays: 7,
    lateCancelCutoffMinutes: 120,
    waitlistEnabled: true,
    waitlistSize: null,
    promotionCutoffMinutes: 30,
  },
  'Mobility & Yoga': {
    description: 'Slow flows and mobility drills for recovery days.',
    bookingOpensDays: 7,
    lateCancelCutoffMinutes: 60,
    waitlistEnabled: true,
    waitlistSize: 6,
  },
  'Open Gym': { description: 'Train your own program; a coach is on the floor.', bookingOpensDays: null, waitlistEnabled: false },
};

/** The rooms of the demo's locations, by location name. */
const ROOMS: Record<string, string[]> = { 'Main Floor': ['Platform Area', 'Rig'], 'Studio B': ['Studio'] };

const RETIRED_TYPE = 'Strongman Saturday';

/**
 * Issue 16's set-up for one demo gym, after its activity is seeded (db/seed gym-activity.ts): descriptions and booking
 * and waitlist settings on its class types, with the fees and tax rate their classes were scheduled with (so a change of
 * a type's fees is a change); rooms in its locations; the gym's coaches on its appointment types; and one archived class
 * type, so that the Archived tab shows something. Deterministic: no randomness, `now` only dates the archive.
 */
export async function seedEventSetup(db: DbOrTx, gymId: string, coachIds: string[], now: Date): Promise<void> {
  const types = await db.select({ id: t.classTypes.id, name: t.classTypes.name }).from(t.classTypes).where(eq(t.classTypes.gymId, gymId));
  for (const type of types) {
    const [latest] = await db
      .select({
        cancellationFeeMinor: t.events.cancellationFeeMinor,
        noShowFeeMinor: t.events.noShowFeeMinor,
        cancellationCreditDeduction: t.events.cancellationCreditDeduction,
        noShowCreditDeduction: t.events.noShowCreditDeduction,
        taxRateId: t.events.taxRateId,
      })
      .from(t.events)
      .where(and(eq(t.events.gymId, gymId), eq(t.events.classTypeId, type.id), isNull(t.events.cancelledAt)))
      .orderBy(desc(t.events.startsAt))
      .limit(1);
    const settings = { ...(latest ?? {}), ...(CLASS_TYPE_SETTINGS[type.name] ?? {}) };
    if (Object.keys(settings).length > 0) await db.update(t.classTypes).set(settings).where(eq(t.classTypes.id, type.id));
  }
  if (!types.some((type) => type.name === RETIRED_TYPE)) {
    await db.insert(t.classTypes).values({ gymId, name: RETIRED_TYPE, color: 'red', description: 'Stones, yokes and sleds: retired for the winter.', archivedAt: now });
  }

  const locations = await db.select({ id: t.locations.id, name: t.locations.name }).from(t.locations).where(eq(t.locations.gymId, gymId)).orderBy(asc(t.locations.name));
  const rooms = locations.flatMap((l) => (ROOMS[l.name] ?? []).map((name) => ({ gymId, locationId: l.id, name })));
  if (rooms.length > 0) await db.insert(t.rooms).values(rooms).onConflictDoNothing();

  const appointmentTypes = await db.select({ id: t.appointmentTypes.id }).from(t.appointmentTypes).where(eq(t.appointmentTypes.gymId, gymId)).orderBy(asc(t.appointmentTypes.name));
  const links = appointmentTypes.flatMap((a, i) => coachIds.filter((_, k) => (k + i) % 2 === 0 || coachIds.length === 1).map((staffId) => ({ gymId, appointmentTypeId: a.id, staffId })));
  if (links.length > 0) await db.insert(t.appointmentTypeCoaches).values(links).onConflictDoNothing();
  await db.update(t.appointmentTypes).set({ priceMinor: sql`case when ${t.appointmentTypes.durationMinutes} >= 60 then 8500 else 0 end`, bufferMinutes: 10 }).where(eq(t.appointmentTypes.gymId, gymId));
}
