import { z } from 'zod';

export const uuidSchema = z.uuid({ error: 'Must be a valid id.' });

/** CONTRACT.md: every error body. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Query-string booleans as the spec's clients send them: true/false, True/False, 1/0. */
export const queryBooleanSchema = z.enum(['true', 'false', 'True', 'False', '1', '0']).transform((v) => v === 'true' || v === 'True' || v === '1');

export const okSchema = z.object({ detail: z.string() });

/**
 * Issue 32 (decision 039): the bounds of every date and instant a caller sends. Years outside them are refused with a
 * 400 before any code runs: PostgreSQL has no year 0, the day after 9999-12-31 is "+010000-01-01", and a two-digit year
 * of 0001 was read back as 2001. A field that needs narrower bounds refines this schema further.
 */
export const DATE_BOUNDS = { minYear: 1900, maxYear: 2200, min: '1900-01-01', max: '2200-12-31' } as const;
/** The longest range a list or report filter may cover: 10 years (3,653 days with leap days). */
export const MAX_DATE_RANGE_DAYS = 3653;

export const dateMessages = {
  format: 'Use the format YYYY-MM-DD.',
  invalid: 'Please provide a valid date.',
  outOfBounds: `Choose a date from ${DATE_BOUNDS.minYear} to ${DATE_BOUNDS.maxYear}.`,
  dateTimeFormat: 'Use a date and time such as 2026-01-31T09:00:00Z.',
  order: 'The end date must be on or after the start date.',
  rangeTooLong: 'Choose a range of at most 10 years.',
} as const;

/** A calendar date's format only (2026-02-30 does not exist), for answers: what the server computes is not bounded. */
export const isoDateAnswerSchema = z
  .string({ error: dateMessages.format })
  .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessages.format)
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  }, dateMessages.invalid);

/**
 * The one schema of a calendar date a caller sends: YYYY-MM-DD, a date that exists, from `min` to `max` (both
 * YYYY-MM-DD). Every date parameter and body field is `isoDateSchema` (1900 to 2200, birth dates too); a field whose
 * rule is narrower (the schedule's 2000 to 2099) takes its own bounds and message here.
 */
export function isoDateWithin(min: string, max: string, message: string) {
  return isoDateAnswerSchema.refine((d) => d >= min && d <= max, message).meta({ description: `A date (YYYY-MM-DD) from ${min} to ${max}.` });
}
export const isoDateSchema = isoDateWithin(DATE_BOUNDS.min, DATE_BOUNDS.max, dateMessages.outOfBounds);

/**
 * The one schema of an instant a caller sends: ISO 8601 with a zone (Z or an offset), its UTC date from `min` to
 * `max`. Every instant field is `dateTimeSchema` (1900 to 2200) or narrower bounds of it.
 */
export function dateTimeWithin(min: string, max: string, message: string) {
  return z.iso
    .datetime({ offset: true, error: dateMessages.dateTimeFormat })
    .refine((v) => {
      const t = new Date(v).getTime();
      return !Number.isNaN(t) && t >= Date.parse(`${min}T00:00:00Z`) && t < Date.parse(`${max}T00:00:00Z`) + 86_400_000;
    }, message)
    .meta({ description: `An instant (ISO 8601 with Z or an offset) from ${min} to ${max}.` });
}
export const dateTimeSchema = dateTimeWithin(DATE_BOUNDS.min, DATE_BOUNDS.max, dateMessages.outOfBounds);

/** Days from `from` to `to`, both included (epoch-day arithmetic, so any two valid dates give a number). */
function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * A superRefine for a filter's date range (either end optional): the end on or after the start, and at most
 * `maxDays` (10 years by default); the issue is on the end's field.
 */
export function dateRangeRefinement<F extends string, T extends string>(
  fromKey: F,
  toKey: T,
  opts: { maxDays?: number; orderMessage?: string; tooLongMessage?: string } = {},
) {
  return (value: { [K in F | T]?: string | null }, ctx: z.RefinementCtx) => {
    const from = value[fromKey];
    const to = value[toKey];
    if (!from || !to) return;
    if (to < from) ctx.addIssue({ code: 'custom', message: opts.orderMessage ?? dateMessages.order, path: [toKey] });
    else if (daysInRange(from, to) > (opts.maxDays ?? MAX_DATE_RANGE_DAYS))
      ctx.addIssue({ code: 'custom', message: opts.tooLongMessage ?? dateMessages.rangeTooLong, path: [toKey] });
  };
}

/** A search box's text (trimmed; empty when absent). */
export const searchTermSchema = z.string().trim().max(100).default('');

/** `:name` path parameters that are ids. */
export const idParamsSchema = <K extends string>(name: K) => z.object({ [name]: uuidSchema } as Record<K, typeof uuidSchema>);
