import type { FastifyInstance } from 'fastify';
import { endpoints, invoiceMessages } from '@spotter/shared';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { findInvoiceDetail } from '../invoices';
import { saleCatalog } from './sales.repository';
import { sellCart } from './sales.service';

/** Issue 19 H4: the front desk's point of sale (staff holding Kiosk, owners), scoped to the caller's gym. */
export async function salesRoutes(app: FastifyInstance) {
  const ctx = { db: app.db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl };

  route(app, endpoints.saleCatalog, async (request) => saleCatalog(app.db, gymCaller(request).gym.gymId));

  route(app, endpoints.createSale, async (request, reply) => {
    const caller = gymCaller(request);
    const gymId = caller.gym.gymId;
    const result = await sellCart(ctx, gymId, request.body, caller.actorUserId);
    const invoice = await findInvoiceDetail(app.db, { gymId }, result.invoiceId);
    if (!invoice) throw notFound(invoiceMessages.invoiceNotFound);
    reply.status(result.created ? 201 : 200);
    return { invoice };
  });
}
