import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { payAssignmentInputSchema, payRateInputSchema, workEntryInputSchema } from '@spotter/shared';
import { fromZoned, kindsForTarget, payrollMessages, type PayRateKind } from '@spotter/shared';
import { constraintOf, sqlState, type Db, type Tx } from '../../db/client';
import { appointmentTypes, classTypes, payAssignments, payRates, staff, workCategories, workEntries } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error';

/**
 * Issue 37 (decision 044): the writes of payroll. A rate's kind and amounts are fixed once it is assigned (a past
 * period's pay never changes); a change of pay is a new assignment from its date. Logged work is a staff member's own,
 * changed until approved; overlaps of one person's timed entries are refused by the database's exclusion constraint.
 */

type RateInput = z.output<typeof payRateInputSchema>;
type AssignmentInput = z.output<typeof payAssignmentInputSchema>;
type EntryInput = z.output<typeof workEntryInputSchema>;

/** Only the fields a kind reads are kept (the others are zero), so two rates of the same terms look the same. */
function termsOf(input: RateInput) {
  const k: PayRateKind = input.kind;
  return {
    kind: k,
    amountMinor: k === 'class_tiered' || k === 'commission' ? 0 : input.amountMinor,
    perAthleteMinor: k === 'class_flat' ? input.perAthleteMinor : 0,
    athleteThreshold: k === 'class_flat' ? input.athleteThreshold : 0,
    capMinor: k === 'class_flat' ? input.capMinor : null,
    tiers: k === 'class_tiered' ? [...input.tiers].sort((a, b) => a.fromAthletes - b.fromAthletes) : [],
    commissionBasisPoints: k === 'commission' ? input.commissionBasisPoints : 0,
  };
}

async function catchUnique<T>(refusals: Record<string, Error>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const refusal = sqlState(err) === '23505' ? refusals[constraintOf(err) ?? ''] : sqlState(err) === '23P01' ? refusals[constraintOf(err) ?? ''] : undefined;
    throw refusal ?? err;
  }
}

const rateNameTaken = () => ({ pay_rates_gym_name_key: fieldError('name', payrollMessages.rateNameTaken) });

async function lockRate(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(payRates)
    .where(and(eq(payRates.id, id), eq(payRates.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(payrollMessages.rateNotFound);
  const [used] = await tx.select({ id: payAssignments.id }).from(payAssignments).where(eq(payAssignments.payRateId, id)).limit(1);
  return { row, inUse: Boolean(used) };
}

export async function createPayRate(db: Db, gymId: string, input: RateInput): Promise<string> {
  return catchUnique(rateNameTaken(), async () => {
    const [row] = await db
      .insert(payRates)
      .values({ gymId, name: input.name, ...termsOf(input) })
      .returning({ id: payRates.id });
    return row!.id;
  });
}

export async function updatePayRate(db: Db, gymId: string, id: string, input: RateInput): Promise<void> {
  await catchUnique(rateNameTaken(), () =>
    db.transaction(async (tx) => {
      const { row, inUse } = await lockRate(tx, gymId, id);
      const next = termsOf(input);
      const current = {
        kind: row.kind,
        amountMinor: row.amountMinor,
        perAthleteMinor: row.perAthleteMinor,
        athleteThreshold: row.athleteThreshold,
        capMinor: row.capMinor,
        tiers: row.tiers,
        commissionBasisPoints: row.commissionBasisPoints,
      };
      if (inUse && JSON.stringify(current) !== JSON.stringify(next)) throw conflict(payrollMessages.rateInUse, 'pay_rate_in_use');
      await tx
        .update(payRates)
        .set({ name: input.name, ...next, updatedAt: new Date() })
        .where(eq(payRates.id, id));
    }),
  );
}

export async function setPayRateArchived(db: Db, gymId: string, id: string, archived: boolean): Promise<void> {
  await catchUnique({ pay_rates_gym_name_key: conflict(payrollMessages.rateNameTaken, 'name_taken') }, () =>
    db.transaction(async (tx) => {
      await lockRate(tx, gymId, id);
      await tx
        .update(payRates)
        .set({ archivedAt: archived ? sql`coalesce(${payRates.archivedAt}, now())` : null, updatedAt: new Date() })
        .where(eq(payRates.id, id));
    }),
  );
}

export async function deletePayRate(db: Db, gymId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { inUse } = await lockRate(tx, gymId, id);
    if (inUse) throw conflict(payrollMessages.rateInUseDelete, 'pay_rate_in_use');
    await tx.delete(payRates).where(eq(payRates.id, id));
  });
}

export async function createWorkCategory(db: Db, gymId: string, name: string): Promise<string> {
  return catchUnique({ work_categories_gym_name_key: fieldError('name', payrollMessages.categoryNameTaken) }, async () => {
    const [row] = await db.insert(workCategories).values({ gymId, name }).returning({ id: workCategories.id });
    return row!.id;
  });
}

export async function createAssignment(db: Db, gymId: string, input: AssignmentInput, actorProfileId: string): Promise<string> {
  return catchUnique({ pay_assignments_one_per_day_key: conflict(payrollMessages.assignmentTaken, 'assignment_taken') }, () =>
    db.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.id, input.staffId), eq(staff.gymId, gymId)));
      if (!member) throw fieldError('staffId', payrollMessages.staffNotFound);
      const [rate] = await tx
        .select()
        .from(payRates)
        .where(and(eq(payRates.id, input.payRateId), eq(payRates.gymId, gymId)))
        .for('share');
      if (!rate) throw fieldError('payRateId', payrollMessages.rateNotFound);
      if (rate.archivedAt) throw fieldError('payRateId', payrollMessages.rateArchived);
      if (!kindsForTarget[input.target].includes(rate.kind)) throw fieldError('payRateId', payrollMessages.rateKindForTarget);
      const target = { classTypeId: null as string | null, appointmentTypeId: null as string | null, workCategoryId: null as string | null };
      if (input.target !== 'commission') {
        const table = input.target === 'class_type' ? classTypes : input.target === 'appointment_type' ? appointmentTypes : workCategories;
        const [found] = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.id, input.targetId!), eq(table.gymId, gymId)));
        if (!found) throw fieldError('targetId', payrollMessages.targetNotFound);
        if (input.target === 'class_type') target.classTypeId = found.id;
        else if (input.target === 'appointment_type') target.appointmentTypeId = found.id;
        else target.workCategoryId = found.id;
      }
      const [row] = await tx
        .insert(payAssignments)
        .values({
          gymId,
          staffId: input.staffId,
          target: input.target,
          ...target,
          payRateId: rate.id,
          startsOn: input.startsOn,
          createdByProfileId: actorProfileId,
        })
        .returning({ id: payAssignments.id });
      return row!.id;
    }),
  );
}

