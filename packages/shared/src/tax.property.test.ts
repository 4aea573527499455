import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { invoiceTotals, taxOf, type InvoiceLine } from './tax';
import { MAX_LINE_QUANTITY, MAX_PRICE_MINOR } from './rules/money-limits';
import { billingPlanWords, formatMoney, periodLineDescription, priceDisplay, priceTaxNote } from './locale';
import { paymentChannelLabel } from './rules/invoices';

// Issue 18: the tax maths of spec 9 for what a gym sells, tax-inclusive (UK) and exclusive (US, Canada), in integer
// minor units: totals are the lines plus their tax, with no drift from rounding.

const price = fc.integer({ min: 0, max: 10_000_000 });
const quantity = fc.integer({ min: 1, max: 50 });
/** 0 % to 30 % with up to 4 decimals, or no tax rate at all. */
const rate = fc.oneof(
  fc.integer({ min: 0, max: 300_000 }).map((n) => n / 10_000),
  fc.constantFrom(0, 5, 8.25, 13, 20),
  fc.constant(null),
);
const line: fc.Arbitrary<InvoiceLine> = fc.record({ itemPrice: price, quantity, taxRateValue: rate });
const lines = fc.array(line, { minLength: 0, maxLength: 25 });
const country = fc.constantFrom('US' as const, 'CA' as const, 'GB' as const);

