import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpSession, exitOf, startServer, type ServerProcess } from './support/server-process';

// The server as `npm start` runs it (after the build): a fresh PGlite directory, migrated and seeded at start.
describe('the server process', () => {
  let first: ServerProcess | undefined;
  afterAll(async () => {
    await first?.stop();
    if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
  });

  it('starts on an empty data directory, seeds it, and a seeded account logs in and reads its session', async () => {
    first = await startServer();
    const http = new HttpSession(first.url);
    const login = await http.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' });
    expect(login.status).toBe(200);
    const session = await (await http.request('GET', '/api/auth/session/')).json();
    expect(session).toMatchObject({ role: 'owner', gym: { title: 'Iron Temple Barbell' }, user: { email: 'owner@example.com' } });
    const page = await fetch(`${first.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('window.__SPOTTER_CONFIG__');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('refuses a second server on the same PGlite directory with a clear message', async () => {
    const second = await startServer({ dataDir: first!.dataDir, waitForHealth: false });
    expect(await exitOf(second)).toBe(1);
    expect(second.output()).toMatch(/is in use by another Spotter server/);
    // The first one is unharmed.
    expect((await fetch(`${first!.url}/api/health/ready`)).status).toBe(200);
  });

  it('shuts down gracefully on SIGTERM, releases the lock, and restarts on the same data without reseeding', async () => {
    const http = new HttpSession(first!.url);
    await http.request('POST', '/api/auth/login/', { email: 'athlete@example.com', password: 'Spotter123' });
    const change = await http.request('POST', '/api/auth/change-password/', { password: 'Spotter123', newPassword: 'Durable123', reNewPassword: 'Durable123' });
    expect(change.status).toBe(200);
    // A request in flight at the SIGTERM (its body still arriving) is answered, and its keep-alive connection then
    // ends: the close does not wait for that connection's keep-alive timeout, which the shutdown gives up on with exit 1.
    const inFlight = await startSlowLogin(first!.url, 'owner@example.com');
    const stopped = first!.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await inFlight.finish();
    expect(answer).toEqual({ status: 200, connection: 'close' });
    expect(await stopped, first!.output().slice(-2000)).toBe(0);
    expect(fs.existsSync(path.join(first!.dataDir, 'pglite', 'spotter.lock'))).toBe(false);

    const again = await startServer({ dataDir: first!.dataDir });
    first = again;
    const after = new HttpSession(again.url);
    // The acknowledged write survived, and the seed did not run again over it.
    expect((await after.request('POST', '/api/auth/login/', { email: 'athlete@example.com', password: 'Durable123' })).status).toBe(200);
    expect(again.output()).not.toMatch(/Seeded the demo data/);
  });

  it('stops with a message naming a bad variable', async () => {
    const bad = await startServer({ env: { PORT: 'not-a-port' }, waitForHealth: false });
    expect(await exitOf(bad)).toBe(1);
    expect(bad.output()).toMatch(/PORT: must be a port number/);
    fs.rmSync(bad.dataDir, { recursive: true, force: true });
  });
});

/** A sign-in over a keep-alive connection whose body is sent in two parts: the request is in flight until `finish`. */
async function startSlowLogin(base: string, email: string) {
  const csrf = await fetch(`${base}/api/auth/csrf/`);
  const token = csrf.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((pair) => pair.startsWith('csrftoken='))!
    .slice('csrftoken='.length);
  const body = JSON.stringify({ email, password: 'Spotter123' });
  const agent = new http.Agent({ keepAlive: true });
  const request = http.request(`${base}/api/auth/login/`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: `csrftoken=${token}`, 'x-csrftoken': token },
  });
  const answered = new Promise<{ status: number | undefined; connection: string | undefined }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, connection: response.headers.connection }));
    });
  });
  request.write(body.slice(0, 10));
  // The server has the headers (the request has begun) before the caller goes on.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    finish: async () => {
      request.end(body.slice(10));
      try {
        return await answered;
      } finally {
        agent.destroy();
      }
    },
  };
}
