import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, hasPermission, invoiceMessages, toZoned, type AthletePackage, type CancelledAthletePackage } from '@spotter/shared';
import type { WriteContext } from '../../lib/changes';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import {
  adjustAthletePackageCredits,
  cancelAthletePackage,
  holdAthletePackage,
  removeAthletePackageHold,
  renewAthletePackage,
  sellAtDesk,
} from './athlete-packages.commands';
import { isAthleteOfGym } from '../people';
import { chargesEnabledOf, findAthletePackage, findLedger, holderOf, packagesOfAthlete } from './athlete-packages.repository';
import { refundPayment } from '../invoices';
import { lifecycleMessages, packageMessages } from './athlete-packages.service';
import { planUnusedRefund } from './unused-refund';

const refundMessages = {
  periodEndOnly: 'Only a cancel at once refunds the unused days.',
  needsInvoices: 'Refunds need the Invoices permission.',
} as const;

/**
 * Issue 18 (contract-athlete-packages): the packages athletes hold. Staff with AthleteView (and owners) see and change
 * any of the gym's; an athlete sees their own and may cancel it at period end. Another gym's package is not found.
 */
export async function athletePackagesRoutes(app: FastifyInstance) {
  const ctx: WriteContext = { db: app.db, changes: app.changes };

  const callerOf = (request: FastifyRequest) => {
    const auth = gymCaller(request);
    const today = toZoned(new Date(), auth.gym.timeZone).date;
    const subject = { role: auth.role, staff: { permissions: auth.permissions } };
    const isStaff = (auth.role === 'staff' || auth.role === 'owner') && hasPermission(subject, 'AthleteView');
    const mayRefund = isStaff && hasPermission(subject, 'InvoiceReportsView');
    return { auth, gymId: auth.gym.gymId, today, isStaff, mayRefund };
  };

  /** The package of the gym that the caller may see: staff with AthleteView, or the athlete who holds it (else 404). */
  const visible = async (request: FastifyRequest, athletePackageId: string) => {
    const caller = callerOf(request);
    const holder = await holderOf(app.db, caller.gymId, athletePackageId);
    if (!holder || (!caller.isStaff && (caller.auth.role !== 'athlete' || caller.auth.athleteId !== holder.athleteId)))
      throw notFound(lifecycleMessages.notFound);
    return caller;
  };

  const answer = async (gymId: string, today: string, athletePackageId: string): Promise<AthletePackage> => {
    const found = await findAthletePackage(app.db, gymId, athletePackageId, today);
    if (!found) throw notFound(lifecycleMessages.notFound);
    return found;
  };

  /** A command on one package (it publishes the gym's change); answers the package after it. */
  const write = async (request: FastifyRequest, athletePackageId: string, fn: (c: ReturnType<typeof callerOf>) => Promise<void>) => {
    const caller = callerOf(request);
    await fn(caller);
    return answer(caller.gymId, caller.today, athletePackageId);
  };

  const athleteOfGym = async (gymId: string, athleteId: string) => {
    if (!(await isAthleteOfGym(app.db, gymId, athleteId))) throw notFound(packageMessages.athleteNotFound);
  };

  route(app, endpoints.athletePackages, async (request) => {
    const { gymId, today } = callerOf(request);
    await athleteOfGym(gymId, request.params.athleteId);
    return { results: await packagesOfAthlete(app.db, gymId, request.params.athleteId, today) };
  });

  /** Card payments are on: a provider, and the gym's account able to charge (as the saved-methods list says). */
  const cardPaymentsEnabled = async (gymId: string) => {
    if (!app.paymentProvider) return false;
    return chargesEnabledOf(app.db, gymId);
  };

  route(app, endpoints.assignAthletePackage, async (request, reply) => {
    const { auth, gymId, today } = callerOf(request);
    const { packageId, billingPlanId, startDate, idempotencyKey, chargeSavedMethod } = request.body;
    if (chargeSavedMethod && !(await cardPaymentsEnabled(gymId))) throw conflict(invoiceMessages.noProvider, 'no_provider');
    // Issue 20: the templates naming this package are issued with the sale at the desk (decision 035).
    const sold = await sellAtDesk(
      ctx,
      gymId,
      {
        athleteId: request.params.athleteId,
        packageId,
        billingPlanId,
        startDate,
        source: 'staff',
        idempotencyKey,
        actorUserId: auth.actorUserId,
        chargeSavedMethod: chargeSavedMethod ? { jobs: app.jobs } : null,
      },
      auth.profileId,
    );
    const found = await answer(gymId, today, sold.athletePackageId);
    // The same key for another athlete is not this athlete's package.
    if (found.athleteId !== request.params.athleteId) throw notFound(lifecycleMessages.notFound);
    reply.status(sold.created ? 201 : 200);
    return found;
  });

  route(app, endpoints.athletePackage, async (request) => {
    const { gymId, today } = await visible(request, request.params.athletePackageId);
    return answer(gymId, today, request.params.athletePackageId);
  });

  route(app, endpoints.athletePackageLedger, async (request) => {
    const { gymId } = await visible(request, request.params.athletePackageId);
    return { results: await findLedger(app.db, gymId, request.params.athletePackageId) };
  });

  route(app, endpoints.holdAthletePackage, async (request) => {
    const id = request.params.athletePackageId;
    return write(request, id, (c) => holdAthletePackage(ctx, c.gymId, c.today, id, request.body));
  });

  route(app, endpoints.removeAthletePackageHold, async (request) => {
    const id = request.params.athletePackageId;
    return write(request, id, (c) => removeAthletePackageHold(ctx, c.gymId, c.today, id));
  });

  route(app, endpoints.athletePackageCancelRefund, async (request) => {
    const id = request.params.athletePackageId;
    const { gymId, today } = await visible(request, id);
    return planUnusedRefund(app.db, gymId, id, today);
  });

  route(app, endpoints.cancelAthletePackage, async (request): Promise<CancelledAthletePackage> => {
    const id = request.params.athletePackageId;
    const { when, reason, refundUnused } = request.body;
    const caller = await visible(request, id);
    if (!caller.isStaff && (when !== 'period_end' || refundUnused)) throw forbidden(lifecycleMessages.athletePeriodEndOnly, 'period_end_only');
    if (refundUnused && when !== 'now') throw fieldError('refundUnused', refundMessages.periodEndOnly, 'refund_needs_now');
    if (refundUnused && !caller.mayRefund) throw forbidden(refundMessages.needsInvoices, 'refund_forbidden');
    const done = await cancelAthletePackage(
      ctx,
      { jobs: app.jobs, hasProvider: app.paymentProvider !== null },
      {
        gymId: caller.gymId,
        today: caller.today,
        athletePackageId: id,
        when,
        reason,
        refundUnused: Boolean(refundUnused),
        actorUserId: caller.auth.actorUserId,
      },
    );
    // Card shares go back through the provider now; one that fails stays with its job, retried in the background.
    let pending = false;
    for (const refund of done?.providerRefunds ?? []) {
      try {
        await refundPayment(
          { ctx, provider: app.paymentProvider, onProviderError: (err, paymentId) => request.log.warn({ err, paymentId }, 'provider refund failed') },
          refund,
        );
      } catch (err) {
        request.log.warn({ err, paymentId: refund.paymentId }, 'unused-days refund left to its job');
        pending = true;
      }
    }
    const found = await answer(caller.gymId, caller.today, id);
    const refund =
      done && done.preview.amountMinor > 0
        ? { amountMinor: done.preview.amountMinor, unusedDays: done.preview.unusedDays, outcome: pending ? ('pending' as const) : ('refunded' as const) }
        : null;
    return { ...found, refund };
  });

  route(app, endpoints.renewAthletePackage, async (request) => {
    const id = request.params.athletePackageId;
    return write(request, id, (c) => renewAthletePackage(ctx, c.gymId, c.today, id, request.body.idempotencyKey, c.auth.actorUserId));
  });

  route(app, endpoints.adjustAthletePackageCredits, async (request) => {
    const id = request.params.athletePackageId;
    return write(request, id, (c) =>
      adjustAthletePackageCredits(ctx, c.gymId, id, { delta: request.body.delta, note: request.body.note, actorUserId: c.auth.actorUserId }),
    );
  });

  route(app, endpoints.myPackages, async (request) => {
    const { auth, gymId, today } = callerOf(request);
    if (!auth.athleteId) return { results: [] };
    return { results: await packagesOfAthlete(app.db, gymId, auth.athleteId, today) };
  });
}
