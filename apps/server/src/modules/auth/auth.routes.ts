import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '@spotter/shared';
import { sqlState } from '../../db/client';
import { HttpError, badRequest, fieldError, forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { demoGymRefusal, loggedIn } from '../../plugins/access';
import { csrfBinding, issueCsrfToken, setCsrfCookie } from '../../plugins/csrf';
import { type SessionOptions, clearSessionCookie, loadAuthContext } from '../../plugins/session';
import { findEnterableProfile, findProfileById, findUserByEmail, toSessionResponse } from './auth.repository';
import { checkCredentials } from './credentials';
import { refuseWhileImpersonating } from './impersonation';
import { changeEmail, endSession, enterProfile, switchIdentity } from './sessions.commands';
import { openLoginSession } from './sign-in';

export { INVALID_CREDENTIALS_MESSAGE } from './credentials';

export async function authRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const sessionOpts: SessionOptions = { db, changes: app.changes, ttlMs: app.config.sessionTtlMs, cookieSecure: app.config.cookieSecure };

  /** Answer with the session behind a (new) token hash, and a CSRF token bound to it. */
  async function answerWithSession(reply: FastifyReply, tokenHash: string) {
    const auth = await loadAuthContext(db, tokenHash);
    if (!auth) throw new HttpError(401, 'Your session has ended. Please log in again.', 'not_authenticated');
    setCsrfCookie(reply, app.config.cookieSecure, issueCsrfToken(app.csrfSecret, tokenHash));
    return toSessionResponse(auth);
  }

  function freshAnonymousCsrf(reply: FastifyReply) {
    setCsrfCookie(reply, app.config.cookieSecure, issueCsrfToken(app.csrfSecret, 'anon'));
  }

  route(app, endpoints.csrf, async (request, reply) => {
    const csrfToken = issueCsrfToken(app.csrfSecret, csrfBinding(request));
    setCsrfCookie(reply, app.config.cookieSecure, csrfToken);
    return { csrfToken };
  });

  route(app, endpoints.login, async (request, reply) => {
    const user = await checkCredentials(db, request.body.email, request.body.password, request.ip);
    // Issue 40: single sign-on opens its session through the same function.
    const tokenHash = await openLoginSession(app, request, reply, user.id);
    return answerWithSession(reply, tokenHash);
  });

  route(app, endpoints.logout, async (request, reply) => {
    if (request.auth) {
      await endSession(ctx, request.auth.sessionId);
    }
    clearSessionCookie(reply, app.config.cookieSecure);
    freshAnonymousCsrf(reply);
    return { detail: 'Successfully logged out.' };
  });

  route(app, endpoints.session, async (request) => toSessionResponse(loggedIn(request)));

  route(app, endpoints.selectProfile, async (request, reply) => {
    const auth = loggedIn(request);
    const profile = await findEnterableProfile(db, auth.userId, request.body.profileId);
    if (!profile) throw notFound('Profile not found.');
    assertEnterable(profile);
    await enterProfile(ctx, auth.sessionId, profile.profileId);
    return answerWithSession(reply, auth.tokenHash);
  });

  route(app, endpoints.clearProfile, async (request, reply) => {
    const auth = loggedIn(request);
    await enterProfile(ctx, auth.sessionId, null);
    return answerWithSession(reply, auth.tokenHash);
  });

  route(app, endpoints.impersonate, async (request, reply) => {
    const auth = loggedIn(request);
    if (auth.isImpersonating) throw badRequest('Stop impersonating first.', 'already_impersonating');
    const target = await findProfileById(db, request.body.profileId);
    if (!target) throw notFound('Profile not found.');
    if (target.role === 'kilo_staff') throw forbidden('Platform staff cannot be impersonated.', 'impersonation_denied');
    if (auth.isSalesTeam && !target.demoGym) {
      throw forbidden('The sales team works only with demo gyms.', 'sales_team_denied');
    }
    if (!target.loginEnabled) throw forbidden('Login is disabled for this profile.', 'login_disabled');
    const tokenHash = await switchIdentity(
      ctx,
      reply,
      sessionOpts,
      auth.sessionId,
      { userId: target.userId, profileId: target.profileId, impersonatorUserId: auth.userId, impersonatorProfileId: auth.profileId },
      { action: 'start', actorUserId: auth.userId, actorProfileId: auth.profileId, targetProfileId: target.profileId, gymId: target.gymId, ip: request.ip },
    );
    return answerWithSession(reply, tokenHash);
  });

  route(app, endpoints.stopImpersonation, async (request, reply) => {
    const auth = loggedIn(request);
    if (!auth.isImpersonating) throw badRequest('You are not impersonating anyone.', 'not_impersonating');
    const tokenHash = await switchIdentity(
      ctx,
      reply,
      sessionOpts,
      auth.sessionId,
      { userId: auth.actorUserId, profileId: auth.impersonatorProfileId, impersonatorUserId: null, impersonatorProfileId: null },
      {
        action: 'stop',
        actorUserId: auth.actorUserId,
        actorProfileId: auth.impersonatorProfileId,
        targetProfileId: auth.profileId,
        gymId: auth.gym?.gymId ?? null,
        ip: request.ip,
      },
    );
    return answerWithSession(reply, tokenHash);
  });

  route(app, endpoints.changeEmail, async (request, reply) => {
    const auth = loggedIn(request);
    refuseWhileImpersonating(auth.isImpersonating);
    const { email, newEmail } = request.body;
    if (email.trim().toLowerCase() !== auth.email.toLowerCase()) throw fieldError('email', 'Current email is incorrect.');
    const existing = await findUserByEmail(db, newEmail);
    if (existing && existing.id !== auth.userId) throw fieldError('newEmail', 'A user with this email already exists.');
    try {
      await changeEmail(ctx, auth.userId, auth.email, newEmail.trim());
    } catch (err) {
      if (sqlState(err) === '23505') throw fieldError('newEmail', 'A user with this email already exists.');
      throw err;
    }
    return answerWithSession(reply, auth.tokenHash);
  });
}

function assertEnterable(profile: { loginEnabled: boolean; demoGym: Parameters<typeof demoGymRefusal>[0] }) {
  if (!profile.loginEnabled) throw forbidden('Login is disabled for this profile.', 'login_disabled');
  const demo = demoGymRefusal(profile.demoGym);
  if (demo) throw demo;
}
