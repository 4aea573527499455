import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { packageMessages, setupMessages, type PackageInputParsed } from '@spotter/shared';
import { appointmentTypes, athletePackages, billingPlans, classTypes, packageAppointmentTypes, packageClassTypes, packages } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { sanitizeRichText } from '../../lib/rich-text';
import { checkNewName, checkTaxRate, refusingTakenNames } from '../event-setup';

/**
 * The writes of the package catalogue (issue 18, decision 032): each one transaction that publishes the gym's change.
 * A refused write changes nothing. Athletes' packages keep the price they were sold at (athlete_packages.priceMinor),
 * so a plan's new price reaches only new sales; a plan athletes hold is archived when removed, never deleted.
 */

const nameTaken = { packages_gym_name_key: fieldError('name', packageMessages.nameTaken) };

async function lockPackage(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(packageMessages.packageNotFound);
  return row;
}

/** Names are unique among the gym's active packages, whatever their case (archived names are free). */
async function nameFree(tx: Tx, gymId: string, name: string, exceptId?: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        eq(packages.gymId, gymId),
        isNull(packages.archivedAt),
        sql`lower(${packages.name}) = lower(${name})`,
        exceptId ? ne(packages.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !taken;
}

/** The class and appointment types chosen are the gym's own. */
async function checkTypes(tx: Tx, gymId: string, input: PackageInputParsed): Promise<void> {
  if (!input.coversAllClassTypes && input.classTypeIds.length > 0) {
    const found = await tx
      .select({ id: classTypes.id })
      .from(classTypes)
      .where(and(eq(classTypes.gymId, gymId), inArray(classTypes.id, input.classTypeIds)));
    if (found.length !== input.classTypeIds.length) throw fieldError('classTypeIds', setupMessages.classTypeNotFound);
  }
  if (!input.coversAllAppointmentTypes && input.appointmentTypeIds.length > 0) {
    const found = await tx
      .select({ id: appointmentTypes.id })
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.gymId, gymId), inArray(appointmentTypes.id, input.appointmentTypeIds)));
    if (found.length !== input.appointmentTypeIds.length) throw fieldError('appointmentTypeIds', setupMessages.appointmentTypeNotFound);
  }
}

const values = (input: PackageInputParsed) => ({
  name: input.name,
  kind: input.kind,
  category: input.category,
  description: sanitizeRichText(input.description),
  credits: input.credits,
  sessionsLimit: input.kind === 'membership' ? input.sessionsLimit : null,
  sessionsPer: input.kind === 'membership' ? input.sessionsPer : null,
  validityDays: input.validityDays,
  limitPerDay: input.limitPerDay,
  limitPerWeek: input.limitPerWeek,
  coversAllClassTypes: input.coversAllClassTypes,
  coversAllAppointmentTypes: input.coversAllAppointmentTypes,
  signUpFeeMinor: input.signUpFeeMinor,
  taxRateId: input.taxRateId,
  familySharing: input.familySharing,
  showInPortal: input.showInPortal,
  portalOrder: input.portalOrder,
  cancellationNoticeDays: input.cancellationNoticeDays,
});

type PlanInput = PackageInputParsed['billingPlans'][number];
const planValues = (p: PlanInput, position: number) => ({
  name: p.name,
  priceMinor: p.priceMinor,
  interval: p.interval,
  intervalCount: p.intervalCount,
  paymentCount: p.paymentCount,
  startsOn: p.startsOn,
  dayOfMonth: p.startsOn === 'day_of_month' ? p.dayOfMonth : null,
  prorate: p.prorate,
  position,
});

/** What it covers: the join tables list the types only when it does not cover all of them. */
async function writeCoverage(tx: Tx, packageId: string, input: PackageInputParsed): Promise<void> {
  await tx.delete(packageClassTypes).where(eq(packageClassTypes.packageId, packageId));
  await tx.delete(packageAppointmentTypes).where(eq(packageAppointmentTypes.packageId, packageId));
  if (!input.coversAllClassTypes && input.classTypeIds.length > 0) {
    await tx.insert(packageClassTypes).values(input.classTypeIds.map((classTypeId) => ({ packageId, classTypeId })));
  }
  if (!input.coversAllAppointmentTypes && input.appointmentTypeIds.length > 0) {
    await tx.insert(packageAppointmentTypes).values(input.appointmentTypeIds.map((appointmentTypeId) => ({ packageId, appointmentTypeId })));
  }
}

/**
 * Replaces the package's plans: a plan sent with its id is updated (it must be one of the package's active plans), one
 * without an id is added; an active plan not sent is archived when athletes hold it, and deleted otherwise.
 */
