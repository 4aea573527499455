import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  minorToDecimal,
  type Attendee,
  type Coach,
  type EventKind,
  type EventSummary,
  type FeeSettings,
  type KioskAthlete,
  type KiloClassesQuery,
  type KiloClassPreview,
  type Note,
  type TaxRate,
} from '@spotter/shared';
import {
  appointmentTypes,
  appointments,
  athleteClassReservations,
  athletes,
  classTypes,
  classes,
  documents,
  invoices,
  locations,
  notes,
  taxRates,
} from '../../db/schema';
import type { Db } from '../../db/client';
import { KINDS, asIso, containsPattern, fullName, isActive, isoUtc, type Kind } from './kinds';

export type EventRef = { kind: EventKind; id: string };

/** One class or appointment with everything its card, detail and reservation rules need. */
export type EventRow = {
  kind: EventKind;
  id: string;
  name: string;
  typeId: string;
  rootId: string | null;
  startDate: string;
  startTime: string;
  startsAt: Date;
  duration: number;
  capacity: number;
  location: { locationId: string; name: string } | null;
  fees: { cancellationFeeMinor: number; noShowFeeMinor: number; cancellationCreditDeduction: number; noShowCreditDeduction: number };
  taxRate: TaxRate | null;
  attendeeCount: number;
  attended: number;
  firstAttendee: string | null;
};

const percentText = (p: string) => String(Number(p));

const eventCounts = (k: Kind, eventId: SQL | typeof classes.id) => {
  const r = k.reservations;
  return {
    attendeeCount: sql<number>`(select count(*) from ${r} where ${k.eventColumn} = ${eventId} and ${isActive(r)})`.mapWith(Number),
    attended: sql<number>`(select count(*) from ${r} where ${k.eventColumn} = ${eventId} and ${isActive(r)} and ${r.isCheckedIn})`.mapWith(Number),
    // The earliest reservation first, then its athlete by primary key (a join let the planner scan every athlete).
    firstAttendee: sql<string | null>`(select ${fullName()} from ${athletes} where ${athletes.id} = (select ${r.athleteId} from ${r}
      where ${k.eventColumn} = ${eventId} and ${isActive(r)} order by ${r.registrationDatetime}, ${r.id} limit 1))`,
  };
};

const toTaxRate = (id: string | null, name: string | null, percent: string | null): TaxRate | null =>
  id && name !== null && percent !== null ? { taxRateId: id, name, percent: percentText(percent) } : null;
const toLocation = (id: string | null, name: string | null) => (id && name !== null ? { locationId: id, name } : null);

type EventColumns = Omit<EventRow, 'kind' | 'location' | 'fees' | 'taxRate'> &
  EventRow['fees'] & { locationId: string | null; locationName: string | null; taxRateId: string | null; taxRateName: string | null; taxRatePercent: string | null };

/** A class or appointment row as both loaders select it. */
function toEventRow(kind: EventKind, r: EventColumns): EventRow {
  return {
    kind,
    id: r.id,
    name: r.name,
    typeId: r.typeId,
    rootId: r.rootId,
    startDate: r.startDate,
    startTime: r.startTime,
    startsAt: r.startsAt,
    duration: r.duration,
    capacity: r.capacity,
    location: toLocation(r.locationId, r.locationName),
    fees: { cancellationFeeMinor: r.cancellationFeeMinor, noShowFeeMinor: r.noShowFeeMinor, cancellationCreditDeduction: r.cancellationCreditDeduction, noShowCreditDeduction: r.noShowCreditDeduction },
    taxRate: toTaxRate(r.taxRateId, r.taxRateName, r.taxRatePercent),
    attendeeCount: r.attendeeCount,
    attended: r.attended,
    firstAttendee: r.firstAttendee,
  };
}

/** Classes of the gym by id (one query, counts included). */
export async function loadClasses(db: Db, gymId: string, where: SQL | undefined, order?: { limit: number; offset: number }): Promise<EventRow[]> {
  const q = db
    .select({
      id: classes.id,
      name: classTypes.name,
      typeId: classTypes.id,
      rootId: classes.rootId,
      startDate: classes.startDate,
      startTime: classes.startTime,
      startsAt: classes.startsAt,
      duration: classes.durationMinutes,
      capacity: classes.capacity,
      locationId: locations.id,
      locationName: locations.name,
      cancellationFeeMinor: classes.cancellationFeeMinor,
      noShowFeeMinor: classes.noShowFeeMinor,
      cancellationCreditDeduction: classes.cancellationCreditDeduction,
      noShowCreditDeduction: classes.noShowCreditDeduction,
      taxRateId: taxRates.id,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      ...eventCounts(KINDS.class, classes.id),
    })
    .from(classes)
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .leftJoin(locations, and(eq(locations.id, classes.locationId), eq(locations.gymId, classes.gymId)))
    .leftJoin(taxRates, and(eq(taxRates.id, classes.taxRateId), eq(taxRates.gymId, classes.gymId)))
    .where(and(eq(classes.gymId, gymId), where))
    .orderBy(asc(classes.startsAt), asc(classes.id));
  const rows = order ? await q.limit(order.limit).offset(order.offset) : await q;
  return rows.map((r) => toEventRow('class', r));
}

