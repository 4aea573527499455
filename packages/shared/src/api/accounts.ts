import { z } from 'zod';
import { emailSchema, messages, newPasswordSchema } from '../validation';

/** Password reset and account activation (issue 3: the logged-out pages). */
export const resetPasswordInputSchema = z.object({ email: emailSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

const linkFields = {
  uid: z.string({ error: 'The link is incomplete.' }).min(1, 'The link is incomplete.').max(100),
  token: z.string({ error: 'The link is incomplete.' }).min(1, 'The link is incomplete.').max(200),
};

export const resetPasswordConfirmInputSchema = z
  .object({
    ...linkFields,
    newPassword: newPasswordSchema,
    reNewPassword: z.string({ error: messages.required }),
  })
  .refine((v) => v.newPassword === v.reNewPassword, { message: messages.passwordMismatch, path: ['reNewPassword'] });
export type ResetPasswordConfirmInput = z.infer<typeof resetPasswordConfirmInputSchema>;

export const activationInputSchema = z.object(linkFields);
export type ActivationInput = z.infer<typeof activationInputSchema>;

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, we have sent a link to reset its password.';
export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is invalid or has expired.';
export const ACTIVATION_LINK_INVALID_MESSAGE = 'This activation link is invalid or has expired.';