async function writePlans(tx: Tx, gymId: string, packageId: string, plans: PlanInput[], now: Date): Promise<void> {
  const existing = await tx
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(and(eq(billingPlans.packageId, packageId), eq(billingPlans.gymId, gymId), isNull(billingPlans.archivedAt)));
  const known = new Set(existing.map((p) => p.id));
  plans.forEach((p, i) => {
    if (p.billingPlanId !== undefined && !known.has(p.billingPlanId)) throw fieldError(`billingPlans.${i}.billingPlanId`, packageMessages.planNotFound);
  });
  const kept = new Set(plans.flatMap((p) => (p.billingPlanId ? [p.billingPlanId] : [])));
  const removed = [...known].filter((id) => !kept.has(id));
  if (removed.length > 0) {
    const held = await tx.selectDistinct({ id: athletePackages.billingPlanId }).from(athletePackages).where(inArray(athletePackages.billingPlanId, removed));
    const heldIds = new Set(held.map((h) => h.id));
    const toArchive = removed.filter((id) => heldIds.has(id));
    const toDelete = removed.filter((id) => !heldIds.has(id));
    if (toArchive.length > 0) await tx.update(billingPlans).set({ archivedAt: now }).where(inArray(billingPlans.id, toArchive));
    if (toDelete.length > 0) await tx.delete(billingPlans).where(inArray(billingPlans.id, toDelete));
  }
  for (const [i, p] of plans.entries()) {
    if (p.billingPlanId) await tx.update(billingPlans).set(planValues(p, i)).where(eq(billingPlans.id, p.billingPlanId));
    else await tx.insert(billingPlans).values({ gymId, packageId, ...planValues(p, i), createdAt: now });
  }
}

export async function createPackage(ctx: WriteContext, gymId: string, input: PackageInputParsed, now = new Date()): Promise<string> {
  checkNewName(input.name);
  input.billingPlans.forEach((p, i) => {
    if (p.billingPlanId !== undefined) throw fieldError(`billingPlans.${i}.billingPlanId`, packageMessages.planNotFound);
  });
  return refusingTakenNames(nameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      await checkTaxRate(tx, gymId, input.taxRateId);
      await checkTypes(tx, gymId, input);
      if (!(await nameFree(tx, gymId, input.name))) throw fieldError('name', packageMessages.nameTaken);
      const [row] = await tx
        .insert(packages)
        .values({ gymId, ...values(input), createdAt: now, updatedAt: now })
        .returning({ id: packages.id });
      await writeCoverage(tx, row!.id, input);
      await writePlans(tx, gymId, row!.id, input.billingPlans, now);
      await publish({ kind: 'gym', gymId });
      return row!.id;
    }),
  );
}

export async function updatePackage(ctx: WriteContext, gymId: string, id: string, input: PackageInputParsed, now = new Date()): Promise<void> {
  await refusingTakenNames(nameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const before = await lockPackage(tx, gymId, id);
      checkNewName(input.name, before.name);
      await checkTaxRate(tx, gymId, input.taxRateId);
      await checkTypes(tx, gymId, input);
      if (before.archivedAt === null && !(await nameFree(tx, gymId, input.name, id))) throw fieldError('name', packageMessages.nameTaken);
      await tx
        .update(packages)
        .set({ ...values(input), updatedAt: now })
        .where(eq(packages.id, id));
      await writeCoverage(tx, id, input);
      await writePlans(tx, gymId, id, input.billingPlans, now);
      await publish({ kind: 'gym', gymId });
    }),
  );
}

/** Archived packages are sold no more; athletes keep what they hold. Archiving twice changes nothing. */
export async function archivePackage(ctx: WriteContext, gymId: string, id: string, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockPackage(tx, gymId, id);
    if (row.archivedAt !== null) return;
    await tx.update(packages).set({ archivedAt: now, updatedAt: now }).where(eq(packages.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

const restoreTaken = conflict(packageMessages.restoreNameTaken, 'name_taken');

export async function restorePackage(ctx: WriteContext, gymId: string, id: string, now = new Date()): Promise<void> {
  await refusingTakenNames({ packages_gym_name_key: restoreTaken }, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const row = await lockPackage(tx, gymId, id);
      if (row.archivedAt === null) return;
      if (!(await nameFree(tx, gymId, row.name, id))) throw restoreTaken;
      await tx.update(packages).set({ archivedAt: null, updatedAt: now }).where(eq(packages.id, id));
      await publish({ kind: 'gym', gymId });
    }),
  );
}
