import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { SignJWT, createRemoteJWKSet, importPKCS8, jwtVerify } from 'jose';
import type { SsoProvider } from '@spotter/shared';
import type { Config, OidcClientConfig, SsoConfig } from '../../config';
import { safeEqual } from '../../lib/tokens';

/** Who the provider says signed in. `emailVerified`: the provider vouches that the address is theirs. */
export type ProviderProfile = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

/** The secrets of one sign-in, kept server-side between the start and the callback (sso.repository). */
export type FlowSecrets = { state: string; nonce: string; codeVerifier: string };

/** A refusal of the provider's answer: the callback lands on /social-login-error with this reason. */
export class SsoFailure extends Error {
  constructor(
    readonly reason: 'cancelled' | 'provider',
    detail: string,
  ) {
    super(detail);
  }
}

export interface SsoClient {
  authorizationUrl(flow: FlowSecrets, redirectUri: string): Promise<URL>;
  /** Exchanges the code and checks what comes back; throws SsoFailure. `params`: the callback's query. */
  finish(params: Record<string, string | undefined>, flow: FlowSecrets, redirectUri: string): Promise<ProviderProfile>;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
/** Apple sends email_verified as "true"; Google and most OpenID providers as true. */
const truthy = (v: unknown) => v === true || v === 'true';

function refusedAtProvider(params: Record<string, string | undefined>): SsoFailure | null {
  if (!params.error) return null;
  // RFC 6749 4.1.2.1: access_denied is the person saying no (Apple: user_cancelled_authorize).
  const cancelled = params.error === 'access_denied' || params.error === 'user_cancelled_authorize';
  return new SsoFailure(cancelled ? 'cancelled' : 'provider', `provider answered ${params.error}`);
}

/**
 * Google and the fourth integration: OpenID Connect's authorization code flow through openid-client (discovery, PKCE,
 * state, nonce), the ID token checked for issuer, audience, expiry, nonce and, with non-repudiation checks on, its
 * signature against the provider's JWKS.
 */
export class OidcSsoClient implements SsoClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly c: OidcClientConfig) {}

  private discovered(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.c.issuer);
      // Plain HTTP only for a provider on this machine (the tests' oidc-provider); anything else must be HTTPS.
      const loopback = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      this.configuration = oidc
        .discovery(
          issuer,
          this.c.clientId,
          { client_secret: this.c.clientSecret },
          oidc.ClientSecretPost(this.c.clientSecret),
          loopback ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .then((config) => {
          oidc.enableNonRepudiationChecks(config);
          return config;
        })
        .catch((err: unknown) => {
          this.configuration = null;
          throw err;
        });
    }
    return this.configuration;
  }

  async authorizationUrl(flow: FlowSecrets, redirectUri: string): Promise<URL> {
    const config = await this.discovered();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  async finish(params: Record<string, string | undefined>, flow: FlowSecrets, redirectUri: string): Promise<ProviderProfile> {
    const refused = refusedAtProvider(params);
    if (refused) throw refused;
    const config = await this.discovered();
    const current = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) if (value !== undefined) current.searchParams.set(key, value);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        config,
        current,
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      claims = tokens.claims();
    } catch (err) {
      throw new SsoFailure('provider', err instanceof Error ? err.message : 'token exchange failed');
    }
    if (!claims) throw new SsoFailure('provider', 'no ID token');
    return {
      subject: claims.sub,
      email: text(claims.email),
      emailVerified: truthy(claims.email_verified),
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
    };
  }
}

/**
 * Sign in with Apple: response_mode form_post, the client secret an ES256 JWT (team id, key id, private key) made with
 * jose, the ID token from Apple's token endpoint checked with jose against Apple's JWKS (issuer, audience, expiry,
 * nonce). The name comes only in the first sign-in's `user` field.
 */