/** Appointments of the gym by id (one query); fees and tax rate come from the appointment type. */
export async function loadAppointments(db: Db, gymId: string, where: SQL | undefined): Promise<EventRow[]> {
  const rows = await db
    .select({
      id: appointments.id,
      name: appointmentTypes.name,
      typeId: appointmentTypes.id,
      startDate: appointments.startDate,
      startTime: appointments.startTime,
      startsAt: appointments.startsAt,
      duration: appointments.durationMinutes,
      capacity: appointments.capacity,
      locationId: locations.id,
      locationName: locations.name,
      cancellationFeeMinor: appointmentTypes.cancellationFeeMinor,
      noShowFeeMinor: appointmentTypes.noShowFeeMinor,
      cancellationCreditDeduction: appointmentTypes.cancellationCreditDeduction,
      noShowCreditDeduction: appointmentTypes.noShowCreditDeduction,
      taxRateId: taxRates.id,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      ...eventCounts(KINDS.appointment, appointments.id as unknown as typeof classes.id),
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.appointmentTypeId))
    .leftJoin(locations, and(eq(locations.id, appointments.locationId), eq(locations.gymId, appointments.gymId)))
    .leftJoin(taxRates, and(eq(taxRates.id, appointmentTypes.taxRateId), eq(taxRates.gymId, appointments.gymId)))
    .where(and(eq(appointments.gymId, gymId), where))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map((r) => toEventRow('appointment', { ...r, rootId: null }));
}

export async function findEvent(db: Db, gymId: string, kind: EventKind, id: string): Promise<EventRow | null> {
  const rows = kind === 'class' ? await loadClasses(db, gymId, eq(classes.id, id)) : await loadAppointments(db, gymId, eq(appointments.id, id));
  return rows[0] ?? null;
}

