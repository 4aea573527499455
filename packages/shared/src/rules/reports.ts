import { reportPermissions, reportTitle, type ReportType } from '../navigation';
import { hasPermission, type PermissionSubject } from '../permissions';
import { formatDate, formatMoney } from '../locale';
import type { GymCountry } from '../roles';
import type { Permission } from '../roles';
import { rangeDays, type ReportChart, type ReportDrill, type ReportUnit } from './report-basics';

export * from './report-basics';

/**
 * Issue 21 (decision 037): the 20 reports of spec 2.7, each with the definition shown on its page and kept in
 * docs/reports.md (a test holds the two equal). Every report reads a range of the gym's local dates, `from` to `to`
 * inclusive, instants being turned into the gym's local date in its IANA zone; the comparison period is the range of
 * the same number of days that ends the day before `from`.
 */

export type ReportDefinition = {
  type: ReportType;
  title: string;
  /** Spec 6: the group permission (with BusinessMetricsReportsView) a staff member needs. */
  permission: Permission;
  /** The page's (and docs/reports.md's) words: what counts, on which date, in which zone. */
  definition: string;
  unit: ReportUnit;
  chart: ReportChart;
  drill: ReportDrill;
  /** Whether the location filter narrows it (reports about visits and classes); others cover the whole gym. */
  usesLocation: boolean;
  /** Reports with an adjustable number of days (missing members: N). */
  usesDays?: boolean;
};

const ZONE = 'Dates are the gym’s local dates in its time zone.';

const defs: Record<ReportType, Omit<ReportDefinition, 'type' | 'title' | 'permission'>> = {
  'total-revenue': {
    definition: `Money received: every successful payment recorded in the range (card, cash, cheque, bank transfer…), less every successful refund recorded in the range, each on the date it was recorded. Amounts are as paid, so tax-inclusive prices count with their tax; the Tax column is each payment’s share of its invoice’s tax. Pending and failed payments do not count. ${ZONE}`,
    unit: 'money',
    chart: 'bar',
    drill: 'invoices',
    usesLocation: false,
  },
  'upcoming-revenue': {
    definition: `Money expected in the range: the unpaid balance of every open, partly paid or past-due invoice whose due date falls in the range, plus every billing period of an active membership that starts in the range and has not been invoiced yet, at the price it was sold at (memberships on hold or cancelled before the period are left out). ${ZONE}`,
    unit: 'money',
    chart: 'bar',
    drill: 'invoices',
    usesLocation: false,
  },
  'pending-payments': {
    definition: `Invoices issued in the range that are open or partly paid and not yet past their due date, with the balance still to pay (total less payments, plus refunds). Counted as they stand now. ${ZONE}`,
    unit: 'money',
    chart: 'bar',
    drill: 'invoices',
    usesLocation: false,
  },
  'past-due-payments': {
    definition: `Invoices past their due date and not paid in full, whose due date falls in the range, with the balance still to pay, grouped by how many days overdue they are today. Counted as they stand now. ${ZONE}`,
    unit: 'money',
    chart: 'bar',
    drill: 'invoices',
    usesLocation: false,
  },
  'total-members': {
    definition: `Members on a day: athletes holding a package other than a trial that has started and not ended on that day (its start date on or before the day, its end date empty or on or after it), on hold or not. The figure is the count on the last day of the range; the chart shows the count on the last day of each period. Archived athletes are left out. ${ZONE}`,
    unit: 'count',
    chart: 'line',
    drill: 'athletes',
    usesLocation: false,
  },
  'paying-members': {
    definition: `Members (as in Total members) whose package on that day has a price above zero. The figure is the count on the last day of the range; the chart shows the count on the last day of each period. ${ZONE}`,
    unit: 'count',
    chart: 'line',
    drill: 'athletes',
    usesLocation: false,
  },
  'new-members': {
    definition: `Athletes whose first package other than a trial starts in the range (an athlete who held one before is not new; see Reactivated members). Counted on the package’s start date. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: false,
  },
  'cancelled-members': {
    definition: `Athletes whose package other than a trial was cancelled and ended in the range, and who hold no other such package on the day after it ended. Counted on the package’s end date (the day the cancellation took effect). ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: false,
  },
  'missing-members': {
    definition: `Members on the last day of the range (as in Total members) with no check-in to a class in the N days up to and including that day (N adjustable, 14 unless changed), grouped by how long ago their last check-in was. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: true,
    usesDays: true,
  },
  'reactivated-members': {
    definition: `Athletes who start a package other than a trial in the range after a gap: they held such a package before, and every earlier one ended at least 30 days before the new one’s start date. Counted on the new package’s start date. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: false,
  },
  'trial-members': {
    definition: `Athletes whose trial package starts in the range, counted on its start date; Converted says how many of them have since started a package other than a trial. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: false,
  },
  'cancelled-trial-members': {
    definition: `Trial packages cancelled in the range, counted on the date the cancellation was made, once per athlete. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: false,
  },
  'athletes-on-hold': {
    definition: `Athletes with a package on hold for at least one day of the range (the hold’s first day on or before the range’s last day, and its last day on or after the range’s first day); the chart counts the holds by the period they start in. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: false,
  },
  'athletes-at-risk': {
    definition: `Members on the last day of the range whose attendance is falling: fewer than half as many class check-ins in the 28 days up to that day as in the 28 days before those, having had at least 4 in the earlier 28 days. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: true,
  },
  'athlete-attendance': {
    definition: `Check-ins to classes that start in the range (cancelled classes left out), counted on the class’s date, of athletes who are not archived (an archived athlete’s check-ins are left out); the table lists each athlete’s check-ins. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: true,
  },
  'athlete-birthdays': {
    definition: `Athletes (not archived) whose birthday falls in the range, with the age they turn; a 29 February birthday falls on 28 February in other years. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: false,
  },
  'package-revenue': {
    definition: `Money received for packages: each successful payment recorded in the range, less each successful refund recorded in the range, shared among its invoice’s package lines in proportion to their totals (retail and fees are left out). ${ZONE}`,
    unit: 'money',
    chart: 'bar',
    drill: 'invoices',
    usesLocation: false,
  },
  'package-category-revenue': {
    definition: `Package revenue (as in Package revenue) added up by each package’s category; packages without one count as Uncategorised. ${ZONE}`,
    unit: 'money',
    chart: 'donut',
    drill: 'invoices',
    usesLocation: false,
  },
  'class-usage': {
    definition: `Classes that start in the range (cancelled ones left out), by class type: how many were held, their places, the places booked (reserved or checked in), the check-ins, and the fill rate (places booked over places). ${ZONE}`,
    unit: 'percent',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: true,
  },
  'package-utilization': {
    definition: `For each package, the athletes who held it on at least one day of the range, the class check-ins booked with it in the range, check-ins per holder, and for packages with credits, the credits used in the range (deductions less restores in its ledger) against those granted. ${ZONE}`,
    unit: 'count',
    chart: 'bar',
    drill: 'athletes',
    usesLocation: true,
  },
};

