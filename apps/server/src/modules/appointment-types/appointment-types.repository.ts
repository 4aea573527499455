import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppointmentType, SetupFilter, SetupListQuery } from '@spotter/shared';
import { appointmentTypeCoaches, appointmentTypes, events, staff, taxRates } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { parseJson } from '../events';
import { col, filterOf, toIso } from '../event-setup';

/** Whether any appointment (any, cancelled or past too, with its reservations) is of the type. */
export const appointmentTypeInUseSql = () =>
  sql<boolean>`exists (select 1 from ${events} where ${col(events.gymId)} = ${col(appointmentTypes.gymId)} and ${col(events.appointmentTypeId)} = ${col(appointmentTypes.id)})`;

const upcomingSql = (now: Date) =>
  sql<number>`(select count(*) from ${events} where ${col(events.gymId)} = ${col(appointmentTypes.gymId)} and ${col(events.appointmentTypeId)} = ${col(appointmentTypes.id)}
    and ${col(events.startsAt)} > ${now.toISOString()}::timestamptz and ${col(events.cancelledAt)} is null)`.mapWith(Number);

type CoachRow = { id: string; first_name: string; last_name: string };

/** The type's coaches by name, as JSON rows (one statement reads a page of types with theirs). */
const coachesSql = sql<
  CoachRow[] | string
>`(select coalesce(json_agg(json_build_object('id', ${col(staff.id)}, 'first_name', ${col(staff.firstName)}, 'last_name', ${col(staff.lastName)})
    order by ${col(staff.firstName)}, ${col(staff.lastName)}, ${col(staff.id)}), '[]'::json)
  from ${appointmentTypeCoaches} join ${staff} on ${col(staff.id)} = ${col(appointmentTypeCoaches.staffId)}
  where ${col(appointmentTypeCoaches.appointmentTypeId)} = ${col(appointmentTypes.id)} and ${col(staff.gymId)} = ${col(appointmentTypes.gymId)})`;

function selectAppointmentTypes(db: DbOrTx, now: Date) {
  return db
    .select({
      type: appointmentTypes,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      coaches: coachesSql,
      inUse: appointmentTypeInUseSql(),
      upcomingCount: upcomingSql(now),
    })
    .from(appointmentTypes)
    .leftJoin(taxRates, and(eq(taxRates.id, appointmentTypes.taxRateId), eq(taxRates.gymId, appointmentTypes.gymId)));
}

type Row = {
  type: typeof appointmentTypes.$inferSelect;
  taxRateName: string | null;
  taxRatePercent: string | null;
  coaches: CoachRow[] | string;
  inUse: boolean;
  upcomingCount: number;
};

export function toAppointmentType(r: Row): AppointmentType {
  const t = r.type;
  return {
    appointmentTypeId: t.id,
    name: t.name,
    color: t.color,
    description: t.description,
    durationMinutes: t.durationMinutes,
    priceMinor: t.priceMinor,
    bufferMinutes: t.bufferMinutes,
    capacity: t.capacity,
    lateCancelCutoffMinutes: t.lateCancelCutoffMinutes,
    cancellationFeeMinor: t.cancellationFeeMinor,
    noShowFeeMinor: t.noShowFeeMinor,
    cancellationCreditDeduction: t.cancellationCreditDeduction,
    noShowCreditDeduction: t.noShowCreditDeduction,
    taxRate:
      t.taxRateId && r.taxRateName !== null && r.taxRatePercent !== null
        ? { taxRateId: t.taxRateId, name: r.taxRateName, percent: String(Number(r.taxRatePercent)) }
        : null,
    coaches: parseJson(r.coaches).map((c) => ({ staffId: c.id, fullName: `${c.first_name} ${c.last_name}` })),
    isArchived: t.archivedAt !== null,
    archivedAt: toIso(t.archivedAt),
    inUse: Boolean(r.inUse),
    upcomingCount: r.upcomingCount,
  };
}

const whereOf = (gymId: string, q: SetupFilter) => and(eq(appointmentTypes.gymId, gymId), filterOf(appointmentTypes.archivedAt, appointmentTypes.name, q));
const order = [asc(sql`lower(${appointmentTypes.name})`), asc(appointmentTypes.id)];

/** One page of the gym's appointment types by name, with their coaches: two statements whatever the page size. */
export async function listAppointmentTypes(db: DbOrTx, gymId: string, q: SetupListQuery, now = new Date()): Promise<ListResult<AppointmentType>> {
  const where = whereOf(gymId, q);
  const list = await listPage({
    count: db.select({ n: count() }).from(appointmentTypes).where(where),
    rows: () =>
      selectAppointmentTypes(db, now)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
  });
  return { count: list.count, results: list.results.map(toAppointmentType) };
}

export async function allAppointmentTypes(db: DbOrTx, gymId: string, q: SetupFilter, now = new Date()): Promise<AppointmentType[]> {
  return (
    await selectAppointmentTypes(db, now)
      .where(whereOf(gymId, q))
      .orderBy(...order)
  ).map(toAppointmentType);
}

export async function findAppointmentType(db: DbOrTx, gymId: string, id: string, now = new Date()): Promise<AppointmentType | null> {
  const [row] = await selectAppointmentTypes(db, now).where(and(eq(appointmentTypes.gymId, gymId), eq(appointmentTypes.id, id)));
  return row ? toAppointmentType(row) : null;
}
