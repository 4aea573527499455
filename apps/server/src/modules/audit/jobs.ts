import type { FastifyInstance } from 'fastify';
import { runAuditTrail } from './audit-trail';

/** The audit module's job (the job table: lib/jobs.ts): the audit trail's consumer of the domain events, every minute. */
export function auditJobs(app: FastifyInstance): void {
  app.jobs.handle('audit.trail', async () => void (await runAuditTrail(app.db)));
}
