import { z } from 'zod';

/** Issue 40 (decision 046): the single sign-on providers of spec 1, by the name their routes use. */
export const ssoProviders = ['google', 'facebook', 'apple', 'integration'] as const;
export type SsoProvider = (typeof ssoProviders)[number];

export const ssoProviderLabels: Record<SsoProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
  integration: 'your organisation',
};

export const ssoProviderParamsSchema = z.object({ provider: z.enum(ssoProviders, { error: 'Unknown sign-in provider.' }) });

/** Where a sign-in started: a sales portal's slug makes a new person an athlete of its gym. */
export const ssoStartQuerySchema = z.object({
  portal: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});

/**
 * What a provider sends back to the callback (query string, or Apple's form_post body). Only these are read; the
 * values are checked by the OpenID / OAuth libraries against the stored flow.
 */
export const ssoCallbackSchema = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    /** Apple: the name, sent only on the first sign-in (a JSON text). */
    user: z.string().max(4096).optional(),
    iss: z.string().max(500).optional(),
  })
  .loose();

/**
 * Why a sign-in failed, as the `reason` of /social-login-error: the page shows the message; no text from the provider is
 * shown to the user.
 */
export const ssoErrorMessages = {
  cancelled: 'The sign-in was cancelled at the provider, so you were not signed in.',
  state: 'This sign-in link has expired or was already used. Start the sign-in again from the login page.',
  provider: 'The provider could not confirm who you are. Please try again, or log in with your email and password.',
  unavailable: 'This way of signing in is not available. Log in with your email and password.',
  no_email:
    'The provider did not share your email address, so we cannot find your account. Allow access to your email, or log in with your email and password.',
  unverified_email:
    'An account with this email already exists, but the provider has not confirmed that the email is yours. Log in with your email and password, then link this provider from Account.',
  no_account: 'No Spotter account uses this email yet. Ask your gym for an invitation, or sign up in its online store.',
  inactive: 'This account is not active yet. Use the activation link we emailed you.',
  taken: 'This provider account is already linked to another Spotter login.',
  throttled: 'Too many sign-in attempts from your network. Please wait a moment and try again.',
  portal: 'We could not add you to this gym. Ask the front desk to give you access.',
} as const;
export type SsoErrorReason = keyof typeof ssoErrorMessages;

export const ssoIdentitySchema = z.object({
  provider: z.enum(ssoProviders),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;

/** Account's "Sign-in methods": the password (set or not) and each provider, linked or available to link. */
export const signInMethodsSchema = z.object({
  hasPassword: z.boolean(),
  identities: z.array(ssoIdentitySchema),
  /** The providers configured on this server (what may be linked). */
  available: z.array(z.enum(ssoProviders)),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const ssoMessages = {
  lastSignInMethod: 'This is your only way to sign in. Set a password (Forgot password? on the login page) or link another provider first.',
  notLinked: 'This provider is not linked to your login.',
  linked: 'The provider was linked. You can now sign in with it.',
} as const;
