import { z } from 'zod';
import { isValidEmail, isValidName, isValidPassword, messages } from './validation-rules';

export * from './validation-rules';
export * from './sender-rules';

export const emailSchema = z.string({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).refine(isValidEmail, messages.emailInvalid);

export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(256, messages.passwordRule)
  .refine(isValidPassword, messages.passwordRule);

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(150, messages.nameInvalid)
  .refine((v) => v === '' || isValidName(v), messages.nameInvalid);
