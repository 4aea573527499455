import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { unstyledMantineClasses } from './mantine-styles';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type Browser = { context: BrowserContext; page: Page; close: () => Promise<void> };

/** A fresh Chromium profile per call; close() removes it. */
/**
 * A browser for one journey. Unless `keepBanners` is set (the journeys about the banner modal itself), the banner
 * modal is closed with its X whenever it stands in front of one of the page's actions (closeBannersWhenShown): every
 * page load shows the seeded banners again, and one that arrives late on a loaded machine would otherwise swallow the
 * journey's next click.
 */
export async function launchBrowser(viewport = { width: 1280, height: 800 }, options: { keepBanners?: boolean } = {}): Promise<Browser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    // With the theme's respectReducedMotion, modals, drawers and menus open without transitions, so axe never
    // measures colours halfway through a fade.
    reducedMotion: 'reduce',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (!options.keepBanners) await closeBannersWhenShown(page);
  watchConsole(page);
  return {
    context,
    page,
    close: async () => {
      const problems = consoleProblems(page);
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
      if (problems.length > 0) throw new Error(`The page logged ${problems.length} console error(s) or warning(s):\n${problems.join('\n')}`);
    },
  };
}

type ConsoleEntry = { text: string; url: string };
const consoleEntries = new WeakMap<Page, { entries: ConsoleEntry[]; refusedWrites: Set<string>; allowed: RegExp[] }>();
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Issue 34 item 14: a journey fails on any console error or warning and on any uncaught error in its page. A write the
 * server refuses (a 4xx to a POST, PUT, PATCH or DELETE) is what many journeys try on purpose: the browser's "Failed
 * to load resource" line for it is not counted, nor the session endpoint's 401 (below). A read that fails otherwise is.
 */
function watchConsole(page: Page): void {
  const watch = { entries: [] as ConsoleEntry[], refusedWrites: new Set<string>(), allowed: [] as RegExp[] };
  consoleEntries.set(page, watch);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      watch.entries.push({ text: `${message.type()}: ${message.text()}`, url: message.location().url });
  });
  page.on('pageerror', (error) => watch.entries.push({ text: `uncaught: ${error.message}`, url: '' }));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.status() < 500 && UNSAFE_METHODS.has(response.request().method())) watch.refusedWrites.add(response.url());
  });
}

/** For a step that provokes a console message on purpose: messages whose text and URL match `pattern` do not count. */
export function allowConsoleMessages(page: Page, pattern: RegExp): void {
  consoleEntries.get(page)?.allowed.push(pattern);
}

/** The console errors and warnings (and uncaught errors) the page has logged so far that count. */
export function consoleProblems(page: Page): string[] {
  const watch = consoleEntries.get(page);
  if (!watch) return [];
  return (
    watch.entries
      .filter((entry) => !(entry.text.includes('Failed to load resource') && watch.refusedWrites.has(entry.url)))
      // CONTRACT.md: the session endpoint answers 401 when nobody is logged in, and that is how the app learns a session
      // ended (logged out, a password reset). A page load without a session cookie never asks (decision 049; the login
      // journey checks it), so this line comes only after a session ended within the journey.
      .filter((entry) => !(entry.text.includes('status of 401') && new URL(entry.url || 'http://x/').pathname === '/api/auth/session/'))
      .filter((entry) => !watch.allowed.some((pattern) => pattern.test(`${entry.text} ${entry.url}`)))
      .map((entry) => `- ${entry.text}${entry.url ? ` (${entry.url})` : ''}`)
  );
}

/** Fails when the page has logged a console error or warning that counts (consoleProblems). */
export function expectNoConsoleProblems(page: Page): void {
  const problems = consoleProblems(page);
  if (problems.length > 0) throw new Error(`${page.url()} logged ${problems.length} console error(s) or warning(s):\n${problems.join('\n')}`);
}

