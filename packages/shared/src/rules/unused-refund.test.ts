import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../time';
import { addInterval } from './billing-periods';
import { unusedPeriodRefund, unusedRefundWords } from './unused-refund';

// Issue 18: the refund of a package period's unused days when staff cancel it at once, in integer minor units.

const day = (min: string, max: string) =>
  fc
    .integer({ min: Date.parse(`${min}T00:00:00Z`) / 86_400_000, max: Date.parse(`${max}T00:00:00Z`) / 86_400_000 })
    .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
/** A billed period: from a start, one week to one year long. */
const period = fc
  .record({ start: day('2024-01-01', '2030-12-31'), length: fc.integer({ min: 1, max: 366 }) })
  .map(({ start, length }) => ({ periodStart: start, periodEnd: addDays(start, length - 1), length }));
/** Money up to ten billion minor units, and now and then past 2^53 / 366 (where floating point would drift). */
const money = fc.oneof(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 2 ** 44, max: 2 ** 45 }));

describe('unusedPeriodRefund', () => {
  it('a $100 month cancelled on its 18th day of 31 refunds the 13 days after today', () => {
    expect(
      unusedPeriodRefund({ periodStart: '2026-03-01', periodEnd: '2026-03-31', today: '2026-03-18', periodTotalMinor: 10_000, paidMinor: 10_000 }),
    ).toEqual({ periodDays: 31, unusedDays: 13, amountMinor: 4194 });
    // 10,825 (with 8.25 % tax) over 30 days, 13 unused: 4690.83 → 4691.
    expect(
      unusedPeriodRefund({ periodStart: '2026-03-04', periodEnd: '2026-04-02', today: '2026-03-20', periodTotalMinor: 10_825, paidMinor: 10_825 }),
    ).toEqual({ periodDays: 30, unusedDays: 13, amountMinor: 4691 });
  });

  it('rounds half up, and never pays back more than the invoice holds', () => {
    // 3 × 1 / 2 = 1.5 → 2.
    expect(unusedPeriodRefund({ periodStart: '2026-03-01', periodEnd: '2026-03-02', today: '2026-03-01', periodTotalMinor: 3, paidMinor: 3 }).amountMinor).toBe(
      2,
    );
    expect(
      unusedPeriodRefund({ periodStart: '2026-03-01', periodEnd: '2026-03-31', today: '2026-03-18', periodTotalMinor: 10_000, paidMinor: 2_500 }).amountMinor,
    ).toBe(2_500);
    expect(
      unusedPeriodRefund({ periodStart: '2026-03-01', periodEnd: '2026-03-31', today: '2026-03-18', periodTotalMinor: 10_000, paidMinor: 0 }).amountMinor,
    ).toBe(0);
  });

  it('a period not begun is unused whole; one already over has nothing unused', () => {
    expect(unusedPeriodRefund({ periodStart: '2026-04-01', periodEnd: '2026-04-30', today: '2026-03-18', periodTotalMinor: 9_000, paidMinor: 9_000 })).toEqual({
      periodDays: 30,
      unusedDays: 30,
      amountMinor: 9_000,
    });
    expect(unusedPeriodRefund({ periodStart: '2026-02-01', periodEnd: '2026-02-28', today: '2026-03-18', periodTotalMinor: 9_000, paidMinor: 9_000 })).toEqual({
      periodDays: 28,
      unusedDays: 0,
      amountMinor: 0,
    });
  });

  it('is never negative and never more than the period total or what was paid', () => {
    fc.assert(
      fc.property(period, fc.integer({ min: -400, max: 400 }), money, money, (p, offset, total, paid) => {
        const r = unusedPeriodRefund({ ...p, today: addDays(p.periodStart, offset), periodTotalMinor: total, paidMinor: paid });
        expect(Number.isSafeInteger(r.amountMinor)).toBe(true);
        expect(r.amountMinor).toBeGreaterThanOrEqual(0);
        expect(r.amountMinor).toBeLessThanOrEqual(Math.min(total, paid));
        expect(r.unusedDays).toBeGreaterThanOrEqual(0);
        expect(r.unusedDays).toBeLessThanOrEqual(r.periodDays);
        expect(r.periodDays).toBe(p.length);
      }),
    );
  });

  it('the whole period unused (cancelled the day before it starts) is the full amount; its last day is 0', () => {
    fc.assert(
      fc.property(period, money, (p, total) => {
        const whole = unusedPeriodRefund({ ...p, today: addDays(p.periodStart, -1), periodTotalMinor: total, paidMinor: total });
        expect(whole).toEqual({ periodDays: p.length, unusedDays: p.length, amountMinor: total });
        expect(unusedPeriodRefund({ ...p, today: p.periodEnd, periodTotalMinor: total, paidMinor: total }).amountMinor).toBe(0);
      }),
    );
  });

  it('is the exact share rounded half up (−days < 2·days·amount − 2·total·unused ≤ days, ties up), without floating-point drift', () => {
    // A tie found by fast-check: 11 of 12 days of 34,049,911,026,378 is exactly …x.5, rounded up.
    expect(
      unusedPeriodRefund({
        periodStart: '2024-01-01',
        periodEnd: '2024-01-12',
        today: '2024-01-01',
        periodTotalMinor: 34049911026378,
        paidMinor: 34049911026378,
      }).amountMinor,
    ).toBe(31212418440847);
    fc.assert(
      fc.property(period, fc.integer({ min: 0, max: 366 }), money, (p, offset, total) => {
        const r = unusedPeriodRefund({ ...p, today: addDays(p.periodStart, offset), periodTotalMinor: total, paidMinor: total });
        const error = 2n * BigInt(r.periodDays) * BigInt(r.amountMinor) - 2n * BigInt(total) * BigInt(r.unusedDays);
        // Half up: amount − exact share lies in (−½, ½], so the error lies in (−days, days], a tie at +days.
        expect(error > -BigInt(r.periodDays) && error <= BigInt(r.periodDays)).toBe(true);
      }),
    );
  });

  it('gives back more the earlier the cancel, and the used and unused shares add up to the total within a unit', () => {
    fc.assert(
      fc.property(period, fc.integer({ min: 0, max: 365 }), money, (p, offset, total) => {
        const today = addDays(p.periodStart, offset);
        const r = unusedPeriodRefund({ ...p, today, periodTotalMinor: total, paidMinor: total });
        const dayLater = unusedPeriodRefund({ ...p, today: addDays(today, 1), periodTotalMinor: total, paidMinor: total });
        expect(dayLater.amountMinor).toBeLessThanOrEqual(r.amountMinor);
        const used = r.periodDays - r.unusedDays;
        const usedShare = Number((2n * BigInt(total) * BigInt(used) + BigInt(r.periodDays)) / (2n * BigInt(r.periodDays)));
        expect(Math.abs(usedShare + r.amountMinor - total)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('counts calendar months as they are (February, leap years)', () => {
    const feb = { periodStart: '2028-02-01', periodEnd: addDays(addInterval('2028-02-01', 'month'), -1), periodTotalMinor: 2_900, paidMinor: 2_900 };
    expect(unusedPeriodRefund({ ...feb, today: '2028-02-10' })).toEqual({ periodDays: 29, unusedDays: 19, amountMinor: 1_900 });
  });
});

describe('unusedRefundWords', () => {
  it("says the amount in the gym's currency, with VAT in the UK and tax elsewhere", () => {
    expect(unusedRefundWords({ amountMinor: 4333, unusedDays: 13, includesTax: false }, 'US')).toBe('Refund $43.33 for the 13 unused days');
    expect(unusedRefundWords({ amountMinor: 4333, unusedDays: 1, includesTax: true }, 'GB')).toBe('Refund £43.33 (incl. VAT) for the 1 unused day');
    expect(unusedRefundWords({ amountMinor: 50, unusedDays: 2, includesTax: true }, 'CA')).toBe('Refund $0.50 (incl. tax) for the 2 unused days');
  });
});
