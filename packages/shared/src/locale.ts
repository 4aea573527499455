import type { GymCountry } from './roles';
import { taxOf } from './tax';

/** Spec 9: what differs between the three countries. */
export type LocaleInfo = {
  country: GymCountry;
  locale: string;
  currency: 'USD' | 'CAD' | 'GBP';
  dateFormat: 'MM/DD/YYYY' | 'DD/MM/YYYY';
  hour12: boolean;
  /** Copy: the UK says Total / VAT, the US and Canada say Pre-tax / Tax. */
  amountLabel: 'Pre-tax' | 'Total';
  taxLabel: 'Tax' | 'VAT';
  phoneCountry: 'US' | 'CA' | 'GB';
  /** Calendars start the week on Sunday in the US and Canada, on Monday in the UK (0 = Sunday, as Mantine counts). */
  firstDayOfWeek: 0 | 1;
};

export const locales: Record<GymCountry, LocaleInfo> = {
  US: {
    country: 'US',
    locale: 'en-US',
    currency: 'USD',
    dateFormat: 'MM/DD/YYYY',
    hour12: true,
    amountLabel: 'Pre-tax',
    taxLabel: 'Tax',
    phoneCountry: 'US',
    firstDayOfWeek: 0,
  },
  CA: {
    country: 'CA',
    locale: 'en-CA',
    currency: 'CAD',
    dateFormat: 'MM/DD/YYYY',
    hour12: true,
    amountLabel: 'Pre-tax',
    taxLabel: 'Tax',
    phoneCountry: 'CA',
    firstDayOfWeek: 0,
  },
  GB: {
    country: 'GB',
    locale: 'en-GB',
    currency: 'GBP',
    dateFormat: 'DD/MM/YYYY',
    hour12: false,
    amountLabel: 'Total',
    taxLabel: 'VAT',
    phoneCountry: 'GB',
    firstDayOfWeek: 1,
  },
};

/** Spec 9: the default country is the US. */
export const DEFAULT_COUNTRY: GymCountry = 'US';

export function localeOf(country: GymCountry | null | undefined): LocaleInfo {
  return locales[country ?? DEFAULT_COUNTRY] ?? locales[DEFAULT_COUNTRY];
}

/** Money in minor units (cents, pence) shown in the country's currency. */
export function formatMoney(minor: number, country: GymCountry | null | undefined): string {
  const l = localeOf(country);
  return new Intl.NumberFormat(l.locale, { style: 'currency', currency: l.currency }).format(minor / 100);
}

/** A YYYY-MM-DD date as MM/DD/YYYY (US, Canada) or DD/MM/YYYY (UK). */
/** Issue 34: a package period's invoice line, its dates as the gym's country writes them: "Unlimited: 11/28/2026 to 12/27/2026". */
export function periodLineDescription(name: string, start: string, end: string, country: GymCountry | null | undefined): string {
  return `${name}: ${formatDate(start, country)} to ${formatDate(end, country)}`;
}

export function formatDate(date: string, country: GymCountry | null | undefined): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return localeOf(country).dateFormat === 'DD/MM/YYYY' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** An HH:MM[:SS] wall-clock time as 12-hour (US, Canada: 6:30 PM) or 24-hour (UK: 18:30). */
export function formatTime(time: string, country: GymCountry | null | undefined): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const minutes = String(mm).padStart(2, '0');
  if (!localeOf(country).hour12) return `${String(hh).padStart(2, '0')}:${minutes}`;
  const suffix = hh < 12 ? 'AM' : 'PM';
  const h12 = hh % 12 === 0 ? 12 : hh % 12;
  return `${h12}:${minutes} ${suffix}`;
}

