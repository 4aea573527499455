import { and, inArray, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  dayOfWeek,
  ineligibleMessage,
  ineligibleOrder,
  type EligibilityOf,
  type IneligibleCode,
  type IneligibleReason,
  type SessionPeriod,
} from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import {
  appointmentTypes,
  athletePackages,
  athletes,
  classTypes,
  creditLedger,
  events,
  packageAppointmentTypes,
  packageClassTypes,
  packages,
  profileLinks,
  profiles,
  reservations,
} from '../../db/schema';
import { holdsPlaceSql } from '../booking-policy';

/**
 * Issue 18: the ONE eligibility rule of a booking. For an athlete and an event (a class or an appointment) it picks the
 * athlete package that credits the booking, or says why none can, in words a member understands (shared
 * rules/eligibility.ts). Athlete booking (of a class or an appointment) refuses with the reason; staff booking, the
 * kiosk's walk-in, bulk booking and waitlist promotion book anyway, uncredited; the kiosk's isCredited reads what it
 * chose (reservations.isCredited).
 *
 * A package qualifies when it is the athlete's (or, with familySharing, a linked parent's or dependant's), is active
 * (or on hold outside the event's date), the event's date lies within startDate..endDate and outside its hold, it covers
 * the class type or appointment type, it has the type's bookingCreditCost left in its ledger (or has no credits: an
 * unlimited membership, or N a week/month within its allowance), and its per-day and per-week limits are not reached.
 * Allowances and limits count the reservations holding a place with athletePackageId = it, in the gym's zone day,
 * week (Monday to Sunday) and month of the EVENT's date. Of several, the one ending soonest is used.
 *
 * It runs a fixed number of statements whatever the athlete holds: one (two with `lock`, which first locks the
 * candidate package rows FOR UPDATE so the balance read after it is the one the booking's ledger row follows).
 */

export type Eligible = {
  eligible: true;
  athletePackageId: string;
  packageName: string;
  /** Credits the booking deducts (0: the package has no credits, or the type costs none). */
  credits: number;
};
export type Ineligible = { eligible: false; reason: IneligibleReason; code: IneligibleCode; message: string };
export type Eligibility = Eligible | Ineligible;

type CandidateRow = {
  id: string;
  name: string;
  status: string;
  start_date: string;
  end_date: string | null;
  hold_starts_on: string | null;
  hold_ends_on: string | null;
  credits: number | null;
  sessions_limit: number | null;
  sessions_per: SessionPeriod | null;
  limit_per_day: number | null;
  limit_per_week: number | null;
  covers: boolean;
  balance: number;
  used_day: number;
  used_week: number;
  used_month: number;
  event_date: string;
  cost: number;
  /** The row's place in the rule's order (ending soonest first). */
  ord: number;
};

/** The athletes whose packages may credit `athleteId`'s bookings: themselves, and their linked parents and dependants. */
function familyOf(gymId: string, athleteId: string | SQL): SQL {
  return sql`(
    select ${athleteId}::uuid
    union
    select fa.id from ${athletes} me
      join ${profileLinks} pl on pl.profile_id = me.profile_id
      join ${profiles} fp on fp.user_id = pl.user_id
      join ${athletes} fa on fa.profile_id = fp.id and fa.gym_id = ${gymId}
      where me.id = ${athleteId}
    union
    select fa.id from ${athletes} me
      join ${profiles} mp on mp.id = me.profile_id
      join ${profileLinks} pl on pl.user_id = mp.user_id
      join ${athletes} fa on fa.profile_id = pl.profile_id and fa.gym_id = ${gymId}
      where me.id = ${athleteId}
  )`;
}

/** The packages that may credit the athlete's bookings: their own, and their family's shared ones. */
function candidatesWhere(gymId: string, athleteId: string | SQL): SQL {
  return sql`ap.gym_id = ${gymId} and ap.athlete_id = any(array${familyOf(gymId, athleteId)}) and (ap.athlete_id = ${athleteId} or p.family_sharing)`;
}

/** Holding a place, with the reservations table under its own name (rules holdsPlace). */
const holding = holdsPlaceSql(reservations);

