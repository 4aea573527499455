import { z } from 'zod';
import { isValidEmail, messages, nameSchema } from '../validation';
import { genders } from '../regions';
import { membershipStates } from '../rules/membership';
import { addressSchema, optionalName } from './people';
import { isoDateSchema } from './common';

/** A gym's athlete tag (issue 17). */
export const tagSchema = z.object({ tagId: z.uuid(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/** An athlete as staff see them (issue 17): spec 3's athlete with the member record's fields. */
export const athleteRecordSchema = z.object({
  athleteId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  dob: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  profilePicture: z.string().nullable(),
  address: z.object({ addressLines: z.array(z.string()), locality: z.string(), region: z.string(), zipCode: z.string(), country: z.string() }),
  emergencyName: z.string(),
  emergencyPhone: z.string(),
  medicalNotes: z.string(),
  membershipState: z.enum(membershipStates),
  tags: z.array(tagSchema),
  isArchived: z.boolean(),
  isAnonymised: z.boolean(),
  /** The athlete has a sign-in of their own (an activated account). */
  hasLogin: z.boolean(),
  createdAt: z.string(),
});
export type AthleteRecord = z.infer<typeof athleteRecordSchema>;

/**
 * What staff type for an athlete, the same for the form and a CSV import's row (issue 17). The phone is what was
 * typed; parseAthleteInput normalises it for the gym's country.
 */
export const athleteInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: z
    .string()
    .trim()
    .max(254, messages.emailInvalid)
    .refine((v) => v === '' || isValidEmail(v), messages.emailInvalid)
    .default(''),
  phone: z.string().trim().max(250, messages.phoneInvalid).default(''),
  dob: isoDateSchema.nullable().default(null),
  gender: z.enum(genders).nullable().default(null),
  address: addressSchema.default({ addressLines: [], locality: '', region: '', zipCode: '', country: '' }),
  emergencyName: optionalName.default(''),
  emergencyPhone: z.string().trim().max(250, messages.phoneInvalid).default(''),
  medicalNotes: z.string().max(5000).default(''),
});
export type AthleteInput = z.input<typeof athleteInputSchema>;
export type ParsedAthleteInput = z.output<typeof athleteInputSchema>;

export const DUPLICATE_ATHLETE_EMAIL = 'An athlete of this gym already has this email.';