export const reportDefinitions: Record<ReportType, ReportDefinition> = Object.fromEntries(
  (Object.keys(defs) as ReportType[]).map((type) => [type, { type, title: reportTitle(type), permission: reportPermissions[type], ...defs[type] }]),
) as Record<ReportType, ReportDefinition>;

/** The general words of docs/reports.md and of every report page's "How this is counted". */
export const reportConventions = [
  'The range is the gym’s local dates from its first to its last day, both included, in the gym’s time zone; a day that changes the clocks is still one day.',
  'The comparison period is the range of the same number of days that ends the day before the range starts.',
  'Money is in the gym’s currency, in the gym’s tax wording (VAT in the UK, tax elsewhere).',
  'The CSV holds exactly the table shown: the same rows, columns and figures.',
  'Another gym’s data never counts.',
] as const;

/** The range presets of every report page. */
export const reportPresets = ['today', 'week', 'month', 'quarter', 'year', 'last12', 'custom'] as const;
export type ReportPreset = (typeof reportPresets)[number];
export const reportPresetLabels: Record<ReportPreset, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
  last12: 'Last 12 months',
  custom: 'Custom',
};

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The comparison period: as many days, ending the day before `from`. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = rangeDays(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/**
 * A preset's range on the gym's local `today`, to today (weeks start on the gym's first day of the week: 0 Sunday in
 * the US and Canada, 1 Monday in the UK). `last12` is the 11 whole months before this one and this month to today.
 */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: string, firstDayOfWeek: 0 | 1 = 1): { from: string; to: string } {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() - firstDayOfWeek + 7) % 7;
      return { from: addDays(today, -weekday), to: today };
    }
    case 'month':
      return { from: `${y}-${pad(m)}-01`, to: today };
    case 'quarter':
      return { from: `${y}-${pad(m - ((m - 1) % 3))}-01`, to: today };
    case 'year':
      return { from: `${y}-01-01`, to: today };
    case 'last12': {
      const start = new Date(Date.UTC(y, m - 1 - 11, 1));
      return { from: start.toISOString().slice(0, 10), to: today };
    }
  }
}

/** The chart's period for a range: days up to 31 days, weeks (from Monday) up to 92 days, else months. */
export type ReportBucket = 'day' | 'week' | 'month';
export function bucketOf(from: string, to: string): ReportBucket {
  const days = rangeDays(from, to);
  if (days <= 31) return 'day';
  if (days <= 92) return 'week';
  return 'month';
}

/**
 * A table cell as the page shows it and the CSV holds it (the same text, so the CSV is exactly what is shown): money
 * in the gym's currency, percentages to one decimal, dates in the gym's format, counts as whole numbers.
 */
export function reportCellText(kind: 'text' | 'money' | 'count' | 'percent' | 'date', value: string | number | null, country: GymCountry): string {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'money':
      return formatMoney(Number(value), country);
    case 'percent':
      return `${Number(value).toFixed(1)}%`;
    case 'count':
      return String(Math.round(Number(value)));
    case 'date':
      return formatDate(String(value), country);
    case 'text':
      return String(value);
  }
}

/** Spec 6: whether a profile may open a report (BusinessMetricsReportsView and the report's group), as its routes declare. */
export function mayOpenReport(subject: PermissionSubject, type: ReportType): boolean {
  return hasPermission(subject, 'BusinessMetricsReportsView') && hasPermission(subject, reportPermissions[type]);
}
