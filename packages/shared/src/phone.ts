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

/**
 * A phone in international form ("+1 312 555 0123"): how a stored phone (digits, with or without the country code) is
 * shown, in the web's fields (on blur too, which keeps a real number above the 10-character threshold of the web's
 * phoneForSave) and in the mails' gym phone.
 */
export function formatPhone(value: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  // Stored digits longer than a national number carry their country code (phoneForSave keeps it).
  if (/^[1-9]\d{10,}$/.test(trimmed)) {
    const international = parsePhoneNumberFromString(`+${trimmed}`);
    if (international?.isPossible()) return international.formatInternational();
  }
  const parsed = parsePhoneNumberFromString(trimmed, country);
  return parsed ? parsed.formatInternational() : value;
}
