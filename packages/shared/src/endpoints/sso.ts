import { access } from '../access';
import { okSchema } from '../api/common';
import { signInMethodsSchema, ssoCallbackSchema, ssoProviderParamsSchema, ssoStartQuerySchema } from '../api/sso';
import { defineEndpoint } from '../endpoint';

const tags = ['auth'];

/**
 * Issue 40 (decision 046): single sign-on. start and callback are browser navigations answered with redirects (to the
 * provider, then into the app or to /social-login-error); the callback is protected by its one-use `state`, bound to
 * the browser that started it, instead of the CSRF token (Apple posts it from its own site).
 */
export const ssoEndpoints = {
  ssoStart: defineEndpoint({
    method: 'GET',
    path: '/api/auth/sso/:provider/start/',
    access: access.anyone,
    tags,
    summary: 'Start signing in with a provider: redirects to it (authorization code flow with PKCE, state and nonce)',
    params: ssoProviderParamsSchema,
    query: ssoStartQuerySchema,
    answers: {},
  }),
  ssoLink: defineEndpoint({
    method: 'GET',
    path: '/api/auth/sso/:provider/link/',
    access: access.user,
    tags,
    summary: 'Start linking a provider to the signed-in login: redirects to it',
    params: ssoProviderParamsSchema,
    answers: {},
  }),
  ssoCallback: defineEndpoint({
    method: 'GET',
    path: '/api/auth/sso/:provider/callback/',
    access: access.anyone,
    tags,
    summary: "The provider's answer: signs in (or links) and redirects into the app, or to /social-login-error",
    params: ssoProviderParamsSchema,
    query: ssoCallbackSchema,
    answers: {},
  }),
  ssoCallbackPost: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sso/:provider/callback/',
    access: access.anyone,
    tags,
    summary: "Apple's form_post answer: redirected (303) to the GET callback, where the browser's flow cookie is sent",
    params: ssoProviderParamsSchema,
    body: ssoCallbackSchema,
    answers: {},
  }),
  signInMethods: defineEndpoint({
    method: 'GET',
    path: '/api/auth/sign-in-methods/',
    access: access.user,
    tags,
    summary: "The login's password (set or not) and linked providers, and the providers that may be linked",
    answers: { 200: signInMethodsSchema },
  }),
  unlinkSso: defineEndpoint({
    method: 'DELETE',
    path: '/api/auth/sign-in-methods/:provider/',
    access: access.user,
    tags,
    summary: 'Unlink a provider (never the last way to sign in)',
    params: ssoProviderParamsSchema,
    answers: { 200: okSchema },
  }),
};
