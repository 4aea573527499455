import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser({ width: 1280, height: 800 });
});

afterEach(async () => {
  await browser.close();
});

async function signInAsOwner(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await closeBannerIfShown(page);
}

async function clearNotifications(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    await close.first().click();
    await page.waitForTimeout(50);
  }
}

const rowOf = (page: Page, name: string) => page.getByRole('table').getByRole('row').filter({ hasText: name });

describe('retail, fees and tax rates (issue 18)', () => {
  it('an owner creates a tax rate, a retail item at that rate, sells two and sees the stock fall and the low-stock flag, and creates a fee', async () => {
    const { page } = browser;
    const suffix = String(Date.now()).slice(-5);
    const rateName = `Merch Tax ${suffix}`;
    const itemName = `Lifting Belt ${suffix}`;
    await signInAsOwner(page);

    // Products › Tax Rates: a new rate.
    await page.getByRole('button', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Tax Rates' }).click();
    await page.getByRole('heading', { name: 'Tax Rates', level: 1 }).waitFor();
    await rowOf(page, 'Sales Tax').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'tax-rates-desktop');
    await page.getByRole('button', { name: 'New tax rate' }).first().click();
    const rateForm = page.getByRole('dialog', { name: 'New tax rate' });
    await rateForm.getByLabel('Name').fill(rateName);
    await rateForm.getByLabel('Rate (%)').fill('8.123456');
    await rateForm.getByRole('button', { name: 'Create tax rate' }).click();
    await rateForm.getByText('The rate can have at most 4 decimals.').waitFor();
    await rateForm.getByLabel('Rate (%)').fill('6.5');
    await expectNoAxeViolations(page);
    await rateForm.getByRole('button', { name: 'Create tax rate' }).click();
    await page.getByText('Tax rate created').waitFor();
    await rowOf(page, rateName).getByText('6.5%').waitFor();

    // Products › Retail: an item at that rate, 5 in stock, low at 3.
    await page.getByRole('link', { name: 'Retail' }).click();
    await page.getByRole('heading', { name: 'Retail', level: 1 }).waitFor();
    await rowOf(page, 'Club T-Shirt').waitFor();
    await rowOf(page, 'Wrist Wraps').getByText('Out of stock').waitFor();
    await clearNotifications(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'retail-desktop');
    await page.getByRole('button', { name: 'New retail item' }).first().click();
    const form = page.getByRole('dialog', { name: 'New retail item' });
    await form.getByLabel('Name').fill(itemName);
    await form.getByLabel('SKU').fill(`BELT-${suffix}`);
    await form.getByLabel('Price').fill('45');
    await form.getByRole('combobox', { name: 'Tax rate' }).click();
    await page.getByRole('option', { name: `${rateName} (6.5%)` }).click();
    await form.getByLabel('Stock count').fill('5');
    await form.getByLabel('Low-stock threshold').fill('3');
    await expectNoAxeViolations(page);
    await screenshot(page, 'retail-item-form');
    await form.getByRole('button', { name: 'Create retail item' }).click();
    await page.getByText('Retail item created').waitFor();
    await form.waitFor({ state: 'hidden' });
    const row = rowOf(page, itemName);
    await row.getByText('5 (low at 3)').waitFor();
    expect(await row.getByText('Low stock').count()).toBe(0);

    // Sell two: the dialog shows the tax as the country words it.
    await page.getByRole('button', { name: `Sell ${itemName}` }).click();
    const sell = page.getByRole('dialog', { name: `Sell ${itemName}` });
    await sell.getByText('5 in stock.').waitFor();
    await sell.getByLabel('Quantity').fill('2');
    await sell.getByText('Pre-tax $90.00 · Tax $5.85 · Total $95.85').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'retail-sell-dialog');
    await sell.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByText('2 × ' + itemName + ': $95.85').waitFor();
    await row.getByText('3 (low at 3)').waitFor();
    await row.getByText('Low stock').waitFor();
    // The low-stock filter finds it.
    await page.getByLabel('Low stock only').check();
    await rowOf(page, itemName).waitFor();
    await clearNotifications(page);
    await screenshot(page, 'retail-low-stock');

    // Products › Fees & Misc Products: a fee.
    await page.getByRole('link', { name: 'Fees & Misc Products' }).click();
    await page.getByRole('heading', { name: 'Fees & Misc Products', level: 1 }).waitFor();
    await rowOf(page, 'Towel Hire').waitFor();
    await page.getByRole('button', { name: 'New fee' }).first().click();
    const feeForm = page.getByRole('dialog', { name: 'New fee' });
    await feeForm.getByLabel('Name').fill(`Locker Rental ${suffix}`);
    await feeForm.getByLabel('Price').fill('5');
    await feeForm.getByRole('button', { name: 'Create fee' }).click();
    await page.getByText('Fee created').waitFor();
    await rowOf(page, `Locker Rental ${suffix}`).getByText('$5.00').waitFor();
    await clearNotifications(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'fees-desktop');
  });

  it('the retail list is cards on a phone (390 px), and passes axe', async () => {
    const phone = await launchBrowser({ width: 390, height: 844 });
    try {
      const { page } = phone;
      await page.goto(`${baseUrl}/login`);
      await submitLogin(page, 'owner@example.com');
      await page.waitForURL(`${baseUrl}/`);
      await closeBannerIfShown(page);
      await page.goto(`${baseUrl}/products/retail`);
      await page.getByRole('heading', { name: 'Retail', level: 1 }).waitFor();
      await closeBannerIfShown(page);
      const cards = page.getByRole('list', { name: 'Retail items' });
      await cards.getByText('Club T-Shirt').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await screenshot(page, 'retail-phone');
      await page.getByRole('button', { name: 'Sell Club T-Shirt' }).click();
      await page.getByRole('dialog', { name: 'Sell Club T-Shirt' }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'retail-sell-phone');
    } finally {
      await phone.close();
    }
  });
});
