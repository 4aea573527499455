import type { z } from 'zod';
import type { FeeSettings, updateReservationInputSchema } from '@spotter/shared';

/** The PUT body as sent: money as a decimal string with 2 places (decision 005). */
export type ReservationUpdatePayload = z.input<typeof updateReservationInputSchema>;

/** Spec 4 / 5: the charge dialog of Mark Late Cancel and Mark No Show. */
export type ChargeKind = 'lateCancel' | 'noShow';

export type ChargeValues = {
  chargeNow: boolean;
  /** YYYY-MM-DD, not before today. */
  chargeDate: string;
  fee: number;
  waiveFee: boolean;
  taxRate: string | null;
  deductCredit: boolean;
};

export const chargeTitles: Record<ChargeKind, string> = { lateCancel: 'Mark Late Cancel', noShow: 'Mark No Show' };

/** Defaults from the class's or appointment's cancellation settings and tax rate. */
export function initialChargeValues(kind: ChargeKind, settings: FeeSettings, taxRateId: string | null, today: string): ChargeValues {
  const fee = Number(kind === 'lateCancel' ? settings.cancellationFee : settings.noShowFee);
  const deduction = kind === 'lateCancel' ? settings.cancellationCreditDeduction : settings.noShowCreditDeduction;
  return { chargeNow: false, chargeDate: today, fee: Number.isFinite(fee) ? fee : 0, waiveFee: false, taxRate: taxRateId, deductCredit: deduction > 0 };
}

/** Charge Now on: the collection date becomes today (and is disabled). */
export function withChargeNow(values: ChargeValues, chargeNow: boolean, today: string): ChargeValues {
  return { ...values, chargeNow, chargeDate: chargeNow ? today : values.chargeDate };
}

/** Waive Fee on: the fee becomes 0 (and is disabled); off restores the default fee. */
export function withWaiveFee(values: ChargeValues, waiveFee: boolean, defaultFee: number): ChargeValues {
  return { ...values, waiveFee, fee: waiveFee ? 0 : defaultFee };
}

/** A date before today is never a valid collection date; it is clamped to today. */
export function clampChargeDate(date: string | null, today: string): string {
  return !date || date < today ? today : date;
}

/** A fee with at most 2 decimals and never below 0. */
export function normaliseFee(value: number | string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.round(n * 100) / 100;
}

export function chargePayload(kind: ChargeKind, values: ChargeValues, today: string): ReservationUpdatePayload & { chargeFee: string } {
  return {
    isLateCancel: kind === 'lateCancel',
    isNoShow: kind === 'noShow',
    chargeNow: values.chargeNow,
    chargeDate: values.chargeNow ? today : clampChargeDate(values.chargeDate, today),
    chargeFee: (values.waiveFee ? 0 : normaliseFee(values.fee)).toFixed(2),
    taxRate: values.taxRate,
    deductCredit: values.deductCredit,
  };
}
