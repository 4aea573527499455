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
