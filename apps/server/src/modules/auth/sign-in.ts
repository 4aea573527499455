import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { demoGymRefusal } from '../../plugins/access';
import { issueCsrfToken, setCsrfCookie } from '../../plugins/csrf';
import { createSession, type SessionOptions } from '../../plugins/session';
import { findDefaultProfileId, findEnterableProfile } from './auth.repository';
import { endSession } from './sessions.commands';

/**
 * The one way a login opens a session, for the password login and single sign-on alike (issue 40): the browser's
 * previous session ends (a login always gets a new session id), the given profile or else the user's default one is
 * entered when it may be (a disabled login or an inactive demo leaves the choice to profile selection), and a CSRF token
 * bound to the new session is set. Answers the new session's token hash.
 */
export async function openLoginSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  profileId?: string,
): Promise<string> {
  const { db } = app;
  const sessionOpts: SessionOptions = { db, changes: app.changes, ttlMs: app.config.sessionTtlMs, cookieSecure: app.config.cookieSecure };
  if (request.auth) {
    await endSession({ db, changes: app.changes }, request.auth.sessionId);
  }
  let enter = profileId ?? (await findDefaultProfileId(db, userId));
  if (enter && !profileId) {
    const profile = await findEnterableProfile(db, userId, enter);
    if (!profile || demoGymRefusal(profile.demoGym)) enter = null;
  }
  const tokenHash = await createSession(db, reply, request, sessionOpts, { userId, profileId: enter ?? null });
  setCsrfCookie(reply, app.config.cookieSecure, issueCsrfToken(app.csrfSecret, tokenHash));
  return tokenHash;
}
