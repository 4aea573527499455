import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BillingPlan, Package, PackageFilter, PackageListQuery } from '@spotter/shared';
import { athletePackages, billingPlans, packageAppointmentTypes, packageClassTypes, packages, taxRates } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { col, filterOf, toIso } from '../event-setup';

/**
 * Reads of the package catalogue (issue 18). A page is three statements whatever its size: the count, the packages
 * (with what they cover and how many hold them, as correlated subqueries) and the billing plans of the page's packages.
 */

/** A json array the drivers may answer as text (PGlite) or parsed (postgres.js). */
const jsonArray = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? (JSON.parse(v) as string[]) : []);

const classTypeIdsSql = () =>
  sql<unknown>`coalesce((select json_agg(${col(packageClassTypes.classTypeId)} order by ${col(packageClassTypes.classTypeId)}) from ${packageClassTypes} where ${col(packageClassTypes.packageId)} = ${col(packages.id)}), '[]'::json)`;
const appointmentTypeIdsSql = () =>
  sql<unknown>`coalesce((select json_agg(${col(packageAppointmentTypes.appointmentTypeId)} order by ${col(packageAppointmentTypes.appointmentTypeId)}) from ${packageAppointmentTypes} where ${col(packageAppointmentTypes.packageId)} = ${col(packages.id)}), '[]'::json)`;
const holdersSql = () =>
  sql<number>`(select count(*) from ${athletePackages} where ${col(athletePackages.gymId)} = ${col(packages.gymId)} and ${col(athletePackages.packageId)} = ${col(packages.id)})`.mapWith(
    Number,
  );

