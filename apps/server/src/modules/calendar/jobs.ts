import type { FastifyInstance } from 'fastify';
import type { ScheduleContext } from '../reservations';
import { extendSchedules } from './series.service';

/** The calendar module's jobs (the job table: lib/jobs.ts). */
export function calendarJobs(app: FastifyInstance): void {
  const ctx: ScheduleContext = { db: app.db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl };
  // The window of every series moves on with the days (decision 026): the job runs the same write as a route would.
  app.jobs.handle('schedule.extend', async () => void (await extendSchedules(ctx)));
}
