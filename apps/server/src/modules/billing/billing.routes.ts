import type { FastifyInstance } from 'fastify';
import { DEFAULT_DUNNING_DAYS, endpoints } from '@spotter/shared';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { dunningDaysOf } from '../invoices';
import { runBilling } from './billing-run';
import { saveDunningDays } from './payment-settings';

/**
 * Issue 19: the billing run, background charges and dunning on the durable queue, and the gym's payment settings
 * (its dunning schedule).
 */
export async function billingRoutes(app: FastifyInstance) {
  route(app, endpoints.paymentSettings, async (request) => {
    const { gym } = gymCaller(request);
    return { dunningDays: [...(await dunningDaysOf(app.db, gym.gymId))] };
  });

  // The hourly run, for this gym, now: the same function, so a repeat (or the hourly job at once) bills nothing twice.
  route(app, endpoints.runBillingNow, async (request) => runBilling({ db: app.db, changes: app.changes }, app.jobs, { gymId: gymCaller(request).gym.gymId }));

  route(app, endpoints.updatePaymentSettings, async (request) => {
    const { gym } = gymCaller(request);
    const days = request.body.dunningDays;
    await saveDunningDays({ db: app.db, changes: app.changes }, gym.gymId, days);
    return { dunningDays: days.length > 0 ? days : [...DEFAULT_DUNNING_DAYS] };
  });
}
