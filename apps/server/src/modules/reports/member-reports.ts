import { sql, type SQL } from 'drizzle-orm';
import { formatDate, type ReportColumn, type ReportDetailPage, type ReportRow, type ReportType } from '@spotter/shared';
import { athletePackages, athletes, packages } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import {
  bucketRange,
  bucketStart,
  bucketsOf,
  localDate,
  pointsOf,
  previousContext,
  type ReportBody,
  type ReportContext,
  type ReportImpl,
} from './report-context';

/**
 * Issue 21 (decision 037): the member reports, each exactly its definition in packages/shared/src/rules/reports.ts.
 * A member holds a package other than a trial that has started and not ended on the day; archived athletes are left
 * out everywhere. Each run is a fixed number of statements (one per period: the range and the comparison), each
 * drill-down two (count and page).
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

type Page = { limit: number; offset: number };

const PERIOD: ReportColumn = { key: 'period', label: 'Period', kind: 'text' };

/** A period row's own range, or a 404 for a key that is not one of the range's periods. */
function periodOf(ctx: ReportContext, key: string): { from: string; to: string } {
  const range = bucketRange(ctx, key);
  if (!range) throw notFound('This report has no such period in the range.');
  return range;
}

/** The gym's packages (with their package and athlete) that are not trials, of athletes not archived: `ap`, `p`, `a`. */
const memberPackages = (ctx: ReportContext) => sql`
  ${athletePackages} ap
  join ${packages} p on p.id = ap.package_id and p.kind <> 'trial'
  join ${athletes} a on a.id = ap.athlete_id and a.archived_at is null
  where ap.gym_id = ${ctx.gymId}`;

/** The gym's trial packages of athletes not archived: `ap`, `p`, `a`. */
const trialPackages = (ctx: ReportContext) => sql`
  ${athletePackages} ap
  join ${packages} p on p.id = ap.package_id and p.kind = 'trial'
  join ${athletes} a on a.id = ap.athlete_id and a.archived_at is null
  where ap.gym_id = ${ctx.gymId}`;

/** SQL: the package `alias` holds on `day` (started on or before it, its end date empty or on or after it). */
const heldOn = (alias: string, day: SQL) =>
  sql`${sql.raw(alias)}.start_date <= ${day} and (${sql.raw(alias)}.end_date is null or ${sql.raw(alias)}.end_date >= ${day})`;

// ---- Members on a day (total and paying members) ----

/**
 * Members on the last day of each period of the context's range (one statement: the periods' last days from
 * generate_series, joined to the packages held on them), by period key.
 */
async function membersOnPeriodEnds(ctx: ReportContext, paying: boolean): Promise<Map<string, number>> {
  const rows = rowsOf<{ key: string; n: number }>(
    await ctx.db.execute(sql`
      with ends as (
        select d::date as day from generate_series(${ctx.from}::date, ${ctx.to}::date, interval '1 day') d
        where d::date = ${ctx.to}::date or ${bucketStart(ctx, sql`d::date + 1`)} <> ${bucketStart(ctx, sql`d::date`)}
      )
      select ${bucketStart(ctx, sql`e.day`)}::text as key, count(distinct ap.athlete_id)::int as n
      from ends e
      join ${athletePackages} ap on ap.gym_id = ${ctx.gymId} and ${heldOn('ap', sql`e.day`)} ${paying ? sql`and ap.price_minor > 0` : sql``}
      join ${packages} p on p.id = ap.package_id and p.kind <> 'trial'
      join ${athletes} a on a.id = ap.athlete_id and a.archived_at is null
      group by e.day`),
  );
  return new Map(rows.map((r) => [r.key, r.n]));
}

function membersOnDayReport(paying: boolean): ReportImpl {
  const label = paying ? 'Paying members' : 'Members';
  return {
    headline: (ctx) =>
      sql`(select count(distinct ap.athlete_id) from ${memberPackages(ctx)} and ${heldOn('ap', sql`${ctx.to}::date`)} ${paying ? sql`and ap.price_minor > 0` : sql``})`,
    async run(ctx) {
      const prevCtx = previousContext(ctx);
      const [current, previous] = await Promise.all([membersOnPeriodEnds(ctx, paying), prevCtx ? membersOnPeriodEnds(prevCtx, paying) : null]);
      const buckets = bucketsOf(ctx);
      const lastOf = (map: Map<string, number>, c: ReportContext) => map.get(bucketsOf(c).at(-1)!.key) ?? 0;
      return {
        total: lastOf(current, ctx),
        previousTotal: previous && prevCtx ? lastOf(previous, prevCtx) : null,
        totalLabel: `${label} on the last day`,
        points: pointsOf(ctx, current, previous),
        columns: [PERIOD, { key: 'day', label: 'On', kind: 'date' }, { key: 'members', label, kind: 'count' }],
        rows: buckets.map((b) => {
          const n = current.get(b.key) ?? 0;
          return { key: b.key, cells: { period: b.label, day: b.to, members: n }, canDrill: n > 0 };
        }),
        truncated: false,
      };
    },
    async details(ctx, key, page) {
      const day = periodOf(ctx, key).to;
      return athleteDetails(
        ctx,
        sql`select ap.athlete_id, null::date as date, string_agg(distinct p.name, ', ') as info
            from ${memberPackages(ctx)} and ${heldOn('ap', sql`${day}::date`)} ${paying ? sql`and ap.price_minor > 0` : sql``}
            group by ap.athlete_id`,
        page,
      );
    },
  };
}

