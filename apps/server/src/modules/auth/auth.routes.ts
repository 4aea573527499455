import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { endpoints } from '@spotter/shared';
import { sqlState } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { HttpError, badRequest, fieldError, forbidden, notFound } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { route } from '../../lib/route';
import { demoGymRefusal, loggedIn } from '../../plugins/access';
import { csrfBinding, issueCsrfToken, setCsrfCookie } from '../../plugins/csrf';
import {
  type SessionOptions,
  clearSessionCookie,
  createSession,
  loadAuthContext,
  rotateSession,
} from '../../plugins/session';
import {
  endOtherSessions,
  findDefaultProfileId,
  findEnterableProfile,
  findProfileById,
  findUserByEmail,
  findUserById,
  recordImpersonation,
  toSessionResponse,
  updateEmailEverywhere,
} from './auth.repository';
import { assertNotThrottled, clearAccountFailures, recordFailure } from './throttle';

export const INVALID_CREDENTIALS_MESSAGE = 'Unable to log in with provided credentials.';

export async function authRoutes(app: FastifyInstance) {
  const { db } = app;
  const sessionOpts: SessionOptions = { db, changes: app.changes, ttlMs: app.config.sessionTtlMs, cookieSecure: app.config.cookieSecure };
  /** Decision 018: kept sessions (plugins/session.ts) that this write changed are looked up again, in every process. */
  const sessionsChanged = (change: { sessionId?: string; userId?: string }) => app.changes.published(db, [{ kind: 'sessions', ...change }]);

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
    const { email, password } = request.body;
    await assertNotThrottled(db, email, request.ip);
    const user = await findUserByEmail(db, email);
    const valid = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !valid) {
      await recordFailure(db, email, request.ip);
      throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    }
    if (!user.isActive) {
      throw new HttpError(403, 'This account is not active yet. Use the activation link we emailed you.', 'inactive_account');
    }
    await clearAccountFailures(db, email);
    // A previous session in this browser ends: the login always gets a new session id.
    if (request.auth) {
      await db.delete(sessions).where(eq(sessions.id, request.auth.sessionId));
      await sessionsChanged({ sessionId: request.auth.sessionId });
    }
    let profileId = await findDefaultProfileId(db, user.id);
    if (profileId) {
      const profile = await findEnterableProfile(db, user.id, profileId);
      if (!profile || demoGymRefusal(profile.demoGym)) profileId = null;
    }
    const tokenHash = await createSession(db, reply, request, sessionOpts, { userId: user.id, profileId });
    return answerWithSession(reply, tokenHash);
  });

  route(app, endpoints.logout, async (request, reply) => {
    if (request.auth) {
      await db.delete(sessions).where(eq(sessions.id, request.auth.sessionId));
      await sessionsChanged({ sessionId: request.auth.sessionId });
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
    await db.update(sessions).set({ profileId: profile.profileId }).where(eq(sessions.id, auth.sessionId));
    await sessionsChanged({ sessionId: auth.sessionId });
    return answerWithSession(reply, auth.tokenHash);
  });

  route(app, endpoints.clearProfile, async (request, reply) => {
    const auth = loggedIn(request);
    await db.update(sessions).set({ profileId: null }).where(eq(sessions.id, auth.sessionId));
    await sessionsChanged({ sessionId: auth.sessionId });
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
    const tokenHash = await rotateSession(db, reply, auth.sessionId, sessionOpts, {
      userId: target.userId,
      profileId: target.profileId,
      impersonatorUserId: auth.userId,
      impersonatorProfileId: auth.profileId,
    });
    await sessionsChanged({ sessionId: auth.sessionId });
    await recordImpersonation(db, {
      action: 'start',
      actorUserId: auth.userId,
      actorProfileId: auth.profileId,
      targetProfileId: target.profileId,
      gymId: target.gymId,
      ip: request.ip,
    });
    return answerWithSession(reply, tokenHash);
  });

  route(app, endpoints.stopImpersonation, async (request, reply) => {
    const auth = loggedIn(request);
    if (!auth.isImpersonating) throw badRequest('You are not impersonating anyone.', 'not_impersonating');
    const tokenHash = await rotateSession(db, reply, auth.sessionId, sessionOpts, {
      userId: auth.actorUserId,
      profileId: auth.impersonatorProfileId,
      impersonatorUserId: null,
      impersonatorProfileId: null,
    });
    await sessionsChanged({ sessionId: auth.sessionId });
    await recordImpersonation(db, {
      action: 'stop',
      actorUserId: auth.actorUserId,
      actorProfileId: auth.impersonatorProfileId,
      targetProfileId: auth.profileId,
      gymId: auth.gym?.gymId ?? null,
      ip: request.ip,
    });
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
      await updateEmailEverywhere(db, auth.userId, auth.email, newEmail.trim());
    } catch (err) {
      if (sqlState(err) === '23505') throw fieldError('newEmail', 'A user with this email already exists.');
      throw err;
    }
    await sessionsChanged({ userId: auth.userId });
    return answerWithSession(reply, auth.tokenHash);
  });

  route(app, endpoints.changePassword, async (request) => {
    const auth = loggedIn(request);
    refuseWhileImpersonating(auth.isImpersonating);
    const user = await findUserById(db, auth.userId);
    if (!user || !(await verifyPassword(user.passwordHash, request.body.password))) {
      throw fieldError('password', 'Current password is incorrect.');
    }
    const passwordHash = await hashPassword(request.body.newPassword);
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, auth.userId));
    await endOtherSessions(db, auth.userId, auth.sessionId);
    await sessionsChanged({ userId: auth.userId });
    return { detail: 'Password was successfully updated' };
  });
}

function refuseWhileImpersonating(isImpersonating: boolean) {
  if (isImpersonating) throw forbidden("An impersonator cannot change the user's login.", 'impersonation_denied');
}

function assertEnterable(profile: { loginEnabled: boolean; demoGym: Parameters<typeof demoGymRefusal>[0] }) {
  if (!profile.loginEnabled) throw forbidden('Login is disabled for this profile.', 'login_disabled');
  const demo = demoGymRefusal(profile.demoGym);
  if (demo) throw demo;
}
