import type { PayLine, PayTotals, PayrollRow } from '../api/payroll';
import { formatMoney } from '../locale';
import type { GymCountry } from '../roles';
import { addDays, dayOfWeek } from '../time';

/**
 * Issue 37 (decision 044): what a staff member is paid, as pure functions of the facts (a class held and its
 * attendance, an appointment, approved hours, sales) and the rate in force on the fact's date. Money in integer minor
 * units; every line is rounded once, to the nearest minor unit, and a total is the sum of its lines.
 */

export const payRateKinds = ['class_flat', 'class_tiered', 'hourly', 'appointment_flat', 'commission'] as const;
export type PayRateKind = (typeof payRateKinds)[number];

/** What a rate is assigned for: a class type, an appointment type, a work category, or the staff member's sales. */
export const payTargets = ['class_type', 'appointment_type', 'work_category', 'commission'] as const;
export type PayTarget = (typeof payTargets)[number];

/** Which kinds of rate pay for which target (hourly: classes and appointments by their duration, logged hours). */
export const kindsForTarget: Record<PayTarget, readonly PayRateKind[]> = {
  class_type: ['class_flat', 'class_tiered', 'hourly'],
  appointment_type: ['appointment_flat', 'hourly'],
  work_category: ['hourly'],
  commission: ['commission'],
};

export const payRateKindLabels: Record<PayRateKind, string> = {
  class_flat: 'Per class',
  class_tiered: 'Per class, by attendance tiers',
  hourly: 'Hourly',
  appointment_flat: 'Per appointment',
  commission: 'Commission on sales',
};

export const payTargetLabels: Record<PayTarget, string> = {
  class_type: 'Class type',
  appointment_type: 'Appointment type',
  work_category: 'Work category',
  commission: 'Sales commission',
};

/** The built-in work categories every gym has (a gym adds its own). */
export const defaultWorkCategories = ['Front desk', 'Cleaning', 'Admin'] as const;

export type PayTier = { fromAthletes: number; amountMinor: number };

export type PayRateTerms = {
  kind: PayRateKind;
  /** Per class (class_flat), per hour (hourly), per appointment (appointment_flat). */
  amountMinor: number;
  /** class_flat: plus this per checked-in athlete above `athleteThreshold`, the class's pay at most `capMinor`. */
  perAthleteMinor: number;
  athleteThreshold: number;
  capMinor: number | null;
  /** class_tiered: the amount of the highest tier whose `fromAthletes` the attendance reaches (the first is 0). */
  tiers: PayTier[];
  /** commission: hundredths of a percent (1250 = 12.5%). */
  commissionBasisPoints: number;
};

/** Pay for time: the hourly amount for these minutes. */
export function payForMinutes(amountPerHourMinor: number, minutes: number): number {
  return Math.round((amountPerHourMinor * Math.max(0, minutes)) / 60);
}

/** The pay of one class a coach coached. */
export function classPay(rate: PayRateTerms, checkedIn: number, durationMinutes: number): number {
  switch (rate.kind) {
    case 'class_flat': {
      const extra = Math.max(0, checkedIn - rate.athleteThreshold) * rate.perAthleteMinor;
      const pay = rate.amountMinor + extra;
      return rate.capMinor === null ? pay : Math.min(pay, rate.capMinor);
    }
    case 'class_tiered':
      return tierFor(rate.tiers, checkedIn)?.amountMinor ?? 0;
    case 'hourly':
      return payForMinutes(rate.amountMinor, durationMinutes);
    default:
      return 0;
  }
}

/** The tier an attendance falls in (tiers sorted by fromAthletes). */
export function tierFor(tiers: readonly PayTier[], checkedIn: number): PayTier | undefined {
  let found: PayTier | undefined;
  for (const tier of [...tiers].sort((a, b) => a.fromAthletes - b.fromAthletes)) if (checkedIn >= tier.fromAthletes) found = tier;
  return found;
}

/** The pay of one appointment. */
export function appointmentPay(rate: PayRateTerms, durationMinutes: number): number {
  if (rate.kind === 'appointment_flat') return rate.amountMinor;
  if (rate.kind === 'hourly') return payForMinutes(rate.amountMinor, durationMinutes);
  return 0;
}

/** The pay of logged work. */
export function workPay(rate: PayRateTerms, minutes: number): number {
  return rate.kind === 'hourly' ? payForMinutes(rate.amountMinor, minutes) : 0;
}

