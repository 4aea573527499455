export const roles = ['athlete', 'staff', 'owner', 'kilo_staff'] as const;
export type Role = (typeof roles)[number];

export const gymCountries = ['US', 'GB', 'CA'] as const;
export type GymCountry = (typeof gymCountries)[number];

export const demoGymTypes = ['PERSISTENT', 'TIME_LIMITED'] as const;
export type DemoGymType = (typeof demoGymTypes)[number];

/** Payment-provider status of a gym; Onboard limits the app to the onboarding page (spec 2.1). */
export const stripeStatuses = ['Onboard', 'Active', 'Restricted', 'Disabled'] as const;
export type StripeStatus = (typeof stripeStatuses)[number];

export const stripeAccountTypes = ['standard', 'express', 'custom'] as const;
export type StripeAccountType = (typeof stripeAccountTypes)[number];

/** Spec 6: the named staff permissions. */
export const permissions = [
  'BusinessMetricsReportsView',
  'AccountingReportsView',
  'PaymentReportsView',
  'AthleteReportsView',
  'PackageReportsView',
  'UtilizationReportsView',
  'Kiosk',
  'AthleteView',
  'StaffView',
  'InvoiceReportsView',
  'PayrollReportView',
  'PayrollMutate',
  'FlowView',
  'FlowMutate',
  'GymMutate',
] as const;
export type Permission = (typeof permissions)[number];

/** Demo access lasts 48 hours (spec 1, 9). */
export const DEMO_ACCESS_HOURS = 48;
