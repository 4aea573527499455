import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changeEmailInputSchema, changePasswordInputSchema, loginInputSchema } from './api/auth';
import { hasPermission } from './permissions';
import { permissions } from './roles';
import {
  emailSchema,
  isRichTextEmpty,
  isValidEmail,
  isValidName,
  isValidPassword,
  isValidSenderName,
  messages,
  nameSchema,
  newPasswordSchema,
} from './validation';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('spec 5 validation rules', () => {
  it('email: required, then a standard pattern, trimmed', () => {
    expect(firstMessage(emailSchema.safeParse(''))).toBe(messages.emailRequired);
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe(messages.emailRequired);
    expect(firstMessage(emailSchema.safeParse('not-an-email'))).toBe(messages.emailInvalid);
    expect(emailSchema.parse('  coach@gym.example.com ')).toBe('coach@gym.example.com');
    for (const bad of ['a@b', '@b.com', 'a@@b.com', 'a b@c.com', 'a@b..com']) expect(isValidEmail(bad)).toBe(false);
  });

  it('password: 8+ characters with a digit, a lowercase and an uppercase letter', () => {
    expect(firstMessage(newPasswordSchema.safeParse(''))).toBe(messages.passwordRequired);
    for (const bad of ['Short1a', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      expect(firstMessage(newPasswordSchema.safeParse(bad))).toBe(messages.passwordRule);
    }
    expect(isValidPassword('Spotter123')).toBe(true);
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 30 }), (s) => {
        const valid = s.length >= 8 && /\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s);
        expect(isValidPassword(s)).toBe(valid);
      }),
    );
  });

  it('name: required and free of the forbidden characters', () => {
    expect(firstMessage(nameSchema.safeParse(''))).toBe(messages.nameRequired);
    for (const c of [';', '<', '>', '≤', '≥', '`', '~', '§', '±', '!', '@', '#', '$', '%', '^', '&', '*', '_', '=', '+', '≠', '{', '}', '|', '"', '?', '÷']) {
      expect(isValidName(`Ann${c}`), c).toBe(false);
    }
    expect(isValidName("Siobhán O'Brien-Smith")).toBe(true);
    expect(firstMessage(nameSchema.safeParse('Bob!'))).toBe(messages.nameInvalid);
  });

  it('sender name: 1 to 64 of letters, digits, spaces, apostrophes, ampersands, periods and hyphens', () => {
    expect(isValidSenderName("Iron Temple & Co. - Jo's")).toBe(true);
    expect(isValidSenderName('')).toBe(false);
    expect(isValidSenderName('x'.repeat(65))).toBe(false);
    expect(isValidSenderName('Hi!')).toBe(false);
  });

  it('rich text: empty when null, blank, only paragraph or line-break tags, or an empty list', () => {
    for (const empty of [null, undefined, '', '<p></p>', '<p><br></p>', '<br/><p> </p>', '<p style="text-align: center"></p>', '<P><BR class="x"></P>', []])
      expect(isRichTextEmpty(empty)).toBe(true);
    expect(isRichTextEmpty('<pre>x</pre>')).toBe(false);
    expect(isRichTextEmpty('<p style="text-align: center">Hi</p>')).toBe(false);
    expect(isRichTextEmpty('<p>Hi</p>')).toBe(false);
    expect(isRichTextEmpty([{ type: 'p' }])).toBe(false);
  });

  it('login, change-email and change-password forms', () => {
    const login = loginInputSchema.safeParse({ email: '', password: '' });
    expect(login.error?.issues.map((i) => i.message)).toEqual([messages.emailRequired, messages.passwordRequired]);
    const email = changeEmailInputSchema.safeParse({ email: '', newEmail: 'a@example.com', reNewEmail: 'b@example.com' });
    expect(email.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', messages.required],
      ['reNewEmail', messages.emailsDoNotMatch],
    ]);
    const mismatch = changeEmailInputSchema.safeParse({ email: 'x@example.com', newEmail: 'a@example.com', reNewEmail: 'b@example.com' });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['reNewEmail', messages.emailsDoNotMatch]]);
    const pw = changePasswordInputSchema.safeParse({ password: 'x', newPassword: 'Better1234', reNewPassword: 'Better12345' });
    expect(pw.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['reNewPassword', messages.passwordsDoNotMatch]]);
  });
});

describe('spec 6 permission check', () => {
  it('denies no session, grants athletes, owners and platform staff, and staff only what they hold', () => {
    for (const p of permissions) {
      expect(hasPermission(null, p)).toBe(false);
      expect(hasPermission({ role: null, staff: null }, p)).toBe(false);
      expect(hasPermission({ role: 'athlete', staff: null }, p)).toBe(true);
      expect(hasPermission({ role: 'owner', staff: { permissions: [] } }, p)).toBe(true);
      expect(hasPermission({ role: 'kilo_staff', staff: null }, p)).toBe(true);
      expect(hasPermission({ role: 'staff', staff: { permissions: [p] } }, p)).toBe(true);
      expect(hasPermission({ role: 'staff', staff: { permissions: permissions.filter((x) => x !== p) } }, p)).toBe(false);
      expect(hasPermission({ role: 'staff', staff: null }, p)).toBe(false);
    }
  });
});
