import { Column, and, eq, getTableName, not, or, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { holdsPlaceRule, reservationMessages, type ReservationFlag } from '@spotter/shared';
import { documents, invoices, reservations, type athletes, type events } from '../../db/schema';

/**
 * The booking rules as SQL, read from their one definition in packages/shared (rules/reservations.ts), and the two
 * account flags of the kiosk (spec 2.12), each written once here. Every query of the server uses these.
 */

type FlagColumns = Record<ReservationFlag, AnyPgColumn>;
const flagColumns = (r: typeof reservations): FlagColumns => ({
  isReserved: r.isReserved,
  isCheckedIn: r.isCheckedIn,
  isLateCancel: r.isLateCancel,
  isNoShow: r.isNoShow,
  isWaitlisted: r.isWaitlisted,
});

/** Spec 4 holdsPlace: the reservation counts toward attendance and capacity. */
export function holdsPlaceSql(r: typeof reservations = reservations): SQL {
  const c = flagColumns(r);
  return and(or(...holdsPlaceRule.anyOf.map((flag) => eq(c[flag], true))), ...holdsPlaceRule.noneOf.map((flag) => not(c[flag])))!;
}

/**
 * A column named with its table. Drizzle writes the columns of an INSERT's or UPDATE's RETURNING bare, and a bare
 * athlete_id inside the subqueries below would be the invoice's or document's own (every athlete flagged by anyone's bill).
 */
function qualified(value: AnyPgColumn | SQL | string): SQL | string {
  // The database is opened with casing snake_case (db/client.ts): a column's SQL name is its key in snake case.
  const name = value instanceof Column ? (value.keyAsName ? toSnakeCase(value.name) : value.name) : null;
  return value instanceof Column ? sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(name!)}` : value;
}

/**
 * Spec 2.12 'This account has a past-due bill.': the athlete has a past-due invoice in the gym. A probe into the
 * partial index of the gym's past-due bills (gym_id, athlete_id), whether it is asked for one record or a page of them.
 */
export function hasPastDueBillSql(athleteId: AnyPgColumn | SQL, gymId: AnyPgColumn | SQL | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${invoices} where ${invoices.gymId} = ${qualified(gymId)} and ${invoices.athleteId} = ${qualified(athleteId)} and ${invoices.status} = 'past_due')`;
}

/** Spec 2.12 'There is an unsigned document on this account.': the athlete has an unsigned document in the gym. */
export function hasUnsignedDocumentSql(athleteId: AnyPgColumn | SQL, gymId: AnyPgColumn | SQL | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${documents} where ${documents.gymId} = ${qualified(gymId)} and ${documents.athleteId} = ${qualified(athleteId)} and ${documents.signedAt} is null and ${documents.voidedAt} is null)`;
}

/**
 * What an athlete must pass to take a place in an event, each as SQL over the athlete's and the event's rows: the
 * locked write path asks each in turn to name the one that fails, the grouped walk-ins ask all of them at once. The
 * athlete is one of the event's gym (every query asks that); later rules (a package with credits, a signed waiver)
 * belong here.
 */
export type EligibilityRule = { code: string; message: string; passes: (athlete: typeof athletes, event: typeof events) => SQL };

export const eligibilityRules: readonly EligibilityRule[] = [
  { code: 'athlete_inactive', message: reservationMessages.athleteInactive, passes: (athlete) => eq(athlete.isActive, true) },
];

export function eligibleSql(athlete: typeof athletes, event: typeof events): SQL {
  return and(...eligibilityRules.map((rule) => rule.passes(athlete, event)))!;
}