function selectPackages(db: DbOrTx) {
  return db
    .select({
      pkg: packages,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      classTypeIds: classTypeIdsSql(),
      appointmentTypeIds: appointmentTypeIdsSql(),
      holders: holdersSql(),
    })
    .from(packages)
    .leftJoin(taxRates, and(eq(taxRates.id, packages.taxRateId), eq(taxRates.gymId, packages.gymId)));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectPackages>['where']>>[number];

const planInUseSql = () => sql<boolean>`exists (select 1 from ${athletePackages} where ${col(athletePackages.billingPlanId)} = ${col(billingPlans.id)})`;

/** The active plans of these packages, in their order: one statement. */
export async function plansOf(db: DbOrTx, gymId: string, packageIds: string[]): Promise<Map<string, BillingPlan[]>> {
  const byPackage = new Map<string, BillingPlan[]>(packageIds.map((id) => [id, []]));
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select({ plan: billingPlans, inUse: planInUseSql() })
    .from(billingPlans)
    .where(and(eq(billingPlans.gymId, gymId), inArray(billingPlans.packageId, packageIds), isNull(billingPlans.archivedAt)))
    .orderBy(asc(billingPlans.position), asc(billingPlans.createdAt), asc(billingPlans.id));
  for (const { plan: p, inUse } of rows) {
    byPackage.get(p.packageId)?.push({
      billingPlanId: p.id,
      name: p.name,
      priceMinor: p.priceMinor,
      interval: p.interval,
      intervalCount: p.intervalCount,
      paymentCount: p.paymentCount,
      startsOn: p.startsOn,
      dayOfMonth: p.dayOfMonth,
      prorate: p.prorate,
      inUse: Boolean(inUse),
    });
  }
  return byPackage;
}

function toPackage(r: Row, plans: BillingPlan[]): Package {
  const p = r.pkg;
  return {
    packageId: p.id,
    name: p.name,
    kind: p.kind,
    category: p.category,
    description: p.description,
    credits: p.credits,
    sessionsLimit: p.sessionsLimit,
    sessionsPer: p.sessionsPer,
    validityDays: p.validityDays,
    limitPerDay: p.limitPerDay,
    limitPerWeek: p.limitPerWeek,
    coversAllClassTypes: p.coversAllClassTypes,
    classTypeIds: jsonArray(r.classTypeIds),
    coversAllAppointmentTypes: p.coversAllAppointmentTypes,
    appointmentTypeIds: jsonArray(r.appointmentTypeIds),
    signUpFeeMinor: p.signUpFeeMinor,
    taxRate:
      p.taxRateId && r.taxRateName !== null && r.taxRatePercent !== null
        ? { taxRateId: p.taxRateId, name: r.taxRateName, percent: String(Number(r.taxRatePercent)) }
        : null,
    familySharing: p.familySharing,
    showInPortal: p.showInPortal,
    portalOrder: p.portalOrder,
    cancellationNoticeDays: p.cancellationNoticeDays,
    billingPlans: plans,
    holders: r.holders,
    isArchived: p.archivedAt !== null,
    archivedAt: toIso(p.archivedAt),
    inUse: r.holders > 0,
    createdAt: toIso(p.createdAt)!,
  };
}

const whereOf = (gymId: string, q: PackageFilter): SQL | undefined =>
  and(
    eq(packages.gymId, gymId),
    filterOf(packages.archivedAt, packages.name, q),
    q.kind ? eq(packages.kind, q.kind) : undefined,
    q.category ? sql`lower(${packages.category}) = lower(${q.category})` : undefined,
  );

const byName = asc(sql`lower(${packages.name})`);
function orderOf(sort: PackageFilter['sort']): SQL[] {
  switch (sort) {
    case '-name':
      return [desc(sql`lower(${packages.name})`), desc(packages.id)];
    case 'kind':
      return [asc(packages.kind), byName, asc(packages.id)];
    case 'category':
      return [asc(sql`lower(${packages.category})`), byName, asc(packages.id)];
    case 'created':
      return [asc(packages.createdAt), asc(packages.id)];
    case '-created':
      return [desc(packages.createdAt), desc(packages.id)];
    case 'portal':
      return [desc(packages.showInPortal), asc(packages.portalOrder), byName, asc(packages.id)];
    default:
      return [byName, asc(packages.id)];
  }
}

async function withPlans(db: DbOrTx, gymId: string, rows: Row[]): Promise<Package[]> {
  const plans = await plansOf(
    db,
    gymId,
    rows.map((r) => r.pkg.id),
  );
  return rows.map((r) => toPackage(r, plans.get(r.pkg.id) ?? []));
}

/** One page of the gym's packages: three statements whatever the page size. */
export async function listPackages(db: DbOrTx, gymId: string, q: PackageListQuery): Promise<ListResult<Package>> {
  const where = whereOf(gymId, q);
  const list = await listPage({
    count: db.select({ n: count() }).from(packages).where(where),
    rows: () =>
      selectPackages(db)
        .where(where)
        .orderBy(...orderOf(q.sort))
        .limit(q.limit)
        .offset(q.offset),
  });
  return { count: list.count, results: await withPlans(db, gymId, list.results) };
}

/** Every package of the filter (the CSV export): two statements. */
export async function allPackages(db: DbOrTx, gymId: string, q: PackageFilter): Promise<Package[]> {
  const rows = await selectPackages(db)
    .where(whereOf(gymId, q))
    .orderBy(...orderOf(q.sort));
  return withPlans(db, gymId, rows);
}

export async function findPackage(db: DbOrTx, gymId: string, id: string): Promise<Package | null> {
  const rows = await selectPackages(db).where(and(eq(packages.gymId, gymId), eq(packages.id, id)));
  if (rows.length === 0) return null;
  return (await withPlans(db, gymId, rows))[0]!;
}

/** The distinct non-empty categories of the gym's packages (active and archived), each once whatever its case, by name. */
export async function packageCategories(db: DbOrTx, gymId: string): Promise<string[]> {
  const rows = await db
    .select({ category: sql<string>`min(${packages.category})` })
    .from(packages)
    .where(and(eq(packages.gymId, gymId), sql`${packages.category} <> ''`))
    .groupBy(sql`lower(${packages.category})`)
    .orderBy(sql`lower(${packages.category})`);
  return rows.map((r) => r.category);
}