/** The commission on an amount sold. */
export function commissionPay(rate: PayRateTerms, soldMinor: number): number {
  return rate.kind === 'commission' ? Math.round((Math.max(0, soldMinor) * rate.commissionBasisPoints) / 10_000) : 0;
}

/** A rate assignment: from `startsOn` (inclusive) until the next assignment of the same staff member and target. */
export type DatedAssignment = { startsOn: string; payRateId: string };

/** The assignment in force on a date: the latest that started on or before it (a later change never reaches back). */
export function assignmentOn<A extends DatedAssignment>(assignments: readonly A[], date: string): A | undefined {
  let found: A | undefined;
  for (const a of assignments) if (a.startsOn <= date && (!found || a.startsOn >= found.startsOn)) found = a;
  return found;
}

/** A rate as the report applies it: its fixed terms, its id and name. */
export type AppliedPayRate = PayRateTerms & { id: string; name: string };
/** An assignment of a rate to a staff member for a target (`targetId` null for commission) from `startsOn`. */
export type StaffPayAssignment = DatedAssignment & { staffId: string; target: PayTarget; targetId: string | null };

/** The facts of a period the pay is a function of (read by the server at their gym-local dates). */
export type PayFacts = {
  /** Classes and appointments held, one per coach (the substitute, not the series' coach), with their check-ins. */
  events: readonly {
    kind: 'class' | 'appointment';
    date: string;
    durationMinutes: number;
    staffId: string;
    typeId: string;
    item: string;
    checkedIn: number;
    /** A class cancelled before it started (read only when the gym pays cancelled classes): paid at its rate. */
    cancelled?: boolean;
  }[];
  /** Approved hours. */
  work: readonly { staffId: string; date: string; categoryId: string; item: string; minutes: number; note: string }[];
  /** Sales by who sold them, per gym-local day. */
  sales: readonly { staffId: string; date: string; soldMinor: number }[];
};

