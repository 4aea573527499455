import type { FastifyInstance } from 'fastify';
import { failExport, runExport } from './gym-export.service';

/** The reports module's jobs (the job table: lib/jobs.ts): a whole-gym export built. */
export function reportsJobs(app: FastifyInstance): void {
  app.jobs.handle('gym.export', async ({ exportId }, job) => {
    try {
      await runExport(app.db, exportId);
    } catch (err) {
      if (job.retryCount >= job.retryLimit) await failExport(app.db, exportId, err);
      throw err;
    }
  });
}
