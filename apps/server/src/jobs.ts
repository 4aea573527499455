import type { FastifyInstance } from 'fastify';
import { athleteImportJobs } from './modules/athlete-import/jobs';
import { athletePackagesJobs } from './modules/athlete-packages/jobs';
import { auditJobs } from './modules/audit/jobs';
import { authJobs } from './modules/auth/jobs';
import { billingJobs } from './modules/billing/jobs';
import { calendarJobs } from './modules/calendar/jobs';
import { documentsJobs } from './modules/documents/jobs';
import { invoiceAttachmentRenderer } from './modules/invoices';
import { invoicesJobs } from './modules/invoices/jobs';
import { messagesJobs } from './modules/messages/jobs';
import { reportsJobs } from './modules/reports/jobs';

/**
 * Issue 33 (item 6): every job of the job table (lib/jobs.ts) gets its handler here, from the module that owns it
 * (`modules/<module>/jobs.ts`); route files register none. A handler calls the same command a route calls.
 */
export function registerJobs(app: FastifyInstance): void {
  messagesJobs(app, invoiceAttachmentRenderer(app.db));
  authJobs(app);
  calendarJobs(app);
  athleteImportJobs(app);
  athletePackagesJobs(app);
  billingJobs(app);
  invoicesJobs(app);
  documentsJobs(app);
  reportsJobs(app);
  auditJobs(app);
}
