import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { leaveNothing, stopChild, type Cookie, type LoopbackTls } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export type Browser = { context: BrowserContext; page: Page; close: () => Promise<void> };

/** Chromium driven by playwright-core, with a fresh profile (so an empty cache); close() removes the profile. */
/** Chromium arguments that let through the loopback server's own certificate, and no other (bench/server.ts). */
export function trustArgs(tls: LoopbackTls | null): string[] {
  return tls ? [`--ignore-certificate-errors-spki-list=${tls.spki}`] : [];
}

export async function launchBrowser(viewport = { width: 1280, height: 800 }, extraArgs: string[] = []): Promise<Browser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-chromium-'));
  // The browser ends with this process (playwright's pipe closes); the profile is ours to remove.
  const forget = leaveNothing({ dir: userDataDir });
  try {
    // Signals are the caller's to handle: playwright's own handlers would exit before the caller's cleanup.
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport,
      args: [...CHROMIUM_ARGS, ...extraArgs],
      timeout: 60_000,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    context.setDefaultTimeout(20_000);
    context.setDefaultNavigationTimeout(30_000);
    const page = context.pages()[0] ?? (await context.newPage());
    return {
      context,
      page,
      close: async () => {
        await context.close().catch(() => undefined);
        fs.rmSync(userDataDir, { recursive: true, force: true });
        forget();
      },
    };
  } catch (err) {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    forget();
    throw err;
  }
}

/** Puts an API login's cookies into a browser context, so the next page load is already signed in. */
export async function addSessionCookies(context: BrowserContext, baseUrl: string, cookies: Cookie[]): Promise<void> {
  await context.clearCookies();
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseUrl })));
}

/** Chromium with a DevTools port (for Lighthouse), not driven by playwright; close() kills it and removes its profile. */
export async function launchDebuggableChromium(extraArgs: string[] = []): Promise<{ port: number; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      '--remote-debugging-port=0',
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${userDataDir}`,
      ...CHROMIUM_ARGS,
      ...extraArgs,
      'about:blank',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const forget = leaveNothing({ group: child, dir: userDataDir });
  const close = async () => {
    await stopChild(child, 5_000);
    fs.rmSync(userDataDir, { recursive: true, force: true });
    forget();
  };
  try {
    // Chromium writes the port it picked to DevToolsActivePort once it listens.
    const portFile = path.join(userDataDir, 'DevToolsActivePort');
    const deadline = Date.now() + 30_000;
    while (!fs.existsSync(portFile) || !fs.readFileSync(portFile, 'utf8').includes('\n')) {
      if (child.exitCode !== null) throw new Error(`chromium exited (${child.exitCode}):\n${err}`);
      if (Date.now() > deadline) throw new Error(`chromium did not open its DevTools port in 30 s:\n${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { port: Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]), close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * Staff layouts open the banner modal (spec 2.10) once the banners arrive, one banner after the other (the seed gives
 * staff two). Closes each with its X, which hides it for this page load only.
 */
export async function closeBanners(page: Page): Promise<void> {
  for (const timeout of [10_000, 3_000]) {
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Do Not Show Again' }) });
    const isShown = await dialog.waitFor({ timeout }).then(
      () => true,
      () => false,
    );
    if (!isShown) return;
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
