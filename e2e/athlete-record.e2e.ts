import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HttpSession } from './support/server-process';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';
import { capturedMailNames, linkIn, waitForMail } from './support/mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const TABS = ['Overview', 'Profile', 'Attendance', 'Bookings', 'Packages', 'Notes', 'Family', 'Activity'] as const;

/** The id of a seeded athlete of Iron Temple, found as staff would (the athlete search). */
async function athleteIdOf(name: string): Promise<string> {
  const http = new HttpSession(baseUrl);
  expect((await http.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  const res = await http.request('GET', `/api/athletes/search/?search=${encodeURIComponent(name)}`);
  const found = ((await res.json()) as { results: { athleteId: string }[] }).results[0];
  if (!found) throw new Error(`No athlete ${name}`);
  return found.athleteId;
}

async function signIn(page: Page, email = 'staff@example.com') {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await closeBannerIfShown(page);
}

describe('the athlete detail page (issue 17)', () => {
  it('opens an athlete and each tab by URL and by keyboard, axe-clean; a phone-width layout scrolls its tabs', async () => {
    const athleteId = await athleteIdOf('Alex Morgan');
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signIn(page);
    await page.goto(`${baseUrl}/users/athletes/${athleteId}/overview`);
    await page.getByRole('heading', { name: 'Alex Morgan', level: 1 }).waitFor();
    await page.getByText('Current packages').waitFor();
    await closeBannerIfShown(page, 3000);
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-overview-desktop');

    // Each tab by its URL.
    for (const tab of TABS) {
      await page.goto(`${baseUrl}/users/athletes/${athleteId}/${tab.toLowerCase()}`);
      const link = page.getByRole('navigation', { name: 'Athlete sections' }).getByRole('link', { name: tab });
      await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
      await page
        .locator('section[aria-label] .mantine-Skeleton-root')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      await expectNoAxeViolations(page);
    }
    await screenshot(page, 'athlete-activity-desktop');

    // And by keyboard: focus the Overview link, tab past Profile, Attendance, Bookings, Packages, Invoices, Documents and Messages to Notes, press Enter.
    await page.goto(`${baseUrl}/users/athletes/${athleteId}/overview`);
    await page.getByText('Current packages').waitFor();
    await closeBannerIfShown(page, 3000);
    const nav = page.getByRole('navigation', { name: 'Athlete sections' });
    await nav.getByRole('link', { name: 'Overview' }).focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Notes');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toBe(`${baseUrl}/users/athletes/${athleteId}/notes`);
    await page.getByRole('button', { name: 'New note' }).waitFor();

    // A phone.
    await browser.close();
    browser = await launchBrowser({ width: 390, height: 844 });
    await signIn(browser.page);
    await browser.page.goto(`${baseUrl}/users/athletes/${athleteId}/overview`);
    await browser.page.getByRole('heading', { name: 'Alex Morgan', level: 1 }).waitFor();
    await browser.page.getByText('Current packages').waitFor();
    await closeBannerIfShown(browser.page, 3000);
    await expectNoAxeViolations(browser.page);
    await screenshot(browser.page, 'athlete-overview-phone');
    const overflow = await browser.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await browser.page.goto(`${baseUrl}/users/athletes/${athleteId}/profile`);
    await browser.page.getByLabel(/First name/).waitFor();
    await closeBannerIfShown(browser.page, 3000);
    await screenshot(browser.page, 'athlete-profile-phone');
  });

  // Needs the athletes list page (issue 17's list part), where AddAthleteButton sits in the header.
  it('creates an athlete with an email from the athletes list and the invitation mail arrives with its activation link', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signIn(page);
    await page.goto(`${baseUrl}/users/athletes`);
    await closeBannerIfShown(page);
    await page.getByRole('button', { name: 'Add athlete' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New athlete' });
    await dialog.getByLabel(/First name/).fill('Jamie');
    await dialog.getByLabel(/Last name/).fill('Journey');
    const email = `jamie.journey.${Date.now()}@example.com`;
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Phone', { exact: true }).fill('312 555 0199');
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-create-dialog');
    const seen = capturedMailNames(mailDir);
    await dialog.getByRole('button', { name: 'Add athlete' }).click();
    await page.waitForURL(/\/users\/athletes\/[0-9a-f-]+\/overview$/);
    await page.getByRole('heading', { name: 'Jamie Journey', level: 1 }).waitFor();
    const mail = await waitForMail(mailDir, email, seen);
    expect(linkIn(mail, '/activate/').startsWith(`${baseUrl}/activate/`)).toBe(true);
  });
});
