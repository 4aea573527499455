import { z } from 'zod';
import { billingIntervals, billingStarts, packageKinds, sessionPeriods } from '../rules/packages';
import { searchTermSchema, uuidSchema } from './common';
import { pageSchema } from './common';
import { priceMinorSchema, feeMinorSchema, setupMessages, setupNameSchema, setupStatuses, setupStateFields } from './event-setup';
import { taxRateSchema } from './events';

/**
 * Issue 18 `/products/packages` (decision 032): the package catalogue. A package (membership, class pack, drop-in,
 * trial) with what it covers, its limits and fees, and one or more billing plans. Money in integer minor units, as the
 * class types take it.
 */

export const packageMessages = {
  categoryTooLong: 'The category can be at most 60 characters.',
  descriptionTooLong: 'The description can be at most 10,000 characters.',
  kindInvalid: 'Choose a kind: membership, class pack, drop-in or trial.',
  creditsMin: 'Credits are at least 1.',
  creditsMax: 'Credits are at most 1,000.',
  classPackCredits: 'A class pack needs its number of credits.',
  classPackValidity: 'A class pack needs the days its credits last.',
  dropInCredits: 'A drop-in gives exactly 1 credit.',
  trialAllowance: 'A trial needs credits or a number of days.',
  membershipCredits: 'A membership has no credits: it is unlimited or N classes a week or month.',
  sessionsPerRequired: 'Choose whether the classes are a week or a month.',
  sessionsLimitRequired: 'Enter how many classes, or leave both empty for unlimited.',
  sessionsOnlyMembership: 'Only a membership has classes a week or month.',
  sessionsMin: 'At least 1 class.',
  sessionsMax: 'At most 100 classes.',
  validityMin: 'At least 1 day.',
  validityMax: 'At most 3,650 days (10 years).',
  limitMin: 'A limit is at least 1; leave it empty for no limit.',
  limitMax: 'A limit is at most 100.',
  noticeMax: 'At most 365 days of notice.',
  portalOrderInvalid: 'The order is 0 to 1,000.',
  classTypesRequired: 'Choose the class types it covers, or cover them all.',
  classTypeTwice: 'Each class type can be chosen once.',
  appointmentTypeTwice: 'Each appointment type can be chosen once.',
  plansRequired: 'Add at least one billing plan.',
  plansMax: 'At most 10 billing plans.',
  planNameRequired: 'Name the billing plan.',
  planNameTooLong: 'A plan name can be at most 60 characters.',
  planIntervalInvalid: 'Choose week, month or year.',
  intervalCountMin: 'Every 1 interval at least.',
  intervalCountMax: 'At most every 52 intervals.',
  paymentCountMin: 'At least 1 payment; leave it empty until cancelled.',
  paymentCountMax: 'At most 520 payments.',
  dayOfMonthRequired: 'Choose the day of the month (1 to 28).',
  dayOfMonthRange: 'The day of the month is 1 to 28.',
  dayOfMonthOnlyFixed: 'Only a plan that starts on a day of the month has one.',
  planNameTwice: 'Two plans have this name.',
  planNotFound: 'Billing plan not found: it is not one of this package.',
  packageNotFound: 'Package not found.',
  nameTaken: 'A package with this name already exists.',
  restoreNameTaken: 'Another active package is already called this. Rename one of them before restoring.',
} as const;

const whole = () => z.number({ error: setupMessages.wholeNumber }).int(setupMessages.wholeNumber);
const optionalWhole = (min: number, minMessage: string, max: number, maxMessage: string) =>
  whole().min(min, minMessage).max(max, maxMessage).nullable().default(null);

export const billingPlanInputSchema = z
  .object({
    /** A plan of the package kept as it is (its id); absent: a new plan. */
    billingPlanId: uuidSchema.optional(),
    name: z.string({ error: packageMessages.planNameRequired }).trim().min(1, packageMessages.planNameRequired).max(60, packageMessages.planNameTooLong),
    priceMinor: priceMinorSchema,
    interval: z.enum(billingIntervals, { error: packageMessages.planIntervalInvalid }).default('month'),
    intervalCount: whole().min(1, packageMessages.intervalCountMin).max(52, packageMessages.intervalCountMax).default(1),
    /** How many payments; null: until cancelled. */
    paymentCount: optionalWhole(1, packageMessages.paymentCountMin, 520, packageMessages.paymentCountMax),
    startsOn: z.enum(billingStarts, { error: 'Choose on purchase or on a day of the month.' }).default('purchase'),
    dayOfMonth: optionalWhole(1, packageMessages.dayOfMonthRange, 28, packageMessages.dayOfMonthRange),
    prorate: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    if (p.startsOn === 'day_of_month' && p.dayOfMonth === null)
      ctx.addIssue({ code: 'custom', message: packageMessages.dayOfMonthRequired, path: ['dayOfMonth'] });
    if (p.startsOn === 'purchase' && p.dayOfMonth !== null)
      ctx.addIssue({ code: 'custom', message: packageMessages.dayOfMonthOnlyFixed, path: ['dayOfMonth'] });
  });
export type BillingPlanInput = z.input<typeof billingPlanInputSchema>;

const idList = (twice: string) =>
  z
    .array(uuidSchema)
    .max(200)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, twice);

