/**
 * Issue 32 (decision 040): how much one invoice line and one invoice may hold, in integer minor units. Every path that
 * makes an invoice line (the point of sale, a retail item's sale, a package's sale with its fee, kiosk charges, the
 * billing run) keeps to them: prices and fees by their input schemas, quantities by the sale schemas, and the invoice's
 * one write path checks every line and the total again (`invoiceLimitRefusal`).
 *
 * With these, a line's figures stay under 2 × 999 × 10^7 ≈ 2 × 10^10 and an invoice's under 10^11: past 2^31 (so the
 * money columns of invoices, their lines, payments and product sales are bigint), far inside 2^53 (so they travel as
 * JSON numbers, and the sums over a gym's invoices stay exact up to some 90,000 invoices of the largest size).
 */

/** The highest price of a product, a package's plan or sign-up fee, a class or appointment fee, a kiosk charge: 100,000.00. */
export const MAX_PRICE_MINOR = 10_000_000;
/** The most units one line holds (the cart merges one product's lines into one, so also the most of one product per sale). */
export const MAX_LINE_QUANTITY = 999;
/** The most lines one sale holds. */
export const MAX_SALE_LINES = 50;
/** The highest total of one invoice, tax included: 1,000,000,000.00. */
export const MAX_INVOICE_TOTAL_MINOR = 100_000_000_000;

export const moneyLimitMessages = {
  quantity: `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
  itemTwice: `This item is in the cart more than once: together at most ${MAX_LINE_QUANTITY} of it can be sold at a time.`,
  fee: 'The fee can be at most 100,000.00.',
  line: `A line holds at most ${MAX_LINE_QUANTITY} units at a price of at most 100,000.00.`,
  invoiceTotal: 'One invoice can total at most 1,000,000,000.00: split the sale into smaller ones.',
} as const;

export type MoneyLimitRefusal = { code: 'line_too_large' | 'invoice_too_large'; message: string };

/** Whether one line's price and quantity are inside the limits. */
export function lineWithinLimits(line: { itemPriceMinor: number; quantity: number }): boolean {
  return (
    Number.isSafeInteger(line.itemPriceMinor) &&
    line.itemPriceMinor <= MAX_PRICE_MINOR &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity <= MAX_LINE_QUANTITY
  );
}

/** Why an invoice of these lines (with its total, tax included) is over the limits; null when it is not. */
export function invoiceLimitRefusal(lines: readonly { itemPriceMinor: number; quantity: number }[], totalMinor: number): MoneyLimitRefusal | null {
  if (!lines.every(lineWithinLimits)) return { code: 'line_too_large', message: moneyLimitMessages.line };
  if (totalMinor > MAX_INVOICE_TOTAL_MINOR) return { code: 'invoice_too_large', message: moneyLimitMessages.invoiceTotal };
  return null;
}
