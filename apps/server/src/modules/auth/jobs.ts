import type { FastifyInstance } from 'fastify';
import { purgeExpiredSessions } from '../../plugins/session';

/** The auth module's jobs (the job table: lib/jobs.ts): expired sessions deleted. */
export function authJobs(app: FastifyInstance): void {
  app.jobs.handle('sessions.purge', () => purgeExpiredSessions(app.db));
}
