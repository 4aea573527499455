import { addDays } from '../time';
import { invoiceTotals, type TaxBreakdown } from '../tax';
import type { BillingInterval, BillingStart } from './packages';

/**
 * Issue 18: the calendar of a billing plan, on YYYY-MM-DD dates in the gym's zone. Pure, so the sale, the billing run
 * (issue 19) and the screens that say "next charge on ..." agree.
 */

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A date plus `count` intervals. Months and years keep the day of the month, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addInterval(date: string, interval: BillingInterval, count = 1): string {
  if (interval === 'week') return addDays(date, 7 * count);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const months = interval === 'month' ? count : 12 * count;
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export type PlanCalendar = {
  interval: BillingInterval;
  intervalCount: number;
  paymentCount: number | null;
  startsOn: BillingStart;
  dayOfMonth: number | null;
  prorate: boolean;
  priceMinor: number;
};

export type FirstPeriod = {
  /** The first period the first charge pays for: [periodStart, periodEnd] inclusive. */
  periodStart: string;
  periodEnd: string;
  /** The first charge: the price, or on a fixed day of the month with proration, the share of the days to the anchor. */
  firstChargeMinor: number;
  /** When the next period is billed; null when the plan has no more payments. */
  nextBillingDate: string | null;
};

/**
 * The first billing period of a plan bought on `start`. On purchase: one whole interval from the start. On a fixed day
 * of the month: from the start to the day before the next such day; prorated, the first charge is the price times the
 * days covered over the days of a whole month, rounded half up to the minor unit (not prorated: the whole price).
 */
export function firstPeriod(plan: PlanCalendar, start: string): FirstPeriod {
  const more = plan.paymentCount === null || plan.paymentCount > 1;
  if (plan.startsOn === 'purchase' || plan.dayOfMonth === null) {
    const next = addInterval(start, plan.interval, plan.intervalCount);
    return { periodStart: start, periodEnd: addDays(next, -1), firstChargeMinor: plan.priceMinor, nextBillingDate: more ? next : null };
  }
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const thisMonth = `${y}-${String(m).padStart(2, '0')}-${String(plan.dayOfMonth).padStart(2, '0')}`;
  const anchor = d < plan.dayOfMonth ? thisMonth : addInterval(thisMonth, 'month', 1);
  if (anchor === start) {
    const next = addInterval(start, 'month', plan.intervalCount);
    return { periodStart: start, periodEnd: addDays(next, -1), firstChargeMinor: plan.priceMinor, nextBillingDate: more ? next : null };
  }
  const covered = daysBetween(start, anchor);
  const whole = daysBetween(addInterval(anchor, 'month', -1), anchor);
  const firstChargeMinor = plan.prorate ? Math.floor((plan.priceMinor * covered * 2 + whole) / (2 * whole)) : plan.priceMinor;
  return { periodStart: start, periodEnd: addDays(anchor, -1), firstChargeMinor, nextBillingDate: anchor };
}

/** One charge of a package sale's invoice: the first period's and the sign-up fee, each its own line. */
export type SaleCharge = { kind: 'period' | 'signUpFee'; amountMinor: number };

/**
 * Issue 19: what a package sale invoices: the first period's charge (firstPeriod) and the package's sign-up fee, each
 * when above zero; none (no invoice) for a comp or a free plan without a fee. The server's sale invoice and the sell
 * dialog's "due at the sale" (issue 34 item 8) read the same list.
 */
export function saleCharges(firstChargeMinor: number, signUpFeeMinor: number): SaleCharge[] {
  const charges: SaleCharge[] = [];
  if (firstChargeMinor > 0) charges.push({ kind: 'period', amountMinor: firstChargeMinor });
  if (signUpFeeMinor > 0) charges.push({ kind: 'signUpFee', amountMinor: signUpFeeMinor });
  return charges;
}

/** The sale invoice's totals: each charge taxed at the package's rate, as every invoice is (spec 9, invoiceTotals). */
export function saleTotals(charges: readonly SaleCharge[], taxPercent: number | null, isTaxInclusive: boolean): TaxBreakdown {
  return invoiceTotals(
    charges.map((c) => ({ itemPrice: c.amountMinor, quantity: 1, taxRateValue: taxPercent })),
    isTaxInclusive,
  );
}
