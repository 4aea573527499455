import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { invoiceTotals, minorToDecimal, parseMoney, taxOf } from './tax';
import { formatDate, formatMoney, formatTime, localeOf } from './locale';

const price = fc.integer({ min: 0, max: 100_000_000 });
const percent = fc.integer({ min: 0, max: 300_000 }).map((n) => n / 10_000); // 0 % to 30 %, 4 decimals

describe('tax (spec 9)', () => {
  it('adds tax on top when prices exclude it', () => {
    expect(taxOf(10_000, 8.25, false)).toEqual({ net: 10_000, tax: 825, total: 10_825 });
    expect(taxOf(999, 13, false)).toEqual({ net: 999, tax: 130, total: 1129 }); // 129.87 rounds to 130
  });

  it('takes tax out of the price when prices include it', () => {
    // £12.00 at 20 % VAT: 12 - 12 / 1.2 = 2.00
    expect(taxOf(1200, 20, true)).toEqual({ net: 1000, tax: 200, total: 1200 });
    expect(taxOf(1000, 20, true)).toEqual({ net: 833, tax: 167, total: 1000 });
  });

  it('keeps net + tax = total exactly, with non-negative parts, for every price and rate', () => {
    fc.assert(
      fc.property(price, percent, fc.boolean(), (p, r, inclusive) => {
        const t = taxOf(p, r, inclusive);
        expect(t.net + t.tax).toBe(t.total);
        expect(t.tax).toBeGreaterThanOrEqual(0);
        expect(t.net).toBeGreaterThanOrEqual(0);
        expect(inclusive ? t.total : t.net).toBe(p);
      }),
    );
  });

  it('is within half a minor unit of the exact formula', () => {
    fc.assert(
      fc.property(price, percent, (p, r) => {
        expect(Math.abs(taxOf(p, r, false).tax - (p * r) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(Math.abs(taxOf(p, r, true).tax - (p - p / (1 + r / 100)))).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });

  it('never taxes more when more is charged (monotonic)', () => {
    fc.assert(
      fc.property(price, price, percent, fc.boolean(), (a, b, r, inclusive) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(taxOf(lo, r, inclusive).tax).toBeLessThanOrEqual(taxOf(hi, r, inclusive).tax);
      }),
    );
  });

  it('sums invoice lines of itemPrice x quantity at their percent', () => {
    const lines = [
      { itemPrice: 2500, quantity: 2, taxRateValue: 10 },
      { itemPrice: 1000, quantity: 1, taxRateValue: null },
    ];
    expect(invoiceTotals(lines, false)).toEqual({ net: 6000, tax: 500, total: 6500 });
    expect(invoiceTotals(lines, true)).toEqual({ net: 5545, tax: 455, total: 6000 });
    expect(invoiceTotals([], false)).toEqual({ net: 0, tax: 0, total: 0 });
  });

  it('parses and prints money with 2 decimals', () => {
    expect(parseMoney('15')).toBe(1500);
    expect(parseMoney('15.5')).toBe(1550);
    expect(parseMoney('0.01')).toBe(1);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3']) expect(parseMoney(bad), bad).toBeNull();
    expect(minorToDecimal(1550)).toBe('15.50');
    expect(minorToDecimal(5)).toBe('0.05');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (m) => {
        expect(parseMoney(minorToDecimal(m))).toBe(m);
      }),
    );
  });
});

describe('locale (spec 9)', () => {
  it('formats money, dates and times per country', () => {
    expect(formatMoney(123456, 'US')).toBe('$1,234.56');
    expect(formatMoney(123456, 'GB')).toBe('£1,234.56');
    expect(formatMoney(123456, 'CA')).toBe('$1,234.56');
    expect(formatDate('2026-11-21', 'US')).toBe('11/21/2026');
    expect(formatDate('2026-11-21', 'CA')).toBe('11/21/2026');
    expect(formatDate('2026-11-21', 'GB')).toBe('21/11/2026');
    expect(formatTime('18:30:00', 'US')).toBe('6:30 PM');
    expect(formatTime('00:05', 'CA')).toBe('12:05 AM');
    expect(formatTime('12:00', 'US')).toBe('12:00 PM');
    expect(formatTime('18:30:00', 'GB')).toBe('18:30');
  });

  it('words tax the UK way or the North American way, defaulting to the US', () => {
    expect(localeOf('GB')).toMatchObject({ amountLabel: 'Total', taxLabel: 'VAT', currency: 'GBP' });
    expect(localeOf('US')).toMatchObject({ amountLabel: 'Pre-tax', taxLabel: 'Tax', currency: 'USD' });
    expect(localeOf('CA')).toMatchObject({ amountLabel: 'Pre-tax', taxLabel: 'Tax', currency: 'CAD' });
    expect(localeOf(null).country).toBe('US');
  });

  it('starts calendar weeks on Sunday in the US and Canada, on Monday in the UK', () => {
    expect([localeOf('US'), localeOf('CA'), localeOf('GB'), localeOf(null)].map((l) => l.firstDayOfWeek)).toEqual([0, 0, 1, 0]);
  });
});
