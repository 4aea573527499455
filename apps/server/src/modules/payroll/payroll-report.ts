import { sql } from 'drizzle-orm';
import {
  addDays,
  appointmentPay,
  assignmentOn,
  classPay,
  commissionPay,
  formatMoney,
  fromZoned,
  workPay,
  type GymCountry,
  type PayLine,
  type PayRateTerms,
  type PayTarget,
  type PayTotals,
  type PayrollReport,
  type PayrollReportQuery,
  type PayrollRow,
} from '@spotter/shared';
import { queryRows, type DbOrTx } from '../../db/client';
import { toCsv } from '../../lib/csv';

/**
 * Issue 37 (decision 044): the payroll of a period. The facts are read at their dates (classes held and their check-ins,
 * appointments held, approved hours, sales by who sold them), each paid by the shared pay rules at the rate assigned
 * on its date; a later assignment never reaches back. Five queries whatever the size of the period.
 */

type Gym = { gymId: string; timeZone: string; country: GymCountry };
type Rate = PayRateTerms & { id: string; name: string };
type Assignment = { staffId: string; target: PayTarget; targetId: string | null; startsOn: string; payRateId: string };

const zeroTotals = (): PayTotals => ({
  classes: 0,
  classMinor: 0,
  appointments: 0,
  appointmentMinor: 0,
  workMinutes: 0,
  workMinor: 0,
  soldMinor: 0,
  commissionMinor: 0,
  totalMinor: 0,
});

export function hoursWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function addLine(totals: PayTotals, line: PayLine) {
  if (line.kind === 'class') {
    totals.classes += 1;
    totals.classMinor += line.amountMinor;
  } else if (line.kind === 'appointment') {
    totals.appointments += 1;
    totals.appointmentMinor += line.amountMinor;
  } else if (line.kind === 'work') {
    totals.workMinutes += line.minutes ?? 0;
    totals.workMinor += line.amountMinor;
  } else {
    totals.soldMinor += line.soldMinor ?? 0;
    totals.commissionMinor += line.amountMinor;
  }
  totals.totalMinor += line.amountMinor;
}