// ---- Period counts (new, cancelled, reactivated, trial, cancelled-trial members, holds) ----

type PeriodCounts = {
  /** By period key: distinct athletes, the rows with a day (holds), and the distinct athletes flagged converted. */
  byPeriod: Map<string, { athletes: number; things: number; converted: number }>;
  /** Distinct athletes of the whole range (rows with or without a day). */
  athletes: number;
};

/**
 * Counts of `list` (rows `athlete_id`, `day` (a local date in the range, or null for a row that counts only in the
 * range's total), `converted`) per period and for the whole range, in one statement (grouping sets).
 */
async function periodCounts(ctx: ReportContext, list: SQL): Promise<PeriodCounts> {
  const rows = rowsOf<{ total: boolean; key: string | null; athletes: number; things: number; converted: number }>(
    await ctx.db.execute(sql`
      select grouping(x.key) = 1 as total, x.key::text as key,
        count(distinct x.athlete_id)::int as athletes,
        count(x.day)::int as things,
        (count(distinct x.athlete_id) filter (where x.converted))::int as converted
      from (select l.athlete_id, l.day, l.converted, case when l.day is null then null else ${bucketStart(ctx, sql`l.day`)} end as key from (${list}) l) x
      group by grouping sets ((x.key), ())`),
  );
  const byPeriod = new Map<string, { athletes: number; things: number; converted: number }>();
  let total = 0;
  for (const r of rows) {
    if (r.total) total = r.athletes;
    else if (r.key !== null) byPeriod.set(r.key, { athletes: r.athletes, things: r.things, converted: r.converted });
  }
  return { byPeriod, athletes: total };
}

type PeriodReportSpec = {
  /** The rows counted over a range (see periodCounts). */
  list: (ctx: ReportContext, range: { from: string; to: string }) => SQL;
  /** The athletes behind a period: rows `athlete_id`, `date`, `info` (a drill-down's detail). */
  drill: (ctx: ReportContext, range: { from: string; to: string }) => SQL;
  describe?: (ctx: ReportContext, info: unknown) => string;
  column: ReportColumn;
  totalLabel: string;
  /** The period's figure: its distinct athletes (default) or its rows (holds). */
  figure?: 'athletes' | 'things';
  converted?: boolean;
};

function periodReport(spec: PeriodReportSpec): ReportImpl {
  const figureOf = (c: { athletes: number; things: number } | undefined) => (c ? c[spec.figure ?? 'athletes'] : 0);
  return {
    headline: (ctx) => sql`(select count(distinct l.athlete_id) from (${spec.list(ctx, ctx)}) l)`,
    async run(ctx): Promise<ReportBody> {
      const prevCtx = previousContext(ctx);
      const [current, previous] = await Promise.all([
        periodCounts(ctx, spec.list(ctx, ctx)),
        prevCtx ? periodCounts(prevCtx, spec.list(prevCtx, prevCtx)) : null,
      ]);
      const figures = (c: PeriodCounts) => new Map([...c.byPeriod].map(([k, v]) => [k, figureOf(v)]));
      const columns: ReportColumn[] = [PERIOD, spec.column];
      if (spec.converted) columns.push({ key: 'converted', label: 'Converted', kind: 'count' });
      const rows: ReportRow[] = bucketsOf(ctx).map((b) => {
        const c = current.byPeriod.get(b.key);
        const n = figureOf(c);
        return {
          key: b.key,
          cells: { period: b.label, [spec.column.key]: n, ...(spec.converted ? { converted: c?.converted ?? 0 } : {}) },
          canDrill: n > 0,
        };
      });
      return {
        total: current.athletes,
        previousTotal: previous ? previous.athletes : null,
        totalLabel: spec.totalLabel,
        points: pointsOf(ctx, figures(current), previous ? figures(previous) : null),
        columns,
        rows,
        truncated: false,
      };
    },
    async details(ctx, key, page) {
      return athleteDetails(ctx, spec.drill(ctx, periodOf(ctx, key)), page, spec.describe);
    },
  };
}

