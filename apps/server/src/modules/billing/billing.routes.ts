import type { FastifyInstance } from 'fastify';
import { DEFAULT_DUNNING_DAYS, endpoints } from '@spotter/shared';
import { paymentAccounts } from '../../db/schema';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { dunningDaysOf } from '../invoices/charge';
import { runBilling } from './billing-run';
import { chargeNewInvoice, runDunning } from './dunning';

/**
 * Issue 19: the billing run, background charges and dunning on the durable queue, and the gym's payment settings
 * (its dunning schedule).
 */
export async function billingRoutes(app: FastifyInstance) {
  app.jobs.handle('billing.run', async () => void (await runBilling(app.db, app.jobs)));
  app.jobs.handle('invoices.charge', async (data) => void (await chargeNewInvoice(app.db, app.jobs, app.paymentProvider, { gymId: String(data.gymId), invoiceId: String(data.invoiceId), appUrl: app.config.appUrl })));
  app.jobs.handle('invoices.dunning', async () => void (await runDunning(app.db, app.jobs, app.paymentProvider, { appUrl: app.config.appUrl })));

  // A billing run at every start, so a server that was down at the hour bills what fell due meanwhile (and a seeded
  // membership due today is billed on first start).
  if (app.config.runJobs) {
    app.addHook('onReady', async () => {
      await app.jobs.enqueue(app.db, 'billing.run', { reason: 'boot' });
    });
  }

  route(app, endpoints.paymentSettings, async (request) => {
    const { gym } = gymCaller(request);
    return { dunningDays: [...(await dunningDaysOf(app.db, gym.gymId))] };
  });

  // The hourly run, for this gym, now: the same function, so a repeat (or the hourly job at once) bills nothing twice.
  route(app, endpoints.runBillingNow, async (request) => runBilling(app.db, app.jobs, { gymId: gymCaller(request).gym.gymId }));

  route(app, endpoints.updatePaymentSettings, async (request) => {
    const { gym } = gymCaller(request);
    const days = request.body.dunningDays;
    await app.db
      .insert(paymentAccounts)
      .values({ gymId: gym.gymId, dunningDays: days })
      .onConflictDoUpdate({ target: paymentAccounts.gymId, set: { dunningDays: days, updatedAt: new Date() } });
    return { dunningDays: days.length > 0 ? days : [...DEFAULT_DUNNING_DAYS] };
  });
}
