import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killQuietly, killServerHard } from './support/hard-kill';
import { startMailCatcher, type CapturedMail, type MailCatcher } from './support/mail-catcher';
import { HttpSession, freePort, startServer, type ServerProcess } from './support/server-process';

/**
 * Issue 16 (decision 027): a mail committed to the outbox goes out once even when the server is killed between the
 * commit and the send. The first life runs with JOBS=off, so nothing can send before the kill -9; the next lives run
 * the workers. On PostgreSQL two servers start together after the kill and the mail still goes out once.
 */
const started: ServerProcess[] = [];
const catchers: MailCatcher[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of started) killQuietly(s);
  for (const c of catchers) await c.close();
  for (const clean of cleanups) await clean();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mails = (catcher: MailCatcher): CapturedMail[] =>
  fs
    .readdirSync(catcher.dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(catcher.dir, f), 'utf8')) as CapturedMail);

async function until(check: () => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function life(dataDir: string, env: Record<string, string | undefined>) {
  const server = await startServer({ dataDir, env });
  started.push(server);
  return server;
}

/** A fresh scratch database on the server of TEST_DATABASE_URL. */
async function scratchDatabase(adminUrl: string): Promise<string> {
  const name = `spotter_mail_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const targets: { name: string; databaseUrl: () => Promise<string | undefined>; servers: number }[] = [
  { name: 'PGlite', databaseUrl: async () => undefined, servers: 1 },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) targets.push({ name: 'PostgreSQL, two servers after the kill', databaseUrl: () => scratchDatabase(adminUrl), servers: 2 });

describe('the mail outbox across a kill -9 between the commit and the send', () => {
  it.each(targets)('$name: the mail goes out once after the restart', async ({ databaseUrl, servers }) => {
    const catcher = await startMailCatcher(await freePort());
    catchers.push(catcher);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-mail-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: await databaseUrl(), SMTP_URL: catcher.smtpUrl };

    // First life: the request's transaction commits the outbox row and its job; nothing sends (JOBS=off); kill -9.
    const first = await life(dataDir, { ...env, JOBS: 'off' });
    const res = await new HttpSession(first.url).request('POST', '/api/auth/users/reset_password/', { email: 'owner@example.com' });
    expect(res.status).toBe(200);
    await killServerHard(first);
    expect(mails(catcher)).toEqual([]);

    // Next lives run the workers: the mail goes out, once, however many servers start and however often.
    const next = await Promise.all(
      Array.from({ length: servers }, (_, i) => life(i === 0 ? dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-mail-crash-')), env)),
    );
    await until(() => mails(catcher).length >= 1, 'the reset mail');
    await sleep(4000);
    for (const server of next) await server.stop();
    const again = await life(dataDir, env);
    await sleep(4000);
    await again.stop();
    const caught = mails(catcher);
    expect(caught.map((m) => m.to)).toEqual([['owner@example.com']]);
    expect(caught[0]!.raw).toContain('Reset your Spotter password');
  });
});
