import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, openMenu, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
/** Long journeys on a shared machine: more than the suite's 60 s default. */
const JOURNEY_TIMEOUT_MS = 180_000;
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser(undefined, { keepBanners: true });
});

afterEach(async () => {
  await browser.close();
});

async function logInToConsole(page: Page, email: string, landing: '/gyms' | '/demo-gyms') {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, email);
  await page.getByRole('heading', { name: landing === '/gyms' ? 'Gyms' : 'Demo Gyms', exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(landing);
  // The banner arrives alongside the list; on a busy machine that can take a while.
  await loadedList(page, landing === '/gyms' ? 'Gyms' : 'Demo gyms');
  await closeBannerIfShown(page, 20_000);
}

/** A console list (table, or cards on a phone) once its skeleton rows have given way to the answer. */
async function loadedList(page: Page, name: string) {
  const list = page.locator(`[aria-label="${name}"][aria-busy="false"]`);
  await list.waitFor();
  return list;
}

/** The gym's row in the Gyms table (a card on a phone), found through the search box. */
async function findGym(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Search gyms' }).fill(title.split(' ')[0]!);
  await page.getByRole('link', { name: title, exact: true }).waitFor();
}

describe('the platform console (spec 2.6)', () => {
  it(
    'finds a gym, impersonates its owner, stops, and the audit trail shows both',
    async () => {
      const { page } = browser;
      await logInToConsole(page, 'platform@example.com', '/gyms');
      await loadedList(page, 'Gyms');
      await expectNoAxeViolations(page);
      await screenshot(page, 'platform-gyms-desktop');

      await findGym(page, 'Iron Temple Barbell');
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Iron Temple Barbell', exact: true }) });
      expect(await row.getByText('United States').count()).toBe(1);
      await expect.poll(() => page.getByRole('table', { name: 'Gyms' }).getByRole('row').count()).toBe(2);
      await row.getByRole('link', { name: 'Staff of Iron Temple Barbell' }).click();
      await page.getByRole('heading', { name: 'Iron Temple Barbell' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/gyms\/[0-9a-f-]{36}\/staff$/);
      const staffPath = new URL(page.url()).pathname;
      const ownerRow = page.getByRole('table', { name: 'Staff of Iron Temple Barbell' }).getByRole('row').filter({ hasText: 'owner@example.com' });
      await ownerRow.waitFor();
      await loadedList(page, 'Impersonation audit trail');
      await expectNoAxeViolations(page);
      await screenshot(page, 'platform-gym-staff-desktop');

      await ownerRow.getByRole('button', { name: /^Impersonate / }).click();
      const mainNav = page.getByRole('navigation', { name: 'Main navigation' });
      await mainNav.getByRole('link', { name: 'Dashboard' }).waitFor();
      await page.getByRole('banner').getByText('Iron Temple Barbell', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await closeBannerIfShown(page);
      await screenshot(page, 'platform-impersonating-owner');

      const userMenu = await openMenu(page, page.getByRole('button', { name: /User menu/ }));
      expect(await userMenu.getByRole('menuitem').allTextContents()).toEqual(['Stop Impersonating']);
      await page.getByRole('menuitem', { name: 'Stop Impersonating' }).click();
      await page.getByRole('heading', { name: 'Gyms', exact: true }).waitFor();
      await page.waitForURL(`${baseUrl}/gyms`);
      await page.getByRole('navigation', { name: 'Platform navigation' }).getByRole('link', { name: 'Demo Gyms' }).waitFor();

      await page.goto(`${baseUrl}${staffPath}`);
      await closeBannerIfShown(page, 20_000);
      const audit = await loadedList(page, 'Impersonation audit trail');
      await audit.getByText('Stop', { exact: true }).first().waitFor();
      const [latest, previous] = [audit.getByRole('row').nth(1), audit.getByRole('row').nth(2)];
      expect(await latest.getByText('Stop', { exact: true }).count()).toBe(1);
      expect(await previous.getByText('Start', { exact: true }).count()).toBe(1);
      for (const entry of [latest, previous]) {
        expect(await entry.getByText('platform@example.com').count()).toBe(1);
        expect(await entry.getByText(/\(OWNER\)$/).count()).toBe(1);
        expect(await entry.getByText('127.0.0.1').count()).toBe(1);
      }
      await screenshot(page, 'platform-audit-desktop');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'pages through a gym’s athletes, searches them, and shows No results found',
    async () => {
      const { page } = browser;
      await logInToConsole(page, 'platform@example.com', '/gyms');
      await findGym(page, 'Iron Temple Barbell');
      await page.getByRole('link', { name: 'Iron Temple Barbell', exact: true }).click();
      const athletes = page.getByRole('table', { name: 'Athletes of Iron Temple Barbell' });
      await loadedList(page, 'Athletes of Iron Temple Barbell');
      expect(await athletes.getByRole('row').count()).toBe(21);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.getByText(/^21–40 of \d+$/).waitFor();
      await page.getByRole('searchbox', { name: 'Search athletes' }).fill('zzzz-nobody');
      await athletes.getByText('No results found').waitFor();
      await page.getByRole('tab', { name: 'Staff' }).click();
      await page.getByRole('table', { name: 'Staff of Iron Temple Barbell' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/\/staff$/);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows platform staff only the banners written for them, never a gym-facing one (issue 23)',
    async () => {
      const { page } = browser;
      const bannersAnswer = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/banners/');
      const banner = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Do Not Show Again' }) });
      const expectOnlyTheConsoleBanner = async (answer: Awaited<ReturnType<typeof bannersAnswer>>) => {
        expect(answer.status()).toBe(200);
        const titles = ((await answer.json()) as { results: { title: string }[] }).results.map((b) => b.title);
        // The seeded kiosk news and each gym's welcome are for gym staff and owners; platform staff have no kiosk.
        expect(titles).toEqual(['New: 48-hour trials for prospects']);
        await banner.getByRole('heading', { name: 'New: 48-hour trials for prospects' }).waitFor();
        expect(await page.getByText('New: self check-in kiosk').count()).toBe(0);
        expect(await page.getByText(/Enter Athlete mode/).count()).toBe(0);
      };

      let answer = bannersAnswer();
      await page.goto(`${baseUrl}/login`);
      await submitLogin(page, 'platform@example.com');
      await page.getByRole('heading', { name: 'Gyms', exact: true }).waitFor();
      await expectOnlyTheConsoleBanner(await answer);
      await expectNoAxeViolations(page);
      await screenshot(page, 'platform-banner');
      // The X hides it for this page load only, so no other journey loses it.
      await banner.getByRole('button', { name: 'Close' }).click();
      await banner.waitFor({ state: 'hidden' });

      // Every page of the console loads the same banners: a gym's people and the demo gyms list.
      await findGym(page, 'Iron Temple Barbell');
      const staffLink = page.getByRole('link', { name: 'Staff of Iron Temple Barbell' });
      const staffPath = new URL((await staffLink.getAttribute('href'))!, baseUrl).pathname;
      for (const path of [staffPath, '/demo-gyms']) {
        answer = bannersAnswer();
        await page.goto(`${baseUrl}${path}`);
        await expectOnlyTheConsoleBanner(await answer);
        await banner.getByRole('button', { name: 'Close' }).click();
        await banner.waitFor({ state: 'hidden' });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'works on a phone: cards instead of tables, no axe violations',
    async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 390, height: 844 });
      await logInToConsole(page, 'platform@example.com', '/gyms');
      await loadedList(page, 'Gyms');
      expect(await page.getByRole('table').count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, 'platform-gyms-phone');
      await findGym(page, 'Iron Temple Barbell');
      await page.getByRole('link', { name: 'Staff of Iron Temple Barbell' }).click();
      await page.getByRole('heading', { name: 'Iron Temple Barbell' }).waitFor();
      await page
        .getByRole('list', { name: 'Staff of Iron Temple Barbell' })
        .getByRole('button', { name: /^Impersonate / })
        .first()
        .waitFor();
      await loadedList(page, 'Impersonation audit trail');
      await expectNoAxeViolations(page);
      await screenshot(page, 'platform-gym-staff-phone');
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
