import { Column, and, getTableName, or, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { holdsPlaceRule, type ReservationFlag } from '@spotter/shared';
import { documents, invoices, reservations } from '../../db/schema';

/**
 * Which reservation holds a place as SQL, read from its one definition in packages/shared (rules/reservations.ts), and
 * the two account flags of the kiosk (spec 2.12), each written once here. Every query of the server uses these. The
 * other booking rules are the policy table (policy.ts, decision 043).
 */

type FlagColumns = Record<ReservationFlag, AnyPgColumn | SQL>;
const flagColumns = (r: typeof reservations): FlagColumns => ({
  isReserved: r.isReserved,
  isCheckedIn: r.isCheckedIn,
  isLateCancel: r.isLateCancel,
  isNoShow: r.isNoShow,
  isWaitlisted: r.isWaitlisted,
});

/** Spec 4 holdsPlace: the reservation counts toward attendance and capacity. */
export function holdsPlaceSql(r: typeof reservations = reservations): SQL {
  return holdsPlaceOf(flagColumns(r));
}

/** holdsPlace over any five flag expressions (policy.ts asks it of literal values too). */
export function holdsPlaceOf(c: FlagColumns): SQL<boolean> {
  return and(or(...holdsPlaceRule.anyOf.map((flag) => sql`${c[flag]} = true`)), ...holdsPlaceRule.noneOf.map((flag) => sql`not ${c[flag]}`))! as SQL<boolean>;
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
