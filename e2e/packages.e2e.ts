import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function signInAsOwner(page: Page, landing = 'Main navigation') {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  if (landing) await page.getByRole('navigation', { name: landing }).waitFor();
  else await page.waitForURL(`${baseUrl}/`);
  await closeBannerIfShown(page);
}

/** Closes the notifications shown so far, so a screenshot shows the screen. */
async function clearNotifications(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    await close.first().click();
    await page.waitForTimeout(50);
  }
}

const rowOf = (page: Page, name: string) => page.getByRole('table').getByRole('row').filter({ hasText: name });

describe('the package catalogue (issue 18)', () => {
  it('an owner creates a membership with a monthly and an annual plan, sees it priced in dollars, edits it, and reads it on a phone', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signInAsOwner(page);

    // Products › Packages, with the seeded catalogue (the menu offers it; a page load shows the banner again).
    await page.goto(`${baseUrl}/products/packages`);
    await closeBannerIfShown(page);
    await page.getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
    await rowOf(page, 'Unlimited membership').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'packages-list-desktop');

    // A membership with two billing plans.
    const name = `Founders ${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'New package' }).click();
    const form = page.getByRole('dialog', { name: 'New package' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByLabel('Category').fill('Memberships');
    await form.getByRole('textbox', { name: 'Description' }).fill('All classes, every day.');
    await form.getByLabel('Bookings a day').fill('2');
    const monthly = form.getByRole('group', { name: 'Billing plan 1' });
    await monthly.getByRole('textbox', { name: /^Plan name/ }).fill('Monthly');
    await monthly.getByRole('textbox', { name: /^Price/ }).fill('149');
    await form.getByRole('button', { name: 'Add billing plan' }).click();
    const annual = form.getByRole('group', { name: 'Billing plan 2' });
    await annual.getByRole('textbox', { name: /^Plan name/ }).fill('Annual');
    await annual.getByRole('textbox', { name: /^Price/ }).fill('1490');
    await annual.getByLabel('Interval', { exact: true }).click();
    await page.getByRole('option', { name: 'Year' }).click();
    await expectNoAxeViolations(page);
    await screenshot(page, 'packages-form');
    await form.getByRole('button', { name: 'Create package' }).click();
    await page.getByText('Package created').waitFor();
    await form.waitFor({ state: 'hidden' });
    const row = rowOf(page, name);
    await row.getByText('Monthly: $149.00 a month').waitFor();
    await row.getByText('Annual: $1,490.00 a year').waitFor();

    // Edit: the monthly price goes up; the annual plan keeps its id.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(
      edit
        .getByRole('group', { name: 'Billing plan 2' })
        .getByRole('textbox', { name: /^Plan name/ })
        .inputValue(),
    ).resolves.toBe('Annual');
    await edit
      .getByRole('group', { name: 'Billing plan 1' })
      .getByRole('textbox', { name: /^Price/ })
      .fill('159');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Package saved').waitFor();
    await row.getByText('Monthly: $159.00 a month').waitFor();
    await clearNotifications(page);
    await screenshot(page, 'packages-list-after-edit');

    // Kind filter and search (the banner may come up again meanwhile: closed first).
    await closeBannerIfShown(page);
    await page.getByRole('searchbox', { name: 'Search packages' }).fill(name);
    await expect(page.getByRole('table').getByRole('row').count()).resolves.toBeGreaterThan(0);
    await row.waitFor();
    // The category filter: the gym's categories offered, the chosen one kept with the search cleared.
    await page.getByRole('searchbox', { name: 'Search packages' }).fill('');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Memberships', exact: true }).click();
    await row.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'packages-category-filter');
    const categories = await page.evaluate(
      async () => ((await (await fetch('/api/packages/categories/', { credentials: 'include' })).json()) as { results: string[] }).results,
    );
    expect(categories).toContain('Memberships');
    const packageId = await page.evaluate(async (n) => {
      const answer = (await (await fetch(`/api/packages/?search=${encodeURIComponent(n)}`, { credentials: 'include' })).json()) as {
        results: { packageId: string }[];
      };
      return answer.results[0]!.packageId;
    }, name);
    await browser.close();

    // On a phone: /products lists the packages; a package shows its plans.
    browser = await launchBrowser({ width: 390, height: 844 });
    const phone = browser.page;
    await signInAsOwner(phone, '');
    await phone.goto(`${baseUrl}/products`);
    await closeBannerIfShown(phone);
    await phone.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await phone.getByRole('link', { name }).waitFor();
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'products-phone');
    await phone.getByRole('link', { name }).click();
    await phone.waitForURL(`${baseUrl}/packages/${packageId}`);
    await phone.getByRole('heading', { name, level: 1 }).waitFor();
    await phone.getByText('$159.00 a month').waitFor();
    await phone.getByText('$1,490.00 a year').waitFor();
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'package-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
