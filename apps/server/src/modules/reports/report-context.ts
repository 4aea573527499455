import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  bucketOf,
  dateOfEpochDay,
  epochDayOf,
  localeOf,
  MISSING_DAYS,
  previousRange,
  toZoned,
  type GymCountry,
  type ReportBucket,
  type ReportColumn,
  type ReportDetailPage,
  type ReportPoint,
  type ReportQuery,
  type ReportRow,
} from '@spotter/shared';
import { queryRows, type Db } from '../../db/client';

/**
 * Issue 21 (decision 037): what every report reads. `from`/`to` are the gym's local dates, both included; instants are
 * turned into the gym's local date with `localDate` (PostgreSQL's `at time zone`, so a daylight-saving day is one day).
 */
export type ReportContext = {
  db: Db;
  gymId: string;
  timeZone: string;
  country: GymCountry;
  /** The gym's local date today. */
  today: string;
  from: string;
  to: string;
  /** The comparison period (null when the caller turned comparing off). */
  previous: { from: string; to: string } | null;
  bucket: ReportBucket;
  /** 0 Sunday (US, Canada) or 1 Monday (UK): where a week bucket starts (spec 9). */
  firstDayOfWeek: 0 | 1;
  locationId: string | null;
  /** Missing members' N. */
  days: number;
  /**
   * Issue 34 item 10: check-ins count only up to this local time of day ("HH:MM:SS") on each day, for a dashboard card
   * that compares the part of today gone by with the same part of another day. Null (every report): the whole day.
   */
  untilTimeOfDay?: string | null;
};

/** The figures a report computes; the route adds its definition, range and locale. */
export type ReportBody = {
  total: number;
  previousTotal: number | null;
  totalLabel: string;
  points: ReportPoint[];
  /** 'category' when the points are categories (packages, class types) rather than periods. */
  bucket?: 'category';
  columns: ReportColumn[];
  rows: ReportRow[];
  truncated: boolean;
};

export type ReportImpl = {
  run(ctx: ReportContext): Promise<ReportBody>;
  /**
   * The headline figure alone, as one scalar SQL subquery over ctx.from..ctx.to: always equal to run(ctx).total (a
   * test holds each). The dashboard reads every card's figure in one statement of these (bench: its p99 under load).
   */
  headline?(ctx: ReportContext): SQL;
  /** The athletes or invoices behind the table row `key` (a page of them, with the whole count). */
  details(ctx: ReportContext, key: string, page: { limit: number; offset: number }): Promise<ReportDetailPage>;
};

export function reportContext(
  db: Db,
  gym: { gymId: string; timeZone: string; country: GymCountry },
  q: Pick<ReportQuery, 'from' | 'to' | 'locationId' | 'days' | 'compare'>,
  now = new Date(),
): ReportContext {
  return {
    db,
    gymId: gym.gymId,
    timeZone: gym.timeZone,
    country: gym.country,
    today: toZoned(now, gym.timeZone).date,
    from: q.from,
    to: q.to,
    previous: q.compare === false ? null : previousRange(q.from, q.to),
    bucket: bucketOf(q.from, q.to),
    firstDayOfWeek: localeOf(gym.country).firstDayOfWeek,
    locationId: q.locationId ?? null,
    days: q.days ?? MISSING_DAYS.default,
  };
}

/** A report's headline figure over the context's range: its `headline` statement, else its run's total. */
export async function headlineOf(impl: ReportImpl, ctx: ReportContext): Promise<number> {
  if (!impl.headline) return (await impl.run(ctx)).total;
  const [row] = await queryRows<{ v: string | number | null }>(ctx.db, sql`select ${impl.headline(ctx)} as v`);
  return Number(row?.v ?? 0);
}

/** The same report over the comparison period (same bucket, so points line up by position). */
export function previousContext(ctx: ReportContext): ReportContext | null {
  if (!ctx.previous) return null;
  return { ...ctx, from: ctx.previous.from, to: ctx.previous.to, previous: null };
}

/** SQL: an instant column as the gym's local date. */
export const localDate = (ctx: ReportContext, instant: SQL | unknown): SQL => sql`((${instant}) at time zone ${ctx.timeZone})::date`;

