import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, importSPKI, jwtVerify } from 'jose';

/**
 * Issue 40: local fakes of Sign in with Apple and Facebook Login, answering what their real endpoints answer, so the
 * server's clients run unchanged against them (APPLE_BASE_URL, FACEBOOK_DIALOG_URL, FACEBOOK_GRAPH_URL).
 *
 * Apple (`/apple`): `/auth/authorize` shows "Continue as …" and "Cancel" and posts the answer to the redirect URI
 * (response_mode form_post, with the `user` name JSON only on a person's first authorization); `/auth/token` checks the
 * client secret (an ES256 JWT signed with the key whose public half the test gives) and the one-use code, and answers
 * an ID token signed with this fake's key; `/auth/keys` publishes that key as JWKS.
 * Facebook (`/facebook`): `/dialog/oauth` likewise, redirecting with `code` and `state`; `/oauth/access_token` and
 * `/me` (checking appsecret_proof).
 */
export type ApplePerson = { sub: string; email: string; firstName?: string; lastName?: string; emailVerified?: boolean };
export type FacebookPerson = { id: string; email?: string; first_name?: string; last_name?: string };

type AppleCode = { person: ApplePerson; clientId: string; redirectUri: string; nonce: string };
type FacebookCode = { person: FacebookPerson; clientId: string; redirectUri: string };

