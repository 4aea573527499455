import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { defaultWorkCategories, type PayAssignment, type PayRate, type WorkCategory, type WorkEntry, type WorkEntryStatus } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { appointmentTypes, classTypes, locations, payAssignments, payRates, staff, workCategories, workEntries } from '../../db/schema';

/** Issue 37: the reads of pay rates, assignments, work categories and logged work, each filtered by the caller's gym. */

// Spelled out: in a one-table select drizzle leaves the table off `pay_rates.id`, which the subquery would read as its own.
const rateInUse = sql<boolean>`exists (select 1 from pay_assignments pa where pa.pay_rate_id = "pay_rates"."id")`;

export const rateColumns = {
  payRateId: payRates.id,
  name: payRates.name,
  kind: payRates.kind,
  amountMinor: payRates.amountMinor,
  perAthleteMinor: payRates.perAthleteMinor,
  athleteThreshold: payRates.athleteThreshold,
  capMinor: payRates.capMinor,
  tiers: payRates.tiers,
  commissionBasisPoints: payRates.commissionBasisPoints,
  archivedAt: payRates.archivedAt,
  inUse: rateInUse,
};

type RateRow = { [K in keyof typeof rateColumns]: K extends 'archivedAt' ? Date | null : K extends 'inUse' ? boolean : unknown };
const toRate = (r: RateRow): PayRate => {
  const { archivedAt, ...rest } = r;
  return { ...(rest as Omit<PayRate, 'isArchived'>), isArchived: archivedAt !== null };
};

export async function listPayRates(db: DbOrTx, gymId: string, status: 'active' | 'archived' | 'all'): Promise<PayRate[]> {
  const filter = status === 'active' ? isNull(payRates.archivedAt) : status === 'archived' ? isNotNull(payRates.archivedAt) : undefined;
  const rows = await db
    .select(rateColumns)
    .from(payRates)
    .where(and(eq(payRates.gymId, gymId), filter))
    .orderBy(sql`lower(${payRates.name})`, payRates.id);
  return rows.map(toRate);
}

export async function findPayRate(db: DbOrTx, gymId: string, id: string): Promise<PayRate | null> {
  const [row] = await db
    .select(rateColumns)
    .from(payRates)
    .where(and(eq(payRates.gymId, gymId), eq(payRates.id, id)));
  return row ? toRate(row) : null;
}

/** The gym's work categories, the built-in ones made on first use (idempotent). */
export async function ensureWorkCategories(db: DbOrTx, gymId: string): Promise<void> {
  const [any] = await db.select({ id: workCategories.id }).from(workCategories).where(eq(workCategories.gymId, gymId)).limit(1);
  if (any) return;
  await db
    .insert(workCategories)
    .values(defaultWorkCategories.map((name) => ({ gymId, name })))
    .onConflictDoNothing();
}

export async function listWorkCategories(db: DbOrTx, gymId: string): Promise<WorkCategory[]> {
  await ensureWorkCategories(db, gymId);
  const rows = await db
    .select({ workCategoryId: workCategories.id, name: workCategories.name, archivedAt: workCategories.archivedAt })
    .from(workCategories)
    .where(eq(workCategories.gymId, gymId))
    .orderBy(sql`lower(${workCategories.name})`);
  return rows.map(({ archivedAt, ...r }) => ({ ...r, isArchived: archivedAt !== null }));
}