/** SQL: the first day of the bucket a local date falls in (weeks start on the gym's first day of the week). */
export function bucketStart(ctx: ReportContext, date: SQL | unknown): SQL {
  switch (ctx.bucket) {
    case 'day':
      return sql`(${date})::date`;
    case 'week':
      return ctx.firstDayOfWeek === 1
        ? sql`date_trunc('week', (${date})::date)::date`
        : sql`(date_trunc('week', (${date})::date + 1) - interval '1 day')::date`;
    case 'month':
      return sql`date_trunc('month', (${date})::date)::date`;
  }
}

/** The first day of the bucket of a local date, computed as bucketStart does in SQL. */
export function bucketStartOf(ctx: Pick<ReportContext, 'bucket' | 'firstDayOfWeek'>, date: string): string {
  if (ctx.bucket === 'day') return date;
  if (ctx.bucket === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday - ctx.firstDayOfWeek + 7) % 7));
}

/** The day number of the last day of the bucket that day number `day` falls in. */
function bucketEndOf(ctx: Pick<ReportContext, 'bucket' | 'firstDayOfWeek'>, day: number): number {
  if (ctx.bucket === 'day') return day;
  if (ctx.bucket === 'week') {
    // Day 0, 1970-01-01, was a Thursday (4).
    const weekday = (((day + 4) % 7) + 7) % 7;
    return day - ((weekday - ctx.firstDayOfWeek + 7) % 7) + 6;
  }
  const date = new Date(day * 86_400_000);
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 86_400_000) - 1;
}

/**
 * Every bucket of the range, in order: its first day (the key), its label, and the range's part of it. Issue 32: the
 * loop counts day numbers, so it ends after as many buckets as the range has, whatever its dates.
 */
export function bucketsOf(
  ctx: Pick<ReportContext, 'bucket' | 'firstDayOfWeek' | 'from' | 'to' | 'country'>,
): { key: string; label: string; from: string; to: string }[] {
  const out: { key: string; label: string; from: string; to: string }[] = [];
  const last = epochDayOf(ctx.to);
  for (let day = epochDayOf(ctx.from); day <= last;) {
    const end = Math.min(bucketEndOf(ctx, day), last);
    const from = dateOfEpochDay(day);
    const key = bucketStartOf(ctx, from);
    out.push({ key, label: bucketLabel(ctx, key), from, to: dateOfEpochDay(end) });
    day = end + 1;
  }
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Nov 24" (US, CA) or "24 Nov" (UK); months as "Nov 2026"; weeks by their first day. */
export function bucketLabel(ctx: Pick<ReportContext, 'bucket' | 'country'>, key: string): string {
  const [y, m, d] = [key.slice(0, 4), Number(key.slice(5, 7)), Number(key.slice(8, 10))];
  if (ctx.bucket === 'month') return `${MONTHS[m - 1]} ${y}`;
  return ctx.country === 'GB' ? `${d} ${MONTHS[m - 1]}` : `${MONTHS[m - 1]} ${d}`;
}

/**
 * The chart's points from per-bucket values of the range and of the comparison period (keyed by bucket start):
 * the comparison's buckets are lined up with the range's by position.
 */
export function pointsOf(ctx: ReportContext, current: ReadonlyMap<string, number>, previous: ReadonlyMap<string, number> | null): ReportPoint[] {
  const buckets = bucketsOf(ctx);
  const prev = ctx.previous ? bucketsOf({ ...ctx, from: ctx.previous.from, to: ctx.previous.to }) : [];
  return buckets.map((b, i) => ({
    key: b.key,
    label: b.label,
    value: current.get(b.key) ?? 0,
    previous: previous && prev[i] ? (previous.get(prev[i].key) ?? 0) : null,
  }));
}

/** A bucket row key's own range (a drill-down of a period row): the part of the range the bucket covers. */
export function bucketRange(ctx: ReportContext, key: string): { from: string; to: string } | null {
  return bucketsOf(ctx).find((b) => b.key === key) ?? null;
}
