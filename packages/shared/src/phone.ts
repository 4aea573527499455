import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** Spec 9: the phone input's default country is the US; input text is at most 250 characters. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';
export const PHONE_INPUT_MAX_LENGTH = 250;
const NATIONAL_NUMBER_DIGITS = { min: 2, max: 17 };

/** libphonenumber's code for a gym country (spec 3: GB, US or CA are also ISO 3166 codes). */
export function phoneCountry(country: string | null | undefined): CountryCode {
  return country === 'GB' || country === 'CA' || country === 'US' ? country : DEFAULT_PHONE_COUNTRY;
}

/** Spec 5 / 9: a phone parses for the country, and its national number has 2 to 17 digits. */
export function isValidPhone(value: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): boolean {
  if (value.length > PHONE_INPUT_MAX_LENGTH) return false;
  const parsed = parsePhoneNumberFromString(value, country);
  if (!parsed) return false;
  const digits = parsed.nationalNumber.length;
  return digits >= NATIONAL_NUMBER_DIGITS.min && digits <= NATIONAL_NUMBER_DIGITS.max;
}

/**
 * A phone as stored: the digits of its international form with the country code ("13125550123"), or '' for nothing.
 * Null when it does not parse for the gym's country (an import row's error, a form's field message).
 */
export function normalizePhone(value: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const trimmed = value.trim();
  if (!trimmed) return '';
  if (!isValidPhone(trimmed, country)) return null;
  return parsePhoneNumberFromString(trimmed, country)!.number.replace(/\D/g, '');
}
