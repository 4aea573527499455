import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { addDays, dayOfWeek, fromZoned, toZoned, type GymCountry } from '@spotter/shared';
import { toRRuleText, type WeekdayNumber } from '@spotter/shared/recurrence';
import * as t from '../schema';
import type { DbOrTx, Tx } from '../client';
import { seedAvailability } from '../../modules/availability/availability.seed';
import { seedProgramming } from '../../modules/programming/programming.seed';
import { MATERIALIZE_DAYS, materialize } from '../../modules/calendar/series.service';
import type { SeededRandom } from './random';
import { seedDocuments } from './documents';

/** What the activity generator needs to know of a gym. */
export type GymActivitySpec = {
  title: string;
  country: GymCountry;
  timeZone: string;
  tax: { name: string; percent: string };
  /** How many of the class types the gym runs (the first n of CLASS_TYPES). */
  classTypeCount: number;
};

/** The class types a gym runs: name, colour, capacity, description, booking and waitlist settings (issue 16). */
const CLASS_TYPES = [
  {
    name: 'CrossFit WOD',
    color: 'blue',
    capacity: 16,
    duration: 60,
    description: 'The workout of the day: a warm-up, a strength or skill piece and a conditioning piece, scaled to you.',
    bookingOpensDays: 7,
    lateCancelCutoffMinutes: 120,
    waitlistSize: 8,
    promotionCutoffMinutes: 60,
  },
  {
    name: 'Olympic Lifting',
    color: 'grape',
    capacity: 10,
    duration: 60,
    description: 'Snatch and clean and jerk technique, then heavy singles and doubles with a coach on every platform.',
    bookingOpensDays: 7,
    lateCancelCutoffMinutes: 240,
    waitlistSize: 4,
    promotionCutoffMinutes: 120,
  },
  {
    name: 'Barbell Club',
    color: 'orange',
    capacity: 12,
    duration: 60,
    description: 'Squat, bench, deadlift and press on a progressive program. Bring your log book.',
    bookingOpensDays: 14,
    lateCancelCutoffMinutes: 120,
    waitlistSize: 6,
    promotionCutoffMinutes: 60,
  },
  {
    name: 'Mobility & Yoga',
    color: 'teal',
    capacity: 18,
    duration: 60,
    description: 'Slow flow and mobility work for hips, shoulders and spine. Mats are provided.',
    bookingOpensDays: 7,
    lateCancelCutoffMinutes: 60,
    waitlistSize: null,
    promotionCutoffMinutes: 30,
  },
  {
    name: 'Open Gym',
    color: 'gray',
    capacity: 20,
    duration: 60,
    description: 'Train on your own program with the floor to yourself; a coach is on hand for questions.',
    bookingOpensDays: null,
    lateCancelCutoffMinutes: 0,
    waitlistSize: null,
    promotionCutoffMinutes: 0,
  },
];
export const CLASS_TYPE_COUNT = CLASS_TYPES.length;
/** Local start times of the regular schedule. */
const SCHEDULE = ['06:00', '07:00', '09:00', '12:00', '16:30', '17:30', '18:30'];
const PAST_DAYS = 7;
/** Bookings are seeded for the classes of the next two weeks; the series' classes go on over the rolling window. */
const BOOKED_DAYS = 14;
/** The reserved athletes of a class under way who are not checked in yet, at least: the kiosk always has someone to check in. */
export const MIN_WAITING = 3;
/** Locations and their rooms; a class of slot `place` is in location `place % 2`, in its first room. */
const PLACES = [
  { name: 'Main Floor', rooms: ['The Rig', 'Lifting Platforms'] },
  { name: 'Studio B', rooms: ['Studio'] },
];

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
  return [...all]
    .sort((a, b) => a - b)
    .filter((m, i, arr) => i === 0 || m - arr[i - 1]! >= 45 || relative.includes(m))
    .map(hhmm);
}

