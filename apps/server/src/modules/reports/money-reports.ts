import { sql, type SQL } from 'drizzle-orm';
import { localeOf, REPORT_MAX_ROWS, type ReportDetail, type ReportDetailPage, type ReportPoint, type ReportRow, type ReportType } from '@spotter/shared';
import { queryRows } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { bucketRange, bucketsOf, bucketStart, localDate, pointsOf, type ReportBody, type ReportContext, type ReportImpl } from './report-context';

/**
 * Issue 21 (decision 037): the money reports (total, upcoming, pending and past-due revenue; package and package-category
 * revenue), each exactly its definition in packages/shared/src/rules/reports.ts. Every run is ONE aggregate statement
 * covering the range and its comparison period together (each row says which side it is on), every drill-down two
 * (the count and the page), whatever the range or the gym's size; everything is filtered by the gym first.
 *
 * Money is cash: a payment or refund counts when its status is `succeeded`, on the gym's local date it was recorded.
 * Balances are the invoice's total less payments plus refunds, as the invoice stands now.
 */

type Side = 'cur' | 'prev';

const rows = <T>(ctx: ReportContext, query: SQL) => queryRows<T>(ctx.db, query);
const num = (v: unknown) => Number(v ?? 0);

/** The first day this run reads: the comparison period's first day when there is one, else the range's. */
const spanFrom = (ctx: ReportContext) => ctx.previous?.from ?? ctx.from;

/** SQL: an instant column inside local dates `from`..`to` (both whole days in the gym's zone; index-friendly bounds). */
const instantWithin = (ctx: ReportContext, column: SQL, from: string, to: string): SQL =>
  sql`${column} >= (${from}::date::timestamp at time zone ${ctx.timeZone}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${ctx.timeZone})`;

/** SQL: which side of the run a local date is on (the comparison period ends the day before the range starts). */
const sideOf = (ctx: ReportContext, date: SQL): SQL => sql`case when ${date} >= ${ctx.from}::date then 'cur' else 'prev' end`;

/** SQL: an invoice's balance still to pay (total less payments, plus refunds). */
const balance = (i: string) => sql.raw(`(${i}.total_minor - ${i}.payments_minor + ${i}.refunds_minor)`);

/** SQL: the invoice states still owing money. */
const UNPAID = sql`('open', 'partially_paid', 'past_due')`;

/** SQL: a payment's (or refund's) share of an amount of its invoice: round(amount × part / invoice total). */
const shareOf = (amount: SQL, part: SQL, total: SQL) => sql`coalesce(round((${amount})::numeric * (${part}) / nullif(${total}, 0)), 0)`;

/** SQL: a payment's amount, a refund's as a negative one. */
const signed = (p: string) => sql.raw(`(case when ${p}.kind = 'refund' then -${p}.amount_minor else ${p}.amount_minor end)`);

/** Per-bucket figures of a side as a map (bucket start → value). */
function mapOf<T extends { side: Side; key: string }>(list: readonly T[], side: Side, value: (r: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of list) if (r.side === side) out.set(r.key, (out.get(r.key) ?? 0) + value(r));
  return out;
}

const sumOf = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

const periodColumn = { key: 'period', label: 'Period', kind: 'text' } as const;

