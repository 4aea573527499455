import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type ServerProcess = { url: string; port: number; dataDir: string; child: ChildProcess; output: () => string; stop: () => Promise<number | null> };

/**
 * The command behind `npm run start:server` (read from the server's package.json, so it stays true): `node --import
 * tsx`, one process, so a signal reaches the server itself (tsx's own CLI relays signals to a child and SIGKILLs it when
 * the child has not answered within 30 ms, which a loaded machine missed).
 */
export function serverCommand(): { cwd: string; command: string; args: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as { scripts: { start: string } };
  const [bin, ...args] = pkg.scripts.start.split(' ');
  const command = bin === 'node' ? process.execPath : path.join(REPO_ROOT, 'node_modules/.bin', bin!);
  return { cwd: path.join(REPO_ROOT, 'apps/server'), command, args };
}

/**
 * Start the server as `npm run start:server` does (without npm in between, so signals and exit codes are the
 * server's own), on a free port with its own data directory.
 */
export async function startServer(
  // An env value of undefined removes that variable from the inherited environment.
  opts: { dataDir?: string; port?: number; env?: Record<string, string | undefined>; waitForHealth?: boolean } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const { cwd, command, args } = serverCommand();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: url, LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    return exited;
  };
  if (opts.waitForHealth !== false) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`server did not become healthy:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { url, port, dataDir, child, output: () => out, stop };
}

/** Wait for a started process to exit, with its exit code (null when a signal ended it: the server is the process itself). */
export function exitOf(server: ServerProcess, timeoutMs = 60_000): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve(server.child.exitCode);
    const timer = setTimeout(() => reject(new Error(`process did not exit:\n${server.output()}`)), timeoutMs);
    server.child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** A minimal cookie-keeping API client with CSRF, for tests that need no browser. */
export class HttpSession {
  constructor(
    private readonly base: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (cookies) talking to another server of the same database. */
  on(base: string): HttpSession {
    return new HttpSession(base, this.cookies);
  }

  /** Another client holding a copy of this one's cookies now (a stolen or stale cookie), talking to `base`. */
  copyTo(base: string): HttpSession {
    return new HttpSession(base, new Map(this.cookies));
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('csrftoken')) await this.request('GET', '/api/auth/csrf/');
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') headers['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      const v = value.join('=');
      if (v && !/max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.set(name!.trim(), v);
      else this.cookies.delete(name!.trim());
    }
    return res;
  }
}
