import type { FastifyInstance } from 'fastify';
import { refundInBackground } from './refund';

/** The invoices module's jobs (the job table: lib/jobs.ts): a provider refund retried until the provider answers. */
export function invoicesJobs(app: FastifyInstance): void {
  const ctx = { db: app.db, changes: app.changes };
  app.jobs.handle('invoices.refund', async (data) => {
    const outcome = await refundInBackground({ ctx, provider: app.paymentProvider }, data);
    if (outcome.outcome === 'refused') app.log.warn({ data, code: outcome.code }, 'background refund refused');
  });
}
