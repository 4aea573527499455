import type { FastifyInstance } from 'fastify';
import { runDocumentReminders } from './reminders';

/** The documents module's jobs (the job table: lib/jobs.ts). */
export function documentsJobs(app: FastifyInstance): void {
  app.jobs.handle('documents.remind', async () => void (await runDocumentReminders(app.db, app.jobs, app.config.appUrl)));
}
