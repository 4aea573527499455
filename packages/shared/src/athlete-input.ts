import { messages } from './validation-rules';
import { athleteInputSchema, type ParsedAthleteInput } from './api/athletes';
import { normalizePhone, phoneCountry } from './phone';

// A subpath of its own (@spotter/shared/athlete-input): libphonenumber's metadata stays out of the first screens' chunk.

/** The athlete's fields as stored, after the rules that need the gym: phones for its country, zip upper-cased, no future birthday. */
export type AthleteFields = Omit<ParsedAthleteInput, 'email'> & { email: string | null };

export type FieldErrors = Record<string, string[]>;

/**
 * The one place the athlete rules run (issue 17): the form's create and edit, and every row of an import.
 * `today` is the gym's date (YYYY-MM-DD); `country` the gym's country, whose phone numbering applies.
 */
export function parseAthleteInput(
  input: unknown,
  gym: { country: string; today: string },
): { ok: true; value: AthleteFields } | { ok: false; fields: FieldErrors } {
  const parsed = athleteInputSchema.safeParse(input);
  const fields: FieldErrors = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.join('.') || 'input', issue.message);
    return { ok: false, fields };
  }
  const v = parsed.data;
  const country = phoneCountry(gym.country);
  const phone = normalizePhone(v.phone, country);
  if (phone === null) add('phone', messages.phoneInvalid);
  const emergencyPhone = normalizePhone(v.emergencyPhone, country);
  if (emergencyPhone === null) add('emergencyPhone', messages.phoneInvalid);
  if (v.dob && v.dob > gym.today) add('dob', 'Date of birth cannot be in the future.');
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      ...v,
      email: v.email === '' ? null : v.email.toLowerCase(),
      phone: phone!,
      emergencyPhone: emergencyPhone!,
      address: { ...v.address, addressLines: v.address.addressLines.filter((l) => l !== ''), zipCode: v.address.zipCode.toUpperCase() },
    },
  };
}