export type FakeAppleFacebook = {
  appleBaseUrl: string;
  facebookDialogUrl: string;
  facebookGraphUrl: string;
  applePeople: Map<string, ApplePerson>;
  facebookPeople: Map<string, FacebookPerson>;
  /** An Apple code for the person, as if they had agreed at Apple (server tests skip Apple's page). */
  appleCode: (person: ApplePerson, clientId: string, redirectUri: string, nonce: string) => string;
  facebookCode: (person: FacebookPerson, clientId: string, redirectUri: string) => string;
  /** What the token endpoints refused (client secret, code). */
  refusals: string[];
  close: () => Promise<void>;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeAppleFacebook(o: {
  apple: { clientId: string; teamId: string; keyId: string; publicKeyPem: string };
  facebook: { clientId: string; clientSecret: string };
}): Promise<FakeAppleFacebook> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'fake-apple-key', alg: 'RS256', use: 'sig' }] };
  const clientSecretKey = await importSPKI(o.apple.publicKeyPem, 'ES256');
  const appleCodes = new Map<string, AppleCode>();
  const facebookCodes = new Map<string, FacebookCode>();
  const facebookTokens = new Map<string, FacebookPerson>();
  const applePeople = new Map<string, ApplePerson>();
  const facebookPeople = new Map<string, FacebookPerson>();
  const seenByApple = new Set<string>();
  const refusals: string[] = [];

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const appleBaseUrl = `${base}/apple`;

  const newCode = () => crypto.randomBytes(24).toString('base64url');
  const appleCode = (person: ApplePerson, clientId: string, redirectUri: string, nonce: string) => {
    const code = newCode();
    appleCodes.set(code, { person, clientId, redirectUri, nonce });
    return code;
  };
  const facebookCode = (person: FacebookPerson, clientId: string, redirectUri: string) => {
    const code = newCode();
    facebookCodes.set(code, { person, clientId, redirectUri });
    return code;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const page = (res: http.ServerResponse, title: string, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`);
  };
  const readForm = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const q = url.searchParams;
    // Sign in with Apple
    if (url.pathname === '/apple/auth/authorize' && req.method === 'GET') {
      const hidden = ['client_id', 'redirect_uri', 'state', 'nonce']
        .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`)
        .join('');
      const buttons = [...applePeople.values()]
        .map((p) => `<button type="submit" name="sub" value="${escapeHtml(p.sub)}">Continue as ${escapeHtml(p.email)}</button>`)
        .join('');
      return page(
        res,
        'Sign in with Apple (local fake)',
        `<form method="post" action="/apple/auth/answer">${hidden}${buttons}<button type="submit" name="cancel" value="1">Cancel</button></form>`,
      );
    }
    if (url.pathname === '/apple/auth/answer' && req.method === 'POST') {
      const form = await readForm(req);
      const redirectUri = form.get('redirect_uri') ?? '';
      const fields: Record<string, string> = { state: form.get('state') ?? '' };
      const person = applePeople.get(form.get('sub') ?? '');
      if (form.get('cancel') || !person) fields.error = 'user_cancelled_authorize';
      else {
        fields.code = appleCode(person, form.get('client_id') ?? '', redirectUri, form.get('nonce') ?? '');
        // Apple sends the name only the first time a person authorizes the app.
        if (!seenByApple.has(person.sub))
          fields.user = JSON.stringify({ name: { firstName: person.firstName, lastName: person.lastName }, email: person.email });
        seenByApple.add(person.sub);
      }
      const inputs = Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join('');
      return page(
        res,
        'Signing in…',
        `<form id="post" method="post" action="${escapeHtml(redirectUri)}">${inputs}<button type="submit">Continue</button></form><script>document.getElementById('post').submit()</script>`,
      );
    }
    if (url.pathname === '/apple/auth/keys') return json(res, 200, jwks);
    if (url.pathname === '/apple/auth/token' && req.method === 'POST') {
      const form = await readForm(req);
      try {
        await jwtVerify(form.get('client_secret') ?? '', clientSecretKey, {
          issuer: o.apple.teamId,
          subject: o.apple.clientId,
          audience: appleBaseUrl,
          algorithms: ['ES256'],
        });
      } catch {
        refusals.push('apple client_secret');
        return json(res, 400, { error: 'invalid_client' });
      }
      const grant = appleCodes.get(form.get('code') ?? '');
      appleCodes.delete(form.get('code') ?? '');
      if (!grant || grant.clientId !== form.get('client_id') || grant.redirectUri !== form.get('redirect_uri')) {
        refusals.push('apple code');
        return json(res, 400, { error: 'invalid_grant' });
      }
      const idToken = await new SignJWT({
        email: grant.person.email,
        email_verified: String(grant.person.emailVerified ?? true),
        nonce: grant.nonce,
        nonce_supported: true,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'fake-apple-key' })
        .setIssuer(appleBaseUrl)
        .setAudience(grant.clientId)
        .setSubject(grant.person.sub)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      return json(res, 200, { access_token: newCode(), token_type: 'Bearer', expires_in: 3600, refresh_token: newCode(), id_token: idToken });
    }
    // Facebook Login
    if (url.pathname === '/facebook/dialog/oauth' && req.method === 'GET') {
      const hidden = ['client_id', 'redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`).join('');
      const buttons = [...facebookPeople.values()]
        .map((p) => `<button type="submit" name="id" value="${escapeHtml(p.id)}">Continue as ${escapeHtml(p.first_name ?? p.id)}</button>`)
        .join('');
      return page(
        res,
        'Log in with Facebook (local fake)',
        `<form method="post" action="/facebook/dialog/answer">${hidden}${buttons}<button type="submit" name="cancel" value="1">Cancel</button></form>`,
      );
    }
    if (url.pathname === '/facebook/dialog/answer' && req.method === 'POST') {
      const form = await readForm(req);
      const back = new URL(form.get('redirect_uri') ?? '');
      back.searchParams.set('state', form.get('state') ?? '');
      const person = facebookPeople.get(form.get('id') ?? '');
      if (form.get('cancel') || !person) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_reason', 'user_denied');
      } else back.searchParams.set('code', facebookCode(person, form.get('client_id') ?? '', form.get('redirect_uri') ?? ''));
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/facebook/graph/oauth/access_token') {
      const grant = facebookCodes.get(q.get('code') ?? '');
      facebookCodes.delete(q.get('code') ?? '');
      if (q.get('client_id') !== o.facebook.clientId || q.get('client_secret') !== o.facebook.clientSecret) {
        refusals.push('facebook client_secret');
        return json(res, 400, { error: { message: 'Error validating client secret.', type: 'OAuthException', code: 1 } });
      }
      if (!grant || grant.redirectUri !== q.get('redirect_uri')) {
        refusals.push('facebook code');
        return json(res, 400, { error: { message: 'This authorization code has expired.', type: 'OAuthException', code: 100 } });
      }
      const token = newCode();
      facebookTokens.set(token, grant.person);
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }
    if (url.pathname === '/facebook/graph/me') {
      const token = q.get('access_token') ?? '';
      const person = facebookTokens.get(token);
      const proof = crypto.createHmac('sha256', o.facebook.clientSecret).update(token).digest('hex');
      if (!person || q.get('appsecret_proof') !== proof)
        return json(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const fields = (q.get('fields') ?? 'id').split(',');
      return json(res, 200, Object.fromEntries(Object.entries(person).filter(([k]) => fields.includes(k))));
    }
    res.statusCode = 404;
    res.end();
  }

  server.on('request', (req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return {
    appleBaseUrl,
    facebookDialogUrl: `${base}/facebook/dialog/oauth`,
    facebookGraphUrl: `${base}/facebook/graph`,
    applePeople,
    facebookPeople,
    appleCode,
    facebookCode,
    refusals,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