export const zeroPayTotals = (): PayTotals => ({
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

/** "1 h 30 min", "45 min", "2 h". */
export function hoursWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Adds a line to totals (in place): its count or minutes and its amount by kind, and the total. */
export function addPayLine(totals: PayTotals, line: PayLine): PayTotals {
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
  return totals;
}

const lineOrder: Record<PayLine['kind'], number> = { class: 0, appointment: 1, work: 2, commission: 3 };

/**
 * The pure part of the payroll report (issue 37, decision 044): every fact paid at the rate assigned to its staff
 * member on its date, one row per staff member with lines (by date, then kind) and totals by kind, the report's totals
 * the sum of the rows. A class or appointment with no rate is a line of 0 counted in `unratedLines`; sales without a
 * commission rate make no line. Staff without lines make no row.
 */
export function payrollRows(
  staff: readonly { id: string; name: string; email: string }[],
  facts: PayFacts,
  rates: ReadonlyMap<string, AppliedPayRate>,
  assignments: readonly StaffPayAssignment[],
  country: GymCountry,
): { rows: PayrollRow[]; totals: PayTotals; unratedLines: number } {
  const byTarget = new Map<string, StaffPayAssignment[]>();
  for (const a of assignments) {
    const key = `${a.staffId}|${a.target}|${a.targetId ?? ''}`;
    const list = byTarget.get(key) ?? [];
    list.push(a);
    byTarget.set(key, list);
  }
  const rateOn = (staffId: string, target: PayTarget, targetId: string | null, date: string): AppliedPayRate | null => {
    const found = assignmentOn(byTarget.get(`${staffId}|${target}|${targetId ?? ''}`) ?? [], date);
    return found ? (rates.get(found.payRateId) ?? null) : null;
  };

  const linesByStaff = new Map<string, PayLine[]>();
  const push = (staffId: string, line: PayLine) => {
    const list = linesByStaff.get(staffId) ?? [];
    list.push(line);
    linesByStaff.set(staffId, list);
  };

  for (const e of facts.events) {
    const isClass = e.kind === 'class';
    const rate = rateOn(e.staffId, isClass ? 'class_type' : 'appointment_type', e.typeId, e.date);
    const amountMinor = rate ? (isClass ? classPay(rate, e.checkedIn, e.durationMinutes) : appointmentPay(rate, e.durationMinutes)) : 0;
    push(e.staffId, {
      kind: e.kind,
      date: e.date,
      item: e.item,
      detail: isClass ? `${e.checkedIn} checked in · ${hoursWords(e.durationMinutes)}` : hoursWords(e.durationMinutes),
      checkedIn: isClass ? e.checkedIn : null,
      minutes: e.durationMinutes,
      soldMinor: null,
      payRateId: rate?.id ?? null,
      rateName: rate?.name ?? null,
      amountMinor,
      cancelled: e.cancelled === true,
    });
  }
  for (const w of facts.work) {
    const rate = rateOn(w.staffId, 'work_category', w.categoryId, w.date);
    push(w.staffId, {
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
      cancelled: false,
    });
  }
  for (const s of facts.sales) {
    const rate = rateOn(s.staffId, 'commission', null, s.date);
    // Sales without a commission rate pay nothing and are no line to act on.
    if (!rate) continue;
    push(s.staffId, {
      kind: 'commission',
      date: s.date,
      item: 'Sales',
      detail: `Sold ${formatMoney(s.soldMinor, country)}`,
      checkedIn: null,
      minutes: null,
      soldMinor: s.soldMinor,
      payRateId: rate.id,
      rateName: rate.name,
      amountMinor: commissionPay(rate, s.soldMinor),
      cancelled: false,
    });
  }

  const totals = zeroPayTotals();
  let unratedLines = 0;
  const rows: PayrollRow[] = staff
    .filter((s) => linesByStaff.has(s.id))
    .map((s) => {
      const lines = linesByStaff.get(s.id)!.sort((a, b) => a.date.localeCompare(b.date) || lineOrder[a.kind] - lineOrder[b.kind]);
      const own = zeroPayTotals();
      for (const line of lines) {
        addPayLine(own, line);
        addPayLine(totals, line);
        if (line.payRateId === null) unratedLines += 1;
      }
      return { staffId: s.id, name: s.name, email: s.email, ...own, lines };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.staffId.localeCompare(b.staffId));
  return { rows, totals, unratedLines };
}

export const payPeriodPresets = [
  'this_week',
  'last_week',
  'this_fortnight',
  'last_fortnight',
  'this_half_month',
  'last_half_month',
  'this_month',
  'last_month',
] as const;
export type PayPeriodPreset = (typeof payPeriodPresets)[number];
export const payPeriodLabels: Record<PayPeriodPreset, string> = {
  this_week: 'This week',
  last_week: 'Last week',
  this_fortnight: 'This fortnight',
  last_fortnight: 'Last fortnight',
  this_half_month: 'This half-month',
  last_half_month: 'Last half-month',
  this_month: 'This month',
  last_month: 'Last month',
};

const monthEnd = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`;
};

/**
 * A pay period (inclusive dates) around `today`, weeks starting Monday. Fortnights are counted from Monday 2024-01-01,
 * so every fortnight of a gym lines up; half-months are the 1st–15th and the 16th–end.
 */
export function payPeriod(preset: PayPeriodPreset, today: string): { from: string; to: string } {
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  switch (preset) {
    case 'this_week':
      return { from: monday, to: addDays(monday, 6) };
    case 'last_week':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'this_fortnight':
    case 'last_fortnight': {
      const weeks = Math.round((Date.parse(`${monday}T00:00:00Z`) - Date.parse('2024-01-01T00:00:00Z')) / (7 * 86_400_000));
      const start = addDays(monday, -7 * (((weeks % 2) + 2) % 2));
      const from = preset === 'this_fortnight' ? start : addDays(start, -14);
      return { from, to: addDays(from, 13) };
    }
    case 'this_half_month':
    case 'last_half_month': {
      const firstHalf = Number(today.slice(8, 10)) <= 15;
      const current = firstHalf ? { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-15` } : { from: `${today.slice(0, 7)}-16`, to: monthEnd(today) };
      if (preset === 'this_half_month') return current;
      if (!firstHalf) return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-15` };
      const prev = addDays(current.from, -1);
      return { from: `${prev.slice(0, 7)}-16`, to: prev };
    }
    case 'this_month':
      return { from: `${today.slice(0, 7)}-01`, to: monthEnd(today) };
    case 'last_month': {
      const prev = addDays(`${today.slice(0, 7)}-01`, -1);
      return { from: `${prev.slice(0, 7)}-01`, to: prev };
    }
  }
}
