import { sql, type SQL } from 'drizzle-orm';
import {
  formatDate,
  REPORT_MAX_ROWS,
  uuidSchema,
  type ReportColumn,
  type ReportDetail,
  type ReportPoint,
  type ReportRow,
  type ReportType,
} from '@spotter/shared';
import { fieldError } from '../../lib/http-error';
import { bucketStart, pointsOf, previousContext, type ReportContext, type ReportImpl } from './report-context';

/**
 * Issue 21 (decision 037): the reports about visits and classes. A member on a day holds a package other than a trial
 * that has started and not ended on that day; a visit (check-in) is a checked-in reservation of a class that is not
 * cancelled, dated by the class's local start date; the location filter narrows the classes.
 */

type Page = { limit: number; offset: number };

/** Rows of `db.execute` (node-postgres answers `{ rows }`, PGlite too; an array elsewhere). */
async function query<T>(ctx: ReportContext, statement: SQL): Promise<T[]> {
  const result = await ctx.db.execute(statement);
  return (result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[]);
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const fullName = sql`(a.first_name || ' ' || a.last_name)`;
const byName = sql`lower(a.first_name), lower(a.last_name), a.id`;

/** A row key that must be an id (athlete, class type, package): anything else is a 400, never a failed cast. */
function idKey(key: string): string {
  if (!uuidSchema.safeParse(key).success) throw fieldError('key', 'No such row in this report.');
  return key;
}

const locationFilter = (ctx: ReportContext) => (ctx.locationId ? sql`and e.location_id = ${ctx.locationId}::uuid` : sql``);

/**
 * Check-ins to classes of the gym held from `from` to `to` (local dates), at the chosen location. The gym's classes of
 * the range are found first (a materialized CTE on events(gym_id, start_date)), then their reservations by event: planned
 * as one join, PostgreSQL chose a parallel sequential scan of every gym's events for a year's range at the 1,000-gym
 * scale (bench/results/reports-explain.txt), and for a short range walked each member's whole reservation history.
 */
const checkIns = (ctx: ReportContext, from: SQL, to: SQL) => sql`
  with ev as materialized (
    select e.id, e.start_date, e.start_time, e.class_type_id from events e
    where e.gym_id = ${ctx.gymId}::uuid and e.kind = 'class' and e.cancelled_at is null
      and e.start_date between ${from} and ${to} ${locationFilter(ctx)})
  select r.athlete_id, r.athlete_package_id, ev.start_date, ev.class_type_id
  from ev join reservations r on r.event_id = ev.id
  where r.gym_id = ${ctx.gymId}::uuid and r.is_checked_in ${byTimeOfDay(ctx)}`;

/**
 * ReportContext.untilTimeOfDay: a check-in counts when it was made by that local time of its class's day (a check-in
 * without its moment recorded, as imported or seeded ones, when its class started by then).
 */
const byTimeOfDay = (ctx: ReportContext) =>
  ctx.untilTimeOfDay
    ? sql`and coalesce(r.checked_in_at at time zone ${ctx.timeZone}, ev.start_date + ev.start_time) <= ev.start_date + ${ctx.untilTimeOfDay}::time`
    : sql``;

/** The athletes (not archived) who are members on `day`. */
const membersOn = (ctx: ReportContext, day: SQL) => sql`
  select distinct ap.athlete_id from athlete_packages ap
  join packages p on p.id = ap.package_id
  join athletes a on a.id = ap.athlete_id
  where ap.gym_id = ${ctx.gymId}::uuid and a.gym_id = ${ctx.gymId}::uuid and a.archived_at is null and p.kind <> 'trial'
    and ap.start_date <= ${day} and (ap.end_date is null or ap.end_date >= ${day})`;

const date = (d: string) => sql`${d}::date`;
const athleteColumn: ReportColumn = { key: 'athlete', label: 'Athlete', kind: 'text' };

type AthleteRow = { athlete_id: string; name: string; email: string | null; day: string | null };
const athleteDetail = (r: AthleteRow, detail: string): ReportDetail => ({
  kind: 'athlete',
  id: r.athlete_id,
  label: r.name,
  detail,
  athleteId: r.athlete_id,
  invoiceId: null,
  date: r.day,
  amountMinor: null,
});

/** A drill-down of athletes: the count, then a page ordered by name (two statements). `source` yields athlete_id, day. */
async function athletePage(ctx: ReportContext, source: SQL, page: Page, detail: (r: AthleteRow) => string) {
  const [counted] = await query<{ n: number }>(ctx, sql`select count(*)::int as n from (${source}) s`);
  const rows = await query<AthleteRow>(
    ctx,
    sql`select a.id::text as athlete_id, ${fullName} as name, a.email, s.day::text as day
      from (${source}) s join athletes a on a.id = s.athlete_id
      where a.gym_id = ${ctx.gymId}::uuid
      order by ${byName} limit ${page.limit} offset ${page.offset}`,
  );
  return { count: counted?.n ?? 0, results: rows.map((r) => athleteDetail(r, detail(r))) };
}

const capRows = <T>(rows: T[]) => ({ rows: rows.slice(0, REPORT_MAX_ROWS), truncated: rows.length > REPORT_MAX_ROWS });

// ---- Missing members ----

const missingGroups = ['N-2N', '2N+', 'never'] as const;
type MissingGroup = (typeof missingGroups)[number];

function missingLabel(group: MissingGroup, n: number): string {
  if (group === 'never') return 'Never checked in';
  if (group === '2N+') return `${2 * n} days ago or more`;
  return n === 1 ? '1 day ago' : `${n} to ${2 * n - 1} days ago`;
}

/** Members on the range's last day without a check-in in the N days up to it, with their last check-in and group. */
const missingSql = (ctx: ReportContext) => {
  const day = date(ctx.to);
  return sql`
    with members as (${membersOn(ctx, day)}),
    visits as (
      select c.athlete_id, max(c.start_date) as last_visit
      from (${checkIns(ctx, sql`'-infinity'::date`, day)}) c
      where c.athlete_id in (select athlete_id from members)
      group by c.athlete_id)
    select m.athlete_id, v.last_visit as day,
      case when v.last_visit is null then 'never' when ${day} - v.last_visit >= ${2 * ctx.days}::int then '2N+' else 'N-2N' end as grp
    from members m left join visits v on v.athlete_id = m.athlete_id
    where v.last_visit is null or v.last_visit <= ${day} - ${ctx.days}::int`;
};

async function missingCounts(ctx: ReportContext): Promise<Map<string, number>> {
  const rows = await query<{ grp: string; n: number }>(ctx, sql`select grp, count(*)::int as n from (${missingSql(ctx)}) x group by grp`);
  return new Map(rows.map((r) => [r.grp, r.n]));
}

const missingMembers: ReportImpl = {
  headline: (ctx) => sql`(select count(*) from (${missingSql(ctx)}) x)`,
  async run(ctx) {
    const prevCtx = previousContext(ctx);
    const current = await missingCounts(ctx);
    const previous = prevCtx ? await missingCounts(prevCtx) : null;
    const sum = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
    const points: ReportPoint[] = missingGroups.map((g) => ({
      key: g,
      label: missingLabel(g, ctx.days),
      value: current.get(g) ?? 0,
      previous: previous ? (previous.get(g) ?? 0) : null,
    }));
    return {
      total: sum(current),
      previousTotal: previous ? sum(previous) : null,
      totalLabel: 'Missing members',
      points,
      bucket: 'category',
      columns: [
        { key: 'lastCheckIn', label: 'Last check-in', kind: 'text' },
        { key: 'athletes', label: 'Athletes', kind: 'count' },
      ],
      rows: points.map((p) => ({ key: p.key, cells: { lastCheckIn: p.label, athletes: p.value }, canDrill: p.value > 0 })),
      truncated: false,
    };
  },
  async details(ctx, key, page) {
    if (!(missingGroups as readonly string[]).includes(key)) throw fieldError('key', 'No such row in this report.');
    return athletePage(ctx, sql`select athlete_id, day from (${missingSql(ctx)}) x where grp = ${key}`, page, (r) =>
      r.day ? `Last check-in ${formatDate(r.day, ctx.country)}` : 'Never checked in',
    );
  },
};

// ---- Athletes at risk ----

const riskGroups = [
  { key: 'half', label: 'Down by more than half' },
  { key: 'three-quarters', label: 'Down by three quarters or more' },
  { key: 'none', label: 'No check-ins in the last 28 days' },
] as const;

/** Members on the range's last day with at least 4 check-ins in the earlier 28 days and under half as many in the last 28. */
const atRiskSql = (ctx: ReportContext) => {
  const day = date(ctx.to);
  return sql`
    with members as (${membersOn(ctx, day)}),
    counts as (
      select c.athlete_id,
        count(*) filter (where c.start_date <= ${day} - 28)::int as earlier,
        count(*) filter (where c.start_date > ${day} - 28)::int as recent
      from (${checkIns(ctx, sql`${day} - 55`, day)}) c
      group by c.athlete_id)
    select athlete_id, earlier, recent,
      case when recent = 0 then 'none' when recent * 4 <= earlier then 'three-quarters' else 'half' end as grp
    from counts where earlier >= 4 and recent * 2 < earlier and athlete_id in (select athlete_id from members)`;
};

async function riskCounts(ctx: ReportContext): Promise<Map<string, number>> {
  const rows = await query<{ grp: string; n: number }>(ctx, sql`select grp, count(*)::int as n from (${atRiskSql(ctx)}) x group by grp`);
  return new Map(rows.map((r) => [r.grp, r.n]));
}

const athletesAtRisk: ReportImpl = {
  headline: (ctx) => sql`(select count(*) from (${atRiskSql(ctx)}) x)`,
  async run(ctx) {
    const prevCtx = previousContext(ctx);
    const list = await query<{ athlete_id: string; name: string; earlier: number; recent: number }>(
      ctx,
      sql`select a.id::text as athlete_id, ${fullName} as name, x.earlier, x.recent
        from (${atRiskSql(ctx)}) x join athletes a on a.id = x.athlete_id
        order by x.recent::numeric / x.earlier, ${byName} limit ${REPORT_MAX_ROWS + 1}`,
    );
    const current = await riskCounts(ctx);
    const previous = prevCtx ? await riskCounts(prevCtx) : null;
    const sum = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
    const rows: ReportRow[] = list.map((r) => ({
      key: r.athlete_id,
      cells: { athlete: r.name, earlier: r.earlier, recent: r.recent, change: round1(((r.recent - r.earlier) / r.earlier) * 100) },
      canDrill: true,
    }));
    return {
      total: sum(current),
      previousTotal: previous ? sum(previous) : null,
      totalLabel: 'Athletes at risk',
      points: riskGroups.map((g) => ({ key: g.key, label: g.label, value: current.get(g.key) ?? 0, previous: previous ? (previous.get(g.key) ?? 0) : null })),
      bucket: 'category',
      columns: [
        athleteColumn,
        { key: 'earlier', label: 'Check-ins, earlier 28 days', kind: 'count' },
        { key: 'recent', label: 'Check-ins, last 28 days', kind: 'count' },
        { key: 'change', label: 'Change', kind: 'percent' },
      ],
      ...capRows(rows),
    };
  },
  async details(ctx, key, page) {
    const id = idKey(key);
    return athletePage(ctx, sql`select athlete_id, null::date as day from (${atRiskSql(ctx)}) x where athlete_id = ${id}::uuid`, page, (r) => r.email ?? '');
  },
};

// ---- Athlete attendance ----

/** Check-ins of athletes who are not archived (the table lists athletes, so the figures count the same check-ins). */
const attendanceSql = (ctx: ReportContext) => sql`
  select c.athlete_id, c.start_date from (${checkIns(ctx, date(ctx.from), date(ctx.to))}) c
  join athletes a on a.id = c.athlete_id where a.archived_at is null`;

async function attendanceByBucket(ctx: ReportContext): Promise<Map<string, number>> {
  const rows = await query<{ k: string; n: number }>(
    ctx,
    sql`select ${bucketStart(ctx, sql`x.start_date`)}::text as k, count(*)::int as n from (${attendanceSql(ctx)}) x group by 1`,
  );
  return new Map(rows.map((r) => [r.k, r.n]));
}

const athleteAttendance: ReportImpl = {
  headline: (ctx) => sql`(select count(*) from (${attendanceSql(ctx)}) x)`,
  async run(ctx) {
    const prevCtx = previousContext(ctx);
    const current = await attendanceByBucket(ctx);
    const previous = prevCtx ? await attendanceByBucket(prevCtx) : null;
    const list = await query<{ athlete_id: string; name: string; n: number; last_visit: string }>(
      ctx,
      sql`select a.id::text as athlete_id, ${fullName} as name, x.n, x.last_visit::text as last_visit
        from (select athlete_id, count(*)::int as n, max(start_date) as last_visit from (${attendanceSql(ctx)}) c group by athlete_id) x
        join athletes a on a.id = x.athlete_id
        order by x.n desc, ${byName} limit ${REPORT_MAX_ROWS + 1}`,
    );
    const sum = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
    return {
      total: sum(current),
      previousTotal: previous ? sum(previous) : null,
      totalLabel: 'Check-ins',
      points: pointsOf(ctx, current, previous),
      columns: [athleteColumn, { key: 'checkIns', label: 'Check-ins', kind: 'count' }, { key: 'lastVisit', label: 'Last visit', kind: 'date' }],
      ...capRows(list.map((r) => ({ key: r.athlete_id, cells: { athlete: r.name, checkIns: r.n, lastVisit: r.last_visit }, canDrill: true }))),
    };
  },
  async details(ctx, key, page) {
    const id = idKey(key);
    return athletePage(
      ctx,
      sql`select athlete_id, max(start_date) as day from (${attendanceSql(ctx)}) x where athlete_id = ${id}::uuid group by athlete_id`,
      page,
      (r) => r.email ?? '',
    );
  },
};

// ---- Athlete birthdays ----

/**
 * Every birthday of an athlete (not archived) in the range: the month and day of birth in each year the range touches
 * (29 February on 28 February in other years), with the age turned; the day of birth itself is no birthday.
 */
const birthdaysSql = (ctx: ReportContext) => sql`
  select * from (
    select a.id as athlete_id, b.day, (extract(year from b.day) - extract(year from a.dob))::int as turns
    from athletes a
    cross join generate_series(extract(year from ${date(ctx.from)})::int, extract(year from ${date(ctx.to)})::int) y
    cross join lateral (
      select make_date(y, extract(month from a.dob)::int,
        least(extract(day from a.dob)::int, extract(day from (make_date(y, extract(month from a.dob)::int, 1) + interval '1 month' - interval '1 day'))::int)) as day
    ) b
    where a.gym_id = ${ctx.gymId}::uuid and a.archived_at is null and a.dob is not null) x
  where x.day between ${date(ctx.from)} and ${date(ctx.to)} and x.turns > 0`;

/** The birthdays per bucket (every one, so a range over a year counts a birthday each year) and the athletes. */
async function birthdayFigures(ctx: ReportContext): Promise<{ byBucket: Map<string, number>; athletes: number }> {
  const rows = await query<{ k: string; n: number; athletes: number }>(
    ctx,
    sql`with b as (${birthdaysSql(ctx)})
      select ${bucketStart(ctx, sql`b.day`)}::text as k, count(*)::int as n, (select count(distinct athlete_id) from b)::int as athletes
      from b group by 1`,
  );
  return { byBucket: new Map(rows.map((r) => [r.k, r.n])), athletes: rows[0]?.athletes ?? 0 };
}

/** Each athlete's first birthday in the range. */
const firstBirthdaysSql = (ctx: ReportContext) =>
  sql`select distinct on (athlete_id) athlete_id, day, turns from (${birthdaysSql(ctx)}) b order by athlete_id, day`;

const athleteBirthdays: ReportImpl = {
  headline: (ctx) => sql`(select count(distinct b.athlete_id) from (${birthdaysSql(ctx)}) b)`,
  async run(ctx) {
    const prevCtx = previousContext(ctx);
    const current = await birthdayFigures(ctx);
    const previous = prevCtx ? await birthdayFigures(prevCtx) : null;
    const list = await query<{ athlete_id: string; name: string; day: string; turns: number }>(
      ctx,
      sql`select a.id::text as athlete_id, ${fullName} as name, f.day::text as day, f.turns
        from (${firstBirthdaysSql(ctx)}) f join athletes a on a.id = f.athlete_id
        order by f.day, ${byName} limit ${REPORT_MAX_ROWS + 1}`,
    );
    return {
      total: current.athletes,
      previousTotal: previous ? previous.athletes : null,
      totalLabel: 'Athletes with a birthday',
      points: pointsOf(ctx, current.byBucket, previous?.byBucket ?? null),
      columns: [athleteColumn, { key: 'birthday', label: 'Birthday', kind: 'date' }, { key: 'turns', label: 'Turns', kind: 'count' }],
      ...capRows(list.map((r) => ({ key: r.athlete_id, cells: { athlete: r.name, birthday: r.day, turns: r.turns }, canDrill: true }))),
    };
  },
  async details(ctx, key, page) {
    const id = idKey(key);
    return athletePage(ctx, sql`select athlete_id, day from (${firstBirthdaysSql(ctx)}) f where athlete_id = ${id}::uuid`, page, (r) => r.email ?? '');
  },
};

// ---- Class usage ----

type ClassUsageRow = { id: string; name: string; classes: number; places: number; booked: number; check_ins: number };

async function classUsage(ctx: ReportContext): Promise<ClassUsageRow[]> {
  return query<ClassUsageRow>(
    ctx,
    sql`select ct.id::text as id, ct.name, count(*)::int as classes, sum(e.capacity)::int as places,
        coalesce(sum(r.booked), 0)::int as booked, coalesce(sum(r.check_ins), 0)::int as check_ins
      from events e
      join class_types ct on ct.id = e.class_type_id
      left join lateral (
        select count(*) filter (where r.is_reserved or r.is_checked_in) as booked, count(*) filter (where r.is_checked_in) as check_ins
        from reservations r where r.event_id = e.id) r on true
      where e.gym_id = ${ctx.gymId}::uuid and e.kind = 'class' and e.cancelled_at is null
        and e.start_date between ${date(ctx.from)} and ${date(ctx.to)} ${locationFilter(ctx)}
      group by ct.id, ct.name
      order by lower(ct.name), ct.id
      limit ${REPORT_MAX_ROWS + 1}`,
  );
}

const fillRate = (booked: number, places: number) => (places > 0 ? round1((booked / places) * 100) : 0);

const classUsageReport: ReportImpl = {
  async run(ctx) {
    const prevCtx = previousContext(ctx);
    const current = await classUsage(ctx);
    const previous = prevCtx ? await classUsage(prevCtx) : null;
    const prevById = new Map((previous ?? []).map((r) => [r.id, r]));
    const totals = (rows: ClassUsageRow[]) =>
      fillRate(
        rows.reduce((s, r) => s + r.booked, 0),
        rows.reduce((s, r) => s + r.places, 0),
      );
    return {
      total: totals(current),
      previousTotal: previous ? totals(previous) : null,
      totalLabel: 'Fill rate',
      points: current.slice(0, REPORT_MAX_ROWS).map((r) => {
        const p = prevById.get(r.id);
        return { key: r.id, label: r.name, value: fillRate(r.booked, r.places), previous: p ? fillRate(p.booked, p.places) : null };
      }),
      bucket: 'category',
      columns: [
        { key: 'classType', label: 'Class type', kind: 'text' },
        { key: 'classes', label: 'Classes', kind: 'count' },
        { key: 'places', label: 'Places', kind: 'count' },
        { key: 'booked', label: 'Booked', kind: 'count' },
        { key: 'checkIns', label: 'Check-ins', kind: 'count' },
        { key: 'fillRate', label: 'Fill rate', kind: 'percent' },
      ],
      ...capRows(
        current.map((r) => ({
          key: r.id,
          cells: { classType: r.name, classes: r.classes, places: r.places, booked: r.booked, checkIns: r.check_ins, fillRate: fillRate(r.booked, r.places) },
          canDrill: r.check_ins > 0,
        })),
      ),
    };
  },
  async details(ctx, key, page) {
    const id = idKey(key);
    return athletePage(
      ctx,
      sql`select athlete_id, max(start_date) as day from (${checkIns(ctx, date(ctx.from), date(ctx.to))}) c where class_type_id = ${id}::uuid group by athlete_id`,
      page,
      (r) => r.email ?? '',
    );
  },
};

// ---- Package utilization ----

type UtilizationRow = { id: string; name: string; has_credits: boolean; holders: number; check_ins: number; used: number | null; granted: number | null };

/** Athlete packages held on at least one day of the range. */
const heldSql = (ctx: ReportContext) => sql`
  select ap.package_id, ap.athlete_id, ap.start_date from athlete_packages ap
  where ap.gym_id = ${ctx.gymId}::uuid and ap.start_date <= ${date(ctx.to)} and (ap.end_date is null or ap.end_date >= ${date(ctx.from)})`;

async function utilization(ctx: ReportContext): Promise<UtilizationRow[]> {
  // The ledger's instants of the range: from the first day's local midnight to the one after the last day.
  const fromInstant = sql`(${date(ctx.from)}::timestamp at time zone ${ctx.timeZone})`;
  const toInstant = sql`((${date(ctx.to)} + 1)::timestamp at time zone ${ctx.timeZone})`;
  return query<UtilizationRow>(
    ctx,
    sql`with held as (select package_id, count(distinct athlete_id)::int as holders from (${heldSql(ctx)}) h group by package_id),
      visits as (
        select ap.package_id, count(*)::int as check_ins
        from (${checkIns(ctx, date(ctx.from), date(ctx.to))}) c join athlete_packages ap on ap.id = c.athlete_package_id
        where ap.gym_id = ${ctx.gymId}::uuid
        group by ap.package_id),
      ledger as (
        select ap.package_id,
          (-coalesce(sum(cl.delta) filter (where cl.reason in ('booking', 'late_cancel', 'no_show', 'cancel_restore')), 0))::int as used,
          coalesce(sum(cl.delta) filter (where cl.reason in ('grant', 'renewal')), 0)::int as granted
        from credit_ledger cl join athlete_packages ap on ap.id = cl.athlete_package_id
        where cl.gym_id = ${ctx.gymId}::uuid and cl.created_at >= ${fromInstant} and cl.created_at < ${toInstant}
        group by ap.package_id)
      select p.id::text as id, p.name, (p.credits is not null or l.package_id is not null) as has_credits,
        coalesce(h.holders, 0) as holders, coalesce(v.check_ins, 0) as check_ins, l.used, l.granted
      from packages p
      left join held h on h.package_id = p.id
      left join visits v on v.package_id = p.id
      left join ledger l on l.package_id = p.id
      where p.gym_id = ${ctx.gymId}::uuid and (h.package_id is not null or v.package_id is not null or l.package_id is not null)
      order by lower(p.name), p.id
      limit ${REPORT_MAX_ROWS + 1}`,
  );
}

const packageUtilization: ReportImpl = {
  async run(ctx) {
    const prevCtx = previousContext(ctx);
    const current = await utilization(ctx);
    const previous = prevCtx ? await utilization(prevCtx) : null;
    const prevById = new Map((previous ?? []).map((r) => [r.id, r.check_ins]));
    const checkInsOf = (rows: UtilizationRow[]) => rows.reduce((s, r) => s + r.check_ins, 0);
    return {
      total: checkInsOf(current),
      previousTotal: previous ? checkInsOf(previous) : null,
      totalLabel: 'Check-ins',
      points: current
        .slice(0, REPORT_MAX_ROWS)
        .map((r) => ({ key: r.id, label: r.name, value: r.check_ins, previous: previous ? (prevById.get(r.id) ?? 0) : null })),
      bucket: 'category',
      columns: [
        { key: 'package', label: 'Package', kind: 'text' },
        { key: 'holders', label: 'Holders', kind: 'count' },
        { key: 'checkIns', label: 'Check-ins', kind: 'count' },
        // One decimal: a 'count' cell shows whole numbers.
        { key: 'perHolder', label: 'Check-ins per holder', kind: 'text' },
        { key: 'creditsUsed', label: 'Credits used', kind: 'count' },
        { key: 'creditsGranted', label: 'Credits granted', kind: 'count' },
      ],
      ...capRows(
        current.map((r) => ({
          key: r.id,
          cells: {
            package: r.name,
            holders: r.holders,
            checkIns: r.check_ins,
            perHolder: r.holders > 0 ? (r.check_ins / r.holders).toFixed(1) : null,
            creditsUsed: r.has_credits ? (r.used ?? 0) : null,
            creditsGranted: r.has_credits ? (r.granted ?? 0) : null,
          },
          canDrill: r.holders > 0,
        })),
      ),
    };
  },
  async details(ctx, key, page) {
    const id = idKey(key);
    const [pkg] = await query<{ name: string }>(ctx, sql`select name from packages where id = ${id}::uuid and gym_id = ${ctx.gymId}::uuid`);
    if (!pkg) return { count: 0, results: [] };
    return athletePage(
      ctx,
      sql`select athlete_id, min(start_date) as day from (${heldSql(ctx)}) h where package_id = ${id}::uuid group by athlete_id`,
      page,
      () => pkg.name,
    );
  },
};

/** Issue 21: the activity reports. */
export const activityReports: Partial<Record<ReportType, ReportImpl>> = {
  'missing-members': missingMembers,
  'athletes-at-risk': athletesAtRisk,
  'athlete-attendance': athleteAttendance,
  'athlete-birthdays': athleteBirthdays,
  'class-usage': classUsageReport,
  'package-utilization': packageUtilization,
};
