/**
 * Issue 18: the sales portal's constants, without zod, so the public portal page (a first screen on a phone) reads them
 * without loading the API schemas.
 */

/** Mantine's colour names: the portal's accent (buttons, prices). */
export const portalAccentColors = ['blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange', 'red', 'pink', 'grape', 'violet', 'indigo', 'dark'] as const;
export type PortalAccentColor = (typeof portalAccentColors)[number];

/** Lowercase letters, digits and hyphens, 3 to 50, starting and ending with a letter or digit (sales_portals CHECK). */
export const SALES_PORTAL_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/;

export const salesPortalMessages = {
  slugShape: 'Use 3 to 50 lowercase letters, digits and hyphens, starting and ending with a letter or digit.',
  slugTaken: 'Another gym already uses this address. Choose another one.',
  portalNotFound: 'This sales portal does not exist or is closed.',
  packageNotFound: 'This package is not sold here.',
  demoGym: 'Demo gyms do not have a sales portal.',
  /** Issue 32: the sign-up's one answer, whether or not the email has an account (the mail says which). */
  signUpSent: 'Check your email: we have sent you a link to activate your account. If this email already has an account, the mail says how to log in instead.',
  payAtDeskOff: 'This gym does not take payment at the front desk. Pay by card.',
  cardUnavailable: 'This gym does not take cards online. Pay at the front desk.',
  packageOrder: 'List each package of the gym once.',
  noPayment: 'This gym takes no payment online yet. Ask the front desk.',
  choosePayment: 'Choose how to pay: by card or at the front desk.',
} as const;

/**
 * The shade of each accent that buttons fill with, and the text on it, so the label keeps 4.5:1 contrast (WCAG AA)
 * whichever colour the gym picks (Mantine's default palette).
 */
export const portalAccentShades: Record<PortalAccentColor, { shade: number; text: 'white' | 'black' }> = {
  blue: { shade: 8, text: 'white' },
  cyan: { shade: 9, text: 'white' },
  teal: { shade: 9, text: 'white' },
  green: { shade: 9, text: 'black' },
  lime: { shade: 8, text: 'black' },
  yellow: { shade: 7, text: 'black' },
  orange: { shade: 9, text: 'black' },
  red: { shade: 9, text: 'white' },
  pink: { shade: 7, text: 'white' },
  grape: { shade: 7, text: 'white' },
  violet: { shade: 6, text: 'white' },
  indigo: { shade: 7, text: 'white' },
  dark: { shade: 7, text: 'white' },
};
