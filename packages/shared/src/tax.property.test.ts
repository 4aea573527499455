import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { invoiceTotals, taxOf, type InvoiceLine } from './tax';
import { billingPlanWords, formatMoney, priceDisplay, priceTaxNote } from './locale';

// Issue 18: the tax maths of spec 9 for what a gym sells, tax-inclusive (UK) and exclusive (US, Canada), in integer
// minor units: totals are the lines plus their tax, with no drift from rounding.

const price = fc.integer({ min: 0, max: 10_000_000 });
const quantity = fc.integer({ min: 1, max: 50 });
/** 0 % to 30 % with up to 4 decimals, or no tax rate at all. */
const rate = fc.oneof(fc.integer({ min: 0, max: 300_000 }).map((n) => n / 10_000), fc.constantFrom(0, 5, 8.25, 13, 20), fc.constant(null));
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
        if (r === null || r === 0) expect(note).toBe(inclusive ? `incl. ${word}` : `+ ${word}`);
        else expect(note).toBe(`${inclusive ? 'includes' : '+'} ${word} ${formatMoney(taxOf(p, r, inclusive).tax, c)}`);
      }),
    );
  });

  it('reads as the countries write it', () => {
    expect(priceDisplay(17_900, 20, true, 'GB')).toBe('£179.00 includes VAT £29.83');
    expect(priceDisplay(17_900, 8.25, false, 'US')).toBe('$179.00 + tax $14.77');
    expect(priceDisplay(17_900, 13, false, 'CA')).toBe('$179.00 + tax $23.27');
    expect(priceDisplay(2500, null, true, 'GB')).toBe('£25.00 incl. VAT');
    expect(billingPlanWords({ priceMinor: 17_900, interval: 'month', intervalCount: 1, paymentCount: null }, 'US')).toBe('$179.00 a month');
    expect(billingPlanWords({ priceMinor: 5500, interval: 'week', intervalCount: 2, paymentCount: null }, 'GB')).toBe('£55.00 every 2 weeks');
    expect(billingPlanWords({ priceMinor: 11_900, interval: 'month', intervalCount: 1, paymentCount: 6 }, 'CA')).toBe('$119.00 a month, 6 payments');
    expect(billingPlanWords({ priceMinor: 2500, interval: 'month', intervalCount: 1, paymentCount: 1 }, 'US')).toBe('$25.00 once');
  });
});
