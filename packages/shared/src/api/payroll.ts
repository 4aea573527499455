import { z } from 'zod';
import { isoDateSchema, uuidSchema } from './common';
import { MAX_PRICE_MINOR } from '../rules/money-limits';
import { payRateKinds, payTargets } from '../rules/payroll';

/** Issue 37 (decision 044): pay rates, their assignments, work categories, logged work and the payroll report. */

export const payrollMessages = {
  rateNotFound: 'This pay rate was not found.',
  rateNameTaken: 'A pay rate with this name already exists.',
  rateInUse:
    'This rate is assigned, so its amounts are fixed (past pay must not change): create a new rate and assign it from the date it applies, or archive this one.',
  rateInUseDelete: 'This rate has been assigned: archive it instead.',
  rateArchived: 'This pay rate is archived: restore it first.',
  rateKindForTarget:
    'This kind of rate cannot pay for that: classes take per-class, tiered or hourly rates; appointments per-appointment or hourly; work categories hourly; sales commission.',
  assignmentNotFound: 'This assignment was not found.',
  assignmentTaken: 'This staff member already has a rate for this starting on that date: remove it first.',
  staffNotFound: 'This staff member was not found.',
  targetNotFound: 'Choose what the rate pays for.',
  categoryNotFound: 'This work category was not found.',
  categoryNameTaken: 'A work category with this name already exists.',
  entryNotFound: 'This work entry was not found.',
  entryOverlaps: 'This time overlaps another of your entries.',
  entryApproved: 'This entry is approved and can no longer be changed.',
  entryNotPending: 'Only a pending entry can be approved or rejected.',
  endAfterStart: 'The end must be after the start.',
  timeOrDuration: 'Enter a start and end time, or a duration.',
  rangeTooLong: 'A report covers at most 93 days.',
  rangeOrder: 'The end date must be on or after the start date.',
  reasonRequired: 'Give a reason for the rejection.',
  noStaffRecord: 'Only staff members can log work.',
} as const;

const moneySchema = (label: string) =>
  z
    .number({ error: `Enter ${label}.` })
    .int(`Enter ${label} in whole cents.`)
    .min(0, `${label[0]!.toUpperCase()}${label.slice(1)} cannot be negative.`)
    .max(MAX_PRICE_MINOR, `${label[0]!.toUpperCase()}${label.slice(1)} can be at most 100,000.00.`);

export const payTierSchema = z.object({
  fromAthletes: z.number().int().min(0).max(1000),
  amountMinor: moneySchema('the tier amount'),
});

export const payRateInputSchema = z
  .object({
    name: z.string().trim().min(1, 'This field is required.').max(100, 'Use at most 100 characters.'),
    kind: z.enum(payRateKinds, { error: 'Choose the kind of rate.' }),
    amountMinor: moneySchema('the amount').default(0),
    perAthleteMinor: moneySchema('the amount per athlete').default(0),
    athleteThreshold: z.number().int().min(0, 'Cannot be negative.').max(1000).default(0),
    capMinor: moneySchema('the cap').nullable().default(null),
    tiers: z.array(payTierSchema).max(10, 'Use at most 10 tiers.').default([]),
    commissionBasisPoints: z.number().int().min(0, 'Cannot be negative.').max(10_000, 'At most 100%.').default(0),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'class_tiered') {
      const froms = v.tiers.map((t) => t.fromAthletes);
      if (v.tiers.length === 0 || !froms.includes(0)) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'The first tier starts at 0 athletes.' });
      if (new Set(froms).size !== froms.length) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'Two tiers start at the same attendance.' });
    }
    if (v.kind === 'commission' && v.commissionBasisPoints === 0)
      ctx.addIssue({ code: 'custom', path: ['commissionBasisPoints'], message: 'Enter a percentage above 0.' });
    if (v.kind === 'class_flat' && v.capMinor !== null && v.capMinor < v.amountMinor)
      ctx.addIssue({ code: 'custom', path: ['capMinor'], message: 'The cap cannot be below the flat amount.' });
  });
export type PayRateInput = z.input<typeof payRateInputSchema>;

