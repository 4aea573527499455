import { z } from 'zod';
import { reportTypes, type ReportType } from '../navigation';
import { MAX_REPORT_DAYS, MISSING_DAYS, rangeDays, reportCharts, reportDrills, reportUnits } from '../rules/report-basics';
import { isoDateAnswerSchema, isoDateSchema, queryBooleanSchema, uuidSchema } from './common';

/**
 * Issue 21 (decision 037): what every report answers, the dashboard and the whole-gym export. Money is in minor units of
 * the gym's currency; dates are the gym's local dates (YYYY-MM-DD).
 */

export const reportTypeSchema = z.enum(reportTypes as [ReportType, ...ReportType[]]);

const rangeMessages = {
  order: 'The end date must be on or after the start date.',
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days.`,
} as const;
export const reportRangeMessages = rangeMessages;

const rangeFields = {
  from: isoDateSchema,
  to: isoDateSchema,
  /** Narrows the reports about visits and classes to one location (others ignore it). */
  locationId: uuidSchema.optional(),
  /** Missing members' N (days without a check-in). */
  days: z.coerce.number().int().min(MISSING_DAYS.min).max(MISSING_DAYS.max).optional(),
  /** Compare with the previous period (default on). */
  compare: queryBooleanSchema.optional(),
};

const checkRange = <T extends { from: string; to: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', message: rangeMessages.order, path: ['to'] });
  else if (rangeDays(q.from, q.to) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', message: rangeMessages.tooLong, path: ['to'] });
};

export const reportQuerySchema = z.object(rangeFields).superRefine(checkRange);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** A drill-down: the athletes or invoices behind one row (its key) of the table, a page at a time. */
export const reportDetailsQuerySchema = z
  .object({
    ...rangeFields,
    key: z.string().trim().min(1).max(200),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine(checkRange);
export type ReportDetailsQuery = z.infer<typeof reportDetailsQuerySchema>;

export const reportColumnKinds = ['text', 'money', 'count', 'percent', 'date'] as const;
export type ReportColumnKind = (typeof reportColumnKinds)[number];

export const reportColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(reportColumnKinds) });
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** A table row: its cells by column key (money in minor units, percent as 0-100), and the key its drill-down takes. */
export const reportRowSchema = z.object({
  key: z.string(),
  cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** False when there is nothing behind it to list (a total row, an empty period). */
  canDrill: z.boolean(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** A point of the chart: a period (its first day) or a category, with the comparison period's value at the same place. */
export const reportPointSchema = z.object({ key: z.string(), label: z.string(), value: z.number(), previous: z.number().nullable() });
export type ReportPoint = z.infer<typeof reportPointSchema>;

export const reportSchema = z.object({
  type: reportTypeSchema,
  title: z.string(),
  definition: z.string(),
  unit: z.enum(reportUnits),
  chart: z.enum(reportCharts),
  drill: z.enum(reportDrills),
  from: isoDateAnswerSchema,
  to: isoDateAnswerSchema,
  /** The comparison period (null when compare=false). */
  previousFrom: isoDateAnswerSchema.nullable(),
  previousTo: isoDateAnswerSchema.nullable(),
  bucket: z.enum(['day', 'week', 'month', 'category']),
  /** ISO 4217 (the gym's country, spec 9) and its tax word ('VAT' or 'Tax'). */
  currency: z.string(),
  taxLabel: z.string(),
  timeZone: z.string(),
  /** The headline figure, and the comparison period's. */
  total: z.number(),
  previousTotal: z.number().nullable(),
  totalLabel: z.string(),
  points: z.array(reportPointSchema),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  /** More rows than REPORT_MAX_ROWS: the table (and its CSV) shows the first ones. */
  truncated: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

export const REPORT_MAX_ROWS = 2000;

/** One athlete or invoice behind a figure. */
export const reportDetailSchema = z.object({
  kind: z.enum(['athlete', 'invoice']),
  id: z.uuid(),
  /** The athlete's name, or "Invoice 123". */
  label: z.string(),
  /** A second line: the invoice's athlete, the athlete's email, the package… */
  detail: z.string(),
  athleteId: z.uuid().nullable(),
  invoiceId: z.uuid().nullable(),
  date: isoDateAnswerSchema.nullable(),
  amountMinor: z.number().int().nullable(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;
export const reportDetailPageSchema = z.object({ count: z.number().int(), results: z.array(reportDetailSchema) });
export type ReportDetailPage = z.infer<typeof reportDetailPageSchema>;

// ---- Dashboard ----

export const dashboardCardKeys = [
  'revenue',
  'activeMembers',
  'newMembers',
  'cancelledMembers',
  'attendanceToday',
  'attendanceWeek',
  'pastDue',
  'atRisk',
  'birthdays',
] as const;
export type DashboardCardKey = (typeof dashboardCardKeys)[number];

export const dashboardCardSchema = z.object({
  key: z.enum(dashboardCardKeys),
  label: z.string(),
  value: z.number(),
  /** The figure it is compared with (revenue: last month to the same day), null when none. */
  previous: z.number().nullable(),
  previousLabel: z.string().nullable(),
  unit: z.enum(reportUnits),
  /** The report it opens, with its range. */
  report: reportTypeSchema,
  from: isoDateAnswerSchema,
  to: isoDateAnswerSchema,
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const dashboardSchema = z.object({
  today: isoDateAnswerSchema,
  currency: z.string(),
  taxLabel: z.string(),
  timeZone: z.string(),
  /** Only the cards the caller's permissions allow (spec 6). */
  cards: z.array(dashboardCardSchema),
  /** Money received per month, the 12 months up to this one (null without the revenue permission). */
  revenueTrend: z.array(z.object({ month: z.string(), label: z.string(), value: z.number() })).nullable(),
  /** Class check-ins of the last 12 weeks by weekday (0 Monday) and hour, in the gym's zone (null without AthleteReportsView). */
  attendanceHeatmap: z.array(z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), count: z.number().int() })).nullable(),
  /** Today's classes with their fill (null without UtilizationReportsView). */
  todayClasses: z
    .array(
      z.object({
        eventId: z.uuid(),
        name: z.string(),
        startTime: z.string(),
        capacity: z.number().int(),
        booked: z.number().int(),
        checkedIn: z.number().int(),
      }),
    )
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---- Whole-gym export ----

export const gymExportStates = ['queued', 'running', 'done', 'failed'] as const;
export type GymExportState = (typeof gymExportStates)[number];

/** The CSV files of the ZIP, in the order they are built (the progress counts them). */
export const gymExportFiles = [
  'athletes',
  'staff',
  'packages',
  'athlete-packages',
  'credit-ledger',
  'invoices',
  'invoice-lines',
  'payments',
  'bookings',
  'attendance',
  'documents',
] as const;
export type GymExportFile = (typeof gymExportFiles)[number];

export const gymExportSchema = z.object({
  exportId: z.uuid(),
  state: z.enum(gymExportStates),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  /** What is being written now ("Invoices"), or the failure's message. */
  step: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type GymExport = z.infer<typeof gymExportSchema>;
/** The latest export of the gym, if any. */
export const gymExportLatestSchema = z.object({ latest: gymExportSchema.nullable() });
export const gymExportParamsSchema = z.object({ exportId: uuidSchema });