/**
 * A drill-down page of athletes: `list` gives one row per athlete (`athlete_id`, `date`, `info`); they are counted,
 * then a page of them is read by name (two statements).
 */
async function athleteDetails(
  ctx: ReportContext,
  list: SQL,
  page: Page,
  describe: (ctx: ReportContext, info: unknown) => string = (_, info) => String(info ?? ''),
): Promise<ReportDetailPage> {
  const [countRows, pageRows] = await Promise.all([
    ctx.db.execute(sql`select count(*)::int as n from (${list}) l`),
    ctx.db.execute(sql`
      select a.id, a.first_name, a.last_name, l.date::text as date, l.info
      from (${list}) l join ${athletes} a on a.id = l.athlete_id
      order by lower(a.first_name || ' ' || a.last_name), a.id
      limit ${page.limit} offset ${page.offset}`),
  ]);
  return {
    count: rowsOf<{ n: number }>(countRows)[0]?.n ?? 0,
    results: rowsOf<{ id: string; first_name: string; last_name: string; date: string | null; info: unknown }>(pageRows).map((r) => ({
      kind: 'athlete' as const,
      id: r.id,
      label: `${r.first_name} ${r.last_name}`.trim(),
      detail: describe(ctx, r.info),
      athleteId: r.id,
      invoiceId: null,
      date: r.date,
      amountMinor: null,
    })),
  };
}

const inRange = (col: SQL, range: { from: string; to: string }) => sql`${col} between ${range.from}::date and ${range.to}::date`;

/** Each athlete's first package other than a trial (its start date and name). */
const firstPackages = (ctx: ReportContext) => sql`
  select distinct on (ap.athlete_id) ap.athlete_id, ap.start_date, p.name
  from ${memberPackages(ctx)}
  order by ap.athlete_id, ap.start_date, ap.created_at`;

/** Packages other than trials cancelled and ended in the range with no other such package held the day after. */
const cancellations = (ctx: ReportContext, range: { from: string; to: string }) => sql`
  select ap.athlete_id, ap.end_date, p.name
  from ${memberPackages(ctx)} and ap.cancelled_at is not null and ${inRange(sql`ap.end_date`, range)}
    and not exists (
      select 1 from ${athletePackages} o join ${packages} op on op.id = o.package_id and op.kind <> 'trial'
      where o.athlete_id = ap.athlete_id and o.gym_id = ap.gym_id and o.id <> ap.id and ${heldOn('o', sql`ap.end_date + 1`)}
    )`;

/** Packages other than trials starting in the range after a gap: held one before, every earlier one ended 30+ days before. */
const reactivations = (ctx: ReportContext, range: { from: string; to: string }) => sql`
  select ap.athlete_id, ap.start_date, p.name
  from ${memberPackages(ctx)} and ${inRange(sql`ap.start_date`, range)}
    and exists (
      select 1 from ${athletePackages} o join ${packages} op on op.id = o.package_id and op.kind <> 'trial'
      where o.athlete_id = ap.athlete_id and o.gym_id = ap.gym_id and o.start_date < ap.start_date
    )
    and not exists (
      select 1 from ${athletePackages} o join ${packages} op on op.id = o.package_id and op.kind <> 'trial'
      where o.athlete_id = ap.athlete_id and o.gym_id = ap.gym_id and o.start_date < ap.start_date
        and (o.end_date is null or o.end_date > ap.start_date - 30)
    )`;

/** Trials starting in the range, each with whether its athlete has since started a package other than a trial. */
const trials = (ctx: ReportContext, range: { from: string; to: string }) => sql`
  select ap.athlete_id, ap.start_date, p.name,
    exists (
      select 1 from ${athletePackages} o join ${packages} op on op.id = o.package_id and op.kind <> 'trial'
      where o.athlete_id = ap.athlete_id and o.gym_id = ap.gym_id and o.start_date >= ap.start_date and o.start_date <= ${ctx.today}::date
    ) as converted
  from ${trialPackages(ctx)} and ${inRange(sql`ap.start_date`, range)}`;

/** Trials whose cancellation was made in the range (the gym's local date of cancelled_at). */
const cancelledTrials = (ctx: ReportContext, range: { from: string; to: string }) => sql`
  select ap.athlete_id, ${localDate(ctx, sql`ap.cancelled_at`)} as day, p.name
  from ${trialPackages(ctx)} and ap.cancelled_at is not null and ${inRange(localDate(ctx, sql`ap.cancelled_at`), range)}`;

