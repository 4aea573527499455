import dayjs from 'dayjs';
import { isValidEmail, isValidName, isValidZipCode, messages, zipCodeMessages, type GymCountry } from '@spotter/shared';

export const DOB_IN_FUTURE_MESSAGE = 'Date of birth cannot be in the future.';

export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** Spec 5: first and last name are required and must be valid names. */
export function requiredNameError(value: string): string | null {
  if (!value.trim()) return messages.nameRequired;
  return isValidName(value) ? null : messages.nameInvalid;
}

/** Spec 5: the email rule. */
export function emailError(value: string): string | null {
  if (!value.trim()) return messages.emailRequired;
  return isValidEmail(value.trim()) ? null : messages.emailInvalid;
}

export function optionalNameError(value: string): string | null {
  return value.trim() && !isValidName(value) ? messages.nameInvalid : null;
}

/** Spec 5: the date of birth cannot be after today. */
export function dobError(value: string, now: string = today()): string | null {
  return value && value > now ? DOB_IN_FUTURE_MESSAGE : null;
}

export function zipCodeError(country: GymCountry | '', zipCode: string): string | null {
  if (!country || !zipCode.trim()) return null;
  return isValidZipCode(country, zipCode) ? null : zipCodeMessages[country];
}

/** A date of birth as people read it ("Mar 4, 1990"), the same in every country. */
export function formatDob(value: string | null): string {
  return value ? dayjs(value).format('MMM D, YYYY') : '';
}
