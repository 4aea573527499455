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

/** The heatmap's cell for the slot its description names as the busiest lies inside the heatmap's visible part. */
async function expectBusiestInView(page: Page) {
  const description = (await page.locator('#heatmap-description').textContent())!;
  const busiest = /Busiest: (.+: \d+ check-ins?)\./.exec(description)?.[1];
  expect(busiest, description).toBeTruthy();
  const heatmap = page.getByRole('region', { name: 'Attendance by weekday and hour' });
  const cell = heatmap.getByRole('img', { name: busiest!, exact: true });
  await expect
    .poll(async () => {
      const [outer, inner] = [(await heatmap.boundingBox())!, (await cell.boundingBox())!];
      // (A pixel's rounding apart: the last column ends where the scrolled box ends.)
      return inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1;
    })
    .toBe(true);
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
    await page
      .getByRole('heading', { name: /revenue/i, level: 2 })
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'Attendance by weekday and hour' }).or(page.getByLabel('Attendance by weekday and hour')).first().waitFor();
    await page.getByRole('heading', { name: /today/i, level: 2 }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-desktop');

    // Issue 34 item 5: at 1280 px the heatmap shows the whole day, and the busiest slot it names is in view.
    const heatmap = page.getByRole('region', { name: 'Attendance by weekday and hour' });
    expect(await heatmap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectBusiestInView(page);
    // The revenue chart's amounts keep their currency sign, and no label is cut off at the card's left edge.
    const revenue = page.getByRole('region', { name: 'Revenue, last 12 months' });
    // The y-axis's labels are the axis labels anchored at their end (recharts 3 draws axes in layers of their own).
    const ticks = revenue.locator('text.recharts-cartesian-axis-tick-value[text-anchor="end"]');
    await ticks.first().waitFor();
    const tickTexts = await ticks.allTextContents();
    expect(tickTexts.length).toBeGreaterThan(1);
    for (const text of tickTexts) expect(text).toMatch(/^\$\d/);
    const chartLeft = (await revenue.locator('svg.recharts-surface').boundingBox())!.x;
    for (const box of await ticks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left))) expect(box).toBeGreaterThanOrEqual(chartLeft);

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
    // Issue 34 item 5: the day does not fit a phone; the heatmap opens scrolled to the busiest slot it names.
    await expectBusiestInView(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-phone');
  });
});
