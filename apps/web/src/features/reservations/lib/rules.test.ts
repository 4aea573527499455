import { describe, expect, it } from 'vitest';
import { chargePayload, clampChargeDate, initialChargeValues, normaliseFee, withChargeNow, withWaiveFee } from './charge-rules';
import { bulkDateLimits, canGoToPreview, defaultBulkRange, weekdayCodes, weekdaysFrom } from './bulk-rules';

describe('charge rules (spec 5)', () => {
  const fees = { cancellationFee: '15.00', noShowFee: '30.00', cancellationCreditDeduction: 1, noShowCreditDeduction: 0 };
  const today = '2026-05-04';
  it('defaults from the event settings', () => {
    expect(initialChargeValues('lateCancel', fees, 'tax-1', today)).toEqual({
      chargeNow: false,
      chargeDate: today,
      fee: 15,
      waiveFee: false,
      taxRate: 'tax-1',
      deductCredit: true,
    });
    expect(initialChargeValues('noShow', fees, null, today)).toMatchObject({ fee: 30, deductCredit: false, taxRate: null });
  });
  it('Charge Now sets the date to today; Waive Fee sets the fee to 0 and restores it', () => {
    const v = { ...initialChargeValues('lateCancel', fees, null, today), chargeDate: '2026-05-10' };
    expect(withChargeNow(v, true, today).chargeDate).toBe(today);
    expect(withChargeNow(v, false, today).chargeDate).toBe('2026-05-10');
    expect(withWaiveFee(v, true, 15).fee).toBe(0);
    expect(withWaiveFee({ ...v, fee: 0, waiveFee: true }, false, 15).fee).toBe(15);
  });
  it('never lets the date before today or the fee below 0 or past 2 decimals', () => {
    expect(clampChargeDate('2026-05-01', today)).toBe(today);
    expect(clampChargeDate(null, today)).toBe(today);
    expect(clampChargeDate('2026-06-01', today)).toBe('2026-06-01');
    expect(normaliseFee(-3)).toBe(0);
    expect(normaliseFee('12.345')).toBe(12.35);
    expect(normaliseFee('')).toBe(0);
  });
  it('sends the PUT fields with the fee as a 2-decimal string', () => {
    const v = { ...initialChargeValues('noShow', fees, 'tax-1', today), fee: 12.5 };
    expect(chargePayload('noShow', v, today)).toEqual({
      isLateCancel: false,
      isNoShow: true,
      chargeNow: false,
      chargeDate: today,
      chargeFee: '12.50',
      taxRate: 'tax-1',
      deductCredit: false,
    });
    expect(chargePayload('lateCancel', { ...v, waiveFee: true }, today).chargeFee).toBe('0.00');
  });
});

describe('bulk rules (spec 3 / 5)', () => {
  it('codes weekdays 1 = Sunday .. 7 = Saturday, sorted and comma-joined', () => {
    expect(weekdayCodes(['7', '1', '3', '3'])).toBe('1,3,7');
  });
  it("lists the weekdays in the gym's calendar order, keeping their codes", () => {
    expect(weekdaysFrom(0).map((d) => `${d.label}${d.code}`)).toEqual(['Sun1', 'Mon2', 'Tue3', 'Wed4', 'Thu5', 'Fri6', 'Sat7']);
    expect(weekdaysFrom(1).map((d) => `${d.label}${d.code}`)).toEqual(['Mon2', 'Tue3', 'Wed4', 'Thu5', 'Fri6', 'Sat7', 'Sun1']);
  });
  it('limits the range to today .. one year from today, and defaults to it', () => {
    expect(bulkDateLimits('2026-05-04')).toEqual({ minDate: '2026-05-04', maxDate: '2027-05-04' });
    expect(defaultBulkRange('2026-05-04')).toEqual({ startDate: '2026-05-04', endDate: '2027-05-04' });
  });
  it('needs a weekday and a range within the limits before Next', () => {
    const today = '2026-05-04';
    expect(canGoToPreview([], today, '2026-06-01', today)).toBe(false);
    expect(canGoToPreview(['2'], today, '2026-06-01', today)).toBe(true);
    expect(canGoToPreview(['2'], '2026-05-03', '2026-06-01', today)).toBe(false);
    expect(canGoToPreview(['2'], today, '2027-05-05', today)).toBe(false);
  });
});