/** The currency's symbol as the country writes it: $ (US), CA$ is written $ in Canada, £ (UK). */
export function currencySymbol(country: GymCountry | null | undefined): string {
  const l = localeOf(country);
  const parts = new Intl.NumberFormat(l.locale, { style: 'currency', currency: l.currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? l.currency;
}

/**
 * What an amount a person types means (spec 9): tax-inclusive gyms enter the total the member pays, which includes the
 * tax; the others enter the amount before tax, and the tax is added. The words are the country's: the UK says
 * Total/VAT, the US and Canada say Pre-tax/Tax.
 */
export function amountWording(country: GymCountry | null | undefined, isTaxInclusive: boolean): string {
  const l = localeOf(country);
  return isTaxInclusive
    ? `${l.currency}, including ${l.taxLabel} at the chosen rate.`
    : `${l.currency}, before ${l.taxLabel === 'VAT' ? 'VAT' : 'tax'}: ${l.taxLabel} at the chosen rate is added.`;
}

/**
 * An amount with its tax, in the country's words and currency (spec 9): "Pre-tax $15.00 · Tax $1.24 · Total $16.24"
 * in the US and Canada, "Total £20.00 · includes VAT £3.33" for a tax-inclusive UK gym.
 */
export function amountBreakdown(minor: number, percent: number, country: GymCountry | null | undefined, isTaxInclusive: boolean): string {
  const l = localeOf(country);
  const t = taxOf(minor, percent, isTaxInclusive);
  const money = (m: number) => formatMoney(m, country);
  if (isTaxInclusive) return `Total ${money(t.total)} · includes ${l.taxLabel} ${money(t.tax)}`;
  return `${l.amountLabel === 'Total' ? 'Before VAT' : 'Pre-tax'} ${money(t.net)} · ${l.taxLabel} ${money(t.tax)} · Total ${money(t.total)}`;
}

/**
 * Issue 18: how a price's tax reads beside it, in the country's words (spec 9). Tax-inclusive gyms (the UK) show what
 * the price includes, "includes VAT £29.83" ("incl. VAT" with no rate chosen); the others show what is added,
 * "+ tax $14.77" ("+ tax" with no rate).
 */
export function priceTaxNote(priceMinor: number, percent: number | null, isTaxInclusive: boolean, country: GymCountry | null | undefined): string {
  const l = localeOf(country);
  const word = l.taxLabel === 'VAT' ? 'VAT' : 'tax';
  // Issue 34: a 0% rate adds and includes nothing: "no VAT", never "incl. VAT" or "+ tax" with no amount.
  if (percent !== null && Number(percent) === 0) return `no ${word}`;
  if (percent === null) return isTaxInclusive ? `incl. ${word}` : `+ ${word}`;
  const t = taxOf(priceMinor, percent, isTaxInclusive);
  return isTaxInclusive ? `includes ${word} ${formatMoney(t.tax, country)}` : `+ ${word} ${formatMoney(t.tax, country)}`;
}

/** A price with its tax note: "£179.00 includes VAT £29.83", "$179.00 + tax $14.77". */
export function priceDisplay(priceMinor: number, percent: number | null, isTaxInclusive: boolean, country: GymCountry | null | undefined): string {
  return `${formatMoney(priceMinor, country)} ${priceTaxNote(priceMinor, percent, isTaxInclusive, country)}`;
}

/** A billing plan's period in words: "a month", "every 2 weeks", "a year". */
export function billingPeriodWords(interval: 'week' | 'month' | 'year', intervalCount: number): string {
  return intervalCount === 1 ? `a ${interval}` : `every ${intervalCount} ${interval}s`;
}

/** A billing plan as a member reads it: "$179.00 a month", "£152.00 a month, 6 payments", "$25.00 once". */
export function billingPlanWords(
  plan: { priceMinor: number; interval: 'week' | 'month' | 'year'; intervalCount: number; paymentCount: number | null },
  country: GymCountry | null | undefined,
): string {
  const money = formatMoney(plan.priceMinor, country);
  if (plan.paymentCount === 1) return `${money} once`;
  const period = `${money} ${billingPeriodWords(plan.interval, plan.intervalCount)}`;
  return plan.paymentCount === null ? period : `${period}, ${plan.paymentCount} payments`;
}
