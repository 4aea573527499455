// The rules without zod, so the web app's login path can use them without loading the schemas.

// Spec 5: the exact texts a person sees.
export const messages = {
  emailRequired: 'Email field is required.',
  emailInvalid: 'Please provide a valid email.',
  passwordRequired: 'Password field is required.',
  passwordRule: 'Length should be more than 8 characters. Must contain at least one number, one uppercase, and one lowercase letter.',
  passwordMismatch: "Password doesn't match.",
  nameRequired: 'Name field is required.',
  nameInvalid: 'Please provide a valid name.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Please provide a valid phone number.',
  required: 'Required',
  emailsDoNotMatch: 'Emails do not match',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}

/** Spec 5 / 9: at least 8 characters with a digit, a lowercase and an uppercase letter. */
export function isValidPassword(value: string): boolean {
  return value.length >= 8 && /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

const FORBIDDEN_NAME_CHARACTERS = /[;<>≤≥`~§±!@#$%^&*_=+≠{}|"?÷]/;

export function isValidName(value: string): boolean {
  return value.trim().length > 0 && !FORBIDDEN_NAME_CHARACTERS.test(value);
}

export { isRichTextEmpty } from './rich-text-empty';