export class AppleSsoClient implements SsoClient {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly c: NonNullable<SsoConfig['apple']>) {
    this.jwks = createRemoteJWKSet(new URL(`${c.baseUrl}/auth/keys`));
  }

  async authorizationUrl(flow: FlowSecrets, redirectUri: string): Promise<URL> {
    const url = new URL(`${this.c.baseUrl}/auth/authorize`);
    url.search = new URLSearchParams({
      client_id: this.c.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'name email',
      state: flow.state,
      nonce: flow.nonce,
    }).toString();
    return url;
  }

  /** Apple's client secret: an ES256 JWT signed with the .p8 key, valid five minutes. */
  async clientSecret(): Promise<string> {
    const key = await importPKCS8(this.c.privateKey, 'ES256');
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.c.keyId })
      .setIssuer(this.c.teamId)
      .setSubject(this.c.clientId)
      .setAudience(this.c.baseUrl)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  }

  async finish(params: Record<string, string | undefined>, flow: FlowSecrets, redirectUri: string): Promise<ProviderProfile> {
    const refused = refusedAtProvider(params);
    if (refused) throw refused;
    if (!params.code) throw new SsoFailure('provider', 'no code');
    const response = await fetch(`${this.c.baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: params.code,
        redirect_uri: redirectUri,
        client_id: this.c.clientId,
        client_secret: await this.clientSecret(),
      }),
    }).catch(() => null);
    const body = response?.ok ? ((await response.json().catch(() => null)) as { id_token?: unknown } | null) : null;
    if (!body || typeof body.id_token !== 'string') throw new SsoFailure('provider', `token endpoint answered ${response?.status ?? 'nothing'}`);
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(body.id_token, this.jwks, { issuer: this.c.baseUrl, audience: this.c.clientId, algorithms: ['RS256', 'ES256'] }));
    } catch (err) {
      throw new SsoFailure('provider', err instanceof Error ? err.message : 'ID token refused');
    }
    if (typeof claims.nonce !== 'string' || !safeEqual(claims.nonce, flow.nonce)) throw new SsoFailure('provider', 'nonce mismatch');
    if (typeof claims.sub !== 'string' || !claims.sub) throw new SsoFailure('provider', 'no subject');
    const name = parseAppleUser(params.user);
    return { subject: claims.sub, email: text(claims.email), emailVerified: truthy(claims.email_verified), firstName: name.firstName, lastName: name.lastName };
  }
}

function parseAppleUser(user: string | undefined): { firstName: string | null; lastName: string | null } {
  if (!user) return { firstName: null, lastName: null };
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    return { firstName: text(parsed.name?.firstName)?.slice(0, 100) ?? null, lastName: text(parsed.name?.lastName)?.slice(0, 100) ?? null };
  } catch {
    return { firstName: null, lastName: null };
  }
}

/**
 * Facebook Login: its OAuth 2.0 code flow (the dialog, the code exchanged at the Graph API with the app secret), then the
 * Graph profile for id, email and names, called with appsecret_proof. Facebook says nothing of whether the email was
 * confirmed, so it never counts as verified (decision 046): it never links to an existing account by itself.
 */
export class FacebookSsoClient implements SsoClient {
  constructor(private readonly c: NonNullable<SsoConfig['facebook']>) {}

  async authorizationUrl(flow: FlowSecrets, redirectUri: string): Promise<URL> {
    const url = new URL(this.c.dialogUrl);
    url.search = new URLSearchParams({
      client_id: this.c.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'email',
      state: flow.state,
    }).toString();
    return url;
  }

  async finish(params: Record<string, string | undefined>, _flow: FlowSecrets, redirectUri: string): Promise<ProviderProfile> {
    const refused = refusedAtProvider(params);
    if (refused) throw refused;
    if (!params.code) throw new SsoFailure('provider', 'no code');
    const tokenUrl = new URL(`${this.c.graphUrl}/oauth/access_token`);
    tokenUrl.search = new URLSearchParams({
      client_id: this.c.clientId,
      client_secret: this.c.clientSecret,
      redirect_uri: redirectUri,
      code: params.code,
    }).toString();
    const token = await getJson<{ access_token?: unknown }>(tokenUrl);
    if (typeof token?.access_token !== 'string') throw new SsoFailure('provider', 'no access token');
    const meUrl = new URL(`${this.c.graphUrl}/me`);
    meUrl.search = new URLSearchParams({
      fields: 'id,email,first_name,last_name',
      access_token: token.access_token,
      appsecret_proof: crypto.createHmac('sha256', this.c.clientSecret).update(token.access_token).digest('hex'),
    }).toString();
    const me = await getJson<{ id?: unknown; email?: unknown; first_name?: unknown; last_name?: unknown }>(meUrl);
    if (typeof me?.id !== 'string' || !me.id) throw new SsoFailure('provider', 'no profile');
    return { subject: me.id, email: text(me.email), emailVerified: false, firstName: text(me.first_name), lastName: text(me.last_name) };
  }
}

async function getJson<T>(url: URL): Promise<T | null> {
  const response = await fetch(url, { headers: { accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) return null;
  return (await response.json().catch(() => null)) as T | null;
}

/** The clients of the providers configured on this server (config.sso), made once per app. */
export function ssoClientsOf(config: Pick<Config, 'sso'>): Partial<Record<SsoProvider, SsoClient>> {
  const clients: Partial<Record<SsoProvider, SsoClient>> = {};
  if (config.sso.google) clients.google = new OidcSsoClient(config.sso.google);
  if (config.sso.integration) clients.integration = new OidcSsoClient(config.sso.integration);
  if (config.sso.apple) clients.apple = new AppleSsoClient(config.sso.apple);
  if (config.sso.facebook) clients.facebook = new FacebookSsoClient(config.sso.facebook);
  return clients;
}
