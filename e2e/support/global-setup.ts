import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './mail-catcher';
import { startFakeStripe } from '../../apps/server/test/fake-stripe';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    /** Issue 19: the local fake of Stripe's API the server's card payments run against. */
    stripeUrl: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
// A fresh server migrates and seeds the demo data before it is healthy: about 70 s on a busy 2-core machine, and the
// shards start theirs side by side.
const STARTUP_TIMEOUT_MS = 240_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      // The whole process group: npm, the shell and the server; the server closes gracefully on SIGTERM.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Starts the server exactly as `npm run start:server` does, on a free port with a fresh data directory. */
export default async function setup(project: TestProject) {
  // WEB_DIST_DIR (as the server reads it) lets a run use a build of its own beside apps/web/dist.
  const dist = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist} is missing: run \`npm run build\` first (\`npm run test:e2e\` does it).`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-e2e-'));
  // The server mails password-reset and activation links; journeys read them from here.
  const mail = await startMailCatcher(await freePort());
  // Card payments run on the real SDK against a local fake of Stripe's API; its events come back to the server's webhook.
  // No public key: Stripe.js (js.stripe.com) is unreachable here, so journeys save methods through the API.
  const stripe = await startFakeStripe({ webhookUrl: `${baseUrl}/api/payments/webhook/` });
  let log = '';
  const child = spawn('npm', ['run', 'start:server'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: mail.smtpUrl,
      ...stripe.env,
    },
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop(child);
    await mail.close();
    await stripe.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mail.dir);
  project.provide('stripeUrl', stripe.url);

  return async () => {
    await stop(child);
    await mail.close();
    await stripe.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