/** The week's pattern a day belongs to: Monday, Wednesday and Friday; Tuesday and Thursday; the weekend. */
const weekGroup = (weekday: number) => (weekday === 0 || weekday === 6 ? 2 : weekday % 2 === 1 ? 0 : 1);
/** The ISO weekdays (1 = Monday … 7 = Sunday) of each group. */
const GROUP_WEEKDAYS = [
  [1, 3, 5],
  [2, 4],
  [6, 7],
] as const;

/**
 * The classes of one day: start time, class type and place (which picks the location and room). A schedule time's class
 * comes from a weekly series (its type set by the day's group: Monday/Wednesday/Friday, Tuesday/Thursday, weekend), so
 * a class of today recurs on the later days of its group with its type and room (the kiosk's bulk booking needs one);
 * the classes around "now" that today adds are one-off classes.
 */
export function classPlanFor(_day: number, date: string, today: string, nowLocal: string, typeCount: number) {
  const group = weekGroup(dayOfWeek(date));
  return startTimesFor(date, today, nowLocal).map((time, slot) => {
    const scheduled = SCHEDULE.indexOf(time);
    const place = scheduled >= 0 ? scheduled : slot;
    return { time, place, typeIndex: (place + group * 2) % typeCount, isSeries: scheduled >= 0 };
  });
}

type ClassRow = { id: string; startsAt: Date; startDate: string; capacity: number; seriesId: string | null };

/**
 * A gym's believable activity, relative to `now` in its own time zone (CONTRACT.md "Demo data"): tax rates,
 * locations with rooms, class types with their booking settings, weekly class series (issue 16) from a week ago over the
 * rolling window, one-off classes around now, bookings for the next two weeks with a few full classes and their
 * waitlists, appointment types and appointments today and tomorrow, pinned notes, past-due bills, unsigned documents
 * and a welcome banner. Used by the seed and by new demo gyms (modules/platform).
 */
