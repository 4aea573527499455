import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { endpoints, ssoMessages, ssoProviders, type SsoErrorReason, type SsoProvider } from '@spotter/shared';
import { HttpError, badRequest, forbidden } from '../../lib/http-error';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { route } from '../../lib/route';
import { loggedIn } from '../../plugins/access';
import { findUserById } from '../auth';
import { openLoginSession } from '../auth';
import { loginThrottleOf } from '../auth';
import { type SsoClient, SsoFailure, ssoClientsOf } from './sso.providers';
import { SSO_FLOW_TTL_MS, identitiesOf, saveFlow, takeFlow, unlinkIdentity } from './sso.repository';
import { linkIdentity, resolveSignIn } from './sso.service';

/** The cookie that binds a sign-in's state to the browser that started it (login CSRF: RFC 6749 10.12). */
export const SSO_BROWSER_COOKIE = 'spotter_sso';
const COOKIE_PATH = '/api/auth/sso/';

/**
 * Issue 40 (decision 046): single sign-on with Google, Facebook, Apple and the fourth integration. A start stores the
 * flow's state, nonce and PKCE verifier server-side (sso_flows, 10 minutes) and redirects to the provider; the callback
 * takes the flow by its state (once), checks the browser's cookie, lets the provider's library check the answer, applies
 * the account rules (sso.service) and opens the session the password login opens. Every failure redirects to
 * /social-login-error with a reason; a link from Account returns to the app with the outcome in `?sso=`.
 */
export async function ssoRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const clients = ssoClientsOf(app.config);
  const redirectUri = (provider: SsoProvider) => `${app.config.appUrl}/api/auth/sso/${provider}/callback/`;
  const failed = (reply: FastifyReply, reason: SsoErrorReason) => reply.redirect(`/social-login-error?reason=${reason}`, 302);

  // Apple answers with response_mode=form_post: the one urlencoded body of the API, read only by these routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** The browser's flow cookie, made on its first start (kept across starts, so two tabs may sign in at once). */
  function browserOf(request: FastifyRequest, reply: FastifyReply): string {
    const existing = request.cookies[SSO_BROWSER_COOKIE];
    const browser = existing && /^[\w-]{43}$/.test(existing) ? existing : randomToken();
    reply.setCookie(SSO_BROWSER_COOKIE, browser, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.cookieSecure,
      maxAge: SSO_FLOW_TTL_MS / 1000,
    });
    return browser;
  }

  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    client: SsoClient,
    provider: SsoProvider,
    purpose: { linkUserId: string | null; portalSlug: string | null },
  ) {
    const flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    let url: URL;
    try {
      url = await client.authorizationUrl(flow, redirectUri(provider));
    } catch (err) {
      request.log.warn({ err, provider }, 'single sign-on: the provider could not be reached');
      return purpose.linkUserId ? reply.redirect(`/?sso=provider`, 302) : failed(reply, 'provider');
    }
    await saveFlow(db, { ...flow, provider, browser: browserOf(request, reply), ...purpose });
    return reply.redirect(url.href, 302);
  }

  route(app, endpoints.ssoStart, async (request, reply) => {
    const { provider } = request.params;
    const client = clients[provider];
    if (!client) return failed(reply, 'unavailable');
    return start(request, reply, client, provider, { linkUserId: null, portalSlug: request.query.portal ?? null });
  });

  route(app, endpoints.ssoLink, async (request, reply) => {
    const auth = loggedIn(request);
    if (auth.isImpersonating) throw forbidden("An impersonator cannot change the user's login.", 'impersonation_denied');
    const client = clients[request.params.provider];
    if (!client) return reply.redirect('/?sso=unavailable', 302);
    return start(request, reply, client, request.params.provider, { linkUserId: auth.userId, portalSlug: null });
  });

  route(app, endpoints.ssoCallback, async (request, reply) => {
    const { provider } = request.params;
    const params = request.query as Record<string, string | undefined>;
    const client = clients[provider];
    if (!client) return failed(reply, 'unavailable');
    const flow = params.state ? await takeFlow(db, params.state) : null;
    const browser = request.cookies[SSO_BROWSER_COOKIE];
    if (!flow || flow.provider !== provider || flow.expiresAt.getTime() <= Date.now() || !browser || !safeEqual(sha256(browser), flow.browserHash)) {
      if (params.error) return failed(reply, params.error === 'access_denied' || params.error === 'user_cancelled_authorize' ? 'cancelled' : 'provider');
      return failed(reply, 'state');
    }
    const back = (reason: SsoErrorReason | 'linked') =>
      flow.linkUserId ? reply.redirect(`/?sso=${reason}`, 302) : reason === 'linked' ? reply.redirect('/', 302) : failed(reply, reason);

    // Decision 042's throttle covers the callback: each answer with a code counts as an attempt of (provider, source).
    const throttle = loginThrottleOf(db);
    let attempt: Awaited<ReturnType<typeof throttle.attempt>> | null = null;
    if (!params.error) {
      try {
        attempt = await throttle.attempt(`sso:${provider}`, request.ip);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 429) return back('throttled');
        throw err;
      }
    }
    let profile;
    try {
      profile = await client.finish(params, flow, redirectUri(provider));
    } catch (err) {
      if (!(err instanceof SsoFailure)) throw err;
      request.log.info({ provider, detail: err.message }, 'single sign-on refused');
      return back(err.reason);
    }
    if (attempt) await throttle.succeeded(attempt);

    if (flow.linkUserId) {
      const refusal = await linkIdentity(ctx, flow.linkUserId, provider, profile);
      return back(refusal ?? 'linked');
    }
    const outcome = await resolveSignIn(ctx, provider, profile, flow.portalSlug);
    if (!outcome.ok) return failed(reply, outcome.reason);
    await openLoginSession(app, request, reply, outcome.userId, outcome.profileId);
    return reply.redirect(flow.portalSlug ? `/sales-portal/${flow.portalSlug}` : '/', 302);
  });

  // Apple's form_post comes from appleid.apple.com: a cross-site POST carries no SameSite=Lax cookie, so it is passed
  // on (303) to the GET callback, a top-level navigation that does. Only the fields the callback reads are kept.
  route(app, endpoints.ssoCallbackPost, async (request, reply) => {
    const body = request.body as Record<string, string | undefined>;
    const query = new URLSearchParams();
    for (const key of ['code', 'state', 'error', 'user'] as const) {
      const value = body[key];
      if (typeof value === 'string') query.set(key, value);
    }
    return reply.redirect(`/api/auth/sso/${request.params.provider}/callback/?${query.toString()}`, 303);
  });

  route(app, endpoints.signInMethods, async (request) => {
    const auth = loggedIn(request);
    const user = await findUserById(db, auth.userId);
    const identities = await identitiesOf(db, auth.userId);
    return {
      hasPassword: Boolean(user?.passwordHash),
      identities: identities.map((i) => ({ provider: i.provider as SsoProvider, email: i.email, createdAt: i.createdAt.toISOString() })),
      available: ssoProviders.filter((p) => clients[p]),
    };
  });

  route(app, endpoints.unlinkSso, async (request) => {
    const auth = loggedIn(request);
    if (auth.isImpersonating) throw forbidden("An impersonator cannot change the user's login.", 'impersonation_denied');
    const result = await unlinkIdentity(db, auth.userId, request.params.provider);
    if (result === 'last') throw badRequest(ssoMessages.lastSignInMethod, 'last_sign_in_method');
    if (result === 'not_linked') throw new HttpError(404, ssoMessages.notLinked, 'not_found');
    return { detail: 'The provider was unlinked.' };
  });
}
