import { describe, expect, it } from 'vitest';
import { addInterval, firstPeriod, saleCharges, saleTotals, type PlanCalendar } from './billing-periods';

const monthly: PlanCalendar = {
  interval: 'month',
  intervalCount: 1,
  paymentCount: null,
  startsOn: 'purchase',
  dayOfMonth: null,
  prorate: true,
  priceMinor: 12_000,
};

describe('addInterval', () => {
  it('keeps the day of the month, clamped to the last day', () => {
    expect(addInterval('2026-01-31', 'month')).toBe('2026-02-28');
    expect(addInterval('2028-01-31', 'month')).toBe('2028-02-29');
    expect(addInterval('2026-11-15', 'month', 2)).toBe('2027-01-15');
    expect(addInterval('2028-02-29', 'year')).toBe('2029-02-28');
    expect(addInterval('2026-12-29', 'week', 1)).toBe('2027-01-05');
    expect(addInterval('2026-03-15', 'month', -1)).toBe('2026-02-15');
  });
});

describe('firstPeriod', () => {
  it('on purchase: one whole interval and the whole price', () => {
    expect(firstPeriod(monthly, '2026-11-24')).toEqual({
      periodStart: '2026-11-24',
      periodEnd: '2026-12-23',
      firstChargeMinor: 12_000,
      nextBillingDate: '2026-12-24',
    });
  });
  it('a single payment has no next billing date', () => {
    expect(firstPeriod({ ...monthly, paymentCount: 1 }, '2026-11-24').nextBillingDate).toBeNull();
  });
  it('on the 1st with proration: the days to the 1st over the days of a month', () => {
    const p = firstPeriod({ ...monthly, startsOn: 'day_of_month', dayOfMonth: 1 }, '2026-11-24');
    // 24 Nov to 1 Dec is 7 days of November's 30: 12,000 x 7 / 30 = 2,800.
    expect(p).toEqual({ periodStart: '2026-11-24', periodEnd: '2026-11-30', firstChargeMinor: 2_800, nextBillingDate: '2026-12-01' });
  });
  it('on the anchor day itself: a whole month', () => {
    const p = firstPeriod({ ...monthly, startsOn: 'day_of_month', dayOfMonth: 24 }, '2026-11-24');
    expect(p.firstChargeMinor).toBe(12_000);
    expect(p.nextBillingDate).toBe('2026-12-24');
  });
  it('without proration: the whole price to the anchor', () => {
    expect(firstPeriod({ ...monthly, startsOn: 'day_of_month', dayOfMonth: 1, prorate: false }, '2026-11-24').firstChargeMinor).toBe(12_000);
  });
});

describe('saleCharges and saleTotals (issue 34 item 8: the sell dialog and the sale invoice agree)', () => {
  it('invoices the first period and the sign-up fee, each when above zero, taxed at the package rate', () => {
    expect(saleCharges(13900, 4900)).toEqual([
      { kind: 'period', amountMinor: 13900 },
      { kind: 'signUpFee', amountMinor: 4900 },
    ]);
    expect(saleCharges(0, 4900)).toEqual([{ kind: 'signUpFee', amountMinor: 4900 }]);
    expect(saleCharges(0, 0)).toEqual([]);
    // 8.25% on each line, rounded per line: 1146.75 -> 1147 and 404.25 -> 404.
    expect(saleTotals(saleCharges(13900, 4900), 8.25, false)).toEqual({ net: 18800, tax: 1551, total: 20351 });
    // Tax-inclusive (UK): the total is the prices.
    expect(saleTotals(saleCharges(12000, 2500), 20, true).total).toBe(14500);
    expect(saleTotals([], 20, false)).toEqual({ net: 0, tax: 0, total: 0 });
  });
});
