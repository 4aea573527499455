import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { dashboardOf } from './dashboard.service';

/** Issue 21: the dashboard (`/`; `/dashboard` on a phone): only the cards the caller's report permissions allow. */
export async function dashboardRoutes(app: FastifyInstance) {
  route(app, endpoints.dashboard, async (request) => {
    const caller = gymCaller(request);
    return dashboardOf(app.db, caller.gym, { role: caller.role!, permissions: caller.permissions });
  });
}
