import { describe, expect, it } from 'vitest';
import { amountBreakdown, amountWording, currencySymbol, formatMoney } from './locale';

describe('money in the gym country (spec 9, issue 23)', () => {
  it('writes each currency with its symbol', () => {
    expect([currencySymbol('US'), currencySymbol('CA'), currencySymbol('GB')]).toEqual(['$', '$', '£']);
    expect([formatMoney(1500, 'US'), formatMoney(1500, 'CA'), formatMoney(1500, 'GB')]).toEqual(['$15.00', '$15.00', '£15.00']);
  });

  it('says whether an entered amount includes the tax, in the country words', () => {
    expect(amountWording('US', false)).toBe('USD, before tax: Tax at the chosen rate is added.');
    expect(amountWording('GB', true)).toBe('GBP, including VAT at the chosen rate.');
    expect(amountWording('GB', false)).toBe('GBP, before VAT: VAT at the chosen rate is added.');
  });

  it('breaks an amount into its parts: tax added in the US and Canada, included for a tax-inclusive UK gym', () => {
    expect(amountBreakdown(2000, 8.25, 'US', false)).toBe('Pre-tax $20.00 · Tax $1.65 · Total $21.65');
    expect(amountBreakdown(2000, 13, 'CA', false)).toBe('Pre-tax $20.00 · Tax $2.60 · Total $22.60');
    expect(amountBreakdown(2000, 20, 'GB', true)).toBe('Total £20.00 · includes VAT £3.33');
    expect(amountBreakdown(2000, 20, 'GB', false)).toBe('Before VAT £20.00 · VAT £4.00 · Total £24.00');
    expect(amountBreakdown(0, 0, 'US', false)).toBe('Pre-tax $0.00 · Tax $0.00 · Total $0.00');
  });
});