export const packageInputSchema = z
  .object({
    name: setupNameSchema,
    kind: z.enum(packageKinds, { error: packageMessages.kindInvalid }),
    category: z.string().trim().max(60, packageMessages.categoryTooLong).default(''),
    /** Rich text (HTML), sanitised by the server. */
    description: z.string().max(10_000, packageMessages.descriptionTooLong).default(''),
    credits: optionalWhole(1, packageMessages.creditsMin, 1000, packageMessages.creditsMax),
    sessionsLimit: optionalWhole(1, packageMessages.sessionsMin, 100, packageMessages.sessionsMax),
    sessionsPer: z.enum(sessionPeriods, { error: packageMessages.sessionsPerRequired }).nullable().default(null),
    validityDays: optionalWhole(1, packageMessages.validityMin, 3650, packageMessages.validityMax),
    limitPerDay: optionalWhole(1, packageMessages.limitMin, 100, packageMessages.limitMax),
    limitPerWeek: optionalWhole(1, packageMessages.limitMin, 100, packageMessages.limitMax),
    coversAllClassTypes: z.boolean().default(true),
    classTypeIds: idList(packageMessages.classTypeTwice),
    coversAllAppointmentTypes: z.boolean().default(false),
    appointmentTypeIds: idList(packageMessages.appointmentTypeTwice),
    signUpFeeMinor: feeMinorSchema.default(0),
    taxRateId: uuidSchema.nullable().default(null),
    familySharing: z.boolean().default(false),
    showInPortal: z.boolean().default(false),
    portalOrder: whole().min(0, packageMessages.portalOrderInvalid).max(1000, packageMessages.portalOrderInvalid).default(0),
    cancellationNoticeDays: whole().min(0, packageMessages.noticeMax).max(365, packageMessages.noticeMax).default(0),
    billingPlans: z.array(billingPlanInputSchema).min(1, packageMessages.plansRequired).max(10, packageMessages.plansMax),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    switch (p.kind) {
      case 'class_pack':
        if (p.credits === null) issue('credits', packageMessages.classPackCredits);
        if (p.validityDays === null) issue('validityDays', packageMessages.classPackValidity);
        break;
      case 'drop_in':
        if (p.credits !== 1) issue('credits', packageMessages.dropInCredits);
        break;
      case 'trial':
        if (p.credits === null && p.validityDays === null) issue('validityDays', packageMessages.trialAllowance);
        break;
      case 'membership':
        if (p.credits !== null) issue('credits', packageMessages.membershipCredits);
        if (p.sessionsLimit !== null && p.sessionsPer === null) issue('sessionsPer', packageMessages.sessionsPerRequired);
        if (p.sessionsLimit === null && p.sessionsPer !== null) issue('sessionsLimit', packageMessages.sessionsLimitRequired);
        break;
    }
    if (p.kind !== 'membership' && (p.sessionsLimit !== null || p.sessionsPer !== null)) issue('sessionsLimit', packageMessages.sessionsOnlyMembership);
    if (!p.coversAllClassTypes && p.classTypeIds.length === 0 && (p.coversAllAppointmentTypes || p.appointmentTypeIds.length === 0)) {
      issue('classTypeIds', packageMessages.classTypesRequired);
    }
    const names = new Map<string, number>();
    p.billingPlans.forEach((plan, i) => {
      const key = plan.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', message: packageMessages.planNameTwice, path: ['billingPlans', i, 'name'] });
      names.set(key, i);
    });
  });
export type PackageInput = z.input<typeof packageInputSchema>;
export type PackageInputParsed = z.output<typeof packageInputSchema>;

export const billingPlanSchema = z.object({
  billingPlanId: z.uuid(),
  name: z.string(),
  priceMinor: z.number().int(),
  interval: z.enum(billingIntervals),
  intervalCount: z.number().int(),
  paymentCount: z.number().int().nullable(),
  startsOn: z.enum(billingStarts),
  dayOfMonth: z.number().int().nullable(),
  prorate: z.boolean(),
  /** Athletes hold packages sold on this plan (then a removed plan is archived, not deleted). */
  inUse: z.boolean(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const packageSchema = z.object({
  packageId: z.uuid(),
  name: z.string(),
  kind: z.enum(packageKinds),
  category: z.string(),
  description: z.string(),
  credits: z.number().int().nullable(),
  sessionsLimit: z.number().int().nullable(),
  sessionsPer: z.enum(sessionPeriods).nullable(),
  validityDays: z.number().int().nullable(),
  limitPerDay: z.number().int().nullable(),
  limitPerWeek: z.number().int().nullable(),
  coversAllClassTypes: z.boolean(),
  classTypeIds: z.array(z.uuid()),
  coversAllAppointmentTypes: z.boolean(),
  appointmentTypeIds: z.array(z.uuid()),
  signUpFeeMinor: z.number().int(),
  taxRate: taxRateSchema.nullable(),
  familySharing: z.boolean(),
  showInPortal: z.boolean(),
  portalOrder: z.number().int(),
  cancellationNoticeDays: z.number().int(),
  /** Active plans, in their order. */
  billingPlans: z.array(billingPlanSchema),
  /** Packages athletes hold (any status). */
  holders: z.number().int(),
  ...setupStateFields,
  createdAt: z.string(),
});
export type Package = z.infer<typeof packageSchema>;
export const packagePageSchema = pageSchema(packageSchema);

export const packageSortKeys = ['name', '-name', 'kind', 'category', 'created', '-created', 'portal'] as const;
export type PackageSortKey = (typeof packageSortKeys)[number];

export const packageFilterSchema = z.object({
  search: searchTermSchema,
  status: z.enum(setupStatuses).default('active'),
  kind: z.enum(packageKinds).optional(),
  category: z.string().trim().max(60).optional(),
  sort: z.enum(packageSortKeys).default('name'),
});
export type PackageFilter = z.infer<typeof packageFilterSchema>;

/** The categories the gym's packages use (the list's category filter). */
export const packageCategoriesSchema = z.object({ results: z.array(z.string()) });

export const PACKAGE_PAGE_SIZE = 20;
export const packageListQuerySchema = packageFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(PACKAGE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;
