import { eq } from 'drizzle-orm';
import { addDays, fromZoned, toZoned, type GymCountry } from '@spotter/shared';
import * as t from '../schema';
import type { DbOrTx } from '../client';
import type { SeededRandom } from './random';

/** What the activity generator needs to know of a gym. */
export type GymActivitySpec = {
  title: string;
  country: GymCountry;
  timeZone: string;
  tax: { name: string; percent: string };
  /** How many of the class types the gym runs (the first n of CLASS_TYPES). */
  classTypeCount: number;
};

const CLASS_TYPES = [
  { name: 'CrossFit WOD', color: 'blue', capacity: 16 },
  { name: 'Olympic Lifting', color: 'grape', capacity: 10 },
  { name: 'Barbell Club', color: 'orange', capacity: 12 },
  { name: 'Mobility & Yoga', color: 'teal', capacity: 18 },
  { name: 'Open Gym', color: 'gray', capacity: 20 },
];
export const CLASS_TYPE_COUNT = CLASS_TYPES.length;
/** Local start times of the regular schedule. */
const SCHEDULE = ['06:00', '07:00', '09:00', '12:00', '16:30', '17:30', '18:30'];
const PAST_DAYS = 7;
const FUTURE_DAYS = 14;
/** The reserved athletes of a class under way who are not checked in yet, at least: the kiosk always has someone to check in. */
export const MIN_WAITING = 3;

export async function insertChunked<T extends Record<string, unknown>>(db: DbOrTx, table: Parameters<DbOrTx['insert']>[0], rows: T[], size = 500) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}

const roundToQuarter = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const minutes = h * 60 + m - ((h * 60 + m) % 15);
  return minutes;
};
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Local class start times of one day: the schedule, and for today classes around "now". */
export function startTimesFor(date: string, today: string, nowLocal: string): string[] {
  if (date !== today) return SCHEDULE;
  const now = roundToQuarter(nowLocal);
  // Ended earlier today, one under way, and some still to come (CONTRACT.md), where the day allows.
  // The one under way starts at midnight in the day's first quarter hour (an e2e run at 00:05 needs it too).
  const relative = [now - 180, now - 120, Math.max(0, now - 15), now + 60, now + 120, now + 240].filter((m) => m >= 0 && m < 24 * 60);
  const all = new Set([...SCHEDULE.map((s) => roundToQuarter(s)), ...relative]);
  return [...all].sort((a, b) => a - b).filter((m, i, arr) => i === 0 || m - arr[i - 1]! >= 45 || relative.includes(m)).map(hhmm);
}

/**
 * The classes of one day: start time, class type and place (which picks the room and coaches). A schedule time keeps
 * its place in SCHEDULE, so today's classes at those times have the type and room they have two days later and form a
 * series, whatever classes around "now" today adds before them (the kiosk's bulk booking needs one).
 */
export function classPlanFor(day: number, date: string, today: string, nowLocal: string, typeCount: number) {
  return startTimesFor(date, today, nowLocal).map((time, slot) => {
    const scheduled = SCHEDULE.indexOf(time);
    const place = scheduled >= 0 ? scheduled : slot;
    return { time, place, typeIndex: (place + (day + 100) * 3) % typeCount };
  });
}

/**
 * A gym's believable activity, relative to `now` in its own time zone (CONTRACT.md "Demo data"): tax rates,
 * locations, class types, classes for the past week and the next two weeks with coaches and reservations,
 * appointments today and tomorrow, pinned notes, past-due bills, unsigned documents and a welcome banner.
 * Used by the seed and by new demo gyms (modules/platform).
 */
