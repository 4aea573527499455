/**
 * Issue 18: what a gym sells. The kinds, billing intervals and credit-ledger reasons, shared by the database enums,
 * the API and the screens. The rules that read them (eligibility, the ledger's balance, prices in the gym's country)
 * live beside them in packages/shared/src/rules and in the server's domain modules (modules/athlete-packages).
 */

/** Spec-adjacent package kinds (decision 032): recurring memberships, class packs, drop-ins and trials. */
export const packageKinds = ['membership', 'class_pack', 'drop_in', 'trial'] as const;
export type PackageKind = (typeof packageKinds)[number];
export const packageKindLabels: Record<PackageKind, string> = {
  membership: 'Membership',
  class_pack: 'Class pack',
  drop_in: 'Drop-in',
  trial: 'Trial',
};

/** A membership's allowance: unlimited, or N classes a week or a month (packages.sessionsPer). */
export const sessionPeriods = ['week', 'month'] as const;
export type SessionPeriod = (typeof sessionPeriods)[number];

/** A billing plan charges every intervalCount intervals, paymentCount times (null: until cancelled). */
export const billingIntervals = ['week', 'month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** A billing plan starts on the day of purchase, or on a fixed day of the month (with a prorated first charge). */
export const billingStarts = ['purchase', 'day_of_month'] as const;
export type BillingStart = (typeof billingStarts)[number];

/** Where an athlete's package stands (athlete_packages.status). */
export const athletePackageStatuses = ['active', 'on_hold', 'cancelled', 'ended'] as const;
export type AthletePackageStatus = (typeof athletePackageStatuses)[number];

/** Why a credit-ledger row moved a balance: each grant, deduction and restore is one row (credit_ledger). */
export const creditReasons = ['grant', 'booking', 'cancel_restore', 'late_cancel', 'no_show', 'renewal', 'adjustment', 'expiry'] as const;
export type CreditReason = (typeof creditReasons)[number];

/** How an athlete package came to be. */
export const athletePackageSources = ['staff', 'sales_portal', 'athlete_app', 'import', 'seed'] as const;
export type AthletePackageSource = (typeof athletePackageSources)[number];

/** What the product catalogue's one-off items are: retail stock, or a fee (drop-in, towel, late fee). */
export const productKinds = ['retail', 'fee'] as const;
export type ProductKind = (typeof productKinds)[number];

/** How a sales-portal buyer pays: by card in the flow (the sale's invoice charged to a saved method), or at the front desk. */
export const portalPaymentMethods = ['front_desk', 'card'] as const;
export type PortalPaymentMethod = (typeof portalPaymentMethods)[number];
