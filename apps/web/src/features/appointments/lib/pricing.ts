import { amountBreakdown, formatMoney, localeOf, type AppointmentDetail, type GymCountry } from '@spotter/shared';

type Priced = { priceMinor: number; taxRate: { percent: string } | null };

/** A price as a card says it (spec 9's words): "$60.00 + tax", "£40.00 incl. VAT", "Free". */
export function priceLabel(p: Priced, country: GymCountry, isTaxInclusive: boolean): string {
  if (p.priceMinor === 0) return 'Free';
  const money = formatMoney(p.priceMinor, country);
  const percent = Number(p.taxRate?.percent ?? 0);
  if (percent === 0) return money;
  const tax = localeOf(country).taxLabel === 'VAT' ? 'VAT' : 'tax';
  return isTaxInclusive ? `${money} incl. ${tax}` : `${money} + ${tax}`;
}

/**
 * Issue 34: the price of a type as offered to this athlete. A free type still needs a package (issue 18): to one who
 * holds none covering it, it costs nothing on top of one, which "Free" beside "Needs a package" contradicted.
 */
export function offerLabel(p: Priced & { isCovered: boolean }, country: GymCountry, isTaxInclusive: boolean): string {
  return p.priceMinor === 0 && !p.isCovered ? 'No charge with a package' : priceLabel(p, country, isTaxInclusive);
}

/** The price with its tax spelled out, for the confirmation: "Pre-tax $60.00 · Tax $4.95 · Total $64.95". */
export function priceBreakdown(p: Priced, country: GymCountry, isTaxInclusive: boolean): string {
  if (p.priceMinor === 0) return 'Free';
  const percent = Number(p.taxRate?.percent ?? 0);
  return percent === 0 ? formatMoney(p.priceMinor, country) : amountBreakdown(p.priceMinor, percent, country, isTaxInclusive);
}

/** "12 hours", "30 minutes", "1 day": a cut-off as people say it. */
export function durationWords(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0 && minutes > 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0 && minutes > 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** What the cancel confirmation of an appointment says before the athlete confirms. */
export function appointmentCancelNotice(a: Pick<AppointmentDetail, 'cancellation'>, country: GymCountry): string {
  if (!a.cancellation.isLate) return 'You can cancel free of charge.';
  return a.cancellation.feeMinor > 0
    ? `This is a late cancel: a late-cancel fee of ${formatMoney(a.cancellation.feeMinor, country)} applies.`
    : 'This is a late cancel. There is no fee for this appointment.';
}

/** The cancellation policy shown before booking. */
export function cancelPolicy(t: { lateCancelCutoffMinutes: number; cancellationFeeMinor: number }, country: GymCountry): string {
  if (t.cancellationFeeMinor === 0) return 'You can cancel free of charge.';
  if (t.lateCancelCutoffMinutes === 0)
    return `Free to cancel until it starts; after that, a late-cancel fee of ${formatMoney(t.cancellationFeeMinor, country)} applies.`;
  return `Free to cancel up to ${durationWords(t.lateCancelCutoffMinutes)} before; after that, a late-cancel fee of ${formatMoney(t.cancellationFeeMinor, country)} applies.`;
}