export async function seedGymActivity(db: DbOrTx, rng: SeededRandom, g: GymActivitySpec, gymId: string, coachIds: string[], athleteIds: string[], now: Date) {
  const taxRateId = rng.uuid();
  await db.insert(t.taxRates).values([
    { id: taxRateId, gymId, name: g.tax.name, percent: g.tax.percent },
    { id: rng.uuid(), gymId, name: 'No tax', percent: '0.0000' },
  ]);
  await db.update(t.gyms).set({ classTaxRateId: taxRateId }).where(eq(t.gyms.id, gymId));

  const locationIds = [rng.uuid(), rng.uuid()];
  await db.insert(t.locations).values([
    { id: locationIds[0]!, gymId, name: 'Main Floor' },
    { id: locationIds[1]!, gymId, name: 'Studio B' },
  ]);
  const types = CLASS_TYPES.slice(0, g.classTypeCount).map((ct) => ({ ...ct, id: rng.uuid() }));
  await db.insert(t.classTypes).values(types.map((ct) => ({ id: ct.id, gymId, name: ct.name, color: ct.color })));

  const { date: today, time: nowLocal } = toZoned(now, g.timeZone);
  const classRows: (typeof t.events.$inferInsert)[] = [];
  const coachRows: (typeof t.eventCoaches.$inferInsert)[] = [];
  const reservationRows: (typeof t.reservations.$inferInsert)[] = [];
  const rootBySlot = new Map<string, string>();
  const fee = g.country === 'GB' ? 1000 : 1500;
  // A coach is never in two places at once (the database refuses it, migration 0008).
  const busy = new Map<string, [number, number][]>();
  const coachIsFree = (staffId: string, startsAt: Date, minutes: number) => {
    const from = startsAt.getTime();
    const to = from + minutes * 60_000;
    const taken = busy.get(staffId) ?? [];
    if (taken.some(([a, b]) => a < to && from < b)) return false;
    busy.set(staffId, [...taken, [from, to]]);
    return true;
  };

  for (let day = -PAST_DAYS; day <= FUTURE_DAYS; day++) {
    const date = addDays(today, day);
    classPlanFor(day, date, today, nowLocal, types.length).forEach(({ time, typeIndex, place: slot }) => {
      const ct = types[typeIndex]!;
      const id = rng.uuid();
      const startsAt = fromZoned(date, time, g.timeZone);
      const slotKey = `${ct.id}|${time}`;
      const rootId = rootBySlot.get(slotKey) ?? null;
      if (!rootId) rootBySlot.set(slotKey, id);
      classRows.push({
        id, gymId, kind: 'class', classTypeId: ct.id, locationId: locationIds[slot % 2]!, rootId, startsAt, startDate: date, startTime: `${time}:00`,
        durationMinutes: 60, capacity: ct.capacity, taxRateId,
        cancellationFeeMinor: fee, noShowFeeMinor: fee * 2, cancellationCreditDeduction: 1, noShowCreditDeduction: 1,
      });
      const lead = coachIds[(slot + day + 50) % coachIds.length]!;
      if (coachIsFree(lead, startsAt, 60)) coachRows.push({ gymId, eventId: id, staffId: lead, role: 'lead' });
      const assistant = coachIds[(slot + day + 51) % coachIds.length]!;
      if (ct.capacity >= 16 && coachIds.length > 1 && coachIsFree(assistant, startsAt, 60)) coachRows.push({ gymId, eventId: id, staffId: assistant, role: 'assistant' });

      const isPast = startsAt.getTime() + 60 * 60_000 < now.getTime();
      const isStarted = startsAt.getTime() <= now.getTime();
      const reserved = Math.min(ct.capacity, Math.round(ct.capacity * (0.35 + rng.next() * 0.55)));
      rng.shuffle(athleteIds).slice(0, reserved).forEach((athleteId, place) => {
        const lateCancel = isPast && rng.chance(0.04);
        const noShow = isPast && !lateCancel && rng.chance(0.04);
        reservationRows.push({
          id: rng.uuid(), gymId, eventId: id, athleteId, isReserved: true,
          // A class under way has about half its athletes in, but always MIN_WAITING at the door for the front desk.
          isCheckedIn: !lateCancel && !noShow && (isPast ? rng.chance(0.92) : isStarted && rng.chance(0.5) && place >= MIN_WAITING),
          isLateCancel: lateCancel, isNoShow: noShow, isCredited: rng.chance(0.85),
          registrationDatetime: new Date(startsAt.getTime() - rng.int(1, 120) * 3600_000),
        });
      });
    });
  }
  await insertChunked(db, t.events, classRows);
  await insertChunked(db, t.eventCoaches, coachRows);
  await insertChunked(db, t.reservations, reservationRows);

  // Appointments today: personal training and an intro session.
  const appointmentFees = { taxRateId, cancellationFeeMinor: fee * 2, noShowFeeMinor: fee * 3, cancellationCreditDeduction: 1, noShowCreditDeduction: 1 };
  const appointmentTypes = [
    { id: rng.uuid(), name: 'Personal Training', durationMinutes: 60 },
    { id: rng.uuid(), name: 'Intro Session', durationMinutes: 30 },
  ];
  await db.insert(t.appointmentTypes).values(appointmentTypes.map((a) => ({ ...a, gymId, ...appointmentFees })));
  const appointmentRows: (typeof t.events.$inferInsert)[] = [];
  const appointmentReservations: (typeof t.reservations.$inferInsert)[] = [];
  const appointmentCoaches: (typeof t.eventCoaches.$inferInsert)[] = [];
  for (const [i, time] of ['08:00', '11:00', '15:00', '19:30'].entries()) {
    for (const date of [today, addDays(today, 1)]) {
      const type = appointmentTypes[i % 2]!;
      const id = rng.uuid();
      const capacity = i === 3 ? 3 : 1;
      appointmentRows.push({ id, gymId, kind: 'appointment', appointmentTypeId: type.id, locationId: locationIds[1]!, startsAt: fromZoned(date, time, g.timeZone), startDate: date, startTime: `${time}:00`, durationMinutes: type.durationMinutes, capacity, ...appointmentFees });
      const coach = coachIds.find((c, k) => k >= i % coachIds.length && coachIsFree(c, fromZoned(date, time, g.timeZone), type.durationMinutes));
      if (coach) appointmentCoaches.push({ gymId, eventId: id, staffId: coach, role: 'lead' });
      for (const athleteId of rng.shuffle(athleteIds).slice(0, capacity)) {
        appointmentReservations.push({ id: rng.uuid(), gymId, eventId: id, athleteId, isReserved: true, isCredited: true });
      }
    }
  }
  await insertChunked(db, t.events, appointmentRows);
  await insertChunked(db, t.eventCoaches, appointmentCoaches);
  await insertChunked(db, t.reservations, appointmentReservations);

  // Pinned notes, past-due bills and unsigned documents on some members.
  const flagged = rng.shuffle(athleteIds);
  await insertChunked(db, t.notes, flagged.slice(0, 12).map((athleteId, i) => ({
    gymId, athleteId, isPinned: true,
    title: rng.pick(['Injury', 'Goals', 'Front desk', 'Membership']),
    content: rng.pick(['<p>Left shoulder: no overhead pressing until cleared.</p>', '<p>Training for a first marathon in spring.</p>', '<p>Prefers to be called by a nickname; ask.</p>', '<p>Freeze requested for next month.</p>']),
    updatedAt: new Date(now.getTime() - (i + 1) * 86_400_000),
  })));
  await insertChunked(db, t.invoices, flagged.slice(8, 18).map((athleteId) => ({
    gymId, athleteId, status: 'past_due' as const, dueDate: addDays(today, -rng.int(3, 30)), totalMinor: rng.int(50, 200) * 100,
  })));
  await insertChunked(db, t.invoices, flagged.slice(20, 80).map((athleteId) => ({
    gymId, athleteId, status: 'paid' as const, dueDate: addDays(today, -rng.int(3, 30)), totalMinor: rng.int(50, 200) * 100,
  })));
  await insertChunked(db, t.documents, flagged.slice(14, 26).map((athleteId) => ({ gymId, athleteId, title: 'Liability Waiver', signedAt: null })));
  await insertChunked(db, t.documents, flagged.slice(26, 100).map((athleteId) => ({ gymId, athleteId, title: 'Liability Waiver', signedAt: new Date(now.getTime() - 30 * 86_400_000) })));

  await db.insert(t.banners).values({ gymId, audiences: ['gym_staff'], title: `Welcome to Spotter, ${g.title}`, message: '<p>Your schedule, members and kiosk are ready. Questions? Reply to any email from us.</p>' });
}
