import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { endpointPath, endpoints } from '@spotter/shared';
import { forbidden } from '../lib/http-error';
import { hmac, randomToken, safeEqual } from '../lib/tokens';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The methods that may write: CSRF-checked, and once answered they end what was read before them (session, app.ts). */
export const isUnsafeMethod = (method: string) => UNSAFE.has(method);
export const CSRF_FAILED_MESSAGE = 'CSRF check failed. Refresh the page and try again.';

/**
 * Double-submit token bound to the session: nonce.hmac(secret, nonce|binding), where binding is the
 * session's hash (or "anon"). Another session's token, a missing or different header all fail.
 */
export function issueCsrfToken(secret: string, binding: string): string {
  const nonce = randomToken().slice(0, 22);
  return `${nonce}.${hmac(secret, `${nonce}|${binding}`)}`;
}

export function verifyCsrfToken(secret: string, token: string, binding: string): boolean {
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmac(secret, `${nonce}|${binding}`));
}

export function csrfBinding(request: FastifyRequest): string {
  return request.auth?.tokenHash ?? 'anon';
}

export function setCsrfCookie(reply: FastifyReply, secure: boolean, token: string) {
  // Readable by the web app (it copies it into X-CSRFToken); SameSite=Lax like the session.
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge: 365 * 24 * 3600 });
}

/**
 * The only unsafe routes without the check, with why: the payment provider's webhook (issue 19) is not a browser call
 * and carries no session; its signature over the raw body proves who sent it. Sign in with Apple's callback (issue 40,
 * decision 046) is posted by appleid.apple.com (form_post), which cannot carry our token: it changes nothing itself and
 * only passes its fields on (303) to the GET callback, which the one-use `state`, bound to the browser that started the
 * sign-in, protects instead.
 */
export const CSRF_EXEMPT_PATHS: ReadonlySet<string> = new Set([
  endpoints.paymentWebhook.path,
  endpointPath(endpoints.ssoCallbackPost.path, { provider: 'apple' }),
]);

export type CsrfOptions = { secret: string; cookieSecure: boolean; appUrl: string };

export const csrfPlugin = fp(async (app: FastifyInstance, opts: CsrfOptions) => {
  const allowedOrigin = new URL(opts.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!isUnsafeMethod(request.method) || !request.url.startsWith('/api/')) return;
    if (CSRF_EXEMPT_PATHS.has(request.url.split('?')[0]!)) return;
    const origin = request.headers.origin;
    if (origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw forbidden('Cross-origin request refused.', 'csrf_failed');
    }
    const header = request.headers[CSRF_HEADER];
    const cookie = request.cookies[CSRF_COOKIE];
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !verifyCsrfToken(opts.secret, header, csrfBinding(request))) {
      throw forbidden(CSRF_FAILED_MESSAGE, 'csrf_failed');
    }
  });
});
