import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser(undefined, { keepBanners: true });
});

afterEach(async () => {
  await browser.close();
});

/** A valid 1×1 PNG. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function openAccountDetails(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account Details' }).click();
  const drawer = page.getByRole('dialog', { name: 'Account Details' });
  await drawer.getByRole('button', { name: 'Edit' }).waitFor();
  return drawer;
}

describe('Account Details drawer', () => {
  it('staff edit their phone and region, see the new values after reopening, and upload a picture', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'staff@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await closeBannerIfShown(page);

    let drawer = await openAccountDetails(page);
    await drawer.getByText('staff@example.com').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'drawer-view-desktop');

    await drawer.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByRole('button', { name: 'Save' }).waitFor();
    expect(await drawer.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    expect(await drawer.getByRole('checkbox', { name: 'Coach' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'drawer-edit-desktop');

    await drawer.getByLabel('Phone', { exact: true }).fill('abc');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Please provide a valid phone number.').waitFor();
    await expectNoAxeViolations(page);

    await drawer.getByLabel('Phone', { exact: true }).fill('(312) 555-0199');
    await drawer.getByLabel('Phone', { exact: true }).blur();
    expect(await drawer.getByLabel('Phone', { exact: true }).inputValue()).toBe('+1 312 555 0199');
    await drawer.getByLabel('Country', { exact: true }).selectOption('US');
    await drawer.getByLabel('State', { exact: true }).selectOption('Texas');
    await drawer.getByLabel('ZIP code', { exact: true }).fill('73301');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account details updated successfully').waitFor();
    await drawer.getByRole('button', { name: 'Edit' }).waitFor();

    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    drawer = await openAccountDetails(page);
    await drawer.getByText('+1 312 555 0199').waitFor();
    await drawer.getByText(/Texas 73301/).waitFor();

    await drawer.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByText('Profile picture upload success').waitFor();
    const picture = drawer.getByRole('img', { name: /Profile picture of/ });
    await picture.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt^="Profile picture of"]');
      return Boolean(img && img.complete && img.naturalWidth === 1);
    });
    expect(await picture.getAttribute('src')).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    await screenshot(page, 'drawer-picture-uploaded');
    await expectNoAxeViolations(page);
  });

  it('fits a phone screen, and an owner gets the Coach checkbox', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    await page.getByRole('navigation', { name: 'Mobile navigation' }).waitFor();
    await closeBannerIfShown(page);
    const drawer = await openAccountDetails(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'drawer-view-phone');
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByRole('checkbox', { name: 'Coach' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'drawer-edit-phone');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.getByRole('button', { name: 'Edit' }).waitFor();
  });

  it('platform staff edit their name', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'platform@example.com');
    await page.getByRole('heading', { name: 'Gyms' }).waitFor();
    await closeBannerIfShown(page);
    const drawer = await openAccountDetails(page);
    await drawer.getByRole('button', { name: 'Edit' }).click();
    expect(await drawer.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account details updated successfully').waitFor();
  });
});

describe('banner modal', () => {
  it("shows the newest banner; the X hides it for this page load and 'Do Not Show Again' for good", async () => {
    const { page } = browser;
    // A coach account no other journey uses: dismissing its banners changes nothing elsewhere.
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'coach1.iron@example.com');
    await page.getByRole('list', { name: 'Profiles' }).getByRole('button', { name: 'Select' }).first().click();
    const banner = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Do Not Show Again' }) });
    await banner.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'banner-modal');
    const firstTitle = await banner.locator('h2').textContent();

    await banner.getByRole('button', { name: 'Close' }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.reload();
    await banner.waitFor();
    expect(await banner.locator('h2').textContent()).toBe(firstTitle);

    // Seeded: a global banner and one of the gym's own.
    await banner.getByRole('button', { name: 'Do Not Show Again' }).click();
    await page.waitForFunction((title) => document.querySelector('[role="dialog"] h2')?.textContent !== title, firstTitle);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Do Not Show Again' }).click();
    await banner.waitFor({ state: 'hidden' });
    const bannersLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/banners/');
    await page.reload();
    expect((await bannersLoaded).status()).toBe(200);
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.waitForTimeout(300);
    expect(await banner.count()).toBe(0);
  });
});