/** Packages (any kind) on hold for at least one day of the range. */
const holds = (ctx: ReportContext, range: { from: string; to: string }) => sql`
  select ap.athlete_id, ap.hold_starts_on, ap.hold_ends_on, p.name
  from ${athletePackages} ap
  join ${packages} p on p.id = ap.package_id
  join ${athletes} a on a.id = ap.athlete_id and a.archived_at is null
  where ap.gym_id = ${ctx.gymId} and ap.hold_starts_on <= ${range.to}::date and ap.hold_ends_on >= ${range.from}::date`;

/** One drill-down row per athlete of `rows` (athlete_id, a date column, name): the earliest, with its package's name. */
const onePerAthlete = (rows: SQL, dateColumn: string) => sql`
  select distinct on (r.athlete_id) r.athlete_id, r.${sql.raw(dateColumn)} as date, r.name as info
  from (${rows}) r order by r.athlete_id, r.${sql.raw(dateColumn)}, r.name`;

export const memberReports: Partial<Record<ReportType, ReportImpl>> = {
  'total-members': membersOnDayReport(false),
  'paying-members': membersOnDayReport(true),
  'new-members': periodReport({
    list: (ctx, range) =>
      sql`select f.athlete_id, f.start_date as day, false as converted from (${firstPackages(ctx)}) f where ${inRange(sql`f.start_date`, range)}`,
    drill: (ctx, range) =>
      sql`select f.athlete_id, f.start_date as date, f.name as info from (${firstPackages(ctx)}) f where ${inRange(sql`f.start_date`, range)}`,
    column: { key: 'newMembers', label: 'New members', kind: 'count' },
    totalLabel: 'New members',
  }),
  'cancelled-members': periodReport({
    list: (ctx, range) => sql`select c.athlete_id, c.end_date as day, false as converted from (${cancellations(ctx, range)}) c`,
    drill: (ctx, range) => onePerAthlete(cancellations(ctx, range), 'end_date'),
    column: { key: 'cancelledMembers', label: 'Cancelled members', kind: 'count' },
    totalLabel: 'Cancelled members',
  }),
  'reactivated-members': periodReport({
    list: (ctx, range) => sql`select r.athlete_id, r.start_date as day, false as converted from (${reactivations(ctx, range)}) r`,
    drill: (ctx, range) => onePerAthlete(reactivations(ctx, range), 'start_date'),
    column: { key: 'reactivatedMembers', label: 'Reactivated members', kind: 'count' },
    totalLabel: 'Reactivated members',
  }),
  'trial-members': periodReport({
    list: (ctx, range) => sql`select t.athlete_id, t.start_date as day, t.converted from (${trials(ctx, range)}) t`,
    drill: (ctx, range) => sql`
      select distinct on (t.athlete_id) t.athlete_id, t.start_date as date, t.name || case when bool_or(t.converted) over (partition by t.athlete_id) then ' (converted)' else '' end as info
      from (${trials(ctx, range)}) t order by t.athlete_id, t.start_date, t.name`,
    column: { key: 'trialMembers', label: 'Trial members', kind: 'count' },
    totalLabel: 'Trial members',
    converted: true,
  }),
  'cancelled-trial-members': periodReport({
    list: (ctx, range) => sql`select c.athlete_id, c.day, false as converted from (${cancelledTrials(ctx, range)}) c`,
    drill: (ctx, range) => onePerAthlete(cancelledTrials(ctx, range), 'day'),
    column: { key: 'cancelledTrials', label: 'Cancelled trials', kind: 'count' },
    totalLabel: 'Athletes who cancelled a trial',
  }),
  'athletes-on-hold': periodReport({
    // Every hold overlapping the range counts its athlete in the total; a period counts the holds starting in it.
    list: (ctx, range) => sql`
      select h.athlete_id, case when ${inRange(sql`h.hold_starts_on`, range)} then h.hold_starts_on end as day, false as converted
      from (${holds(ctx, range)}) h`,
    drill: (ctx, range) => sql`
      select h.athlete_id, min(h.hold_starts_on) as date,
        json_agg(json_build_object('name', h.name, 'from', h.hold_starts_on::text, 'to', h.hold_ends_on::text) order by h.hold_starts_on, h.name) as info
      from (${holds(ctx, range)}) h where ${inRange(sql`h.hold_starts_on`, range)}
      group by h.athlete_id`,
    describe: (ctx, info) =>
      (typeof info === 'string' ? (JSON.parse(info) as { name: string; from: string; to: string }[]) : (info as { name: string; from: string; to: string }[]))
        .map((h) => `${h.name}, on hold ${formatDate(h.from, ctx.country)} to ${formatDate(h.to, ctx.country)}`)
        .join('; '),
    column: { key: 'holds', label: 'Holds starting', kind: 'count' },
    totalLabel: 'Athletes on hold',
    figure: 'things',
  }),
};
