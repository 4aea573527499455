import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Running sqlmap (the Debian package's `sqlmap` command) against a loopback HTTP server, and reading its verdict.
 * sqlmap's exit code says nothing (it is 0 after "connection refused" too), so the verdict comes from its output:
 * every parameter handed to it must be reported as tested and not injectable, or the run counts as broken.
 */

/** Only this host is ever handed to sqlmap. */
export const SQLMAP_HOST = '127.0.0.1';

/**
 * The options every run gets: no questions, no proxy, no redirects (so nothing leaves the loopback host), one thread,
 * short timeouts and no retries, and a fresh session (no results remembered from an earlier run).
 */
const COMMON_ARGS = [
  '--batch',
  '--threads',
  '1',
  '--timeout',
  '10',
  '--retries',
  '0',
  '--time-sec',
  '2',
  '--ignore-proxy',
  '--ignore-redirects',
  '--disable-coloring',
  '--flush-session',
];

/** A quick pass for every parameter: boolean, error, union and time based payloads for any DBMS, the default level. */
export const QUICK_PASS = ['--level', '1', '--risk', '1', '--technique', 'BEUT'];

/**
 * The thorough pass for free-text parameters (which reach SQL as values): every technique with the back end's
 * (PostgreSQL) payloads, level 3 boundaries (level 2 and up are needed for `LIKE '%...%'` contexts) and risk 3 (OR
 * based payloads: harmless here, the requests are GETs).
 */
export const THOROUGH_PASS = ['--level', '3', '--risk', '3', '--technique', 'BEUSTQ', '--dbms', 'PostgreSQL'];

export type SqlmapVerdict = {
  /** Parameters sqlmap tested and reported as not injectable, as `GET:name` or `URI:#1*`. */
  notInjectable: string[];
  /** Evidence of an injection: sqlmap's own words, the injection points it logged, the rows of its results CSV. */
  injections: string[];
  /** Heuristic signs worth a look that are not SQL injection findings (XSS, file inclusion). */
  notes: string[];
  /** Lines saying the run itself went wrong (no connection, a critical error), so its silence means nothing. */
  problems: string[];
  /** HTTP status codes other than 200 that sqlmap counted during the run, with how often. */
  statusCounts: Record<number, number>;
};

const ALL_CLEAR = 'all tested parameters do not appear to be injectable';

/** sqlmap's console output (and, when given, its per-host log and results CSV) read into a verdict. */
export function parseSqlmapOutput(stdout: string, files: { log?: string; csv?: string } = {}): SqlmapVerdict {
  const lines = stdout.split(/\r?\n/);
  const verdict: SqlmapVerdict = { notInjectable: [], injections: [], notes: [], problems: [], statusCounts: {} };
  for (const [i, line] of lines.entries()) {
    let m: RegExpMatchArray | null;
    if ((m = line.match(/\b(\w+) parameter '([^']+)' does not seem to be injectable/))) verdict.notInjectable.push(`${m[1]}:${m[2]}`);
    else if (/sqlmap identified the following injection point/.test(line)) verdict.injections.push(line.trim());
    else if (/parameter '[^']+' (?:is|appears to be) '.*' injectable/.test(line)) verdict.injections.push(line.trim());
    else if (/parameter '[^']+' is vulnerable/.test(line)) verdict.injections.push(line.trim());
    else if (/^Parameter: .+ \(.+\)$/.test(line.trim())) verdict.injections.push(line.trim());
    // A DBMS error message in a response: internals leak even if no payload worked.
    else if (/heuristic .*might be injectable/.test(line)) verdict.injections.push(line.trim());
    else if (/might be vulnerable to|might be injectable/.test(line)) verdict.notes.push(line.trim());
    else if (/\[(CRITICAL|ERROR)\]/.test(line) && !line.includes(ALL_CLEAR)) verdict.problems.push(line.trim());
    else if (/unable to connect|connection refused|connection timed out|page not found/i.test(line)) verdict.problems.push(line.trim());
    if (/HTTP error codes detected during run:/.test(line)) {
      for (const [, code, count] of (lines[i + 1] ?? '').matchAll(/(\d{3}) \([^)]*\) - (\d+) times/g)) {
        verdict.statusCounts[Number(code)] = (verdict.statusCounts[Number(code)] ?? 0) + Number(count);
      }
    }
  }
  if (files.log?.trim()) verdict.injections.push(`sqlmap's log names injection points:\n${files.log.trim()}`);
  const csvRows = (files.csv ?? '').split(/\r?\n/).filter((l) => l.trim() && !l.startsWith('Target URL,'));
  for (const row of csvRows) verdict.injections.push(`results CSV: ${row}`);
  return verdict;
}

/** The requests of a traffic file (`-t`) whose responses were 5xx: status and URI. */
export function serverErrorsInTraffic(traffic: string): string[] {
  const found: string[] = [];
  for (const block of traffic.split(/\n(?=HTTP (?:request|response) \[#\d+\])/)) {
    const status = block.match(/^HTTP response \[#\d+\] \((\d{3})[^)]*\)/);
    if (!status || Number(status[1]) < 500) continue;
    found.push(`${status[1]} ${block.match(/^URI: (.*?)\r?$/m)?.[1] ?? '(no URI logged)'}`);
  }
  return found;
}

export type SqlmapRun = { stdout: string; verdict: SqlmapVerdict; serverErrors: string[]; requests: number; ms: number; outDir: string };

/**
 * Run sqlmap once against `url` (which must be on 127.0.0.1), testing `params` (GET parameter names) or, when the URL
 * holds a `*` marker in its path, that path segment. Output goes to `outDir` (created).
 */
export async function runSqlmap(opts: {
  url: string;
  cookie?: string;
  params?: string[];
  pass: string[];
  outDir: string;
  timeoutMs: number;
}): Promise<SqlmapRun> {
  const target = new URL(opts.url.replace('*', ''));
  if (target.hostname !== SQLMAP_HOST || target.protocol !== 'http:') throw new Error(`sqlmap may only target http://${SQLMAP_HOST}, not ${opts.url}`);
  fs.mkdirSync(opts.outDir, { recursive: true });
  const trafficFile = path.join(opts.outDir, 'traffic.txt');
  const args = ['-u', opts.url, ...COMMON_ARGS, ...opts.pass, '--output-dir', opts.outDir, '-t', trafficFile];
  if (opts.cookie) args.push('--cookie', opts.cookie);
  if (opts.params?.length) args.push('-p', opts.params.join(','));
  const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'dumb', HOME: opts.outDir };
  for (const k of Object.keys(env)) if (/^(https?|all|no)_proxy$/i.test(k)) delete env[k];

  const started = Date.now();
  const child = spawn('sqlmap', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stdout += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sqlmap did not finish within ${opts.timeoutMs} ms: ${opts.url}\n${stdout.slice(-3000)}`));
    }, opts.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`could not run sqlmap (is the Debian package installed?): ${err.message}`));
    });
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  fs.writeFileSync(path.join(opts.outDir, 'stdout.txt'), stdout);

  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
  const hostDir = path.join(opts.outDir, SQLMAP_HOST);
  const csv = fs
    .readdirSync(opts.outDir)
    .filter((f) => /^results-.*\.csv$/.test(f))
    .map((f) => read(path.join(opts.outDir, f)))
    .join('\n');
  const verdict = parseSqlmapOutput(stdout, { log: read(path.join(hostDir, 'log')), csv });
  if (code !== 0) verdict.problems.push(`sqlmap exited with code ${code}`);
  const traffic = read(trafficFile);
  return {
    stdout,
    verdict,
    serverErrors: serverErrorsInTraffic(traffic),
    requests: traffic.match(/^HTTP request \[#\d+\]/gm)?.length ?? 0,
    ms: Date.now() - started,
    outDir: opts.outDir,
  };
}