/** Active reservations of the given events, earliest registration first (one query per kind). */
async function loadAttendees(db: Db, gymId: string, k: Kind, eventIds: string[]): Promise<Map<string, Attendee[]>> {
  const r = k.reservations;
  const rows = await db
    .select({ eventId: k.eventColumn, reservationId: r.id, athleteId: athletes.id, fullName: fullName(), isReserved: r.isReserved, isCheckedIn: r.isCheckedIn })
    .from(r)
    .innerJoin(athletes, eq(athletes.id, r.athleteId))
    .where(and(eq(r.gymId, gymId), inArray(k.eventColumn, eventIds), isActive(r)))
    .orderBy(asc(r.registrationDatetime), asc(r.id));
  const byEvent = new Map<string, Attendee[]>();
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({ reservationId: row.reservationId, athlete: { athleteId: row.athleteId, fullName: row.fullName }, isReserved: row.isReserved, isCheckedIn: row.isCheckedIn });
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

export function toEventSummary(e: EventRow, coaches: Coach[]): EventSummary {
  const eventType = KINDS[e.kind].eventType;
  return {
    eventId: e.id,
    eventType,
    genesisEventType: eventType,
    eventName: e.name,
    startDate: e.startDate,
    startTime: e.startTime,
    startsAt: asIso(e.startsAt),
    endsAt: new Date(new Date(e.startsAt).getTime() + e.duration * 60_000).toISOString(),
    duration: e.duration,
    location: e.location,
    capacity: e.capacity,
    attendeeCount: e.attendeeCount,
    athletesAttended: e.attended,
    firstAttendee: e.firstAttendee,
    coaches,
  };
}

export const toFeeSettings = (f: EventRow['fees']): FeeSettings => ({
  cancellationFee: minorToDecimal(f.cancellationFeeMinor),
  noShowFee: minorToDecimal(f.noShowFeeMinor),
  cancellationCreditDeduction: f.cancellationCreditDeduction,
  noShowCreditDeduction: f.noShowCreditDeduction,
});

const pastDueOf = (gymId: string) =>
  sql<boolean>`exists (select 1 from ${invoices} where ${invoices.athleteId} = ${athletes.id} and ${invoices.gymId} = ${gymId} and ${invoices.status} = 'past_due')`;
const unsignedOf = (gymId: string) =>
  sql<boolean>`exists (select 1 from ${documents} where ${documents.athleteId} = ${athletes.id} and ${documents.gymId} = ${gymId} and ${documents.signedAt} is null)`;

/** Pinned notes of the given athletes, newest first (one query). */
async function loadPinnedNotes(db: Db, gymId: string, athleteIds: string[]): Promise<Map<string, Note[]>> {
  const rows = await db
    .select({ athleteId: notes.athleteId, noteId: notes.id, title: notes.title, content: notes.content, updatedAt: notes.updatedAt })
    .from(notes)
    .where(and(eq(notes.gymId, gymId), eq(notes.isPinned, true), inArray(notes.athleteId, athleteIds)))
    .orderBy(desc(notes.updatedAt), asc(notes.id));
  const byAthlete = new Map<string, Note[]>();
  for (const r of rows) {
    const list = byAthlete.get(r.athleteId) ?? [];
    list.push({ noteId: r.noteId, title: r.title, content: r.content, updatedAt: asIso(r.updatedAt) });
    byAthlete.set(r.athleteId, list);
  }
  return byAthlete;
}

/** Who is looking: an athlete profile sees no notes and no one else's warnings. */
export type Viewer = { athleteId: string | null; isAthlete: boolean };

/** An athlete as the kiosk lists them, with their reservation of the event if any (timestamps already ISO 8601). */
export type KioskAthleteRow = {
  athleteId: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  hasPastDueBills: boolean;
  hasUnsignedDocuments: boolean;
  reservationId: string | null;
  isReserved: boolean | null;
  isCheckedIn: boolean | null;
  isLateCancel: boolean | null;
  isNoShow: boolean | null;
  isCredited: boolean | null;
  registrationDatetime: string | null;
};

/**
 * What the kiosk shows of an athlete (event detail and Eligible tab). An athlete at the kiosk sees no notes, and bill
 * and document warnings only for themselves; a late-cancelled or no-show reservation is neither reserved nor checked in.
 */
export function toKioskAthlete(r: KioskAthleteRow, notes: Note[], viewer: Viewer): KioskAthlete {
  const canSeeWarnings = !viewer.isAthlete || viewer.athleteId === r.athleteId;
  const active = r.reservationId !== null && !r.isLateCancel && !r.isNoShow;
  return {
    athleteId: r.athleteId,
    firstName: r.firstName,
    lastName: r.lastName,
    fullName: `${r.firstName} ${r.lastName}`.trim(),
    profilePicture: r.profilePicture,
    notes: viewer.isAthlete ? [] : notes,
    isReserved: active && (r.isReserved ?? false),
    isCheckedIn: active && (r.isCheckedIn ?? false),
    hasPastDueBills: canSeeWarnings && r.hasPastDueBills,
    hasUnsignedDocuments: canSeeWarnings && r.hasUnsignedDocuments,
    reservationId: r.reservationId,
    isLateCancel: r.isLateCancel ?? false,
    isNoShow: r.isNoShow ?? false,
    isCredited: r.isCredited ?? false,
    registrationDatetime: r.registrationDatetime,
  };
}

async function toKioskAthletes(db: Db, gymId: string, rows: KioskAthleteRow[], viewer: Viewer): Promise<KioskAthlete[]> {
  const pinned = viewer.isAthlete ? new Map<string, Note[]>() : await loadPinnedNotes(db, gymId, rows.map((r) => r.athleteId));
  return rows.map((r) => toKioskAthlete(r, pinned.get(r.athleteId) ?? [], viewer));
}

const athleteFields = (gymId: string) => ({
  athleteId: athletes.id,
  firstName: athletes.firstName,
  lastName: athletes.lastName,
  profilePicture: athletes.profilePicture,
  hasPastDueBills: pastDueOf(gymId),
  hasUnsignedDocuments: unsignedOf(gymId),
});
const reservationFields = (k: Kind) => ({
  reservationId: k.reservations.id,
  isReserved: k.reservations.isReserved,
  isCheckedIn: k.reservations.isCheckedIn,
  isLateCancel: k.reservations.isLateCancel,
  isNoShow: k.reservations.isNoShow,
  isCredited: k.reservations.isCredited,
  registrationDatetime: isoUtc(sql`${k.reservations.registrationDatetime}`),
});
const byName = [sql`lower(${athletes.firstName})`, sql`lower(${athletes.lastName})`, asc(athletes.id)];

/** Spec 2.12 Eligible tab: the gym's active athletes matching the search, with their reservation of the class. */
export async function listEligibleAthletes(
  db: Db,
  gymId: string,
  q: { classId: string | null; search: string; limit: number; offset: number },
  viewer: Viewer,
): Promise<{ count: number; results: KioskAthlete[] }> {
  const k = KINDS.class;
  const r = k.reservations;
  const p = containsPattern(q.search);
  const where = and(
    eq(athletes.gymId, gymId),
    eq(athletes.isActive, true),
    q.search ? or(ilike(fullName(), p), ilike(athletes.lastName, p)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(athletes).where(where);
  const rows = await db
    .select({ ...athleteFields(gymId), ...reservationFields(k) })
    .from(athletes)
    .leftJoin(r, and(eq(r.athleteId, athletes.id), eq(r.gymId, gymId), q.classId ? eq(k.eventColumn, q.classId) : sql`false`))
    .where(where)
    .orderBy(...byName)
    .limit(q.limit)
    .offset(q.offset);
  return { count: total?.n ?? 0, results: await toKioskAthletes(db, gymId, rows, viewer) };
}

export async function loadEventAttendees(db: Db, gymId: string, e: EventRow): Promise<Attendee[]> {
  return (await loadAttendees(db, gymId, KINDS[e.kind], [e.id])).get(e.id) ?? [];
}

export function eventTiming(e: EventRow) {
  const s = toEventSummary(e, []);
  return {
    startDate: s.startDate,
    startTime: s.startTime,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    duration: s.duration,
    capacity: s.capacity,
    attendeeCount: s.attendeeCount,
    location: s.location,
    taxRate: e.taxRate,
  };
}

/** Spec 7.3 bulk preview (weekday codes 1 = Sunday .. 7 = Saturday). Two queries. */
export async function listClassPreview(
  db: Db,
  gymId: string,
  q: KiloClassesQuery & { start: string; end: string },
): Promise<{ count: number; results: KiloClassPreview[] }> {
  const where = classFilter(q.start, q.end, q.days, q.start_time, q.kilo_class_type, q.location === undefined ? undefined : q.location === 'None' || q.location === 'null' ? null : q.location);
  const [total] = await db.select({ n: count() }).from(classes).where(and(eq(classes.gymId, gymId), where));
  const rows = await loadClasses(db, gymId, where, { limit: q.limit, offset: q.offset });
  const reserved = q.athlete
    ? new Set(
        (
          await db
            .select({ classId: athleteClassReservations.classId })
            .from(athleteClassReservations)
            .where(and(eq(athleteClassReservations.gymId, gymId), eq(athleteClassReservations.athleteId, q.athlete), inArray(athleteClassReservations.classId, rows.map((r) => r.id))))
        ).map((r) => r.classId),
      )
    : new Set<string>();
  return { count: total?.n ?? 0, results: rows.map((e) => ({ ...toClassPreview(e), isReserved: reserved.has(e.id) })) };
}

export function toClassPreview(e: EventRow): Omit<KiloClassPreview, 'isReserved'> {
  return {
    kiloClassId: e.id,
    kiloClassType: { kiloClassTypeId: e.typeId, name: e.name },
    rootId: e.rootId,
    ...eventTiming(e),
    isFull: e.attendeeCount >= e.capacity,
    reservationAndCancellationSettings: toFeeSettings(e.fees),
  };
}

/** Classes between two gym-local dates on the given weekdays, optionally at a start time, of a type, at a location (null: none). */
export function classFilter(start: string, end: string, days: number[] | undefined, startTime: string | undefined, classTypeId: string | undefined, locationId: string | null | undefined): SQL {
  return and(
    sql`${classes.startDate} between ${start}::date and ${end}::date`,
    days ? inArray(sql`extract(dow from ${classes.startDate})::int + 1`, days) : undefined,
    startTime ? eq(classes.startTime, startTime) : undefined,
    classTypeId ? eq(classes.classTypeId, classTypeId) : undefined,
    locationId === undefined ? undefined : locationId === null ? isNull(classes.locationId) : eq(classes.locationId, locationId),
  )!;
}

/** Spec 7.3: the gym's active tax rates by name (two queries). */
export async function listTaxRates(db: Db, gymId: string, q: { search: string; limit: number; offset: number }): Promise<{ count: number; results: TaxRate[] }> {
  const where = and(eq(taxRates.gymId, gymId), eq(taxRates.isActive, true), q.search ? ilike(taxRates.name, containsPattern(q.search)) : undefined);
  const [total] = await db.select({ n: count() }).from(taxRates).where(where);
  const rows = await db.select().from(taxRates).where(where).orderBy(asc(taxRates.name), asc(taxRates.id)).limit(q.limit).offset(q.offset);
  return { count: total?.n ?? 0, results: rows.map((t) => ({ taxRateId: t.id, name: t.name, percent: percentText(t.percent) })) };
}
