import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { messages } from '@spotter/shared';
import { DEFAULT_PHONE_COUNTRY, isValidPhone } from '@spotter/shared/phone';

export { DEFAULT_PHONE_COUNTRY, PHONE_INPUT_MAX_LENGTH, isValidPhone, normalizePhone, phoneCountry } from '@spotter/shared/phone';

/** Spec 5: an optional phone is checked only when something was typed. */
export function optionalPhoneError(value: string): string | null {
  return optionalPhoneErrorFor(value, DEFAULT_PHONE_COUNTRY);
}

/** The same, for a gym's country (the athlete form of issue 17). */
export function optionalPhoneErrorFor(value: string, country: CountryCode): string | null {
  if (value.trim() === '') return null;
  return isValidPhone(value, country) ? null : messages.phoneInvalid;
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
