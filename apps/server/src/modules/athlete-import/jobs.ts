import type { FastifyInstance } from 'fastify';
import { failImport, purgeFinishedImportRows, runImport } from './athlete-import.service';

/** The athlete import's jobs (the job table: lib/jobs.ts): an uploaded file imported, old uploads purged. */
export function athleteImportJobs(app: FastifyInstance): void {
  const ctx = { db: app.db, changes: app.changes };
  app.jobs.handle('athletes.import', async ({ importId }, job) => {
    try {
      await runImport(ctx, importId);
    } catch (err) {
      if (job.retryCount >= job.retryLimit) await failImport(app.db, importId);
      throw err;
    }
  });

  app.jobs.handle('athletes.import-rows.purge', async () => {
    const purged = await purgeFinishedImportRows(app.db);
    if (purged > 0) app.log.info({ purged }, 'athlete import rows purged');
  });
}
