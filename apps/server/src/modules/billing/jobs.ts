import type { FastifyInstance } from 'fastify';
import { runBilling } from './billing-run';
import { chargeNewInvoice, runDunning } from './dunning';

/** The billing module's jobs (the job table: lib/jobs.ts): the billing run, a new invoice's charge, dunning. */
export function billingJobs(app: FastifyInstance): void {
  const ctx = { db: app.db, changes: app.changes };
  app.jobs.handle('billing.run', async () => void (await runBilling(ctx, app.jobs)));
  app.jobs.handle('invoices.charge', async (data) => void (await chargeNewInvoice(ctx, app.jobs, app.paymentProvider, { ...data, appUrl: app.config.appUrl })));
  app.jobs.handle('invoices.dunning', async () => void (await runDunning(ctx, app.jobs, app.paymentProvider, { appUrl: app.config.appUrl })));

  // A billing run at every start, so a server that was down at the hour bills what fell due meanwhile (and a seeded
  // membership due today is billed on first start).
  if (app.config.runJobs) {
    app.addHook('onReady', async () => {
      await app.jobs.enqueue(app.db, 'billing.run', { reason: 'boot' });
    });
  }
}
