import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { messages } from '@spotter/shared';

/** Spec 9: the phone input's default country is the US; input text is at most 250 characters. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';
export const PHONE_INPUT_MAX_LENGTH = 250;
const NATIONAL_NUMBER_DIGITS = { min: 2, max: 17 };

/** Spec 5 / 9: a phone parses, and its national number has 2 to 17 digits. */
export function isValidPhone(value: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): boolean {
  if (value.length > PHONE_INPUT_MAX_LENGTH) return false;
  const parsed = parsePhoneNumberFromString(value, country);
  if (!parsed) return false;
  const digits = parsed.nationalNumber.length;
  return digits >= NATIONAL_NUMBER_DIGITS.min && digits <= NATIONAL_NUMBER_DIGITS.max;
}

/** Spec 5: an optional phone is checked only when something was typed. */
export function optionalPhoneError(value: string): string | null {
  if (value.trim() === '') return null;
  return isValidPhone(value) ? null : messages.phoneInvalid;
}

/** Spec 5, exactly: on save a phone of 10 characters or fewer is sent as '', otherwise its digits only. */
export function phoneForSave(value: string): string {
  return value.length <= 10 ? '' : value.replace(/\D/g, '');
}

/**
 * A phone in international form ("+1 312 555 0123"). Stored phones are digits, with or without their
 * country code; formatting them (and what a person types, on blur) keeps a real number above the 10-character
 * threshold of phoneForSave.
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
