import { z } from 'zod';
import { billingPlanSchema } from './packages';
import { gymCountries } from '../roles';
import { packageKinds, portalPaymentMethods } from '../rules/packages';
import { emailSchema, messages, nameSchema, newPasswordSchema } from '../validation';
import { uuidSchema } from './common';
import { SALES_PORTAL_SLUG_PATTERN, portalAccentColors, salesPortalMessages } from '../rules/sales-portal';
import { sessionSchema } from './auth';

/**
 * Issue 18: the gym's public sales portal (spec 2.7 sales-portal/{salesPortalSlug}, spec 2.4 /packages/sales-portal).
 * Staff set it up on /products/sales-portal; anyone may read an enabled portal of a real (not demo) gym.
 */

/** A slug in a path: any text (an unknown one is a 404), bounded. */
export const salesPortalSlugParamsSchema = z.object({ salesPortalSlug: z.string().min(1).max(100) });
export const salesPortalPackageParamsSchema = salesPortalSlugParamsSchema.extend({ packageId: uuidSchema });

export const salesPortalSlugSchema = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .regex(SALES_PORTAL_SLUG_PATTERN, salesPortalMessages.slugShape);

/** The settings screen's package row: in portal order (shown ones first), then the others by name. */
export const salesPortalPackageRowSchema = z.object({
  packageId: z.uuid(),
  name: z.string(),
  kind: z.enum(packageKinds),
  showInPortal: z.boolean(),
  portalOrder: z.number().int(),
  billingPlanCount: z.number().int(),
});

export const salesPortalSettingsSchema = z.object({
  isEnabled: z.boolean(),
  slug: z.string(),
  headline: z.string(),
  introduction: z.string(),
  accentColor: z.enum(portalAccentColors),
  allowPayAtDesk: z.boolean(),
  /** False until the gym saves its settings the first time (the slug is then a suggestion). */
  isSaved: z.boolean(),
  packages: z.array(salesPortalPackageRowSchema),
});
export type SalesPortalSettings = z.infer<typeof salesPortalSettingsSchema>;

export const updateSalesPortalInputSchema = z.object({
  isEnabled: z.boolean(),
  slug: salesPortalSlugSchema,
  headline: z.string().trim().max(120, 'Keep the headline under 120 characters.').default(''),
  introduction: z.string().max(20_000).default(''),
  accentColor: z.enum(portalAccentColors).default('blue'),
  allowPayAtDesk: z.boolean().default(true),
  /** The packages shown, in order (the gym's other packages are hidden). */
  shownPackageIds: z.array(uuidSchema).max(200).default([]),
});
export type UpdateSalesPortalInput = z.input<typeof updateSalesPortalInputSchema>;

/** A plan as the portal shows it: the catalogue's billing plan without whether athletes hold it. */
export const portalBillingPlanSchema = billingPlanSchema.omit({ inUse: true });
export type PortalBillingPlan = z.infer<typeof portalBillingPlanSchema>;

export const portalPackageSchema = z.object({
  packageId: z.uuid(),
  name: z.string(),
  kind: z.enum(packageKinds),
  category: z.string(),
  /** Sanitised rich text. */
  description: z.string(),
  credits: z.number().int().nullable(),
  sessionsLimit: z.number().int().nullable(),
  sessionsPer: z.enum(['week', 'month']).nullable(),
  validityDays: z.number().int().nullable(),
  signUpFeeMinor: z.number().int(),
  /** The package's tax rate as a percent (null: no tax). */
  taxPercent: z.number().nullable(),
  billingPlans: z.array(portalBillingPlanSchema),
});
export type PortalPackage = z.infer<typeof portalPackageSchema>;

export const salesPortalSchema = z.object({
  slug: z.string(),
  gym: z.object({ title: z.string(), country: z.enum(gymCountries), isTaxInclusive: z.boolean(), timeZone: z.string(), logo: z.string().nullable() }),
  currency: z.enum(['USD', 'CAD', 'GBP']),
  /** Spec 9 wording: "Pre-tax"/"Tax" (US, Canada), "Total"/"VAT" (UK). */
  amountLabel: z.enum(['Pre-tax', 'Total']),
  taxLabel: z.enum(['Tax', 'VAT']),
  headline: z.string(),
  introduction: z.string(),
  accentColor: z.enum(portalAccentColors),
  allowPayAtDesk: z.boolean(),
  /** The gym takes cards online (a payment provider on the server and the gym's account able to charge). */
  acceptsCards: z.boolean(),
  /** Today in the gym's zone: the first day of a purchase (the first charge's proration counts from it). */
  today: z.string(),
  packages: z.array(portalPackageSchema),
});
export type SalesPortal = z.infer<typeof salesPortalSchema>;

export const portalAccountInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type PortalAccountInput = z.input<typeof portalAccountInputSchema>;

export const portalLoginInputSchema = z.object({
  email: z.string({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).max(254, messages.emailInvalid),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(256),
});
export type PortalLoginInput = z.input<typeof portalLoginInputSchema>;

export const portalPurchaseInputSchema = z.object({
  packageId: uuidSchema,
  billingPlanId: uuidSchema,
  /** A card (the sale's invoice is then paid in the flow with a saved method), or at the front desk. */
  paymentMethod: z.enum(portalPaymentMethods, { error: salesPortalMessages.choosePayment }),
  idempotencyKey: z.string().min(8).max(100),
});
export type PortalPurchaseInput = z.input<typeof portalPurchaseInputSchema>;

/** A document the buyer is asked to sign (issued on sign-up, before booking, or by this purchase) and has not yet. */
export const portalDocumentSchema = z.object({ documentId: z.uuid(), title: z.string() });

export const portalPurchaseSchema = z.object({
  athletePackageId: z.uuid(),
  created: z.boolean(),
  session: sessionSchema,
  /** The sale's invoice (null: nothing to pay) and what is still due on it. */
  invoiceId: z.uuid().nullable(),
  dueMinor: z.number().int(),
  paymentMethod: z.enum(portalPaymentMethods),
  /** The buyer's required documents still unsigned, oldest first: signed next in the flow, before paying. */
  documents: z.array(portalDocumentSchema),
});
export type PortalPurchase = z.infer<typeof portalPurchaseSchema>;

export const mySalesPortalSchema = z.object({ slug: z.string() });
