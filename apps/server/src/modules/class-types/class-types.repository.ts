import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ClassType, SetupFilter, SetupListQuery } from '@spotter/shared';
import { classSeries, classTypes, events, taxRates, workouts } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { col, filterOf, toIso } from '../event-setup';

/**
 * Whether anything uses the class type: a class (any, cancelled or past too), a series, a workout. Each probe reads
 * an index that starts with the gym.
 */
export const classTypeInUseSql = () =>
  sql<boolean>`(exists (select 1 from ${events} where ${col(events.gymId)} = ${col(classTypes.gymId)} and ${col(events.classTypeId)} = ${col(classTypes.id)})
    or exists (select 1 from ${classSeries} where ${col(classSeries.gymId)} = ${col(classTypes.gymId)} and ${col(classSeries.classTypeId)} = ${col(classTypes.id)})
    or exists (select 1 from ${workouts} where ${col(workouts.gymId)} = ${col(classTypes.gymId)} and ${col(workouts.classTypeId)} = ${col(classTypes.id)}))`;

/** Classes of the type still to come and not cancelled: the ones a change of its fees reaches. */
export const upcomingClassesSql = (now: Date) =>
  sql<number>`(select count(*) from ${events} where ${col(events.gymId)} = ${col(classTypes.gymId)} and ${col(events.classTypeId)} = ${col(classTypes.id)}
    and ${col(events.startsAt)} > ${now.toISOString()}::timestamptz and ${col(events.cancelledAt)} is null)`.mapWith(Number);

function selectClassTypes(db: DbOrTx, now: Date) {
  return db
    .select({
      type: classTypes,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      inUse: classTypeInUseSql(),
      upcomingCount: upcomingClassesSql(now),
    })
    .from(classTypes)
    .leftJoin(taxRates, and(eq(taxRates.id, classTypes.taxRateId), eq(taxRates.gymId, classTypes.gymId)));
}

type Row = { type: typeof classTypes.$inferSelect; taxRateName: string | null; taxRatePercent: string | null; inUse: boolean; upcomingCount: number };

export function toClassType(r: Row): ClassType {
  const t = r.type;
  return {
    classTypeId: t.id,
    name: t.name,
    color: t.color,
    description: t.description,
    defaultDurationMinutes: t.defaultDurationMinutes,
    defaultCapacity: t.defaultCapacity,
    cancellationFeeMinor: t.cancellationFeeMinor,
    noShowFeeMinor: t.noShowFeeMinor,
    cancellationCreditDeduction: t.cancellationCreditDeduction,
    noShowCreditDeduction: t.noShowCreditDeduction,
    taxRate:
      t.taxRateId && r.taxRateName !== null && r.taxRatePercent !== null
        ? { taxRateId: t.taxRateId, name: r.taxRateName, percent: String(Number(r.taxRatePercent)) }
        : null,
    bookingOpensDays: t.bookingOpensDays,
    bookingClosesMinutes: t.bookingClosesMinutes,
    lateCancelCutoffMinutes: t.lateCancelCutoffMinutes,
    waitlistEnabled: t.waitlistEnabled,
    waitlistSize: t.waitlistSize,
    promotionCutoffMinutes: t.promotionCutoffMinutes,
    isArchived: t.archivedAt !== null,
    archivedAt: toIso(t.archivedAt),
    inUse: Boolean(r.inUse),
    upcomingCount: r.upcomingCount,
  };
}

const whereOf = (gymId: string, q: SetupFilter) => and(eq(classTypes.gymId, gymId), filterOf(classTypes.archivedAt, classTypes.name, q));
const order = [asc(sql`lower(${classTypes.name})`), asc(classTypes.id)];

/** One page of the gym's class types by name: two statements whatever the page size. */
export async function listClassTypes(db: DbOrTx, gymId: string, q: SetupListQuery, now = new Date()): Promise<ListResult<ClassType>> {
  const where = whereOf(gymId, q);
  const list = await listPage({
    count: db.select({ n: count() }).from(classTypes).where(where),
    rows: () =>
      selectClassTypes(db, now)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
  });
  return { count: list.count, results: list.results.map(toClassType) };
}

/** Every class type of the filter (the CSV export): one statement. */
export async function allClassTypes(db: DbOrTx, gymId: string, q: SetupFilter, now = new Date()): Promise<ClassType[]> {
  return (
    await selectClassTypes(db, now)
      .where(whereOf(gymId, q))
      .orderBy(...order)
  ).map(toClassType);
}

export async function findClassType(db: DbOrTx, gymId: string, id: string, now = new Date()): Promise<ClassType | null> {
  const [row] = await selectClassTypes(db, now).where(and(eq(classTypes.gymId, gymId), eq(classTypes.id, id)));
  return row ? toClassType(row) : null;
}
