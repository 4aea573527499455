import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, salesPortalMessages } from '@spotter/shared';
import { HttpError, notFound } from '../../lib/http-error';
import { consumeOrRefusal, rateLimiter, sourceOf, tooManyRequests } from '../../lib/rate-limits';
import { route } from '../../lib/route';
import { gymCaller, loggedIn } from '../../plugins/access';
import { issueCsrfToken, setCsrfCookie } from '../../plugins/csrf';
import { createSession, loadAuthContext, type SessionOptions } from '../../plugins/session';
import { toSessionResponse } from '../auth';
import { checkCredentials } from '../auth';
import { endSession, enterProfile } from '../auth';
import { accountOf } from '../payments';
import { findOpenPortal, findOpenPortalOfGym, portalAnswer, portalPackages, portalSettings } from './sales-portal.repository';
import { ensurePortalProfile, normalise, purchaseInPortal, saveSalesPortal, signUpInPortal } from './sales-portal.service';

/** Issue 32: sign-ups in the sales portals from one source address: so many per hour (a family or an office shares one). */
export const SIGN_UP_LIMIT = { points: 10, duration: 3600 } as const;

/** Issue 18: the sales portal's settings (staff), its public pages, and accounts and purchases made in it. */
export async function salesPortalRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const sessionOpts: SessionOptions = { db, changes: app.changes, ttlMs: app.config.sessionTtlMs, cookieSecure: app.config.cookieSecure };

  const openPortal = async (slug: string) => {
    const portal = await findOpenPortal(db, slug);
    if (!portal) throw notFound(salesPortalMessages.portalNotFound);
    return portal;
  };

  /** Spec 6: demo gyms have no sales portal, whatever their staff call. */
  const realGym = (request: FastifyRequest) => {
    const caller = gymCaller(request);
    if (caller.demoGym) throw notFound(salesPortalMessages.demoGym);
    return caller.gym;
  };

  /** A new session for the user in the given profile (the browser's previous session ends), answered with its CSRF token. */
  async function logIn(request: FastifyRequest, reply: FastifyReply, userId: string, profileId: string) {
    if (request.auth) {
      await endSession(ctx, request.auth.sessionId);
    }
    const tokenHash = await createSession(db, reply, request, sessionOpts, { userId, profileId });
    const auth = await loadAuthContext(db, tokenHash);
    if (!auth) throw new HttpError(401, 'Your session has ended. Please log in again.', 'not_authenticated');
    setCsrfCookie(reply, app.config.cookieSecure, issueCsrfToken(app.csrfSecret, tokenHash));
    return toSessionResponse(auth);
  }

  route(app, endpoints.salesPortalSettings, async (request) => portalSettings(db, realGym(request).gymId));

  route(app, endpoints.updateSalesPortal, async (request) => {
    const gym = realGym(request);
    await saveSalesPortal(ctx, gym.gymId, normalise(request.body));
    return portalSettings(db, gym.gymId);
  });

  route(app, endpoints.mySalesPortal, async (request) => {
    const caller = gymCaller(request);
    const portal = caller.demoGym ? null : await findOpenPortalOfGym(db, caller.gym.gymId);
    if (!portal) throw notFound(salesPortalMessages.portalNotFound);
    return portal;
  });

  /** Cards are taken online when the server has a payment provider and the gym's account can charge. */
  const acceptsCards = async (gymId: string) => app.paymentProvider !== null && ((await accountOf(db, gymId))?.chargesEnabled ?? false);

  route(app, endpoints.salesPortal, async (request) => {
    const portal = await openPortal(request.params.salesPortalSlug);
    return portalAnswer(db, portal, await acceptsCards(portal.gymId));
  });

  route(app, endpoints.salesPortalPackage, async (request) => {
    const portal = await openPortal(request.params.salesPortalSlug);
    const [pkg] = await portalPackages(db, portal.gymId, request.params.packageId);
    if (!pkg) throw notFound(salesPortalMessages.packageNotFound);
    return pkg;
  });

  // Issue 32: sign-ups per source address (every portal), counted before anything is written.
  const signUps = rateLimiter(db, { keyPrefix: 'portal_sign_up', points: SIGN_UP_LIMIT.points, duration: SIGN_UP_LIMIT.duration });

  route(app, endpoints.salesPortalAccount, async (request) => {
    const portal = await openPortal(request.params.salesPortalSlug);
    const refused = await consumeOrRefusal(signUps, sourceOf(request.ip));
    if (refused) throw tooManyRequests(refused.msBeforeNext, (wait) => `Too many sign-ups from your network. Please try again in ${wait}.`, 'rate_limited');
    await signUpInPortal({ ...ctx, app }, portal, request.body);
    return { detail: salesPortalMessages.signUpSent };
  });

  route(app, endpoints.salesPortalLogin, async (request, reply) => {
    const portal = await openPortal(request.params.salesPortalSlug);
    const user = await checkCredentials(db, request.body.email, request.body.password, request.ip);
    const profile = await ensurePortalProfile(ctx, portal, { id: user.id, email: user.email });
    return logIn(request, reply, user.id, profile.profileId);
  });

  route(app, endpoints.salesPortalPurchase, async (request, reply) => {
    const auth = loggedIn(request);
    const portal = await openPortal(request.params.salesPortalSlug);
    const sold = await purchaseInPortal(ctx, portal, { id: auth.userId, email: auth.email }, request.body, await acceptsCards(portal.gymId));
    // The buyer lands in the athlete app of the gym holding the package: the session enters that athlete profile.
    if (auth.profileId !== sold.profileId && !auth.isImpersonating) {
      await enterProfile(ctx, auth.sessionId, sold.profileId);
    }
    const fresh = await loadAuthContext(db, auth.tokenHash);
    if (!fresh) throw new HttpError(401, 'Your session has ended. Please log in again.', 'not_authenticated');
    reply.status(sold.created ? 201 : 200);
    return {
      athletePackageId: sold.athletePackageId,
      created: sold.created,
      session: toSessionResponse(fresh),
      invoiceId: sold.invoiceId,
      dueMinor: sold.dueMinor,
      paymentMethod: request.body.paymentMethod,
      documents: sold.documents,
    };
  });
}