export async function payrollReport(db: DbOrTx, gym: Gym, q: PayrollReportQuery, now = new Date()): Promise<PayrollReport> {
  const g = gym.gymId;
  const fromAt = fromZoned(q.from, '00:00', gym.timeZone);
  const toAt = fromZoned(addDays(q.to, 1), '00:00', gym.timeZone);
  const staffFilter = q.staffId ? sql`and s.id = ${q.staffId}` : sql``;
  const eventsOnly = Boolean(q.classTypeId || q.locationId);

  const [staffRows, rateRows, assignmentRows, eventRows, workRows, saleRows] = await Promise.all([
    queryRows<{ id: string; name: string; email: string }>(
      db,
      sql`select s.id, s.first_name || ' ' || s.last_name as name, s.email from staff s where s.gym_id = ${g} ${staffFilter}`,
    ),
    queryRows<{
      id: string;
      name: string;
      kind: Rate['kind'];
      amount_minor: number;
      per_athlete_minor: number;
      athlete_threshold: number;
      cap_minor: number | null;
      tiers: Rate['tiers'];
      commission_basis_points: number;
    }>(
      db,
      sql`select id, name, kind, amount_minor, per_athlete_minor, athlete_threshold, cap_minor, tiers, commission_basis_points from pay_rates where gym_id = ${g}`,
    ),
    queryRows<{ staff_id: string; target: PayTarget; target_id: string | null; starts_on: string; pay_rate_id: string }>(
      db,
      sql`select a.staff_id, a.target, coalesce(a.class_type_id, a.appointment_type_id, a.work_category_id) as target_id, a.starts_on::text as starts_on, a.pay_rate_id
          from pay_assignments a where a.gym_id = ${g} and a.starts_on <= ${q.to}`,
    ),
    queryRows<{
      event_id: string;
      kind: 'class' | 'appointment';
      date: string;
      duration_minutes: number;
      staff_id: string;
      type_id: string;
      item: string;
      checked_in: number;
    }>(
      db,
      sql`select e.id as event_id, e.kind, e.start_date::text as date, e.duration_minutes, ec.staff_id,
                 coalesce(e.class_type_id, e.appointment_type_id) as type_id, coalesce(ct.name, apt.name) as item,
                 (select count(*)::int from reservations r where r.event_id = e.id and r.is_checked_in) as checked_in
          from events e
          join event_coaches ec on ec.event_id = e.id
          join staff s on s.id = ec.staff_id
          left join class_types ct on ct.id = e.class_type_id
          left join appointment_types apt on apt.id = e.appointment_type_id
          where e.gym_id = ${g} and e.start_date between ${q.from} and ${q.to} and e.cancelled_at is null and e.starts_at < ${now.toISOString()}::timestamptz
            ${staffFilter}
            ${q.classTypeId ? sql`and e.class_type_id = ${q.classTypeId}` : sql``}
            ${q.locationId ? sql`and e.location_id = ${q.locationId}` : sql``}
          order by e.starts_at, e.id`,
    ),
    eventsOnly
      ? Promise.resolve([])
      : queryRows<{ staff_id: string; date: string; category_id: string; item: string; minutes: number; note: string }>(
          db,
          sql`select w.staff_id, w.work_date::text as date, w.work_category_id as category_id, c.name as item, w.minutes, w.note
              from work_entries w join work_categories c on c.id = w.work_category_id join staff s on s.id = w.staff_id
              where w.gym_id = ${g} and w.status = 'approved' and w.work_date between ${q.from} and ${q.to} ${staffFilter}
              order by w.work_date, w.starts_at nulls last, w.id`,
        ),
    eventsOnly
      ? Promise.resolve([])
      : queryRows<{ staff_id: string; date: string; sold: number }>(
          db,
          sql`with sold as (
                select ps.sold_by_user_id as user_id, ps.created_at, ps.net_minor as amount from product_sales ps
                where ps.gym_id = ${g} and ps.sold_by_user_id is not null and ps.created_at >= ${fromAt.toISOString()}::timestamptz and ps.created_at < ${toAt.toISOString()}::timestamptz
                union all
                select ap.sold_by_user_id, ap.created_at, ap.price_minor + ap.sign_up_fee_minor from athlete_packages ap
                where ap.gym_id = ${g} and ap.sold_by_user_id is not null and ap.created_at >= ${fromAt.toISOString()}::timestamptz and ap.created_at < ${toAt.toISOString()}::timestamptz
              )
              select s.id as staff_id, (sold.created_at at time zone ${gym.timeZone})::date::text as date, sum(sold.amount)::float8 as sold
              from sold join profiles p on p.user_id = sold.user_id join staff s on s.profile_id = p.id and s.gym_id = ${g}
              where true ${staffFilter}
              group by 1, 2 order by 2`,
        ),
  ]);

  const rates = new Map<string, Rate>(
    rateRows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        kind: r.kind,
        amountMinor: r.amount_minor,
        perAthleteMinor: r.per_athlete_minor,
        athleteThreshold: r.athlete_threshold,
        capMinor: r.cap_minor,
        tiers: r.tiers,
        commissionBasisPoints: r.commission_basis_points,
      },
    ]),
  );
  const assignments = new Map<string, Assignment[]>();
  for (const a of assignmentRows) {
    const key = `${a.staff_id}|${a.target}|${a.target_id ?? ''}`;
    const list = assignments.get(key) ?? [];
    list.push({ staffId: a.staff_id, target: a.target, targetId: a.target_id, startsOn: a.starts_on, payRateId: a.pay_rate_id });
    assignments.set(key, list);
  }
  const rateOn = (staffId: string, target: PayTarget, targetId: string | null, date: string): Rate | null => {
    const found = assignmentOn(assignments.get(`${staffId}|${target}|${targetId ?? ''}`) ?? [], date);
    return found ? (rates.get(found.payRateId) ?? null) : null;
  };

  const linesByStaff = new Map<string, PayLine[]>();
  const push = (staffId: string, line: PayLine) => {
    const list = linesByStaff.get(staffId) ?? [];
    list.push(line);
    linesByStaff.set(staffId, list);
  };

  for (const e of eventRows) {
    const isClass = e.kind === 'class';
    const rate = rateOn(e.staff_id, isClass ? 'class_type' : 'appointment_type', e.type_id, e.date);
    const amountMinor = rate ? (isClass ? classPay(rate, e.checked_in, e.duration_minutes) : appointmentPay(rate, e.duration_minutes)) : 0;
    push(e.staff_id, {
      kind: e.kind,
      date: e.date,
      item: e.item,
      detail: isClass ? `${e.checked_in} checked in · ${hoursWords(e.duration_minutes)}` : hoursWords(e.duration_minutes),
      checkedIn: isClass ? e.checked_in : null,
      minutes: e.duration_minutes,
      soldMinor: null,
      payRateId: rate?.id ?? null,
      rateName: rate?.name ?? null,
      amountMinor,
    });
  }
  for (const w of workRows) {
    const rate = rateOn(w.staff_id, 'work_category', w.category_id, w.date);
    push(w.staff_id, {
      kind: 'work',
      date: w.date,
      item: w.item,
      detail: w.note ? `${hoursWords(w.minutes)} · ${w.note}` : hoursWords(w.minutes),
      checkedIn: null,
      minutes: w.minutes,
      soldMinor: null,
      payRateId: rate?.id ?? null,
      rateName: rate?.name ?? null,
      amountMinor: rate ? workPay(rate, w.minutes) : 0,
    });
  }
  for (const s of saleRows) {
    const rate = rateOn(s.staff_id, 'commission', null, s.date);
    const sold = Math.round(Number(s.sold));
    // Sales without a commission rate pay nothing and are no line to act on.
    if (!rate) continue;
    push(s.staff_id, {
      kind: 'commission',
      date: s.date,
      item: 'Sales',
      detail: `Sold ${formatMoney(sold, gym.country)}`,
      checkedIn: null,
      minutes: null,
      soldMinor: sold,
      payRateId: rate.id,
      rateName: rate.name,
      amountMinor: commissionPay(rate, sold),
    });
  }

  const order: Record<PayLine['kind'], number> = { class: 0, appointment: 1, work: 2, commission: 3 };
  const totals = zeroTotals();
  let unratedLines = 0;
  const rows: PayrollRow[] = staffRows
    .filter((s) => linesByStaff.has(s.id))
    .map((s) => {
      const lines = linesByStaff.get(s.id)!.sort((a, b) => a.date.localeCompare(b.date) || order[a.kind] - order[b.kind]);
      const own = zeroTotals();
      for (const line of lines) {
        addLine(own, line);
        addLine(totals, line);
        if (line.payRateId === null) unratedLines += 1;
      }
      return { staffId: s.id, name: s.name, email: s.email, ...own, lines };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.staffId.localeCompare(b.staffId));
  return { from: q.from, to: q.to, rows, totals, unratedLines };
}

