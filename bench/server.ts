import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, serverCommand } from '../e2e/support/server-process';
import { makeLoopbackCertificate } from '../apps/server/test/loopback-certificate';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Watches this process from outside: when it ends in any way, even SIGKILL (tsx kills a child that is slow to answer
 * Ctrl-C), its stdin closes, and it kills the process groups and removes the directories still registered.
 */
const REAPER = `
const fs = require('node:fs');
const left = new Map();
let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  for (let i; (i = buf.indexOf('\\n')) >= 0; buf = buf.slice(i + 1)) {
    const m = JSON.parse(buf.slice(0, i));
    if (m.drop) left.delete(m.id); else left.set(m.id, m);
  }
});
process.stdin.on('end', () => {
  for (const { pgid } of left.values()) if (pgid) try { process.kill(-pgid, 'SIGKILL'); } catch {}
  setTimeout(() => {
    for (const { dir } of left.values()) if (dir) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    process.exit(0);
  }, 500);
});`;
let reaper: ChildProcess | undefined;
let nextId = 0;
const atExit = new Map<number, () => void>();
process.on('exit', () => {
  for (const undo of atExit.values()) undo();
});

function tellReaper(message: object) {
  if (!reaper) {
    reaper = spawn(process.execPath, ['-e', REAPER], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    reaper.unref();
    (reaper.stdin as net.Socket).unref();
  }
  reaper.stdin!.write(`${JSON.stringify(message)}\n`);
}

/**
 * Makes sure a child's process group is killed and a temp dir removed even if this process ends before its own
 * cleanup has run: at 'exit' (an uncaught error, process.exit() after a step timed out), and by a watcher process
 * when it is killed outright. Returns the function that unregisters them once cleaned up normally.
 */
export function leaveNothing(left: { group?: ChildProcess; dir?: string }): () => void {
  const id = nextId++;
  atExit.set(id, () => {
    if (left.group) signalGroup(left.group, 'SIGKILL');
    if (left.dir) fs.rmSync(left.dir, { recursive: true, force: true });
  });
  tellReaper({ id, pgid: left.group?.pid, dir: left.dir });
  return () => {
    atExit.delete(id);
    tellReaper({ id, drop: true });
  };
}

/** Resolves with `promise`, or rejects after `ms` naming the step that hung. */
export function within<T>(ms: number, label: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Sends `signal` to a child started with `detached: true` and to everything it started (its process group). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const killed = await within(graceMs, 'stop', exited).then(
    () => false,
    () => true,
  );
  if (killed) {
    signalGroup(child, 'SIGKILL');
    await within(5_000, 'kill', exited).catch(() => undefined);
  }
}

/** A bounded `npm run …`-style command; rejects with its output when it fails or runs too long. */
export async function run(argv: string[], opts: { cwd: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<string> {
  const child = spawn(argv[0]!, argv.slice(1), { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const forget = leaveNothing({ group: child });
  child.once('exit', () => forget());
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const code = await within(
    opts.timeoutMs,
    argv.join(' '),
    new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (c) => resolve(c));
    }),
  ).catch(async (err: unknown) => {
    await stopChild(child, 2_000);
    throw err;
  });
  if (code !== 0) throw new Error(`${argv.join(' ')} exited with ${code}:\n${out}`);
  return out;
}

/** A self-signed certificate for 127.0.0.1: the CA a client must trust, and its key's SPKI hash for Chromium. */
export type LoopbackTls = { certFile: string; keyFile: string; ca: Buffer; spki: string };

export type AppServer = { url: string; tls: LoopbackTls | null; stop: () => Promise<void> };

/** A loopback certificate (as the TLS test makes it) with what Chromium and Node need to trust it, in `dir`. */
function loopbackTls(dir: string): LoopbackTls {
  const { certFile, keyFile } = makeLoopbackCertificate(dir, 'bench');
  // Chromium's --ignore-certificate-errors-spki-list takes base64(SHA-256(SubjectPublicKeyInfo)): only this key is let through.
  const spkiDer = execFileSync('openssl', ['pkey', '-in', keyFile, '-pubout', '-outform', 'DER']);
  const spki = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: spkiDer }).toString('base64');
  return { certFile, keyFile, ca: fs.readFileSync(certFile), spki };
}

/** A GET or POST with the loopback certificate trusted when given (Node's fetch cannot take a CA). */
export function loopbackRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; ca?: Buffer; timeoutMs?: number } = {},
): Promise<{ status: number; setCookies: string[]; text: string }> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target, { method: opts.method ?? 'GET', headers: opts.headers, ca: opts.ca, timeout: opts.timeoutMs ?? 10_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookies: res.headers['set-cookie'] ?? [], text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${opts.method ?? 'GET'} ${url} took longer than ${opts.timeoutMs ?? 10_000} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * The server as `npm run start:server` starts it (the command read from apps/server/package.json), on a free loopback
 * port with a fresh PGlite data directory, which it migrates and seeds with the demo data. stop() ends it and removes
 * the directory. With `tls`, it serves HTTPS with HTTP/2 as a deployment does (decision 013), with a certificate made
 * for the run.
 */
export async function startAppServer(opts: { tls?: boolean } = {}): Promise<AppServer> {
  const { cwd, command, args } = serverCommand();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-web-'));
  const tls = opts.tls ? loopbackTls(dataDir) : null;
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
  };
  if (tls) Object.assign(env, { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile });
  else {
    delete env.TLS_CERT_FILE;
    delete env.TLS_KEY_FILE;
  }
  // Never a shared PostgreSQL: the seed writes.
  delete env.DATABASE_URL;
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const forget = leaveNothing({ group: child, dir: dataDir });
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    forget();
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
      const healthy = await loopbackRequest(`${url}/api/health`, { ca: tls?.ca, timeoutMs: 2_000 }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error(`server did not become healthy in 90 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, tls, stop };
}

export type Cookie = { name: string; value: string };

/** Logs in through the API as a browser does (CSRF cookie, then login with the token); the cookies it holds after. */
export async function loginCookies(base: string, email: string, password: string, ca?: Buffer): Promise<Cookie[]> {
  const jar = new Map<string, string>();
  const keep = (setCookies: string[]) => {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  keep((await loopbackRequest(`${base}/api/auth/csrf/`, { ca })).setCookies);
  const res = await loopbackRequest(`${base}/api/auth/login/`, {
    method: 'POST',
    ca,
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get('csrftoken') ?? '', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${res.text}`);
  keep(res.setCookies);
  return [...jar].map(([name, value]) => ({ name, value }));
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** A static file server on loopback for a built page (unknown paths get index.html, as an SPA host does). */
export async function serveStatic(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    let file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    res.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
