import { pgEnum } from 'drizzle-orm/pg-core';
import {
  invoiceSources,
  invoiceStatuses,
  paymentChannels,
  paymentKinds,
  paymentMethodTypes,
  paymentStatuses,
  athletePackageSources,
  athletePackageStatuses,
  bannerAudiences,
  billingIntervals,
  billingStarts,
  creditReasons,
  demoGymTypes,
  gymCountries,
  packageKinds,
  productKinds,
  roles,
  sessionPeriods,
  stripeAccountTypes,
  stripeStatuses,
} from '@spotter/shared';

export const bannerAudienceEnum = pgEnum('banner_audience', bannerAudiences);
export const roleEnum = pgEnum('role', roles);
export const countryEnum = pgEnum('country', gymCountries);
export const demoGymTypeEnum = pgEnum('demo_gym_type', demoGymTypes);
export const stripeStatusEnum = pgEnum('stripe_status', stripeStatuses);
export const stripeAccountTypeEnum = pgEnum('stripe_account_type', stripeAccountTypes);
/** Issue 19: invoice states and sources, payment kinds, channels, statuses and saved method types (shared rules/invoices.ts). */
export const invoiceStatusEnum = pgEnum('invoice_status', invoiceStatuses);
export const invoiceSourceEnum = pgEnum('invoice_source', invoiceSources);
export const paymentKindEnum = pgEnum('payment_kind', paymentKinds);
export const paymentChannelEnum = pgEnum('payment_channel', paymentChannels);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);
export const paymentMethodTypeEnum = pgEnum('payment_method_type', paymentMethodTypes);
export const userTokenKindEnum = pgEnum('user_token_kind', ['password_reset', 'activation']);
export const impersonationActionEnum = pgEnum('impersonation_action', ['start', 'stop']);
export const eventKindEnum = pgEnum('event_kind', ['class', 'appointment']);
export const chargeReasonEnum = pgEnum('charge_reason', ['late_cancel', 'no_show']);
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed']);
/** Issue 17/18: what a package is, and where an athlete's package stands. */
export const packageKindEnum = pgEnum('package_kind', packageKinds);
export const athletePackageStatusEnum = pgEnum('athlete_package_status', athletePackageStatuses);
export const sessionPeriodEnum = pgEnum('session_period', sessionPeriods);
export const billingIntervalEnum = pgEnum('billing_interval', billingIntervals);
export const billingStartEnum = pgEnum('billing_start', billingStarts);
export const creditReasonEnum = pgEnum('credit_reason', creditReasons);
export const athletePackageSourceEnum = pgEnum('athlete_package_source', athletePackageSources);
export const productKindEnum = pgEnum('product_kind', productKinds);