/** Minor units as a plain decimal a payroll service imports ("1234.50"). */
export const decimal = (minor: number) => (minor / 100).toFixed(2);
const hoursDecimal = (minutes: number) => (minutes / 60).toFixed(2);

export function payrollSummaryCsv(report: PayrollReport): string {
  return toCsv(
    [
      'Employee name',
      'Email',
      'Period start',
      'Period end',
      'Classes',
      'Class pay',
      'Appointments',
      'Appointment pay',
      'Hours',
      'Hourly pay',
      'Sales',
      'Commission',
      'Gross pay',
    ],
    report.rows.map((r) => [
      r.name,
      r.email,
      report.from,
      report.to,
      r.classes,
      decimal(r.classMinor),
      r.appointments,
      decimal(r.appointmentMinor),
      hoursDecimal(r.workMinutes),
      decimal(r.workMinor),
      decimal(r.soldMinor),
      decimal(r.commissionMinor),
      decimal(r.totalMinor),
    ]),
  );
}

const kindWords: Record<PayLine['kind'], string> = { class: 'Class', appointment: 'Appointment', work: 'Hours', commission: 'Commission' };

export function payrollLinesCsv(report: PayrollReport): string {
  return toCsv(
    ['Employee name', 'Email', 'Date', 'Pay item', 'Item', 'Detail', 'Checked in', 'Hours', 'Sales', 'Rate', 'Amount'],
    report.rows.flatMap((r) =>
      r.lines.map((l) => [
        r.name,
        r.email,
        l.date,
        kindWords[l.kind],
        l.item,
        l.detail,
        l.checkedIn,
        l.minutes === null ? null : hoursDecimal(l.minutes),
        l.soldMinor === null ? null : decimal(l.soldMinor),
        l.rateName ?? 'No rate assigned',
        decimal(l.amountMinor),
      ]),
    ),
  );
}
