import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, closeBannersWhenShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

async function signInOwner(page: Page) {
  await closeBannersWhenShown(page);
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
  await closeBannerIfShown(page);
}

describe('dashboard (issue 21)', () => {
  it("the owner's dashboard shows the figures, the revenue trend, the heatmap and today's classes, and a card opens its report with the same figure (axe)", async () => {
    const desktop = await launchBrowser({ width: 1280, height: 900 });
    browsers.push(desktop);
    const { page } = desktop;
    await signInOwner(page);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const figures = page.getByRole('list', { name: 'Figures' });
    await figures.waitFor();
    for (const label of ['Revenue this month', 'Active members', 'New members this month', 'Attendance this week', 'Past due', 'Birthdays this week']) {
      await figures.getByText(label, { exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: /revenue/i, level: 2 }).first().waitFor();
    await page.getByRole('region', { name: 'Attendance by weekday and hour' }).or(page.getByLabel('Attendance by weekday and hour')).first().waitFor();
    await page.getByRole('heading', { name: /today/i, level: 2 }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-desktop');

    // The revenue card opens Total revenue over the card's range, whose headline is the card's figure.
    const card = figures.getByRole('link').filter({ hasText: 'Revenue this month' });
    const cardFigure = (await card.locator('p').nth(1).textContent())!.trim();
    await card.click();
    await page.waitForURL((url) => url.pathname === '/reports/arm/total-revenue' && url.searchParams.has('from'));
    await page.getByRole('heading', { name: 'Total revenue', level: 1 }).waitFor();
    await expect.poll(async () => (await page.getByTestId('report-total').textContent())?.trim(), { timeout: 20_000 }).toBe(cardFigure);
  });

  it('fits a phone at /dashboard (spec 2.8), axe-clean', async () => {
    const phone = await launchBrowser({ width: 375, height: 812 });
    browsers.push(phone);
    const { page } = phone;
    await signInOwner(page);
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Figures' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-phone');
  });
});
