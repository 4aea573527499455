import { z } from 'zod';
import { gymCountries } from '../roles';
import { genders, isValidZipCode, regionsOf, zipCodeMessages } from '../regions';
import { isValidName, messages, nameSchema } from '../validation';
import { isoDateSchema } from './common';

/** Spec 5: on save the client sends a phone as '' or digits only. */
export const storedPhoneSchema = z
  .string()
  .max(250, messages.phoneInvalid)
  .regex(/^(\d{2,20})?$/, messages.phoneInvalid);

export const addressSchema = z
  .object({
    addressLines: z.array(z.string().trim().max(200)).max(3).default([]),
    locality: z.string().trim().max(100).default(''),
    region: z.string().trim().max(100).default(''),
    zipCode: z.string().trim().max(20).default(''),
    country: z.union([z.enum(gymCountries), z.literal('')]).default(''),
  })
  .superRefine((a, ctx) => {
    if (!a.country) return;
    if (a.region && !regionsOf(a.country).includes(a.region)) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: 'Please choose a region of the selected country.' });
    }
    if (a.zipCode && !isValidZipCode(a.country, a.zipCode)) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: zipCodeMessages[a.country] });
    }
  });
export type Address = z.infer<typeof addressSchema>;

/** An optional name (an emergency contact): empty, or a name by spec 5's rule. */
export const optionalName = z
  .string()
  .trim()
  .max(150, messages.nameInvalid)
  .refine((v) => v === '' || isValidName(v), messages.nameInvalid);

export const staffSchema = z.object({
  staffId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string(),
  dob: z.string().nullable(),
  isCoach: z.boolean(),
  isOwner: z.boolean(),
  gender: z.enum(genders).nullable(),
  address: z.object({ addressLines: z.array(z.string()), locality: z.string(), region: z.string(), zipCode: z.string(), country: z.string() }),
  emergencyName: z.string(),
  emergencyPhone: z.string(),
  medicalNotes: z.string(),
  profilePicture: z.string().nullable(),
});
export type Staff = z.infer<typeof staffSchema>;

/** PUT staff/self/: every editable field of spec 3; email is changed through Edit Login. */
export const updateStaffSelfInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: storedPhoneSchema.default(''),
  dob: isoDateSchema.nullable().default(null),
  isCoach: z.boolean().optional(),
  gender: z.enum(genders).nullable().default(null),
  address: addressSchema.default({ addressLines: [], locality: '', region: '', zipCode: '', country: '' }),
  emergencyName: optionalName.default(''),
  emergencyPhone: storedPhoneSchema.default(''),
  medicalNotes: z.string().max(5000).default(''),
  email: z.string().optional(),
});
export type UpdateStaffSelfInput = z.infer<typeof updateStaffSelfInputSchema>;

export const kiloStaffSchema = z.object({
  kiloStaffId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  profilePicture: z.string().nullable(),
  isSalesTeam: z.boolean(),
});
export type KiloStaff = z.infer<typeof kiloStaffSchema>;

export const updateKiloStaffSelfInputSchema = z.object({ firstName: nameSchema, lastName: nameSchema, email: z.string().optional() });
export type UpdateKiloStaffSelfInput = z.infer<typeof updateKiloStaffSelfInputSchema>;

export const athleteSchema = z.object({
  athleteId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  dob: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  profilePicture: z.string().nullable(),
});
export type Athlete = z.infer<typeof athleteSchema>;

/** Our athlete panel: the athlete edits their own name, phone, birthday and gender. */
export const updateAthleteInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: storedPhoneSchema.default(''),
  dob: isoDateSchema.nullable().default(null),
  gender: z.enum(genders).nullable().default(null),
});
export type UpdateAthleteInput = z.infer<typeof updateAthleteInputSchema>;

export const gymSchema = z.object({
  gymId: z.uuid(),
  title: z.string(),
  email: z.string().nullable(),
  profilePicture: z.string().nullable(),
  country: z.enum(gymCountries),
  timeZone: z.string(),
  isTaxInclusive: z.boolean(),
  eventSettings: z.object({ classes: z.object({ taxRate: z.object({ taxRateId: z.uuid(), name: z.string() }).nullable() }) }),
});
export type Gym = z.infer<typeof gymSchema>;

export const profilePictureResponseSchema = z.object({ url: z.string() });

export const PROFILE_PICTURE_MAX_BYTES = 5_000_000;
export const PROFILE_PICTURE_TOO_LARGE_MESSAGE = 'The selected file is too large. Please select a file smaller than 5MB.';
export const PROFILE_PICTURE_TYPE_MESSAGE = 'Please select a PNG, JPEG, GIF or WebP image.';
