import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/**
 * Issue 40: a real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 and a random port, standing in
 * for Google and the fourth integration in the server tests and the browser journeys. Its login and consent screen is
 * ours (`/interaction/:uid`): it lists the provider's people ("Continue as …") and a "Cancel" that refuses consent, or
 * answers at once what a test queued with `answerNext`. `tamperNextIdToken` re-signs the next token answer's ID token
 * with changed claims, or with a key the provider never published, as a forged or misdirected token would arrive.
 */
export type OidcPerson = { email: string; email_verified: boolean; given_name?: string; family_name?: string };
export type OidcClient = { clientId: string; clientSecret: string; redirectUri: string };
type Answer = { accountId: string } | 'deny';
type Tamper = { claims?: (payload: JWTPayload) => JWTPayload; strangerKey?: boolean };

export type LocalOidcProvider = {
  issuer: string;
  people: Map<string, OidcPerson>;
  answerNext: (answer: Answer) => void;
  tamperNextIdToken: (tamper: Tamper) => void;
  /** Follows the provider's redirects from an authorization URL to the redirect back to the client (its URL). */
  authorize: (authorizationUrl: string, answer: Answer) => Promise<URL>;
  close: () => Promise<void>;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcProvider(clients: OidcClient[], people: Record<string, OidcPerson> = {}): Promise<LocalOidcProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const signingJwk = { ...(await exportJWK(privateKey)), kid: 'local-op-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map(Object.entries(people));
  const answers: Answer[] = [];
  const tampers: Tamper[] = [];

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
      response_types: ['code'],
      grant_types: ['authorization_code'],
    })),
    jwks: { keys: [signingJwk as never] },
    cookies: { keys: ['spotter-tests-local-op'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The ID token carries the email claims (the client reads no userinfo), as Google's does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const person = accounts.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
  });
  const handle = provider.callback();

  async function finish(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer) {
    const details = await provider.interactionDetails(req, res);
    if (answer === 'deny') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({ accountId: answer.accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: answer.accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const interaction = url.pathname.match(/^\/interaction\/([\w-]+)$/);
      if (interaction && req.method === 'GET') {
        const queued = answers.shift();
        if (queued) return finish(req, res, queued);
        const buttons = [...accounts]
          .map(([id, p]) => `<button type="submit" name="account" value="${escapeHtml(id)}">Continue as ${escapeHtml(p.email)}</button>`)
          .join('');
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html lang="en"><head><title>Local OpenID provider</title></head><body><main><h1>Sign in to the local OpenID provider</h1>
<form method="post" action="${url.pathname}">${buttons}<button type="submit" name="deny" value="1">Cancel</button></form></main></body></html>`);
        return;
      }
      if (interaction && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const account = form.get('account');
        return finish(req, res, form.get('deny') || !account ? 'deny' : { accountId: account });
      }
      if (url.pathname === '/token' && req.method === 'POST' && tampers.length > 0 && !req.headers['x-untampered']) {
        const tamper = tampers.shift()!;
        const answer = await fetch(`${issuer}/token`, {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type']), 'x-untampered': '1' },
          body: await readBody(req),
        });
        const body = (await answer.json()) as Record<string, unknown>;
        if (typeof body.id_token === 'string') {
          const claims = tamper.claims ? tamper.claims(decodeJwt(body.id_token)) : decodeJwt(body.id_token);
          const key: CryptoKey = tamper.strangerKey ? stranger.privateKey : privateKey;
          body.id_token = await new SignJWT(claims)
            .setProtectedHeader({ alg: 'RS256', kid: tamper.strangerKey ? 'stranger-key' : 'local-op-key', typ: 'JWT' })
            .sign(key);
        }
        res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
        return;
      }
      handle(req, res);
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return {
    issuer,
    people: accounts,
    answerNext: (answer) => void answers.push(answer),
    tamperNextIdToken: (tamper) => void tampers.push(tamper),
    authorize: async (authorizationUrl, answer) => {
      answers.push(answer);
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (next.origin !== issuer) return next;
        const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
        next = new URL(location, next);
      }
      throw new Error('too many redirects at the provider');
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
