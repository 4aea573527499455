import { z } from 'zod';
import { gymCountries } from '../roles';
import { messages, isValidEmail } from '../validation-rules';
import { replyToMessages, senderNameMessages, isValidSenderName } from '../sender-rules';
import { classTypeInputSchema } from './class-types';
import { kioskSettingsAnswerSchema } from './kiosk';
import { setupMessages } from './event-setup';
import { uuidSchema } from './common';
import { taxRateSchema } from './events';
import { isValidTimeZone } from './platform';

/**
 * Issue 22 (decision 036): `/gym-settings`, in sections each saved on its own (GymMutate). Every section's PUT answers
 * the whole settings, so the page shows what the server kept.
 */

export const gymSettingsMessages = {
  titleRequired: 'Gym name is required.',
  titleTooLong: 'Gym name must be at most 100 characters.',
  addressLineTooLong: 'Each address line must be at most 200 characters.',
  tooManyAddressLines: 'At most 3 address lines.',
  localityTooLong: 'Town or city must be at most 100 characters.',
  regionInvalid: 'Please choose a region of the gym’s country.',
  timeZoneInvalid: 'Please choose a time zone from the list.',
  taxRateUnknown: 'That tax rate is not one of this gym’s.',
  saved: 'Settings saved',
} as const;

/** What a new class type starts with (issue 22): the class-type form's fields of the same names, and their rules. */
const classTypeFields = classTypeInputSchema.shape;
export const classDefaultsSchema = z
  .object({
    bookingOpensDays: classTypeFields.bookingOpensDays,
    bookingClosesMinutes: classTypeFields.bookingClosesMinutes,
    lateCancelCutoffMinutes: classTypeFields.lateCancelCutoffMinutes,
    cancellationFeeMinor: classTypeFields.cancellationFeeMinor,
    noShowFeeMinor: classTypeFields.noShowFeeMinor,
    cancellationCreditDeduction: classTypeFields.cancellationCreditDeduction,
    noShowCreditDeduction: classTypeFields.noShowCreditDeduction,
    waitlistEnabled: classTypeFields.waitlistEnabled,
    waitlistSize: classTypeFields.waitlistSize,
    promotionCutoffMinutes: classTypeFields.promotionCutoffMinutes,
  })
  .refine((v) => v.bookingOpensDays === null || v.bookingOpensDays < 1 || v.bookingClosesMinutes < v.bookingOpensDays * 1440, {
    message: setupMessages.bookingWindowEmpty,
    path: ['bookingClosesMinutes'],
  });
export type ClassDefaults = z.output<typeof classDefaultsSchema>;
/** The column default (the class_types columns' defaults before issue 22). */
export const defaultClassDefaults: ClassDefaults = {
  bookingOpensDays: null,
  bookingClosesMinutes: 0,
  lateCancelCutoffMinutes: 0,
  cancellationFeeMinor: 0,
  noShowFeeMinor: 0,
  cancellationCreditDeduction: 0,
  noShowCreditDeduction: 0,
  waitlistEnabled: true,
  waitlistSize: null,
  promotionCutoffMinutes: 0,
};

// The kiosk's settings (kioskSettingsSchema, defaultKioskSettings, kioskSettingsMessages) live in api/kiosk.ts: the
// kiosk reads them on its first screen, which must not load this module (the settings page's schemas).

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || isValidEmail(v), messages.emailInvalid);

export const gymProfileSettingsInputSchema = z.object({
  title: z.string({ error: gymSettingsMessages.titleRequired }).trim().min(1, gymSettingsMessages.titleRequired).max(100, gymSettingsMessages.titleTooLong),
  email: optionalEmail,
  /** Checked against the gym's country's numbering on the server (spec 5 phone rule); '' for none. */
  phone: z.string().trim().max(250),
  address: z.object({
    addressLines: z.array(z.string().trim().max(200, gymSettingsMessages.addressLineTooLong)).max(3, gymSettingsMessages.tooManyAddressLines),
    locality: z.string().trim().max(100, gymSettingsMessages.localityTooLong),
    /** One of regionsOf(the gym's country), or ''. */
    region: z.string().trim().max(100),
    /** isValidZipCode for the gym's country when not '' (spec 5 masks; upper-cased on save). */
    zipCode: z.string().trim().max(20),
  }),
});
export type GymProfileSettingsInput = z.infer<typeof gymProfileSettingsInputSchema>;

export const gymRegionSettingsInputSchema = z.object({
  country: z.enum(gymCountries),
  /** An IANA zone the runtime knows (isValidTimeZone, the rule demo gyms are made with). */
  timeZone: z
    .string({ error: gymSettingsMessages.timeZoneInvalid })
    .trim()
    .max(64, gymSettingsMessages.timeZoneInvalid)
    .refine(isValidTimeZone, gymSettingsMessages.timeZoneInvalid),
});
export type GymRegionSettingsInput = z.infer<typeof gymRegionSettingsInputSchema>;

export const gymTaxSettingsInputSchema = z.object({ isTaxInclusive: z.boolean(), classTaxRateId: uuidSchema.nullable() });
export type GymTaxSettingsInput = z.infer<typeof gymTaxSettingsInputSchema>;

/** Issue 37 (decision 044): payroll. A class cancelled before it started pays nothing unless the gym chooses otherwise. */
export const gymPayrollSettingsInputSchema = z.object({ payCancelledClasses: z.boolean() });
export type GymPayrollSettingsInput = z.infer<typeof gymPayrollSettingsInputSchema>;

/** Spec 5's sender rules and texts. */
export const emailIdentityInputSchema = z.object({
  senderName: z
    .string({ error: senderNameMessages.required })
    .trim()
    .min(1, senderNameMessages.required)
    .refine((v) => v === '' || isValidSenderName(v), senderNameMessages.invalid),
  replyTo: z
    .string({ error: replyToMessages.required })
    .trim()
    .min(1, replyToMessages.required)
    .refine((v) => v === '' || isValidEmail(v), replyToMessages.invalid),
});
export type EmailIdentityInput = z.infer<typeof emailIdentityInputSchema>;

export const gymSettingsSchema = z.object({
  gymId: z.uuid(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.object({ addressLines: z.array(z.string()), locality: z.string(), region: z.string(), zipCode: z.string() }),
  /** The logo (spec 3 Gym profilePicture), uploaded through POST /api/gyms/{gymId}/profile-picture/. */
  profilePicture: z.string().nullable(),
  country: z.enum(gymCountries),
  timeZone: z.string(),
  isTaxInclusive: z.boolean(),
  classTaxRate: taxRateSchema.nullable(),
  classDefaults: classDefaultsSchema,
  kiosk: kioskSettingsAnswerSchema,
  payroll: gymPayrollSettingsInputSchema,
  emailIdentity: z.object({
    /** null until set: mails go out under the gym's title. */
    senderName: z.string().nullable(),
    replyTo: z.string().nullable(),
    /** What From says now: `"{senderName or title}" <{fromAddress}>`. */
    fromAddress: z.string(),
  }),
  /** Demo gyms have no sales portal (spec 6) and no payments. */
  isDemo: z.boolean(),
});
export type GymSettings = z.infer<typeof gymSettingsSchema>;
