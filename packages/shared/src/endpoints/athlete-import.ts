import { access } from '../access';
import {
  athleteImportSchema,
  athleteImportUploadedSchema,
  importPreviewInputSchema,
  importPreviewSchema,
  importStartInputSchema,
  importSummarySchema,
} from '../api/athlete-import';
import { idParamsSchema } from '../api/common';
import { csvAnswerSchema } from '../api/event-setup';
import { defineEndpoint } from '../endpoint';

const tags = ['athlete-import'];
const params = idParamsSchema('importId');

/** Issue 17: athletes imported from another gym software's CSV export (decision 031). Staff with AthleteView, owners. */
export const athleteImportEndpoints = {
  uploadAthleteImport: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-imports/',
    access: access.staffAthleteView,
    tags,
    summary: 'Upload a CSV of members (one file in the field `file`, at most 10 MB and 20,000 rows): its columns, a guessed mapping and its first rows',
    upload: true,
    answers: { 201: athleteImportUploadedSchema },
  }),
  athleteImport: defineEndpoint({
    method: 'GET',
    path: '/api/athlete-imports/:importId/',
    access: access.staffAthleteView,
    tags,
    summary: 'An import and its progress: rows processed, created, skipped as existing or duplicate, invalid',
    params,
    answers: { 200: athleteImportSchema },
  }),
  previewAthleteImport: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-imports/:importId/preview/',
    budget: 'long',
    access: access.staffAthleteView,
    tags,
    summary: 'The first rows read with a mapping, each with its problems or the athlete it matches, and the whole file’s counts; writes nothing',
    params,
    body: importPreviewInputSchema,
    answers: { 200: importPreviewSchema },
  }),
  dryRunAthleteImport: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-imports/:importId/dry-run/',
    budget: 'long',
    access: access.staffAthleteView,
    tags,
    summary: 'Every row checked with a mapping: how many would be created, skipped as existing or duplicate, or refused and why; writes nothing',
    params,
    body: importStartInputSchema,
    answers: { 200: importSummarySchema },
  }),
  startAthleteImport: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-imports/:importId/start/',
    budget: 'long',
    access: access.staffAthleteView,
    tags,
    summary: 'Import the file with a mapping, as a background job in batches; poll the import for its progress',
    params,
    body: importStartInputSchema,
    answers: { 200: athleteImportSchema },
  }),
  athleteImportSkippedCsv: defineEndpoint({
    method: 'GET',
    path: '/api/athlete-imports/:importId/skipped/',
    budget: 'long',
    access: access.staffAthleteView,
    tags,
    summary:
      "The invalid rows of an import as a CSV file: their row number, problems and cells (the cells only for 30 days after the import finished: then the file's rows are purged)",
    params,
    answers: { 200: csvAnswerSchema },
  }),
};
