import { z } from 'zod';
import { demoGymTypes, permissions, roles, stripeAccountTypes, stripeStatuses } from '../roles';
import { emailSchema, messages, newPasswordSchema } from '../validation';
import { uuidSchema } from './common';

export const sessionSchema = z.object({
  user: z.object({ userId: z.uuid(), email: z.string() }),
  role: z.enum(roles).nullable(),
  gym: z
    .object({
      gymId: z.uuid(),
      title: z.string(),
      stripeStatus: z.enum(stripeStatuses),
      stripeAccountType: z.enum(stripeAccountTypes),
      ghlV2Enabled: z.boolean(),
    })
    .nullable(),
  // fullName: the chosen profile's name for the header (issue 23); older answers and stand-ins may leave it out.
  profile: z.object({ profileId: z.uuid(), fullName: z.string().nullable().optional() }).nullable(),
  athlete: z.object({ athleteId: z.uuid() }).nullable(),
  staff: z.object({ staffId: z.uuid(), permissions: z.array(z.enum(permissions)) }).nullable(),
  kiloStaff: z.object({ kiloStaffId: z.uuid(), isSalesTeam: z.boolean() }).nullable(),
  // CONTRACT.md has expiresAt; type and isActive let the web app tell a persistent demo and a switched-off one (decision 008).
  demoGym: z.object({ expiresAt: z.string().nullable(), type: z.enum(demoGymTypes), isActive: z.boolean() }).nullable(),
  isImpersonating: z.boolean(),
  /** Issue 20: this device is handed to a walk-in to sign this document (decision 035); the app shows only that. */
  signingDocumentId: z.uuid().nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export const csrfResponseSchema = z.object({ csrfToken: z.string() });

export const loginInputSchema = z.object({
  email: z.string({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).max(254, messages.emailInvalid),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(256),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const selectProfileInputSchema = z.object({ profileId: uuidSchema });
export type SelectProfileInput = z.infer<typeof selectProfileInputSchema>;

export const impersonateInputSchema = selectProfileInputSchema;

/** Spec 3 and 5: the change-email form. */
export const changeEmailInputSchema = z
  .object({
    email: z.string({ error: messages.required }).trim().min(1, messages.required),
    newEmail: emailSchema,
    reNewEmail: z.string({ error: messages.required }).trim(),
  })
  .refine((v) => v.newEmail.toLowerCase() === v.reNewEmail.toLowerCase(), {
    message: messages.emailsDoNotMatch,
    path: ['reNewEmail'],
  });
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

/** Spec 3 and 5: the change-password form. */
export const changePasswordInputSchema = z
  .object({
    password: z.string({ error: messages.required }).min(1, messages.required).max(256),
    newPassword: newPasswordSchema,
    reNewPassword: z.string({ error: messages.required }),
  })
  .refine((v) => v.newPassword === v.reNewPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['reNewPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
