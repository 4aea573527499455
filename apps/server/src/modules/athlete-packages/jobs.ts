import type { FastifyInstance } from 'fastify';
import { runPackagesDaily } from './athlete-packages.service';

/** The athlete packages module's jobs (the job table: lib/jobs.ts): statuses as of each gym's today. */
export function athletePackagesJobs(app: FastifyInstance): void {
  app.jobs.handle('packages.daily', async () => void (await runPackagesDaily(app.db)));
}