const staffName = sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`;

export async function listAssignments(db: DbOrTx, gymId: string, staffId?: string): Promise<PayAssignment[]> {
  const rows = await db
    .select({
      assignmentId: payAssignments.id,
      staffId: payAssignments.staffId,
      staffName,
      target: payAssignments.target,
      classTypeId: payAssignments.classTypeId,
      appointmentTypeId: payAssignments.appointmentTypeId,
      workCategoryId: payAssignments.workCategoryId,
      targetName: sql<string>`coalesce(${classTypes.name}, ${appointmentTypes.name}, ${workCategories.name}, 'Sales')`,
      payRateId: payAssignments.payRateId,
      payRateName: payRates.name,
      kind: payRates.kind,
      startsOn: payAssignments.startsOn,
    })
    .from(payAssignments)
    .innerJoin(staff, eq(staff.id, payAssignments.staffId))
    .innerJoin(payRates, eq(payRates.id, payAssignments.payRateId))
    .leftJoin(classTypes, eq(classTypes.id, payAssignments.classTypeId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, payAssignments.appointmentTypeId))
    .leftJoin(workCategories, eq(workCategories.id, payAssignments.workCategoryId))
    .where(and(eq(payAssignments.gymId, gymId), staffId ? eq(payAssignments.staffId, staffId) : undefined))
    .orderBy(
      sql`lower(${staff.firstName} || ' ' || ${staff.lastName})`,
      payAssignments.target,
      sql`lower(coalesce(${classTypes.name}, ${appointmentTypes.name}, ${workCategories.name}, ''))`,
      asc(payAssignments.startsOn),
    );
  const keyOf = (r: (typeof rows)[number]) => `${r.staffId}|${r.target}|${r.classTypeId ?? r.appointmentTypeId ?? r.workCategoryId ?? ''}`;
  return rows.map((r, i) => {
    const next = rows.slice(i + 1).find((o) => keyOf(o) === keyOf(r));
    return {
      assignmentId: r.assignmentId,
      staffId: r.staffId,
      staffName: r.staffName,
      target: r.target,
      targetId: r.classTypeId ?? r.appointmentTypeId ?? r.workCategoryId,
      targetName: r.targetName,
      payRateId: r.payRateId,
      payRateName: r.payRateName,
      kind: r.kind,
      startsOn: r.startsOn,
      endsBefore: next?.startsOn ?? null,
    };
  });
}

export async function findAssignment(db: DbOrTx, gymId: string, id: string): Promise<PayAssignment | null> {
  const [row] = await db
    .select({ staffId: payAssignments.staffId })
    .from(payAssignments)
    .where(and(eq(payAssignments.gymId, gymId), eq(payAssignments.id, id)));
  if (!row) return null;
  return (await listAssignments(db, gymId, row.staffId)).find((a) => a.assignmentId === id) ?? null;
}

export async function payrollOptions(db: DbOrTx, gymId: string) {
  const [staffRows, classTypeRows, appointmentTypeRows, locationRows] = await Promise.all([
    db
      .select({ staffId: staff.id, name: staffName, email: staff.email })
      .from(staff)
      .where(and(eq(staff.gymId, gymId), isNull(staff.deactivatedAt)))
      .orderBy(sql`lower(${staff.firstName} || ' ' || ${staff.lastName})`),
    db
      .select({ id: classTypes.id, name: classTypes.name })
      .from(classTypes)
      .where(and(eq(classTypes.gymId, gymId), isNull(classTypes.archivedAt)))
      .orderBy(sql`lower(${classTypes.name})`),
    db
      .select({ id: appointmentTypes.id, name: appointmentTypes.name })
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.gymId, gymId), isNull(appointmentTypes.archivedAt)))
      .orderBy(sql`lower(${appointmentTypes.name})`),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.gymId, gymId), isNull(locations.archivedAt)))
      .orderBy(sql`lower(${locations.name})`),
  ]);
  return { staff: staffRows, classTypes: classTypeRows, appointmentTypes: appointmentTypeRows, locations: locationRows };
}

export type EntryFilter = { staffId?: string; status: WorkEntryStatus | 'any'; from?: string; to?: string; ids?: string[] };

/** Logged work, newest first; `canEdit` for the caller (their own, not approved). */
export async function listWorkEntries(db: DbOrTx, gymId: string, filter: EntryFilter, callerStaffId: string | null): Promise<WorkEntry[]> {
  const where: (SQL | undefined)[] = [
    eq(workEntries.gymId, gymId),
    filter.staffId ? eq(workEntries.staffId, filter.staffId) : undefined,
    filter.status !== 'any' ? eq(workEntries.status, filter.status) : undefined,
    filter.from ? gte(workEntries.workDate, filter.from) : undefined,
    filter.to ? lte(workEntries.workDate, filter.to) : undefined,
    filter.ids ? inArray(workEntries.id, filter.ids) : undefined,
  ];
  const reviewer = sql<string | null>`(select rs.first_name || ' ' || rs.last_name from ${staff} rs where rs.profile_id = ${workEntries.reviewedByProfileId})`;
  const rows = await db
    .select({
      workEntryId: workEntries.id,
      staffId: workEntries.staffId,
      staffName,
      workCategoryId: workEntries.workCategoryId,
      categoryName: workCategories.name,
      date: workEntries.workDate,
      startsAt: workEntries.startsAt,
      endsAt: workEntries.endsAt,
      minutes: workEntries.minutes,
      note: workEntries.note,
      status: workEntries.status,
      reviewReason: workEntries.reviewReason,
      reviewedByName: reviewer,
    })
    .from(workEntries)
    .innerJoin(staff, eq(staff.id, workEntries.staffId))
    .innerJoin(workCategories, eq(workCategories.id, workEntries.workCategoryId))
    .where(and(...where))
    .orderBy(desc(workEntries.workDate), desc(workEntries.startsAt), desc(workEntries.createdAt))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    canEdit: r.staffId === callerStaffId && r.status !== 'approved',
  }));
}

export async function findWorkEntry(db: DbOrTx, gymId: string, id: string, callerStaffId: string | null): Promise<WorkEntry | null> {
  const [row] = await listWorkEntries(db, gymId, { status: 'any', ids: [id] }, callerStaffId);
  return row ?? null;
}
