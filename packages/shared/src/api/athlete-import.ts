import { z } from 'zod';
import { dateOrders, importFields } from '../import/athlete-columns';

/** Issue 17: an uploaded member export is at most this large (decision 031). */
export const ATHLETE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const ATHLETE_IMPORT_MAX_ROWS = 20_000;
export const ATHLETE_IMPORT_MAX_COLUMNS = 200;
export const ATHLETE_IMPORT_TOO_LARGE_MESSAGE = 'The file is too large. Please choose a CSV file smaller than 10 MB.';

export const importMappingSchema = z.object({
  columns: z.array(z.enum(importFields).nullable()).max(ATHLETE_IMPORT_MAX_COLUMNS),
  dateOrder: z.enum(dateOrders),
});

export const athleteImportStatuses = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;
export type AthleteImportStatus = (typeof athleteImportStatuses)[number];

/** A row that cannot be imported: its row number as a spreadsheet shows it (the header is row 1) and why. */
export const importRowErrorSchema = z.object({ row: z.number().int(), messages: z.array(z.string()) });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** An import and how far it has gone; the web app polls it while the import runs. */
export const athleteImportSchema = z.object({
  importId: z.uuid(),
  fileName: z.string(),
  status: z.enum(athleteImportStatuses),
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  /** Rows matching an athlete the gym has already (by email, then name and date of birth): skipped. */
  existingCount: z.number().int(),
  /** Rows repeating an earlier row of the same file: skipped. */
  duplicateCount: z.number().int(),
  errorCount: z.number().int(),
  /** The first invalid rows (all of them are in the skipped-rows CSV). */
  errors: z.array(importRowErrorSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AthleteImport = z.infer<typeof athleteImportSchema>;

/** The answer to an upload: the file's columns, the guessed mapping and the first rows as they are. */
export const athleteImportUploadedSchema = athleteImportSchema.extend({
  sampleRows: z.array(z.array(z.string())),
});
export type AthleteImportUploaded = z.infer<typeof athleteImportUploadedSchema>;

export const importRowOutcomes = ['new', 'existing', 'duplicate', 'invalid'] as const;
export type ImportRowOutcome = (typeof importRowOutcomes)[number];

export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  outcome: z.enum(importRowOutcomes),
  /** Why: the problems of an invalid row, or what an existing or duplicate row matches. */
  messages: z.array(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  address: z.string(),
  tags: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importSummarySchema = z.object({
  totalRows: z.number().int(),
  toCreate: z.number().int(),
  existing: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importPreviewSchema = importSummarySchema.extend({ rows: z.array(importPreviewRowSchema) });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importPreviewInputSchema = z.object({
  mapping: importMappingSchema,
  limit: z.number().int().min(1).max(100).default(20),
});
export const importStartInputSchema = z.object({ mapping: importMappingSchema });
