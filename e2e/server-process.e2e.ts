import fs from 'node:fs';
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
    expect(await first!.stop()).toBe(0);
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