/** A period row key's own range, or 400 for a key that is no row of the table. */
function rowRange(ctx: ReportContext, key: string): { from: string; to: string } {
  const range = /^\d{4}-\d{2}-\d{2}$/.test(key) ? bucketRange(ctx, key) : null;
  if (!range) throw badRequest('There is no such row in this report: choose a period of the table.', 'unknown_row');
  return range;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The drill-down page of a row: `inner` yields one row per listed item with columns kind ('invoice' | 'athlete'),
 * id, invoice_id, athlete_id, date (local date), amount and extra (an athlete row's detail, the package). Two
 * statements: the count and the page, ordered by date, then invoice number, then name.
 */
async function detailPage(ctx: ReportContext, inner: SQL, page: { limit: number; offset: number }): Promise<ReportDetailPage> {
  const [counted] = await rows<{ count: number | string }>(ctx, sql`select count(*) as count from (${inner}) x`);
  const list = await rows<{
    kind: 'invoice' | 'athlete';
    id: string;
    invoiceId: string | null;
    athleteId: string | null;
    date: string | null;
    amount: number | string | null;
    number: number | null;
    status: string | null;
    name: string | null;
    guestName: string | null;
    extra: string | null;
  }>(
    ctx,
    sql`select x.kind, x.id, x.invoice_id as "invoiceId", coalesce(i.athlete_id, x.athlete_id) as "athleteId", x.date::text as date,
          x.amount, i.number, i.status::text as status, i.guest_name as "guestName", x.extra,
          case when a.id is null then null else a.first_name || ' ' || a.last_name end as name
        from (${inner}) x
        left join invoices i on i.id = x.invoice_id and i.gym_id = ${ctx.gymId}
        left join athletes a on a.id = coalesce(i.athlete_id, x.athlete_id) and a.gym_id = ${ctx.gymId}
        order by x.date, i.number nulls last, a.last_name, a.first_name, x.id
        limit ${page.limit} offset ${page.offset}`,
  );
  const results: ReportDetail[] = list.map((r) =>
    r.kind === 'invoice'
      ? {
          kind: 'invoice',
          id: r.id,
          label: r.number === null || r.status === 'draft' ? 'Invoice (draft)' : `Invoice ${r.number}`,
          detail: r.name ?? r.guestName ?? '',
          athleteId: r.athleteId,
          invoiceId: r.invoiceId,
          date: r.date,
          amountMinor: r.amount === null ? null : num(r.amount),
        }
      : {
          kind: 'athlete',
          id: r.id,
          label: r.name ?? '',
          detail: r.extra ?? '',
          athleteId: r.athleteId,
          invoiceId: null,
          date: r.date,
          amountMinor: r.amount === null ? null : num(r.amount),
        },
  );
  return { count: num(counted?.count), results };
}

/** SQL: invoices as drill-down items (`i` the invoice alias; date and amount expressions). */
const invoiceItems = (date: SQL, amount: SQL) =>
  sql`select 'invoice' as kind, i.id, i.id as invoice_id, i.athlete_id, ${date} as date, ${amount} as amount, null::text as extra`;

// ---- Total revenue ----

/** SQL: the gym's succeeded payments and refunds recorded in local dates from..to, with their local date and tax share. */
const moneyIn = (ctx: ReportContext, from: string, to: string) => sql`
  select p.kind, p.amount_minor, p.invoice_id, ${localDate(ctx, sql`p.created_at`)} as d,
    ${shareOf(sql`p.amount_minor`, sql`i.tax_minor`, sql`i.total_minor`)} as tax
  from payments p join invoices i on i.id = p.invoice_id
  where p.gym_id = ${ctx.gymId} and p.status = 'succeeded' and ${instantWithin(ctx, sql`p.created_at`, from, to)}`;

const totalRevenue: ReportImpl = {
  headline: (ctx) => sql`(select coalesce(sum(${signed('m')}), 0) from (${moneyIn(ctx, ctx.from, ctx.to)}) m)`,
  async run(ctx) {
    const list = await rows<{ side: Side; key: string; payments: string; refunds: string; tax: string }>(
      ctx,
      sql`select ${sideOf(ctx, sql`m.d`)} as side, ${bucketStart(ctx, sql`m.d`)}::text as key,
            sum(case when m.kind = 'payment' then m.amount_minor else 0 end) as payments,
            sum(case when m.kind = 'refund' then m.amount_minor else 0 end) as refunds,
            sum(case when m.kind = 'refund' then -m.tax else m.tax end) as tax
          from (${moneyIn(ctx, spanFrom(ctx), ctx.to)}) m
          group by 1, 2`,
    );
    const net = (r: (typeof list)[number]) => num(r.payments) - num(r.refunds);
    const current = mapOf(list, 'cur', net);
    const previous = ctx.previous ? mapOf(list, 'prev', net) : null;
    const payments = mapOf(list, 'cur', (r) => num(r.payments));
    const refunds = mapOf(list, 'cur', (r) => num(r.refunds));
    const tax = mapOf(list, 'cur', (r) => num(r.tax));
    const tableRows: ReportRow[] = bucketsOf(ctx).map((b) => ({
      key: b.key,
      cells: { period: b.label, payments: payments.get(b.key) ?? 0, refunds: refunds.get(b.key) ?? 0, net: current.get(b.key) ?? 0, tax: tax.get(b.key) ?? 0 },
      canDrill: (payments.get(b.key) ?? 0) !== 0 || (refunds.get(b.key) ?? 0) !== 0,
    }));
    return {
      total: sumOf(current),
      previousTotal: previous ? sumOf(previous) : null,
      totalLabel: 'Net received',
      points: pointsOf(ctx, current, previous),
      columns: [
        periodColumn,
        { key: 'payments', label: 'Payments', kind: 'money' },
        { key: 'refunds', label: 'Refunds', kind: 'money' },
        { key: 'net', label: 'Net', kind: 'money' },
        { key: 'tax', label: localeOf(ctx.country).taxLabel, kind: 'money' },
      ],
      rows: tableRows,
      truncated: false,
    };
  },
  async details(ctx, key, page) {
    const range = rowRange(ctx, key);
    // Each invoice with a payment or refund recorded in the period: its net received then, on the last such day.
    const inner = sql`${invoiceItems(sql`m.d`, sql`m.amount`)}
      from (select invoice_id, max(d) as d, sum(case when kind = 'refund' then -amount_minor else amount_minor end) as amount
            from (${moneyIn(ctx, range.from, range.to)}) q group by invoice_id) m
      join invoices i on i.id = m.invoice_id`;
    return detailPage(ctx, inner, page);
  },
};

// ---- Upcoming revenue ----

/** SQL: the gym's unpaid invoices (open, partly paid, past due) due in local dates from..to, with their balance. */
const unpaidDue = (ctx: ReportContext, from: string, to: string) => sql`
  select i.id, i.due_date as d, ${balance('i')} as amount
  from invoices i
  where i.gym_id = ${ctx.gymId} and i.status in ${UNPAID} and i.due_date between ${from}::date and ${to}::date and ${balance('i')} > 0`;

/**
 * SQL: the billing periods of the gym's active memberships that start in from..to and are not invoiced yet, at the
 * price sold: the periods of the package's billing plan from its next billing date (as the billing run steps them,
 * one interval after another), no further than its end date or its plan's number of payments, none starting on a day
 * of a hold, none with an invoice already.
 */
const renewals = (ctx: ReportContext, from: string, to: string) => sql`
  select ap.id, ap.athlete_id, pk.name as package_name, gs.d::date as d, ap.price_minor as amount
  from athlete_packages ap
  join packages pk on pk.id = ap.package_id and pk.kind = 'membership'
  join billing_plans bp on bp.id = ap.billing_plan_id
  cross join lateral (select count(*) as billed from invoices bi where bi.athlete_package_id = ap.id and bi.period_start is not null) b
  cross join lateral generate_series(
    ap.next_billing_date::timestamp,
    least(${to}::date, coalesce(ap.end_date, ${to}::date))::timestamp,
    make_interval(
      years => case when bp."interval" = 'year' then bp.interval_count else 0 end,
      months => case when bp."interval" = 'month' then bp.interval_count else 0 end,
      weeks => case when bp."interval" = 'week' then bp.interval_count else 0 end)
  ) with ordinality as gs(d, n)
  where ap.gym_id = ${ctx.gymId} and ap.status = 'active' and ap.next_billing_date is not null and ap.next_billing_date <= ${to}::date
    and gs.d::date >= ${from}::date
    and (bp.payment_count is null or b.billed + gs.n <= bp.payment_count)
    and not (ap.hold_starts_on is not null and gs.d::date between ap.hold_starts_on and ap.hold_ends_on)
    and not exists (select 1 from invoices x where x.athlete_package_id = ap.id and x.period_start = gs.d::date)`;

const upcomingRevenue: ReportImpl = {
  async run(ctx) {
    const list = await rows<{ side: Side; key: string; invoices: string; renewals: string }>(
      ctx,
      sql`select ${sideOf(ctx, sql`u.d`)} as side, ${bucketStart(ctx, sql`u.d`)}::text as key,
            sum(case when u.what = 'invoice' then u.amount else 0 end) as invoices,
            sum(case when u.what = 'renewal' then u.amount else 0 end) as renewals
          from (
            select 'invoice' as what, d, amount from (${unpaidDue(ctx, spanFrom(ctx), ctx.to)}) iv
            union all
            select 'renewal' as what, d, amount from (${renewals(ctx, spanFrom(ctx), ctx.to)}) rn
          ) u
          group by 1, 2`,
    );
    const total = (r: (typeof list)[number]) => num(r.invoices) + num(r.renewals);
    const current = mapOf(list, 'cur', total);
    const previous = ctx.previous ? mapOf(list, 'prev', total) : null;
    const invoiced = mapOf(list, 'cur', (r) => num(r.invoices));
    const renewing = mapOf(list, 'cur', (r) => num(r.renewals));
    const keys = new Set(list.filter((r) => r.side === 'cur').map((r) => r.key));
    return {
      total: sumOf(current),
      previousTotal: previous ? sumOf(previous) : null,
      totalLabel: 'Expected',
      points: pointsOf(ctx, current, previous),
      columns: [
        periodColumn,
        { key: 'invoices', label: 'Invoices due', kind: 'money' },
        { key: 'renewals', label: 'Renewals', kind: 'money' },
        { key: 'total', label: 'Total', kind: 'money' },
      ],
      rows: bucketsOf(ctx).map((b) => ({
        key: b.key,
        cells: { period: b.label, invoices: invoiced.get(b.key) ?? 0, renewals: renewing.get(b.key) ?? 0, total: current.get(b.key) ?? 0 },
        // A renewal of a free membership is still a renewal to list.
        canDrill: keys.has(b.key),
      })),
      truncated: false,
    };
  },
  async details(ctx, key, page) {
    const range = rowRange(ctx, key);
    // The invoices due in the period (their balance) and the renewals starting in it (the athlete, the package, the price).
    const inner = sql`
      ${invoiceItems(sql`iv.d`, sql`iv.amount`)} from (${unpaidDue(ctx, range.from, range.to)}) iv join invoices i on i.id = iv.id
      union all
      select 'athlete' as kind, rn.id, null::uuid as invoice_id, rn.athlete_id, rn.d as date, rn.amount, rn.package_name as extra
      from (${renewals(ctx, range.from, range.to)}) rn`;
    return detailPage(ctx, inner, page);
  },
};

// ---- Pending payments ----

/** SQL: invoices issued in from..to that are open or partly paid and not yet past their due date (as of today). */
const pending = (ctx: ReportContext, from: string, to: string) => sql`
  select i.id, i.issue_date as d, ${balance('i')} as amount
  from invoices i
  where i.gym_id = ${ctx.gymId} and i.status in ('open', 'partially_paid') and i.issue_date between ${from}::date and ${to}::date
    and i.due_date >= ${ctx.today}::date`;

const pendingPayments: ReportImpl = {
  async run(ctx) {
    const list = await rows<{ side: Side; key: string; invoices: string; balance: string }>(
      ctx,
      sql`select ${sideOf(ctx, sql`p.d`)} as side, ${bucketStart(ctx, sql`p.d`)}::text as key, count(*) as invoices, sum(p.amount) as balance
          from (${pending(ctx, spanFrom(ctx), ctx.to)}) p group by 1, 2`,
    );
    const current = mapOf(list, 'cur', (r) => num(r.balance));
    const previous = ctx.previous ? mapOf(list, 'prev', (r) => num(r.balance)) : null;
    const counts = mapOf(list, 'cur', (r) => num(r.invoices));
    return {
      total: sumOf(current),
      previousTotal: previous ? sumOf(previous) : null,
      totalLabel: 'Still to pay',
      points: pointsOf(ctx, current, previous),
      columns: [periodColumn, { key: 'invoices', label: 'Invoices', kind: 'count' }, { key: 'balance', label: 'Balance', kind: 'money' }],
      rows: bucketsOf(ctx).map((b) => ({
        key: b.key,
        cells: { period: b.label, invoices: counts.get(b.key) ?? 0, balance: current.get(b.key) ?? 0 },
        canDrill: (counts.get(b.key) ?? 0) > 0,
      })),
      truncated: false,
    };
  },
  async details(ctx, key, page) {
    const range = rowRange(ctx, key);
    return detailPage(ctx, sql`${invoiceItems(sql`p.d`, sql`p.amount`)} from (${pending(ctx, range.from, range.to)}) p join invoices i on i.id = p.id`, page);
  },
};

// ---- Past-due payments ----

/** The age groups of an overdue invoice: days past its due date today. */
const AGE_GROUPS = [
  { key: '1-30', label: '1–30 days', min: 1, max: 30 },
  { key: '31-60', label: '31–60 days', min: 31, max: 60 },
  { key: '61-90', label: '61–90 days', min: 61, max: 90 },
  { key: '90+', label: 'Over 90 days', min: 91, max: null },
] as const;

/** SQL: the age group of a number of days overdue. */
const ageGroup = (days: SQL) =>
  sql.join(
    [
      sql`case`,
      ...AGE_GROUPS.map((g) => (g.max === null ? sql.raw(`else '${g.key}'`) : sql`when ${days} <= ${sql.raw(String(g.max))} then ${sql.raw(`'${g.key}'`)}`)),
      sql`end`,
    ],
    sql` `,
  );

/** SQL: invoices due in from..to, past their due date today and not paid in full, with their balance and age group. */
const pastDue = (ctx: ReportContext, from: string, to: string) => sql`
  select i.id, i.due_date as d, ${balance('i')} as amount, ${ageGroup(sql`(${ctx.today}::date - i.due_date)`)} as grp
  from invoices i
  where i.gym_id = ${ctx.gymId} and i.status in ${UNPAID} and i.due_date between ${from}::date and ${to}::date
    and i.due_date < ${ctx.today}::date and ${balance('i')} > 0`;

const pastDuePayments: ReportImpl = {
  headline: (ctx) => sql`(select coalesce(sum(p.amount), 0) from (${pastDue(ctx, ctx.from, ctx.to)}) p)`,
  async run(ctx) {
    const list = await rows<{ side: Side; grp: string; invoices: string; balance: string }>(
      ctx,
      sql`select ${sideOf(ctx, sql`p.d`)} as side, p.grp, count(*) as invoices, sum(p.amount) as balance
          from (${pastDue(ctx, spanFrom(ctx), ctx.to)}) p group by 1, 2`,
    );
    const of = (side: Side, grp: string) => list.find((r) => r.side === side && r.grp === grp);
    const points: ReportPoint[] = AGE_GROUPS.map((g) => ({
      key: g.key,
      label: g.label,
      value: num(of('cur', g.key)?.balance),
      previous: ctx.previous ? num(of('prev', g.key)?.balance) : null,
    }));
    return {
      total: points.reduce((s, p) => s + p.value, 0),
      previousTotal: ctx.previous ? points.reduce((s, p) => s + (p.previous ?? 0), 0) : null,
      totalLabel: 'Past due',
      points,
      bucket: 'category',
      columns: [
        { key: 'group', label: 'Days overdue', kind: 'text' },
        { key: 'invoices', label: 'Invoices', kind: 'count' },
        { key: 'balance', label: 'Balance', kind: 'money' },
      ],
      rows: AGE_GROUPS.map((g) => {
        const invoices = num(of('cur', g.key)?.invoices);
        return { key: g.key, cells: { group: g.label, invoices, balance: num(of('cur', g.key)?.balance) }, canDrill: invoices > 0 };
      }),
      truncated: false,
    };
  },
  async details(ctx, key, page) {
    if (!AGE_GROUPS.some((g) => g.key === key)) throw badRequest('There is no such row in this report: choose an age group of the table.', 'unknown_row');
    return detailPage(
      ctx,
      sql`${invoiceItems(sql`p.d`, sql`p.amount`)} from (${pastDue(ctx, ctx.from, ctx.to)}) p join invoices i on i.id = p.id where p.grp = ${key}`,
      page,
    );
  },
};

// ---- Package revenue and package-category revenue ----

/** SQL: the category a package counts under (packages without one: Uncategorised). */
const categoryOf = (pk: string) => sql.raw(`coalesce(nullif(${pk}.category, ''), 'Uncategorised')`);

/**
 * SQL: each succeeded payment (refund: negative) recorded in from..to, shared among its invoice's package lines in
 * proportion to their totals: one row per (payment, package line) with the line's package and the share.
 */
const packageShares = (ctx: ReportContext, from: string, to: string) => sql`
  select p.invoice_id, l.package_id, ${localDate(ctx, sql`p.created_at`)} as d,
    ${shareOf(signed('p'), sql`l.total_minor`, sql`i.total_minor`)} as amount
  from payments p
  join invoices i on i.id = p.invoice_id
  join invoice_lines l on l.invoice_id = p.invoice_id and l.package_id is not null
  where p.gym_id = ${ctx.gymId} and p.status = 'succeeded' and ${instantWithin(ctx, sql`p.created_at`, from, to)}`;

type CategoryRow = { side: Side; key: string; label: string; category: string; amount: string };

/** Category figures (one row per key) of the range, with the comparison's by key. */
function categoryBody(
  ctx: ReportContext,
  list: readonly CategoryRow[],
  totalLabel: string,
  columns: ReportBody['columns'],
  cellsOf: (r: CategoryRow) => ReportRow['cells'],
): ReportBody {
  const current = list.filter((r) => r.side === 'cur').sort((a, b) => num(b.amount) - num(a.amount) || a.label.localeCompare(b.label));
  const previous = ctx.previous ? mapOf(list, 'prev', (r) => num(r.amount)) : null;
  const shown = current.slice(0, REPORT_MAX_ROWS);
  return {
    total: current.reduce((s, r) => s + num(r.amount), 0),
    previousTotal: previous ? sumOf(previous) : null,
    totalLabel,
    points: shown.map((r) => ({ key: r.key, label: r.label, value: num(r.amount), previous: previous ? (previous.get(r.key) ?? 0) : null })),
    bucket: 'category',
    columns,
    rows: shown.map((r) => ({ key: r.key, cells: cellsOf(r), canDrill: true })),
    truncated: current.length > REPORT_MAX_ROWS,
  };
}

const packageRevenue: ReportImpl = {
  async run(ctx) {
    const list = await rows<CategoryRow>(
      ctx,
      sql`select ${sideOf(ctx, sql`s.d`)} as side, s.package_id::text as key, pk.name as label, ${categoryOf('pk')} as category, sum(s.amount) as amount
          from (${packageShares(ctx, spanFrom(ctx), ctx.to)}) s join packages pk on pk.id = s.package_id
          group by 1, 2, 3, 4`,
    );
    return categoryBody(
      ctx,
      list,
      'Package revenue',
      [
        { key: 'package', label: 'Package', kind: 'text' },
        { key: 'category', label: 'Category', kind: 'text' },
        { key: 'revenue', label: 'Revenue', kind: 'money' },
      ],
      (r) => ({ package: r.label, category: r.category, revenue: num(r.amount) }),
    );
  },
  async details(ctx, key, page) {
    if (!UUID.test(key)) throw badRequest('There is no such row in this report: choose a package of the table.', 'unknown_row');
    const inner = sql`${invoiceItems(sql`s.d`, sql`s.amount`)}
      from (select invoice_id, max(d) as d, sum(amount) as amount from (${packageShares(ctx, ctx.from, ctx.to)}) q where package_id = ${key}::uuid group by invoice_id) s
      join invoices i on i.id = s.invoice_id`;
    return detailPage(ctx, inner, page);
  },
};

const packageCategoryRevenue: ReportImpl = {
  async run(ctx) {
    const list = await rows<CategoryRow>(
      ctx,
      sql`select ${sideOf(ctx, sql`s.d`)} as side, ${categoryOf('pk')} as key, ${categoryOf('pk')} as label, ${categoryOf('pk')} as category, sum(s.amount) as amount
          from (${packageShares(ctx, spanFrom(ctx), ctx.to)}) s join packages pk on pk.id = s.package_id
          group by 1, 2`,
    );
    return categoryBody(
      ctx,
      list,
      'Package revenue',
      [
        { key: 'category', label: 'Category', kind: 'text' },
        { key: 'revenue', label: 'Revenue', kind: 'money' },
      ],
      (r) => ({ category: r.label, revenue: num(r.amount) }),
    );
  },
  async details(ctx, key, page) {
    const inner = sql`${invoiceItems(sql`s.d`, sql`s.amount`)}
      from (select q.invoice_id, max(q.d) as d, sum(q.amount) as amount
            from (${packageShares(ctx, ctx.from, ctx.to)}) q join packages pk on pk.id = q.package_id
            where ${categoryOf('pk')} = ${key} group by q.invoice_id) s
      join invoices i on i.id = s.invoice_id`;
    return detailPage(ctx, inner, page);
  },
};

/** Issue 21: the money reports. */
export const moneyReports: Partial<Record<ReportType, ReportImpl>> = {
  'total-revenue': totalRevenue,
  'upcoming-revenue': upcomingRevenue,
  'pending-payments': pendingPayments,
  'past-due-payments': pastDuePayments,
  'package-revenue': packageRevenue,
  'package-category-revenue': packageCategoryRevenue,
};
