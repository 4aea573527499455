import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { EventKind, EventType } from '@spotter/shared';
import { appointments, athleteAppointmentReservations, athleteClassReservations, athletes, classes } from '../../db/schema';

/**
 * Classes and appointments keep their reservations in two tables with the same columns (events.ts
 * reservationFields) and a different event column. The appointment table is typed as the class one so
 * one piece of code serves both: only the shared columns and `eventColumn` are ever touched through it.
 */
/** Spec 6: athletes and owners pass every check; other staff need Kiosk. Every query is the caller's gym. */
export const kioskAccess = { access: { kind: 'profile' as const, permission: 'Kiosk' as const } };

export type ReservationTable = typeof athleteClassReservations;

export type Kind = {
  kind: EventKind;
  eventType: EventType;
  events: typeof classes;
  reservations: ReservationTable;
  eventColumn: ReservationTable['classId'];
  label: 'class' | 'appointment';
};

export const KINDS: Record<EventKind, Kind> = {
  class: {
    kind: 'class',
    eventType: 'kilo_class_type',
    events: classes,
    reservations: athleteClassReservations,
    eventColumn: athleteClassReservations.classId,
    label: 'class',
  },
  appointment: {
    kind: 'appointment',
    eventType: 'appointment_type',
    events: appointments as unknown as typeof classes,
    reservations: athleteAppointmentReservations as unknown as ReservationTable,
    eventColumn: athleteAppointmentReservations.appointmentId as unknown as ReservationTable['classId'],
    label: 'appointment',
  },
};

/** Counts toward attendance and capacity: reserved or checked in, not late-cancelled or no-show. */
export function isActive(r: ReservationTable): SQL {
  return and(or(eq(r.isReserved, true), eq(r.isCheckedIn, true)), eq(r.isLateCancel, false), eq(r.isNoShow, false))!;
}

export const fullName = (a: typeof athletes = athletes) => sql<string>`${a.firstName} || ' ' || ${a.lastName}`;

/** An ILIKE pattern matching the text anywhere, with the pattern's own wildcards escaped. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const asIso = (value: Date | string) => new Date(value).toISOString();

/** The same rule as kinds.ts isActive, written for the aliased reservation rows of the subqueries. */
export const activeSql = sql`(r.is_reserved or r.is_checked_in) and not r.is_late_cancel and not r.is_no_show`;

/** A timestamp as the API writes it (ISO 8601 in UTC with milliseconds, as Date#toISOString), formatted by PostgreSQL. */
export const isoUtc = (column: SQL): SQL<string | null> => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
