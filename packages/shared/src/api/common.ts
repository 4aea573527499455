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
export const queryBooleanSchema = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((v) => v === 'true' || v === 'True' || v === '1');

export const okSchema = z.object({ detail: z.string() });

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const isoDateSchema = z
  .string({ error: 'Use the format YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  }, 'Please provide a valid date.');

/** A search box's text (trimmed; empty when absent). */
export const searchTermSchema = z.string().trim().max(100).default('');

/** `:name` path parameters that are ids. */
export const idParamsSchema = <K extends string>(name: K) => z.object({ [name]: uuidSchema } as Record<K, typeof uuidSchema>);