/** One statement: every candidate package with what the rule needs of it for this event. */
function candidatesQuery(gymId: string, athleteId: string | SQL, eventId: string | SQL): SQL {
  const day = sql`ev.start_date`;
  const weekStart = sql`date_trunc('week', ev.start_date)::date`;
  const monthStart = sql`date_trunc('month', ev.start_date)::date`;
  // The ledger and the places used are read only where `refusal` reads them: a package that is still live (a cancelled
  // or ended one is refused as expired first) with credits, or with a limit. A walk-in group of a class start asks
  // this of every athlete's every package at once (checkEligibilityMany).
  const live = sql`ap.status in ('active', 'on_hold')`;
  const weekEnd = sql`(${weekStart} + 6)`;
  const monthEnd = sql`(${monthStart} + interval '1 month' - interval '1 day')::date`;
  // The reservations holding a place on the package are counted once, over the days its limits need: the event's
  // day, its week, its month (a package without limits counts nothing).
  const byMonth = sql`p.sessions_limit is not null and p.sessions_per = 'month'`;
  const byWeek = sql`(p.limit_per_week is not null or (p.sessions_limit is not null and p.sessions_per = 'week'))`;
  const from = sql`case when ${byMonth} then least(${weekStart}, ${monthStart}) when ${byWeek} then ${weekStart} when p.limit_per_day is not null then ${day} end`;
  const to = sql`case when ${byMonth} then greatest(${weekEnd}, ${monthEnd}) when ${byWeek} then ${weekEnd} when p.limit_per_day is not null then ${day} end`;
  return sql`
    with ev as (
      select e.id, e.start_date, e.class_type_id, e.appointment_type_id,
        coalesce(ct.booking_credit_cost, at.booking_credit_cost, 1) as cost
      from ${events} e
      left join ${classTypes} ct on ct.id = e.class_type_id
      left join ${appointmentTypes} at on at.id = e.appointment_type_id
      where e.id = ${eventId} and e.gym_id = ${gymId}
    )
    select ap.id, p.name, ap.status, ap.start_date::text as start_date, ap.end_date::text as end_date,
      ap.hold_starts_on::text as hold_starts_on, ap.hold_ends_on::text as hold_ends_on,
      p.credits, p.sessions_limit, p.sessions_per, p.limit_per_day, p.limit_per_week,
      case when ev.class_type_id is not null
        then p.covers_all_class_types or exists (select 1 from ${packageClassTypes} pc where pc.package_id = p.id and pc.class_type_id = ev.class_type_id)
        else p.covers_all_appointment_types or exists (select 1 from ${packageAppointmentTypes} pa where pa.package_id = p.id and pa.appointment_type_id = ev.appointment_type_id)
      end as covers,
      case when ${live} and p.credits is not null
        then (select coalesce(sum(cl.delta), 0)::int from ${creditLedger} cl where cl.athlete_package_id = ap.id) else 0 end as balance,
      used.used_day, used.used_week, used.used_month,
      ev.start_date::text as event_date, ev.cost,
      row_number() over (order by (ap.status in ('active', 'on_hold')) desc, coalesce(ap.end_date, '9999-12-31'::date), ap.created_at, ap.id)::int as ord
    from ${athletePackages} ap
    join ${packages} p on p.id = ap.package_id
    cross join ev
    cross join lateral (
      select count(*) filter (where ue.start_date = ${day})::int as used_day,
        count(*) filter (where ue.start_date between ${weekStart} and ${weekEnd})::int as used_week,
        count(*) filter (where ue.start_date between ${monthStart} and ${monthEnd})::int as used_month
      from ${reservations} join ${events} ue on ue.id = ${reservations.eventId}
      where ${live} and (p.limit_per_day is not null or ${byWeek} or ${byMonth}) and ${reservations.athletePackageId} = ap.id and ${holding} and ue.id <> ev.id
        and ue.start_date between ${from} and ${to}
    ) used
    where ${candidatesWhere(gymId, athleteId)}
    order by (ap.status in ('active', 'on_hold')) desc, coalesce(ap.end_date, '9999-12-31'::date), ap.created_at, ap.id`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Why one package cannot credit the booking (null: it can). */
function refusal(row: CandidateRow): IneligibleReason | null {
  const packageName = row.name;
  const date = row.event_date;
  if (row.status === 'cancelled' || row.status === 'ended') return { code: 'expired', packageName, endDate: row.end_date ?? date };
  if (date < row.start_date) return { code: 'not_started', packageName, startDate: row.start_date };
  if (row.end_date !== null && date > row.end_date) return { code: 'expired', packageName, endDate: row.end_date };
  if (!row.covers) return { code: 'not_covered', packageName };
  if (row.hold_starts_on !== null && row.hold_ends_on !== null && date >= row.hold_starts_on && date <= row.hold_ends_on)
    return { code: 'on_hold', packageName };
  if (row.credits !== null && row.balance < row.cost) return { code: 'no_credits', packageName };
  if (row.sessions_limit !== null && row.sessions_per !== null) {
    const used = row.sessions_per === 'week' ? row.used_week : row.used_month;
    if (used >= row.sessions_limit) return { code: 'limit_sessions', packageName, limit: row.sessions_limit, per: row.sessions_per };
  }
  if (row.limit_per_day !== null && row.used_day >= row.limit_per_day) return { code: 'limit_day', packageName, limit: row.limit_per_day };
  if (row.limit_per_week !== null && row.used_week >= row.limit_per_week) return { code: 'limit_week', packageName, limit: row.limit_per_week };
  return null;
}

/**
 * Pure: the package to use among the candidates (sorted ending soonest first), or the most telling refusal, its message
 * naming what is booked (`of`: the message only; the rule is the same for a class and an appointment).
 */
export function decide(rows: readonly CandidateRow[], of: EligibilityOf = 'class'): Eligibility {
  let best: IneligibleReason = { code: 'no_package' };
  for (const row of rows) {
    const reason = refusal(row);
    if (reason === null) return { eligible: true, athletePackageId: row.id, packageName: row.name, credits: row.credits !== null ? row.cost : 0 };
    if (ineligibleOrder[reason.code] < ineligibleOrder[best.code]) best = reason;
  }
  return { eligible: false, reason: best, code: best.code, message: ineligibleMessage(best, of) };
}

/**
 * Whether the athlete may book the event on a package, and which. With `lock` (inside a write's transaction, after the
 * event's lock) the candidate package rows are locked FOR UPDATE first, in id order, so two bookings racing for one
 * package's last credit go one after the other and the second reads the first's ledger row. `of` (the event's kind)
 * only words the refusal.
 */
export async function checkEligibility(
  db: DbOrTx,
  gymId: string,
  athleteId: string,
  eventId: string,
  options: { lock?: boolean; of?: EligibilityOf } = {},
): Promise<Eligibility> {
  if (options.lock) {
    await db.execute(sql`select ap.id from ${athletePackages} ap join ${packages} p on p.id = ap.package_id
      where ${candidatesWhere(gymId, athleteId)} and ap.status in ('active', 'on_hold') order by ap.id for update of ap`);
  }
  return decide(rowsOf<CandidateRow>(await db.execute(candidatesQuery(gymId, athleteId, eventId))), options.of);
}

/**
 * Of these appointment types, those a live package of the athlete covers (their own, or a family member's shared one;
 * active or on hold, not ended by `today`), whatever its credits, limits or hold: the athlete app's hint of which types
 * need a package before a time is chosen. Bookings still ask `checkEligibility`. One statement.
 */
export async function coveredAppointmentTypes(db: DbOrTx, gymId: string, athleteId: string, typeIds: readonly string[], today: string): Promise<Set<string>> {
  if (typeIds.length === 0) return new Set();
  const rows = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(
      and(
        inArray(appointmentTypes.id, [...typeIds]),
        sql`exists (select 1 from ${athletePackages} ap join ${packages} p on p.id = ap.package_id
          where ${candidatesWhere(gymId, athleteId)} and ap.status in ('active', 'on_hold') and (ap.end_date is null or ap.end_date >= ${today}::date)
            and (p.covers_all_appointment_types or exists (select 1 from ${packageAppointmentTypes} pa where pa.package_id = p.id and pa.appointment_type_id = ${appointmentTypes.id})))`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Monday of a date's ISO week (YYYY-MM-DD). */
function weekOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** A candidate row as it reads once the bookings chosen before it in the same batch are counted. */
function afterTaken(row: CandidateRow, taken: readonly { athletePackageId: string; date: string; credits: number }[]): CandidateRow {
  let next = row;
  for (const t of taken) {
    if (t.athletePackageId !== row.id) continue;
    next = {
      ...next,
      balance: next.balance - t.credits,
      used_day: next.used_day + (t.date === row.event_date ? 1 : 0),
      used_week: next.used_week + (weekOf(t.date) === weekOf(row.event_date) ? 1 : 0),
      used_month: next.used_month + (t.date.slice(0, 7) === row.event_date.slice(0, 7) ? 1 : 0),
    };
  }
  return next;
}

/**
 * The same rule for many (athlete, event) bookings at once: the kiosk's grouped walk-ins of a class start (decision
 * 016). Inside the caller's transaction, after the events' locks: every candidate package of every athlete is locked
 * FOR UPDATE in id order (as `checkEligibility` with `lock` does for one), then one statement reads them all for their
 * events; `decide` picks for each booking in order, counting the credits and places the bookings before it in the
 * batch took from a shared package. Two statements whatever the batch holds.
 */
export async function checkEligibilityMany(tx: DbOrTx, gymId: string, bookings: readonly { athleteId: string; eventId: string }[]): Promise<Eligibility[]> {
  if (bookings.length === 0) return [];
  const json = JSON.stringify(bookings.map((b, k) => ({ k, athlete_id: b.athleteId, event_id: b.eventId })));
  const pairs = sql`json_to_recordset(${json}::json) as v(k int, athlete_id uuid, event_id uuid)`;
  await tx.execute(sql`select id from ${athletePackages} where id in (
      select c.id from ${pairs} cross join lateral (
        select ap.id from ${athletePackages} ap join ${packages} p on p.id = ap.package_id
        where ${candidatesWhere(gymId, sql`v.athlete_id`)} and ap.status in ('active', 'on_hold')) c)
    order by id for update`);
  const rows = rowsOf<CandidateRow & { k: number }>(
    await tx.execute(sql`select v.k, c.* from ${pairs} cross join lateral (${candidatesQuery(gymId, sql`v.athlete_id`, sql`v.event_id`)}) c`),
  );
  const byBooking = bookings.map((): CandidateRow[] => []);
  for (const row of rows) byBooking[row.k]!.push(row);
  const taken: { athletePackageId: string; date: string; credits: number }[] = [];
  return byBooking.map((candidates) => {
    const sorted = [...candidates].sort((a, b) => a.ord - b.ord).map((row) => afterTaken(row, taken));
    const result = decide(sorted);
    if (result.eligible) taken.push({ athletePackageId: result.athletePackageId, date: sorted[0]!.event_date, credits: result.credits });
    return result;
  });
}