export const payRateSchema = z.object({
  payRateId: z.uuid(),
  name: z.string(),
  kind: z.enum(payRateKinds),
  amountMinor: z.number().int(),
  perAthleteMinor: z.number().int(),
  athleteThreshold: z.number().int(),
  capMinor: z.number().int().nullable(),
  tiers: z.array(payTierSchema),
  commissionBasisPoints: z.number().int(),
  isArchived: z.boolean(),
  /** Assigned at least once: its amounts are fixed and it can only be archived. */
  inUse: z.boolean(),
});
export type PayRate = z.infer<typeof payRateSchema>;
export const payRateListSchema = z.object({ results: z.array(payRateSchema) });

export const payRatesQuerySchema = z.object({ status: z.enum(['active', 'archived', 'all']).default('active') });

export const workCategorySchema = z.object({ workCategoryId: z.uuid(), name: z.string(), isArchived: z.boolean() });
export type WorkCategory = z.infer<typeof workCategorySchema>;
export const workCategoryListSchema = z.object({ results: z.array(workCategorySchema) });
export const workCategoryInputSchema = z.object({ name: z.string().trim().min(1, 'This field is required.').max(60, 'Use at most 60 characters.') });

export const payAssignmentInputSchema = z
  .object({
    staffId: uuidSchema,
    target: z.enum(payTargets, { error: 'Choose what the rate pays for.' }),
    /** The class type, appointment type or work category; none for commission. */
    targetId: uuidSchema.nullable().default(null),
    payRateId: uuidSchema,
    startsOn: isoDateSchema,
  })
  .superRefine((v, ctx) => {
    if ((v.target === 'commission') !== (v.targetId === null)) ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Choose what the rate pays for.' });
  });
export type PayAssignmentInput = z.input<typeof payAssignmentInputSchema>;

export const payAssignmentSchema = z.object({
  assignmentId: z.uuid(),
  staffId: z.uuid(),
  staffName: z.string(),
  target: z.enum(payTargets),
  targetId: z.uuid().nullable(),
  targetName: z.string(),
  payRateId: z.uuid(),
  payRateName: z.string(),
  kind: z.enum(payRateKinds),
  startsOn: z.string(),
  /** Replaced by a later assignment of the same staff member and target (the date it ends, exclusive), or null. */
  endsBefore: z.string().nullable(),
});
export type PayAssignment = z.infer<typeof payAssignmentSchema>;
export const payAssignmentListSchema = z.object({ results: z.array(payAssignmentSchema) });
export const payAssignmentsQuerySchema = z.object({ staffId: uuidSchema.optional() });

/** What an assignment can point at: the gym's staff, class types, appointment types and work categories. */
export const payrollOptionsSchema = z.object({
  staff: z.array(z.object({ staffId: z.uuid(), name: z.string(), email: z.string() })),
  classTypes: z.array(z.object({ id: z.uuid(), name: z.string() })),
  appointmentTypes: z.array(z.object({ id: z.uuid(), name: z.string() })),
  locations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type PayrollOptions = z.infer<typeof payrollOptionsSchema>;

export const workEntryStatuses = ['pending', 'approved', 'rejected'] as const;
export type WorkEntryStatus = (typeof workEntryStatuses)[number];

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:MM.');

export const workEntryInputSchema = z
  .object({
    workCategoryId: uuidSchema,
    date: isoDateSchema,
    startTime: timeSchema.nullable().default(null),
    endTime: timeSchema.nullable().default(null),
    durationMinutes: z
      .number()
      .int()
      .min(1, 'Enter at least 1 minute.')
      .max(24 * 60, 'At most 24 hours.')
      .nullable()
      .default(null),
    note: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
  })
  .superRefine((v, ctx) => {
    const times = v.startTime !== null && v.endTime !== null;
    if (!times && v.durationMinutes === null) ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: payrollMessages.timeOrDuration });
    if ((v.startTime === null) !== (v.endTime === null))
      ctx.addIssue({ code: 'custom', path: [v.startTime === null ? 'startTime' : 'endTime'], message: payrollMessages.timeOrDuration });
    if (times && v.endTime! <= v.startTime!) ctx.addIssue({ code: 'custom', path: ['endTime'], message: payrollMessages.endAfterStart });
  });
export type WorkEntryInput = z.input<typeof workEntryInputSchema>;