export async function deleteAssignment(db: Db, gymId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(payAssignments)
    .where(and(eq(payAssignments.id, id), eq(payAssignments.gymId, gymId)))
    .returning({ id: payAssignments.id });
  if (deleted.length === 0) throw notFound(payrollMessages.assignmentNotFound);
}

/** The entry's date, its instants (from the gym-local times, across daylight saving) and its minutes. */
function timesOf(input: EntryInput, timeZone: string) {
  if (input.startTime && input.endTime) {
    const startsAt = fromZoned(input.date, input.startTime, timeZone);
    const endsAt = fromZoned(input.date, input.endTime, timeZone);
    const minutes = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
    if (minutes <= 0) throw fieldError('endTime', payrollMessages.endAfterStart);
    return { workDate: input.date, startsAt, endsAt, minutes };
  }
  return { workDate: input.date, startsAt: null, endsAt: null, minutes: input.durationMinutes! };
}

const overlapRefusal = () => ({ work_entries_no_overlap: conflict(payrollMessages.entryOverlaps, 'work_overlaps') });

async function checkCategory(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select({ id: workCategories.id })
    .from(workCategories)
    .where(and(eq(workCategories.id, id), eq(workCategories.gymId, gymId), isNull(workCategories.archivedAt)));
  if (!row) throw fieldError('workCategoryId', payrollMessages.categoryNotFound);
}

export type EntryWriter = { gymId: string; timeZone: string; staffId: string | null };

const ownStaff = (w: EntryWriter): string => {
  if (!w.staffId) throw forbidden(payrollMessages.noStaffRecord, 'staff_required');
  return w.staffId;
};

export async function createWorkEntry(db: Db, w: EntryWriter, input: EntryInput): Promise<string> {
  const staffId = ownStaff(w);
  return catchUnique(overlapRefusal(), () =>
    db.transaction(async (tx) => {
      await checkCategory(tx, w.gymId, input.workCategoryId);
      const [row] = await tx
        .insert(workEntries)
        .values({ gymId: w.gymId, staffId, workCategoryId: input.workCategoryId, note: input.note, ...timesOf(input, w.timeZone) })
        .returning({ id: workEntries.id });
      return row!.id;
    }),
  );
}

async function lockOwnEntry(tx: Tx, w: EntryWriter, id: string) {
  const staffId = ownStaff(w);
  const [row] = await tx
    .select()
    .from(workEntries)
    .where(and(eq(workEntries.id, id), eq(workEntries.gymId, w.gymId), eq(workEntries.staffId, staffId)))
    .for('update');
  if (!row) throw notFound(payrollMessages.entryNotFound);
  if (row.status === 'approved') throw conflict(payrollMessages.entryApproved, 'work_approved');
  return row;
}

export async function updateWorkEntry(db: Db, w: EntryWriter, id: string, input: EntryInput): Promise<void> {
  await catchUnique(overlapRefusal(), () =>
    db.transaction(async (tx) => {
      await lockOwnEntry(tx, w, id);
      await checkCategory(tx, w.gymId, input.workCategoryId);
      await tx
        .update(workEntries)
        .set({
          workCategoryId: input.workCategoryId,
          note: input.note,
          ...timesOf(input, w.timeZone),
          status: 'pending',
          reviewReason: '',
          reviewedAt: null,
          reviewedByProfileId: null,
          updatedAt: new Date(),
        })
        .where(eq(workEntries.id, id));
    }),
  );
}

export async function deleteWorkEntry(db: Db, w: EntryWriter, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnEntry(tx, w, id);
    await tx.delete(workEntries).where(eq(workEntries.id, id));
  });
}

export async function reviewWorkEntry(
  db: Db,
  gymId: string,
  id: string,
  review: { decision: 'approve' | 'reject'; reason: string },
  reviewerProfileId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(workEntries)
      .where(and(eq(workEntries.id, id), eq(workEntries.gymId, gymId)))
      .for('update');
    if (!row) throw notFound(payrollMessages.entryNotFound);
    if (row.status !== 'pending') throw conflict(payrollMessages.entryNotPending, 'work_not_pending');
    await tx
      .update(workEntries)
      .set({
        status: review.decision === 'approve' ? 'approved' : 'rejected',
        reviewReason: review.reason,
        reviewedByProfileId: reviewerProfileId,
        reviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(workEntries.id, id), ne(workEntries.status, 'approved')));
  });
}
