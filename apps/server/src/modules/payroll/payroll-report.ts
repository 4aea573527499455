import { sql } from 'drizzle-orm';
import {
  addDays,
  fromZoned,
  payrollRows,
  type GymCountry,
  type StaffPayAssignment,
  type PayLine,
  type AppliedPayRate,
  type PayTarget,
  type PayrollReport,
  type PayrollReportQuery,
} from '@spotter/shared';
import { queryRows, type DbOrTx } from '../../db/client';
import { toCsv } from '../../lib/csv';

/**
 * Issue 37 (decision 044): the payroll of a period. The facts are read at their dates (classes held and their check-ins,
 * appointments held, approved hours, sales by who sold them) and paid by the shared `payrollRows`, each at the rate
 * assigned on its date; a later assignment never reaches back. Six queries whatever the size of the period.
 */

type Gym = { gymId: string; timeZone: string; country: GymCountry };

export async function payrollReport(db: DbOrTx, gym: Gym, q: PayrollReportQuery, now = new Date()): Promise<PayrollReport> {
  const g = gym.gymId;
  const fromAt = fromZoned(q.from, '00:00', gym.timeZone);
  const toAt = fromZoned(addDays(q.to, 1), '00:00', gym.timeZone);
  const staffFilter = q.staffId ? sql`and s.id = ${q.staffId}` : sql``;
  const eventsOnly = Boolean(q.classTypeId || q.locationId);
  // Decision 044: a class cancelled before it started pays nothing unless the gym pays cancelled classes (gym settings).
  const payCancelled = sql`(select g.pay_cancelled_classes from gyms g where g.id = ${g})`;

  const [staffRows, rateRows, assignmentRows, eventRows, workRows, saleRows] = await Promise.all([
    queryRows<{ id: string; name: string; email: string }>(
      db,
      sql`select s.id, s.first_name || ' ' || s.last_name as name, s.email from staff s where s.gym_id = ${g} ${staffFilter}`,
    ),
    queryRows<{
      id: string;
      name: string;
      kind: AppliedPayRate['kind'];
      amount_minor: number;
      per_athlete_minor: number;
      athlete_threshold: number;
      cap_minor: number | null;
      tiers: AppliedPayRate['tiers'];
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
      cancelled: boolean;
    }>(
      db,
      sql`select e.id as event_id, e.kind, e.start_date::text as date, e.duration_minutes, ec.staff_id,
                 coalesce(e.class_type_id, e.appointment_type_id) as type_id, coalesce(ct.name, apt.name) as item,
                 (select count(*)::int from reservations r where r.event_id = e.id and r.is_checked_in) as checked_in,
                 e.cancelled_at is not null as cancelled
          from events e
          join event_coaches ec on ec.event_id = e.id
          join staff s on s.id = ec.staff_id
          left join class_types ct on ct.id = e.class_type_id
          left join appointment_types apt on apt.id = e.appointment_type_id
          where e.gym_id = ${g} and e.start_date between ${q.from} and ${q.to} and e.starts_at < ${now.toISOString()}::timestamptz
            and (e.cancelled_at is null or (${payCancelled} and e.kind = 'class' and e.cancelled_at < e.starts_at))
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

  const rates = new Map<string, AppliedPayRate>(
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
  const assignments: StaffPayAssignment[] = assignmentRows.map((a) => ({
    staffId: a.staff_id,
    target: a.target,
    targetId: a.target_id,
    startsOn: a.starts_on,
    payRateId: a.pay_rate_id,
  }));
  const facts = {
    events: eventRows.map((e) => ({
      kind: e.kind,
      date: e.date,
      durationMinutes: e.duration_minutes,
      staffId: e.staff_id,
      typeId: e.type_id,
      item: e.item,
      checkedIn: e.checked_in,
      cancelled: e.cancelled,
    })),
    work: workRows.map((w) => ({ staffId: w.staff_id, date: w.date, categoryId: w.category_id, item: w.item, minutes: w.minutes, note: w.note })),
    sales: saleRows.map((s) => ({ staffId: s.staff_id, date: s.date, soldMinor: Math.round(Number(s.sold)) })),
  };
  const { rows, totals, unratedLines } = payrollRows(staffRows, facts, rates, assignments, gym.country);
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
        l.cancelled ? `${kindWords[l.kind]} (cancelled)` : kindWords[l.kind],
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