/**
 * Fails with a readable list when axe finds WCAG 2.1 A/AA violations on the page as it is now, or when a Mantine
 * component on it is drawn without its stylesheet (the first screens load only theirs, decision 015), or when the
 * page has logged a console error (expectNoConsoleProblems).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expectNoConsoleProblems(page);
  await waitForAnimations(page);
  const unstyled = await unstyledMantineClasses(page);
  if (unstyled.length > 0) throw new Error(`Mantine classes without their stylesheet on ${page.url()}: ${unstyled.join(', ')}`);
  // A mail shown in a script-less sandboxed frame (issue 22's previews) is the mail's own document, and axe cannot run
  // inside it (no scripts): it is left out; the frame element itself (its title) is still checked.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe[sandbox=""]').analyze();
  if (results.violations.length === 0) return;
  const lines = results.violations.map(
    (v) => `- ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  throw new Error(`axe found ${results.violations.length} violation(s) on ${page.url()}:\n${lines.join('\n')}`);
}

/** Waits until no CSS transition or animation is running, so colours are measured as people finally see them. */
export async function waitForAnimations(page: Page): Promise<void> {
  // Spinners and skeletons loop for ever; only finite transitions (fades, slides) are waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/** Clicks a menu's target and waits until its menu is open, so its items can be read at once. */
export async function openMenu(page: Page, target: Locator): Promise<Locator> {
  await target.click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** Closes the open menu with Escape and waits until it is gone, so it cannot cover the next click. */
export async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

/**
 * Chooses a field from an editor's "Insert merge field" menu and waits until the cursor is back in the editor, as a
 * person sees before typing on (tiptap focuses the editor on the next animation frame).
 */
export async function insertMergeField(page: Page, scope: Locator, label: string | RegExp): Promise<void> {
  await scope.getByRole('button', { name: 'Insert merge field' }).click();
  await page.getByRole('menuitem', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.closest('[contenteditable="true"]') != null, undefined, { timeout: 10_000 });
}

export const DEMO_PASSWORD = 'Spotter123';

/** Fills the login form and submits it; the caller waits for what should follow. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** athlete@example.com has no default profile: sign in and choose its athlete profile at Iron Temple Barbell. */
export async function signInAsIronTempleAthlete(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'athlete@example.com');
  await page.getByRole('heading', { name: 'Select a profile' }).waitFor();
  await page
    .getByRole('list', { name: 'Profiles' })
    .getByRole('listitem')
    .filter({ hasText: 'Iron Temple Barbell' })
    .first()
    .getByRole('button', { name: 'Select' })
    .click();
  await page.getByRole('heading', { name: 'Schedule' }).waitFor();
}

/**
 * Staff, owner and platform layouts open the banner modal (spec 2.10) once the banners arrive. Closes it with
 * its X, which hides it for this page load only, so other journeys never dismiss a banner for good.
 */
export async function closeBannerIfShown(page: Page, timeout = 10_000): Promise<void> {
  // A page with closeBannersWhenShown's handler has the banner closed by Playwright before any wait or action of the
  // journey (the wait for the page's heading already did it); waiting here for one to show would wait the whole
  // timeout, as the modal shows only the first banner once per page load.
  if (bannerHandlers.has(page)) return;
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Do Not Show Again' }) });
  // The seeded data gives every staff, owner and platform profile a banner, so the wait is short unless dismissed.
  const isShown = await dialog.waitFor({ timeout }).then(
    () => true,
    () => false,
  );
  if (!isShown) return;
  // A journey's closeBannersWhenShown handler may close it first: then the click has nothing left to click, so
  // whichever comes first, the click or the dialog going away, ends the wait.
  await Promise.race([
    dialog
      .getByRole('button', { name: 'Close' })
      .click({ timeout })
      .catch(() => undefined),
    dialog.waitFor({ state: 'hidden' }),
  ]);
  await dialog.waitFor({ state: 'hidden' });
}

const bannerHandlers = new WeakMap<Page, Locator>();

/** The athlete's or staff member's banners (GET /api/banners/), not a banner's close. */
const BANNERS_LIST = /\/api\/banners\/(\?.*)?$/;

/**
 * For journeys about something else: no banner modal (spec 2.10) stands in their way. The banners' list answers
 * empty for their page, so the modal (the browser's <dialog>, which makes the page behind inert) never opens at a
 * moment of its own choosing, however late the answer comes. The locator handler that closes it with its X stays, as
 * a backstop. The banner journeys keep the real answer (launchBrowser's keepBanners, keepBannersShown).
 */
export async function closeBannersWhenShown(page: Page): Promise<void> {
  if (bannerHandlers.has(page)) return;
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Do Not Show Again' }) });
  bannerHandlers.set(page, dialog);
  await page.route(BANNERS_LIST, (route) => route.fulfill({ json: { count: 0, next: null, previous: null, results: [] } }));
  await page.addLocatorHandler(dialog, async () => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
}

/** For a step about the banner modal itself: the page stops closing it (undoes closeBannersWhenShown). */
export async function keepBannersShown(page: Page): Promise<void> {
  const dialog = bannerHandlers.get(page);
  if (!dialog) return;
  bannerHandlers.delete(page);
  await page.unroute(BANNERS_LIST);
  await page.removeLocatorHandler(dialog);
}

/** With E2E_SCREENSHOT_DIR set, saves a full-page screenshot there (for looking at what a journey saw). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // Not Playwright's fullPage: in Chromium its first use in a context resizes the window to 1×1 for a moment, which
  // the app takes for a phone (spec 2.8's narrow set) and sends a desktop-only path to /, so the journey's next step
  // found the dashboard. The viewport grows to the page's height instead, at the same width, and comes back.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0));
  if (!viewport || height <= viewport.height) {
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height: Math.min(height, 16_000) });
  try {
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
  } finally {
    await page.setViewportSize(viewport);
  }
}