describe('tax maths across inclusive and exclusive pricing (spec 9, issue 18)', () => {
  it('an invoice total is its net plus its tax, exactly, with non-negative parts', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (ls, inclusive) => {
        const t = invoiceTotals(ls, inclusive);
        expect(t.net + t.tax).toBe(t.total);
        expect(t.net).toBeGreaterThanOrEqual(0);
        expect(t.tax).toBeGreaterThanOrEqual(0);
        for (const v of [t.net, t.tax, t.total]) expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  it('an invoice is the sum of its lines, each taxed on its own: no drift from rounding', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (ls, inclusive) => {
        const parts = ls.map((l) => taxOf(l.itemPrice * l.quantity, l.taxRateValue ?? 0, inclusive));
        const sum = (k: 'net' | 'tax' | 'total') => parts.reduce((s, p) => s + p[k], 0);
        expect(invoiceTotals(ls, inclusive)).toEqual({ net: sum('net'), tax: sum('tax'), total: sum('total') });
      }),
    );
  });

  it('the lines add up to what the member pays: tax-inclusive, the prices themselves; exclusive, the prices plus their tax', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const gross = ls.reduce((s, l) => s + l.itemPrice * l.quantity, 0);
        expect(invoiceTotals(ls, true).total).toBe(gross);
        const exclusive = invoiceTotals(ls, false);
        expect(exclusive.net).toBe(gross);
        expect(exclusive.total).toBe(gross + exclusive.tax);
      }),
    );
  });

  it('an inclusive price and the exclusive price of its net round-trip within a minor unit', () => {
    fc.assert(
      fc.property(price, rate, (p, r) => {
        const percent = r ?? 0;
        const inclusive = taxOf(p, percent, true);
        // The net of an inclusive price, charged tax-exclusive, comes back to the price (rounding moves at most 1).
        const back = taxOf(inclusive.net, percent, false);
        expect(Math.abs(back.total - p)).toBeLessThanOrEqual(1);
        // And the other way: an exclusive total, read as an inclusive price, gives back its net.
        const exclusive = taxOf(p, percent, false);
        const again = taxOf(exclusive.total, percent, true);
        expect(Math.abs(again.net - p)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a price shown in the country’s words names the tax the maths gives', () => {
    fc.assert(
      fc.property(price, rate, fc.boolean(), country, (p, r, inclusive, c) => {
        const note = priceTaxNote(p, r, inclusive, c);
        const shown = priceDisplay(p, r, inclusive, c);
        expect(shown.startsWith(formatMoney(p, c))).toBe(true);
        expect(shown.endsWith(note)).toBe(true);
        const word = c === 'GB' ? 'VAT' : 'tax';
        if (r === null) expect(note).toBe(inclusive ? `incl. ${word}` : `+ ${word}`);
        else if (r === 0) expect(note).toBe(`no ${word}`);
        else expect(note).toBe(`${inclusive ? 'includes' : '+'} ${word} ${formatMoney(taxOf(p, r, inclusive).tax, c)}`);
      }),
    );
  });

  it('reads as the countries write it', () => {
    expect(priceDisplay(17_900, 20, true, 'GB')).toBe('£179.00 includes VAT £29.83');
    expect(priceDisplay(17_900, 8.25, false, 'US')).toBe('$179.00 + tax $14.77');
    expect(priceDisplay(17_900, 13, false, 'CA')).toBe('$179.00 + tax $23.27');
    expect(priceDisplay(2500, null, true, 'GB')).toBe('£25.00 incl. VAT');
    // Issue 34: a 0% rate says so, in the UK and the US alike (it read "£1.20 incl. VAT", "$2.00 + tax").
    expect(priceDisplay(120, 0, true, 'GB')).toBe('£1.20 no VAT');
    expect(priceDisplay(200, 0, false, 'US')).toBe('$2.00 no tax');
    expect(paymentChannelLabel('cash_or_check', 'GB')).toBe('Cash or Cheque');
    expect(paymentChannelLabel('cash_or_check', 'CA')).toBe('Cash or Cheque');
    expect(paymentChannelLabel('cash_or_check', 'US')).toBe('Cash or Check');
    // Issue 34: an invoice line's period in the country's date order (it read 2026-11-28 to 2026-12-27 everywhere).
    expect(periodLineDescription('Unlimited', '2026-11-28', '2026-12-27', 'US')).toBe('Unlimited: 11/28/2026 to 12/27/2026');
    expect(periodLineDescription('Unlimited', '2026-11-28', '2026-12-27', 'GB')).toBe('Unlimited: 28/11/2026 to 27/12/2026');
    expect(billingPlanWords({ priceMinor: 17_900, interval: 'month', intervalCount: 1, paymentCount: null }, 'US')).toBe('$179.00 a month');
    expect(billingPlanWords({ priceMinor: 5500, interval: 'week', intervalCount: 2, paymentCount: null }, 'GB')).toBe('£55.00 every 2 weeks');
    expect(billingPlanWords({ priceMinor: 11_900, interval: 'month', intervalCount: 1, paymentCount: 6 }, 'CA')).toBe('$119.00 a month, 6 payments');
    expect(billingPlanWords({ priceMinor: 2500, interval: 'month', intervalCount: 1, paymentCount: 1 }, 'US')).toBe('$25.00 once');
  });
});

describe('tax maths at the largest lines (issue 32, decision 040)', () => {
  // A line of up to 999 units at up to 100,000.00, at 0 % to 100 % with up to 4 decimals: up to 9,990,000,000 minor
  // units, whose products with the rate's scale pass 2^53.
  const bigLine = fc.integer({ min: 0, max: MAX_PRICE_MINOR * MAX_LINE_QUANTITY });
  const anyRate = fc.integer({ min: 0, max: 1_000_000 });
  const SCALE = 1_000_000n;

  it('the tax is the nearest minor unit to price × rate (exclusive) and the net the nearest to price ÷ (1 + rate) (inclusive)', () => {
    fc.assert(
      fc.property(bigLine, anyRate, (p, parts) => {
        const percent = parts / 10_000;
        const price = BigInt(p);
        const r = BigInt(parts);
        const exclusive = taxOf(p, percent, false);
        const taxError = BigInt(exclusive.tax) * SCALE - price * r;
        expect(taxError * 2n <= SCALE && taxError * 2n >= -SCALE).toBe(true);
        const inclusive = taxOf(p, percent, true);
        const netError = BigInt(inclusive.net) * (SCALE + r) - price * SCALE;
        expect(netError * 2n <= SCALE + r && netError * 2n >= -(SCALE + r)).toBe(true);
        expect(inclusive.net + inclusive.tax).toBe(p);
      }),
    );
  });

  it('rounds exactly where floating point arithmetic would not', () => {
    // 9,989,998,501 × 10^6 / 1,000,007 = 9,989,928,571.4999…: floating point made it …572.
    expect(taxOf(9_989_998_501, 0.0007, true)).toEqual({ net: 9_989_928_571, tax: 69_930, total: 9_989_998_501 });
    expect(taxOf(9_989_998_216, 0.1859, true).net).toBe(9_971_461_269);
    expect(taxOf(9_990_000_000, 8.25, true)).toEqual({ net: 9_228_637_413, tax: 761_362_587, total: 9_990_000_000 });
  });
});
