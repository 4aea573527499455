import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { minorToDecimal, type AppointmentReservation, type ClassReservation, type EventKind } from '@spotter/shared';
import { events, reservations } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { hasPastDueBillSql, hasUnsignedDocumentSql } from '../booking-policy';

/** A reservation with the athlete's warnings in its gym: what every reservation write answers. */
export type ReservationRecord = {
  id: string;
  eventId: string;
  athleteId: string;
  gymId: string;
  isWaitlisted: boolean;
  /** While waitlisted: the place in line, 1 first. */
  waitlistPosition: number | null;
  isReserved: boolean;
  isCheckedIn: boolean;
  isLateCancel: boolean;
  isNoShow: boolean;
  chargeNow: boolean;
  chargeDate: string | null;
  chargeFeeMinor: number | null;
  taxRateId: string | null;
  deductCredit: boolean;
  isCredited: boolean;
  registrationDatetime: Date;
  hasPastDueBills: boolean;
  hasUnsignedDocuments: boolean;
};

const line = alias(reservations, 'line');
/** The place in line of a waitlisted reservation (a probe of the event's waitlist index), else null. */
export const waitlistPositionSql = (r: typeof reservations) =>
  sql<
    number | null
  >`case when ${r.isWaitlisted} then (select count(*)::int from ${reservations} ${sql.identifier('line')} where ${line.eventId} = ${r.eventId} and ${line.isWaitlisted} and ${line.waitlistSeq} <= ${r.waitlistSeq}) end`;

/** The columns of a ReservationRecord (a SELECT's, or an INSERT's or UPDATE's RETURNING). */
export function recordFields(r: typeof reservations = reservations) {
  return {
    id: r.id,
    eventId: r.eventId,
    athleteId: r.athleteId,
    gymId: r.gymId,
    isWaitlisted: r.isWaitlisted,
    waitlistPosition: waitlistPositionSql(r),
    isReserved: r.isReserved,
    isCheckedIn: r.isCheckedIn,
    isLateCancel: r.isLateCancel,
    isNoShow: r.isNoShow,
    chargeNow: r.chargeNow,
    chargeDate: r.chargeDate,
    chargeFeeMinor: r.chargeFeeMinor,
    taxRateId: r.taxRateId,
    deductCredit: r.deductCredit,
    isCredited: r.isCredited,
    registrationDatetime: r.registrationDatetime,
    hasPastDueBills: hasPastDueBillSql(r.athleteId, r.gymId),
    hasUnsignedDocuments: hasUnsignedDocumentSql(r.athleteId, r.gymId),
  };
}

/** Reservations of the gym's events of this kind, by id, with the athlete's warnings (one query). */
export async function findReservations(db: DbOrTx, gymId: string, kind: EventKind, ids: string[]): Promise<ReservationRecord[]> {
  if (ids.length === 0) return [];
  const r = reservations;
  return db
    .select(recordFields())
    .from(r)
    .innerJoin(events, and(eq(events.id, r.eventId), eq(events.kind, kind)))
    .where(and(eq(r.gymId, gymId), inArray(r.id, ids)))
    .orderBy(asc(r.registrationDatetime), asc(r.id));
}

export async function findReservation(db: DbOrTx, gymId: string, kind: EventKind, id: string): Promise<ReservationRecord | null> {
  return (await findReservations(db, gymId, kind, [id]))[0] ?? null;
}

const stateOf = (r: ReservationRecord) => ({
  athlete: r.athleteId,
  gym: r.gymId,
  isReserved: r.isReserved,
  isCheckedIn: r.isCheckedIn,
  isLateCancel: r.isLateCancel,
  isNoShow: r.isNoShow,
  chargeNow: r.chargeNow,
  chargeDate: r.chargeDate,
  chargeFee: r.chargeFeeMinor === null ? null : minorToDecimal(r.chargeFeeMinor),
  taxRate: r.taxRateId,
  deductCredit: r.deductCredit,
  isCredited: r.isCredited,
  registrationDatetime: new Date(r.registrationDatetime).toISOString(),
  hasPastDueBills: r.hasPastDueBills,
  hasUnsignedDocuments: r.hasUnsignedDocuments,
});
export const toClassReservation = (r: ReservationRecord): ClassReservation => ({
  athleteKiloClassId: r.id,
  kiloClass: r.eventId,
  isWaitlisted: r.isWaitlisted,
  waitlistPosition: r.waitlistPosition,
  ...stateOf(r),
});
export const toAppointmentReservation = (r: ReservationRecord): AppointmentReservation => ({
  athleteAppointmentId: r.id,
  appointment: r.eventId,
  ...stateOf(r),
});
