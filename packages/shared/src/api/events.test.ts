import { describe, expect, it } from 'vitest';
import { eventMessages, localTimeSchema, weekdayCodesSchema } from './events';
import { feeInputSchema, reservationMessages } from './reservations';

describe('fees', () => {
  it('accepts fees of at least 0 with at most 2 decimals (spec 5)', () => {
    expect(feeInputSchema.parse('12.34')).toBe(1234);
    expect(feeInputSchema.parse(12)).toBe(1200);
    expect(feeInputSchema.safeParse('-1').error?.issues[0]?.message).toBe(reservationMessages.feeNegative);
    expect(feeInputSchema.safeParse('1.234').error?.issues[0]?.message).toBe(reservationMessages.feeFormat);
    expect(feeInputSchema.safeParse('1e3').error?.issues[0]?.message).toBe(reservationMessages.feeFormat);
  });
});

describe('bulk reservation fields', () => {
  it('reads weekday codes 1 (Sunday) to 7 (Saturday), sorted and unique', () => {
    expect(weekdayCodesSchema.parse('5,1,3,1')).toEqual([1, 3, 5]);
    expect(weekdayCodesSchema.parse([7, 2])).toEqual([2, 7]);
    expect(weekdayCodesSchema.safeParse('').error?.issues[0]?.message).toBe(eventMessages.weekdaysRequired);
    expect(weekdayCodesSchema.safeParse('0,8').error?.issues[0]?.message).toBe(eventMessages.weekdaysInvalid);
  });

  it('takes HH:MM or HH:MM:SS start times', () => {
    expect(localTimeSchema.parse('06:00')).toBe('06:00:00');
    expect(localTimeSchema.parse('17:30:15')).toBe('17:30:15');
    expect(localTimeSchema.safeParse('24:00').success).toBe(false);
  });
});
