import { and, eq, getTableName, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isValidName, messages, setupMessages, type SetupStatus } from '@spotter/shared';
import { constraintOf, sqlState, type Tx } from '../../db/client';
import { events, gyms, taxRates } from '../../db/schema';
import { fieldError, type HttpError } from '../../lib/http-error';
import { containsPattern } from '../../lib/sql-text';

/**
 * What the set-up modules (class types, appointment types, locations; issue 16) share: the Active / Archived filter,
 * the name search and order, the name rule, and the database's refusal of a name taken twice as a clear 400 or 409.
 */

/**
 * A column with its table's name, as a correlated subquery must name it: drizzle leaves the table's name off the
 * columns of a one-table select, and inside `select … from events where …` a bare "id" is the event's. The database
 * is read with snake_case casing (db/client.ts), so a name taken from its key is written so.
 */
export const col = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.keyAsName ? toSnakeCase(column.name) : column.name)}`;

/** Active: not archived; archived: archived. */
export const statusFilter = (archivedAt: AnyPgColumn, status: SetupStatus): SQL => (status === 'archived' ? isNotNull(archivedAt) : isNull(archivedAt));

export const nameFilter = (name: AnyPgColumn, search: string): SQL | undefined => (search ? sql`${name} ilike ${containsPattern(search)}` : undefined);

/** Sorted by name as people read it (case-insensitive), then by id so that pages never overlap. */
export const byName = (name: AnyPgColumn, id: AnyPgColumn) => [sql`lower(${name})`, id];

export const filterOf = (archivedAt: AnyPgColumn, name: AnyPgColumn, q: { status: SetupStatus; search: string }) =>
  and(statusFilter(archivedAt, q.status), nameFilter(name, q.search));

/**
 * Spec 5's name rule for a name that is new (created, or changed): a name made before the rule (the demo's
 * 'Mobility & Yoga') may stay as it is while other settings change.
 */
export function checkNewName(name: string, before?: string): void {
  if (before !== undefined && name === before) return;
  if (!isValidName(name)) throw fieldError('name', messages.nameInvalid);
}

/**
 * Runs a write; a unique index in `names` broken by it (two saves of one name at once get past the check before
 * either commits) becomes that index's error.
 */
export async function refusingTakenNames<T>(names: Record<string, HttpError>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const refusal = sqlState(err) === '23505' ? names[constraintOf(err) ?? ''] : undefined;
    throw refusal ?? err;
  }
}

export const toIso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The gym's today as YYYY-MM-DD, for export file names. */
export function exportFileName(what: string, status: SetupStatus, today: string): string {
  return `${what}-${status}-${today}.csv`;
}

/** Spec 3: the fees' tax rate is one of the gym's. */
export async function checkTaxRate(tx: Tx, gymId: string, taxRateId: string | null): Promise<void> {
  if (taxRateId === null) return;
  const [rate] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.id, taxRateId), eq(taxRates.gymId, gymId)));
  if (!rate) throw fieldError('taxRateId', setupMessages.taxRateNotFound);
}

/** A type's fee settings (spec 3), money in minor units; no tax rate: the gym's class tax rate. */
export type FeeFields = {
  cancellationFeeMinor: number;
  noShowFeeMinor: number;
  cancellationCreditDeduction: number;
  noShowCreditDeduction: number;
  taxRateId: string | null;
};
export const feesChanged = (before: FeeFields, after: FeeFields) =>
  before.cancellationFeeMinor !== after.cancellationFeeMinor ||
  before.noShowFeeMinor !== after.noShowFeeMinor ||
  before.cancellationCreditDeduction !== after.cancellationCreditDeduction ||
  before.noShowCreditDeduction !== after.noShowCreditDeduction ||
  before.taxRateId !== after.taxRateId;

/**
 * Classes and appointments carry the fees and tax rate they were scheduled with. When their type's change, those that
 * have not started and are not cancelled take them too (the owner expects a new late-cancel fee to apply from now on;
 * classes are made ahead of time); started, past and cancelled ones keep theirs. A type without a tax rate of its own
 * gives the gym's class tax rate (spec 3). Answers how many took the change.
 */
export async function copyFeesToUpcoming(
  tx: Tx,
  gymId: string,
  typeColumn: typeof events.classTypeId | typeof events.appointmentTypeId,
  typeId: string,
  fees: FeeFields,
  now: Date,
): Promise<number> {
  const updated = await tx
    .update(events)
    .set({
      cancellationFeeMinor: fees.cancellationFeeMinor,
      noShowFeeMinor: fees.noShowFeeMinor,
      cancellationCreditDeduction: fees.cancellationCreditDeduction,
      noShowCreditDeduction: fees.noShowCreditDeduction,
      taxRateId: fees.taxRateId ?? sql`(select ${gyms.classTaxRateId} from ${gyms} where ${gyms.id} = ${gymId})`,
      updatedAt: now,
    })
    .where(and(eq(events.gymId, gymId), eq(typeColumn, typeId), gt(events.startsAt, now), isNull(events.cancelledAt)))
    .returning({ id: events.id });
  return updated.length;
}