export const workEntrySchema = z.object({
  workEntryId: z.uuid(),
  staffId: z.uuid(),
  staffName: z.string(),
  workCategoryId: z.uuid(),
  categoryName: z.string(),
  date: z.string(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  minutes: z.number().int(),
  note: z.string(),
  status: z.enum(workEntryStatuses),
  reviewReason: z.string(),
  reviewedByName: z.string().nullable(),
  /** Whether the caller may still change it (their own, not approved). */
  canEdit: z.boolean(),
});
export type WorkEntry = z.infer<typeof workEntrySchema>;
export const workEntryListSchema = z.object({ results: z.array(workEntrySchema) });

export const workEntriesQuerySchema = z.object({
  /** `mine` (default): the caller's own; `all`: everyone's (PayrollMutate), to approve. */
  scope: z.enum(['mine', 'all']).default('mine'),
  status: z.enum([...workEntryStatuses, 'any']).default('any'),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

export const workEntryReviewSchema = z
  .object({ decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(500, 'Use at most 500 characters.').default('') })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && v.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: payrollMessages.reasonRequired });
  });

const payrollReportFields = {
  from: isoDateSchema,
  to: isoDateSchema,
  staffId: uuidSchema.optional(),
  classTypeId: uuidSchema.optional(),
  locationId: uuidSchema.optional(),
};
const checkRange = (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: payrollMessages.rangeOrder });
  else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > 92) ctx.addIssue({ code: 'custom', path: ['to'], message: payrollMessages.rangeTooLong });
};
export const payrollReportQuerySchema = z.object(payrollReportFields).superRefine(checkRange);
export type PayrollReportQuery = z.infer<typeof payrollReportQuerySchema>;

export const payrollExportQuerySchema = z.object({ ...payrollReportFields, view: z.enum(['summary', 'lines']).default('summary') }).superRefine(checkRange);

export const payLineKinds = ['class', 'appointment', 'work', 'commission'] as const;
export type PayLineKind = (typeof payLineKinds)[number];

export const payLineSchema = z.object({
  kind: z.enum(payLineKinds),
  date: z.string(),
  /** What was paid for: the class or appointment type, the work category, "Sales". */
  item: z.string(),
  /** "8 checked in", "1 h 30 min", "Sold 1,250.00". */
  detail: z.string(),
  checkedIn: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  soldMinor: z.number().int().nullable(),
  payRateId: z.uuid().nullable(),
  /** Null: no rate assigned on that date (the line pays nothing). */
  rateName: z.string().nullable(),
  amountMinor: z.number().int(),
  /** A class cancelled before it started, paid because the gym pays cancelled classes (gym settings, payroll). */
  cancelled: z.boolean(),
});
export type PayLine = z.infer<typeof payLineSchema>;

const payTotalsShape = {
  classes: z.number().int(),
  classMinor: z.number().int(),
  appointments: z.number().int(),
  appointmentMinor: z.number().int(),
  workMinutes: z.number().int(),
  workMinor: z.number().int(),
  soldMinor: z.number().int(),
  commissionMinor: z.number().int(),
  totalMinor: z.number().int(),
};
export const payTotalsSchema = z.object(payTotalsShape);
export type PayTotals = z.infer<typeof payTotalsSchema>;

export const payrollRowSchema = z.object({ staffId: z.uuid(), name: z.string(), email: z.string(), ...payTotalsShape, lines: z.array(payLineSchema) });
export type PayrollRow = z.infer<typeof payrollRowSchema>;

export const payrollReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(payrollRowSchema),
  totals: payTotalsSchema,
  /** Held classes and appointments in the period nobody has a rate for (their lines pay 0). */
  unratedLines: z.number().int(),
});
export type PayrollReport = z.infer<typeof payrollReportSchema>;

/** Issue 37: a staff member's own pay for a period (the report's period rules), without PayrollReportView. */
export const myPayQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema }).superRefine(checkRange);
export type MyPayQuery = z.infer<typeof myPayQuerySchema>;
/** `row`: the caller's own row of the payroll report (null: nothing to pay, or the caller is no staff member). */
export const myPaySchema = z.object({ from: z.string(), to: z.string(), row: payrollRowSchema.nullable() });
export type MyPay = z.infer<typeof myPaySchema>;
