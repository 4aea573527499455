import { describe, expect, it } from 'vitest';
import { startsInLabel, timingStatus } from './event-timing';
import { attendanceLabel, firstAttendeeLabel, namesLabel, truncateName, appointmentNamesShown } from './labels';
import { chargePayload, clampChargeDate, initialChargeValues, normaliseFee, withChargeNow, withWaiveFee } from './charge-rules';
import { bulkDateLimits, canGoToPreview, defaultBulkRange, weekdayCodes, weekdaysFrom } from './bulk-rules';
import { athletesOfTab, backPath, matchesName } from './athlete-lists';
import { gymToday } from './dates';

const MIN = 60_000;
const at = (iso: string) => new Date(iso);

describe('timing status (spec 4)', () => {
  const startsAt = '2026-05-04T15:00:00.000Z';
  const endsAt = '2026-05-04T16:00:00.000Z';
  it('is upcoming with minutes under an hour, rounded up', () => {
    expect(timingStatus(startsAt, endsAt, at('2026-05-04T14:30:30.000Z'))).toEqual({ state: 'upcoming', label: 'Starts in 30 Min(s)', color: 'blue' });
    expect(startsInLabel(1)).toBe('Starts in 1 Min(s)');
    expect(startsInLabel(59 * MIN)).toBe('Starts in 59 Min(s)');
  });
  it('counts hours under a day and days beyond, rounded up', () => {
    expect(startsInLabel(60 * MIN)).toBe('Starts in 1 Hour(s)');
    expect(startsInLabel(61 * MIN)).toBe('Starts in 2 Hour(s)');
    expect(startsInLabel(23 * 60 * MIN)).toBe('Starts in 23 Hour(s)');
    expect(startsInLabel(24 * 60 * MIN)).toBe('Starts in 1 Day(s)');
    expect(startsInLabel(25 * 60 * MIN)).toBe('Starts in 2 Day(s)');
  });
  it('is ongoing from the start (green) and ended from the end (neutral)', () => {
    expect(timingStatus(startsAt, endsAt, at(startsAt))).toMatchObject({ state: 'ongoing', color: 'green' });
    expect(timingStatus(startsAt, endsAt, at('2026-05-04T15:59:59.000Z')).state).toBe('ongoing');
    expect(timingStatus(startsAt, endsAt, at(endsAt))).toMatchObject({ state: 'ended', color: 'gray' });
  });
});

describe('card labels (spec 4 / 9)', () => {
  it("says 'Full' at or above capacity (walk-ins may exceed it), otherwise count / capacity", () => {
    expect(attendanceLabel(11, 12)).toBe('11 / 12');
    expect(attendanceLabel(12, 12)).toBe('Full');
    expect(attendanceLabel(14, 12)).toBe('Full');
    expect(attendanceLabel(0, 12)).toBe('0 / 12');
  });
  it('cuts the first attendee at 9 characters and adds +N for the others', () => {
    expect(truncateName('Alexandria Morgan')).toBe('Alexandri…');
    expect(truncateName('Mia Hill')).toBe('Mia Hill');
    expect(firstAttendeeLabel('Alexandria Morgan', 5)).toBe('Alexandri… +4');
    expect(firstAttendeeLabel('Mia Hill', 1)).toBe('Mia Hill');
    expect(firstAttendeeLabel(null, 0)).toBeNull();
  });
  it('shows a limited number of names then +N', () => {
    expect(namesLabel(['A', 'B', 'C', 'D'], 3)).toBe('A, B, C +1');
    expect(namesLabel(['A', 'B'], 3)).toBe('A, B');
    expect(namesLabel([], 2)).toBeNull();
    expect(appointmentNamesShown(true)).toBe(3);
    expect(appointmentNamesShown(false)).toBe(2);
  });
});

describe('charge rules (spec 5)', () => {
  const fees = { cancellationFee: '15.00', noShowFee: '30.00', cancellationCreditDeduction: 1, noShowCreditDeduction: 0 };
  const today = '2026-05-04';
  it('defaults from the event settings', () => {
    expect(initialChargeValues('lateCancel', fees, 'tax-1', today)).toEqual({ chargeNow: false, chargeDate: today, fee: 15, waiveFee: false, taxRate: 'tax-1', deductCredit: true });
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
      isLateCancel: false, isNoShow: true, chargeNow: false, chargeDate: today, chargeFee: '12.50', taxRate: 'tax-1', deductCredit: false,
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

describe('athlete lists (spec 2.12 / 4)', () => {
  const a = (fullName: string, f: Partial<{ isReserved: boolean; isCheckedIn: boolean; isLateCancel: boolean; isNoShow: boolean }>) =>
    ({ fullName, isReserved: true, isCheckedIn: false, isLateCancel: false, isNoShow: false, ...f }) as never;
  const all = [a('Ann', {}), a('Bob', { isCheckedIn: true }), a('Cy', { isLateCancel: true }), a('Di', { isReserved: false, isCheckedIn: true }), a('Ed', { isNoShow: true })];
  it('splits reserved and checked in, without late cancels and no shows', () => {
    expect(athletesOfTab(all, 'reserved').map((x: { fullName: string }) => x.fullName)).toEqual(['Ann']);
    expect(athletesOfTab(all, 'checkedIn').map((x: { fullName: string }) => x.fullName)).toEqual(['Bob', 'Di']);
  });
  it('matches names case-insensitively', () => {
    expect(matchesName({ fullName: 'Grace Rodriguez' }, 'rODRI')).toBe(true);
    expect(matchesName({ fullName: 'Grace Rodriguez' }, 'zed')).toBe(false);
  });
  it('goes back to the calendar, the athlete kiosk or the staff kiosk', () => {
    expect(backPath({ from: 'calendar', isAthleteMode: false, eventId: 'e1', kind: 'class' })).toBe('/calendar/scheduling?eventId=e1&eventType=class');
    expect(backPath({ from: null, isAthleteMode: true, eventId: 'e1', kind: 'appointment' })).toBe('/?eventType=appointment');
    expect(backPath({ from: null, isAthleteMode: false, eventId: 'e1', kind: 'class' })).toBe('/kiosk?eventType=class');
  });
  it("reads today in the gym's zone", () => {
    expect(gymToday('America/Chicago', at('2026-05-05T03:00:00Z'))).toBe('2026-05-04');
    expect(gymToday('Europe/London', at('2026-05-05T03:00:00Z'))).toBe('2026-05-05');
  });
});
