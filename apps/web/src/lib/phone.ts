import type { CountryCode } from 'libphonenumber-js';
import { messages } from '@spotter/shared';
import { DEFAULT_PHONE_COUNTRY, isValidPhone } from '@spotter/shared/phone';

export { DEFAULT_PHONE_COUNTRY, PHONE_INPUT_MAX_LENGTH, formatPhone, isValidPhone, normalizePhone, phoneCountry } from '@spotter/shared/phone';

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
