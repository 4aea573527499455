import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  allowConsoleMessages,
  closeBannerIfShown,
  closeMenu,
  expectNoAxeViolations,
  launchBrowser,
  openMenu,
  screenshot,
  submitLogin,
  type Browser,
} from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser({ width: 1024, height: 768 });
});

afterEach(async () => {
  await browser.close();
});

async function signInToKiosk(page: Page, email: string) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, email);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await closeBannerIfShown(page);
  await closeBannerIfShown(page, 3_000);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Kiosk' }).click();
  await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
}

/**
 * Opens the charge dialog of the first reservation of today's classes that can be marked a late cancel (credited, not
 * checked in): the ongoing class's first, then the upcoming ones. The seed's classes run through the day, but which
 * one is under way, and whose reservation in it is still open, depends on the hour the journey runs.
 */
async function openLateCancel(page: Page) {
  const listUrl = page.url();
  await page.locator('[data-timing]').first().waitFor();
  for (const timing of ['ongoing', 'upcoming']) {
    const cards = page.locator(`[data-timing="${timing}"]`);
    const count = await cards.count();
    for (let i = 0; i < count; i++) {
      await cards.nth(i).click();
      const rows = page.getByRole('tabpanel').locator('li[data-athlete]');
      const hasRows = await rows
        .first()
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      for (const row of hasRows ? await rows.all() : []) {
        const athlete = (await row.getAttribute('data-athlete'))!;
        const menu = await openMenu(page, row.getByRole('button', { name: `Actions for ${athlete}` }));
        const item = menu.getByRole('menuitem', { name: 'Mark Late Cancel' });
        if ((await item.count()) > 0 && (await item.isEnabled())) {
          await item.click();
          return page.getByRole('dialog', { name: `Mark Late Cancel: ${athlete}` });
        }
        await closeMenu(page);
      }
      await page.goto(listUrl);
      await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
      await page.locator('[data-timing]').first().waitFor();
    }
  }
  throw new Error("No reservation of today's classes can be marked a late cancel");
}

describe('kiosk money and missing events (issue 23: items 3 and 4)', () => {
  it.each([
    ['owner@example.com', '$', 'USD, before tax: Tax at the chosen rate is added.', /^Pre-tax \$\d+\.\d\d · Tax \$\d+\.\d\d · Total \$\d+\.\d\d$/],
    ['uk-owner@example.com', '£', 'GBP, including VAT at the chosen rate.', /^Total £\d+\.\d\d · includes VAT £\d+\.\d\d$/],
  ])('the charge dialog of %s shows the fee in the gym currency with its tax wording', async (email, symbol, wording, breakdown) => {
    const { page } = browser;
    await signInToKiosk(page, email);
    const dialog = await openLateCancel(page);
    const fee = dialog.getByRole('textbox', { name: 'Fee' });
    await fee.waitFor();
    const field = dialog.locator('.mantine-NumberInput-root');
    expect(await field.textContent()).toContain(symbol);
    await dialog.getByText(wording).waitFor();
    expect(await dialog.getByTestId('charge-breakdown').textContent()).toMatch(breakdown);
    await expectNoAxeViolations(page);
    await screenshot(page, `kiosk-charge-money-${symbol === '£' ? 'gb' : 'us'}`);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('an unknown event id says the event does not exist or is not in this gym, with a way back', async () => {
    const { page } = browser;
    await signInToKiosk(page, 'staff@example.com');
    // The page asks for events that are not there, on purpose: the server's 404 and 400 are the point.
    allowConsoleMessages(page, /status of (404|400) .*\/api\/events\/(00000000-0000-4000-8000-000000000000|not-an-event)\/kiosk-event\//);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-event']) {
      await page.goto(`${baseUrl}/kiosk/${id}?eventType=class`);
      // A new page load shows the banners again (their X hides them for the load only).
      await closeBannerIfShown(page);
      await closeBannerIfShown(page, 3_000);
      const alert = page.getByRole('alert').filter({ hasText: 'Event not found' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('This event does not exist or is not in this gym.');
      expect(await page.getByText('Something went wrong while fetching data!').count()).toBe(0);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, 'kiosk-event-not-found');
    await page.getByRole('link', { name: 'Back to the kiosk' }).click();
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/kiosk');
  });
});
