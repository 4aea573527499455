import { addDays } from '../time';
import { formatMoney, localeOf } from '../locale';
import type { GymCountry } from '../roles';

/**
 * Issue 18 (decision 032, amendment): what a package cancelled at once gives back of the period it has paid for. Pure
 * and in integer minor units, so the server's refund, the cancel dialog's preview and the property tests agree.
 */

export type UnusedPeriod = {
  /** The billed period, YYYY-MM-DD inclusive, in the gym's zone. */
  periodStart: string;
  periodEnd: string;
  /** The gym's today: the package ends today, so today counts as used. */
  today: string;
  /** The period line's total as charged (with its tax, inclusive or added). */
  periodTotalMinor: number;
  /** What the period's invoice still holds: its payments less its refunds. */
  paidMinor: number;
};

export type UnusedRefund = { periodDays: number; unusedDays: number; amountMinor: number };

/** Days from a to b, b − a (YYYY-MM-DD; 0 when equal). */
const dayDiff = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The refund of a period's unused days: the days after today through the period's end (every day of a period not yet
 * begun), amount = round half up (period total × unused days / period days), never more than the invoice still holds
 * nor less than zero. The division is exact (BigInt), whatever the sizes.
 */
export function unusedPeriodRefund(p: UnusedPeriod): UnusedRefund {
  const periodDays = Math.max(0, dayDiff(p.periodStart, p.periodEnd) + 1);
  const firstUnused = p.today < p.periodStart ? p.periodStart : addDays(p.today, 1);
  const unusedDays = Math.min(periodDays, Math.max(0, dayDiff(firstUnused, p.periodEnd) + 1));
  const total = Math.max(0, Math.trunc(p.periodTotalMinor));
  const held = Math.max(0, Math.trunc(p.paidMinor));
  if (periodDays === 0 || unusedDays === 0 || total === 0 || held === 0) return { periodDays, unusedDays, amountMinor: 0 };
  const share = (2n * BigInt(total) * BigInt(unusedDays) + BigInt(periodDays)) / (2n * BigInt(periodDays));
  return { periodDays, unusedDays, amountMinor: Math.min(Number(share), held) };
}

/** "Refund $43.33 for the 13 unused days", "Refund £43.33 (incl. VAT) for the 1 unused day". */
export function unusedRefundWords(refund: { amountMinor: number; unusedDays: number; includesTax: boolean }, country: GymCountry | null | undefined): string {
  const tax = refund.includesTax ? ` (incl. ${localeOf(country).taxLabel === 'VAT' ? 'VAT' : 'tax'})` : '';
  const days = refund.unusedDays === 1 ? 'the 1 unused day' : `the ${refund.unusedDays} unused days`;
  return `Refund ${formatMoney(refund.amountMinor, country)}${tax} for ${days}`;
}