export async function seedGymActivity(db: Tx, rng: SeededRandom, g: GymActivitySpec, gymId: string, coachIds: string[], athleteIds: string[], now: Date) {
  const taxRateId = rng.uuid();
  await db.insert(t.taxRates).values([
    { id: taxRateId, gymId, name: g.tax.name, percent: g.tax.percent },
    { id: rng.uuid(), gymId, name: 'No tax', percent: '0.0000' },
  ]);
  await db.update(t.gyms).set({ classTaxRateId: taxRateId }).where(eq(t.gyms.id, gymId));

  const places = PLACES.map((p) => ({ id: rng.uuid(), name: p.name, rooms: p.rooms.map((name) => ({ id: rng.uuid(), name })) }));
  await db.insert(t.locations).values(places.map((p) => ({ id: p.id, gymId, name: p.name })));
  await db.insert(t.rooms).values(places.flatMap((p) => p.rooms.map((r) => ({ id: r.id, gymId, locationId: p.id, name: r.name }))));

  const fee = g.country === 'GB' ? 1000 : 1500;
  const types = CLASS_TYPES.slice(0, g.classTypeCount).map((ct) => ({ ...ct, id: rng.uuid() }));
  await db.insert(t.classTypes).values(
    types.map((ct) => ({
      id: ct.id,
      gymId,
      name: ct.name,
      color: ct.color,
      description: ct.description,
      defaultDurationMinutes: ct.duration,
      defaultCapacity: ct.capacity,
      cancellationFeeMinor: ct.lateCancelCutoffMinutes > 0 ? fee : 0,
      noShowFeeMinor: ct.lateCancelCutoffMinutes > 0 ? fee * 2 : 0,
      cancellationCreditDeduction: 1,
      noShowCreditDeduction: 1,
      taxRateId,
      bookingOpensDays: ct.bookingOpensDays,
      lateCancelCutoffMinutes: ct.lateCancelCutoffMinutes,
      waitlistEnabled: true,
      waitlistSize: ct.waitlistSize,
      promotionCutoffMinutes: ct.promotionCutoffMinutes,
    })),
  );

  const { date: today, time: nowLocal } = toZoned(now, g.timeZone);
  const firstDate = addDays(today, -PAST_DAYS);

  // One weekly series per schedule time and week group (issue 16); its classes are made over the rolling window.
  for (const [place, time] of SCHEDULE.entries()) {
    for (const [group, weekdays] of GROUP_WEEKDAYS.entries()) {
      const ct = types[(place + group * 2) % types.length]!;
      const location = places[place % 2]!;
      const [series] = await db
        .insert(t.classSeries)
        .values({
          id: rng.uuid(),
          gymId,
          classTypeId: ct.id,
          locationId: location.id,
          roomId: location.rooms[0]!.id,
          rrule: toRRuleText({
            weekdays: weekdays.map((d) => (d % 7) as WeekdayNumber),
            startTime: time,
            firstDate,
            lastDate: null,
            interval: 1,
            timeZone: g.timeZone,
          }),
          startTime: `${time}:00`,
          durationMinutes: ct.duration,
          capacity: ct.capacity,
          firstDate,
          materializedThrough: addDays(firstDate, -1),
        })
        .returning();
      const lead = coachIds[(place + group) % coachIds.length]!;
      const assistant = coachIds[(place + group + 1) % coachIds.length]!;
      await db
        .insert(t.classSeriesCoaches)
        .values([
          { gymId, seriesId: series!.id, staffId: lead, role: 'lead' },
          ...(ct.capacity >= 16 && assistant !== lead ? [{ gymId, seriesId: series!.id, staffId: assistant, role: 'assistant' }] : []),
        ]);
      await materialize(db, series!, addDays(today, MATERIALIZE_DAYS), 'skip');
    }
  }

  // A coach is never in two places at once (the database refuses it): what the series' classes already take.
  const taken = await db
    .select({ staffId: t.eventCoaches.staffId, startsAt: t.eventCoaches.startsAt, busyUntil: t.eventCoaches.busyUntil })
    .from(t.eventCoaches)
    .where(eq(t.eventCoaches.gymId, gymId));
  const busy = new Map<string, [number, number][]>();
  for (const b of taken) busy.set(b.staffId, [...(busy.get(b.staffId) ?? []), [b.startsAt.getTime(), b.busyUntil.getTime()]]);
  const coachIsFree = (staffId: string, startsAt: Date, minutes: number) => {
    const from = startsAt.getTime();
    const to = from + minutes * 60_000;
    const ranges = busy.get(staffId) ?? [];
    if (ranges.some(([a, b]) => a < to && from < b)) return false;
    busy.set(staffId, [...ranges, [from, to]]);
    return true;
  };

  // Today's classes around "now" that the schedule has not: one-off classes (no room, so none clashes).
  const oneOffs: (typeof t.events.$inferInsert)[] = [];
  const oneOffCoaches: (typeof t.eventCoaches.$inferInsert)[] = [];
  for (const { time, typeIndex, place, isSeries } of classPlanFor(0, today, today, nowLocal, types.length)) {
    if (isSeries) continue;
    const ct = types[typeIndex]!;
    const id = rng.uuid();
    const startsAt = fromZoned(today, time, g.timeZone);
    oneOffs.push({
      id,
      gymId,
      kind: 'class',
      classTypeId: ct.id,
      locationId: places[place % 2]!.id,
      startsAt,
      startDate: today,
      startTime: `${time}:00`,
      durationMinutes: 60,
      capacity: ct.capacity,
      taxRateId,
      cancellationFeeMinor: ct.lateCancelCutoffMinutes > 0 ? fee : 0,
      noShowFeeMinor: ct.lateCancelCutoffMinutes > 0 ? fee * 2 : 0,
      cancellationCreditDeduction: 1,
      noShowCreditDeduction: 1,
    });
    const coach = rng.shuffle(coachIds).find((c) => coachIsFree(c, startsAt, 60));
    if (coach) oneOffCoaches.push({ gymId, eventId: id, staffId: coach, role: 'lead' });
  }
  await insertChunked(db, t.events, oneOffs);
  await insertChunked(db, t.eventCoaches, oneOffCoaches);

  // Bookings from a week ago to two weeks ahead; about one class in nine is full, with a few waiting in line.
  const classes: ClassRow[] = await db
    .select({ id: t.events.id, startsAt: t.events.startsAt, startDate: t.events.startDate, capacity: t.events.capacity, seriesId: t.events.seriesId })
    .from(t.events)
    .where(and(eq(t.events.gymId, gymId), eq(t.events.kind, 'class'), lte(t.events.startDate, addDays(today, BOOKED_DAYS))))
    .orderBy(asc(t.events.startsAt), asc(t.events.id));
  const reservationRows: (typeof t.reservations.$inferInsert)[] = [];
  for (const [index, c] of classes.entries()) {
    const startsAt = new Date(c.startsAt);
    const isPast = startsAt.getTime() + 60 * 60_000 < now.getTime();
    const isStarted = startsAt.getTime() <= now.getTime();
    const isFull = !isStarted && c.startDate > today && index % 9 === 4;
    const reserved = isFull ? c.capacity : Math.min(c.capacity, Math.round(c.capacity * (0.35 + rng.next() * 0.55)));
    const people = rng.shuffle(athleteIds);
    people.slice(0, reserved).forEach((athleteId, place) => {
      const lateCancel = isPast && rng.chance(0.04);
      const noShow = isPast && !lateCancel && rng.chance(0.04);
      reservationRows.push({
        id: rng.uuid(),
        gymId,
        eventId: c.id,
        athleteId,
        isReserved: true,
        // A class under way has about half its athletes in, but always MIN_WAITING at the door for the front desk.
        isCheckedIn: !lateCancel && !noShow && (isPast ? rng.chance(0.92) : isStarted && rng.chance(0.5) && place >= MIN_WAITING),
        isLateCancel: lateCancel,
        isNoShow: noShow,
        isCredited: rng.chance(0.85),
        registrationDatetime: new Date(startsAt.getTime() - rng.int(24, 160) * 3600_000),
      });
    });
    if (isFull) {
      // The line, in the order of joining (the booking core draws its places from the same sequence).
      people.slice(reserved, reserved + rng.int(2, 4)).forEach((athleteId, place) => {
        reservationRows.push({
          id: rng.uuid(),
          gymId,
          eventId: c.id,
          athleteId,
          isReserved: false,
          isWaitlisted: true,
          waitlistSeq: sql`nextval(${t.reservationWaitlistSeq.seqName})` as unknown as number,
          registrationDatetime: new Date(startsAt.getTime() - (20 - place) * 3600_000),
        });
      });
    }
  }
  await insertChunked(db, t.reservations, reservationRows);

  // Appointment types with the coaches who offer them, and appointments today and tomorrow (issue 16).
  const appointmentFees = { taxRateId, cancellationFeeMinor: fee * 2, noShowFeeMinor: fee * 3, cancellationCreditDeduction: 1, noShowCreditDeduction: 1 };
  const price = (us: number) => (g.country === 'GB' ? Math.round(us * 0.8) : us);
  const appointmentTypes = [
    {
      id: rng.uuid(),
      name: 'Personal Training',
      color: 'indigo',
      durationMinutes: 60,
      priceMinor: price(8500),
      bufferMinutes: 15,
      capacity: 1,
      lateCancelCutoffMinutes: 1440,
      coaches: coachIds.slice(0, 2),
      description: 'One-to-one coaching on your goals: technique, programming and accountability.',
    },
    {
      id: rng.uuid(),
      name: 'Intro Session',
      color: 'cyan',
      durationMinutes: 30,
      priceMinor: 0,
      bufferMinutes: 0,
      capacity: 3,
      lateCancelCutoffMinutes: 120,
      coaches: coachIds,
      description: 'A free first visit: meet a coach, see the gym and try the movements.',
    },
    {
      id: rng.uuid(),
      name: 'Nutrition Consult',
      color: 'lime',
      durationMinutes: 45,
      priceMinor: price(6000),
      bufferMinutes: 15,
      capacity: 1,
      lateCancelCutoffMinutes: 1440,
      coaches: coachIds.slice(-1),
      description: 'A review of what you eat and a plan that fits your training.',
    },
  ];
  await db.insert(t.appointmentTypes).values(appointmentTypes.map(({ coaches: _coaches, ...a }) => ({ ...a, gymId, ...appointmentFees })));
  await db.insert(t.appointmentTypeCoaches).values(appointmentTypes.flatMap((a) => a.coaches.map((staffId) => ({ gymId, appointmentTypeId: a.id, staffId }))));
  const appointmentRows: (typeof t.events.$inferInsert)[] = [];
  const appointmentReservations: (typeof t.reservations.$inferInsert)[] = [];
  const appointmentCoaches: (typeof t.eventCoaches.$inferInsert)[] = [];
  for (const [i, time] of ['08:00', '11:00', '15:00', '19:30'].entries()) {
    for (const date of [today, addDays(today, 1)]) {
      const type = appointmentTypes[i % 2]!;
      const startsAt = fromZoned(date, time, g.timeZone);
      const coach = [...type.coaches.slice(i % type.coaches.length), ...type.coaches].find((c) =>
        coachIsFree(c, startsAt, type.durationMinutes + type.bufferMinutes),
      );
      if (!coach) continue;
      const id = rng.uuid();
      const capacity = type.capacity;
      appointmentRows.push({
        id,
        gymId,
        kind: 'appointment',
        appointmentTypeId: type.id,
        locationId: places[1]!.id,
        startsAt,
        startDate: date,
        startTime: `${time}:00`,
        durationMinutes: type.durationMinutes,
        capacity,
        ...appointmentFees,
      });
      appointmentCoaches.push({ gymId, eventId: id, staffId: coach, role: 'lead' });
      for (const athleteId of rng.shuffle(athleteIds).slice(0, capacity)) {
        appointmentReservations.push({ id: rng.uuid(), gymId, eventId: id, athleteId, isReserved: true, isCredited: true });
      }
    }
  }
  await insertChunked(db, t.events, appointmentRows);
  await insertChunked(db, t.eventCoaches, appointmentCoaches);
  await insertChunked(db, t.reservations, appointmentReservations);

  // Each coach's weekly hours and some time off (issue 16), so appointments can be booked; this week's workouts.
  await seedAvailability(db, rng, gymId, coachIds, now);
  await seedProgramming(
    db,
    rng,
    gymId,
    types.map((ct) => ct.id),
    today,
  );

  // Pinned notes, past-due bills and unsigned documents on some members.
  const flagged = rng.shuffle(athleteIds);
  await insertChunked(
    db,
    t.notes,
    flagged.slice(0, 12).map((athleteId, i) => ({
      gymId,
      athleteId,
      isPinned: true,
      title: rng.pick(['Injury', 'Goals', 'Front desk', 'Membership']),
      content: rng.pick([
        '<p>Left shoulder: no overhead pressing until cleared.</p>',
        '<p>Training for a first marathon in spring.</p>',
        '<p>Prefers to be called by a nickname; ask.</p>',
        '<p>Freeze requested for next month.</p>',
      ]),
      updatedAt: new Date(now.getTime() - (i + 1) * 86_400_000),
    })),
  );
  // Issue 19: bills are real invoices now (seed/invoices.ts, through the invoices service). The draws the old made-up
  // bills took are still drawn, so every id and choice drawn after them stays as it was.
  const madeUpBills = flagged.slice(8, 18).length + flagged.slice(20, 80).length;
  for (let i = 0; i < 2 * madeUpBills; i++) void rng.next();
  // Issue 20: the gym's waiver and contract, issued to its members (most signed; the demo athlete all signed).
  await seedDocuments(db, gymId, flagged, now);

  await db.insert(t.banners).values({
    gymId,
    audiences: ['gym_staff'],
    title: `Welcome to Spotter, ${g.title}`,
    message: '<p>Your schedule, members and kiosk are ready. Questions? Reply to any email from us.</p>',
  });
}
