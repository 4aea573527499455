import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

/** A minimal cookie jar: enough for the session and CSRF cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const index = pair.indexOf('=');
        cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    get: (name: string) => cookies.get(name),
  };
}

describe('server, without a browser', () => {
  it('logs in with CSRF and answers the owner session', async () => {
    const jar = cookieJar();
    const csrf = await fetch(`${baseUrl}/api/auth/csrf/`);
    expect(csrf.status).toBe(200);
    jar.store(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    expect(jar.get('csrftoken')).toBe(csrfToken);

    const login = await fetch(`${baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': jar.get('csrftoken') ?? '', Cookie: jar.header() },
      body: JSON.stringify({ email: 'owner@example.com', password: 'Spotter123' }),
    });
    expect(login.status).toBe(200);
    jar.store(login);

    const session = await fetch(`${baseUrl}/api/auth/session/`, { headers: { Cookie: jar.header() } });
    expect(session.status).toBe(200);
    const body = (await session.json()) as { role: string; gym: { title: string } };
    expect(body.role).toBe('owner');
    expect(body.gym.title).toBe('Iron Temple Barbell');
  });

  it('refuses an unsafe request without the CSRF header', async () => {
    const response = await fetch(`${baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'Spotter123' }),
    });
    expect(response.status).toBe(403);
  });

  it('answers 401 for the session of a visitor', async () => {
    expect((await fetch(`${baseUrl}/api/auth/session/`)).status).toBe(401);
  });

  it('serves the web app with the runtime configuration and a CSP', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('window.__SPOTTER_CONFIG__');
    expect(html).not.toContain('<!--spotter-runtime-config-->');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    const deep = await fetch(`${baseUrl}/users/athletes`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
  });
});
