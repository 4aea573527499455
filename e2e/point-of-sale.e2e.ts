import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, openMenu, screenshot, submitLogin, type Browser } from './support/browser';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

type Item = { productId: string; stockCount: number | null };
type Rates = { results: { taxRateId: string; name: string; percent: string }[] };

async function owner(): Promise<HttpSession> {
  const http = new HttpSession(baseUrl);
  expect((await http.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  return http;
}

async function signInAsOwner(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL((url) => url.pathname === '/');
  await closeBannerIfShown(page);
}

describe('point of sale (issue 19)', () => {
  it('the front desk sells a retail item and a fee from the kiosk, paid in cash; the stock falls; the cart works on a phone', async () => {
    // A retail item (taxed at one of the gym's rates) and a fee of the journey's own, so the seed's stock is not touched.
    const desk = await owner();
    const suffix = String(Date.now()).slice(-6);
    const rates = (await (await desk.request('GET', '/api/products/tax-rates/?status=active&limit=100')).json()) as Rates;
    const rate = rates.results.find((r) => Number(r.percent) > 0)!;
    expect(rate, 'a seeded tax rate above zero').toBeTruthy();
    const made = async (body: Record<string, unknown>) => {
      const res = await desk.request('POST', '/api/products/items/', body);
      expect(res.status).toBe(201);
      return (await res.json()) as Item;
    };
    const shaker = await made({
      kind: 'retail',
      name: `Shaker bottle ${suffix}`,
      sku: `SHAKE-${suffix}`,
      priceMinor: 1200,
      taxRateId: rate.taxRateId,
      stockCount: 4,
      lowStockThreshold: 1,
    });
    const towel = await made({ kind: 'fee', name: `Towel fee ${suffix}`, priceMinor: 300, taxRateId: null });

    // The owner at the kiosk's front desk (a tablet-sized screen).
    const tablet = await launchBrowser({ width: 1024, height: 768 });
    browsers.push(tablet);
    const { page } = tablet;
    await signInAsOwner(page);
    await page.goto(`${baseUrl}/kiosk`);
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
    await closeBannerIfShown(page, 3000);
    await page.getByRole('button', { name: 'Point of sale' }).click();
    const pos = page.getByRole('dialog', { name: 'Point of sale' });
    await pos.getByRole('list', { name: 'Items for sale' }).waitFor();
    await expectNoAxeViolations(page);

    // Keyboard: the search has the focus; the SKU and Enter add the item (as a barcode scanner would).
    await page.keyboard.type(`SHAKE-${suffix}`);
    await page.keyboard.press('Enter');
    await pos.getByRole('searchbox', { name: 'Search items' }).fill(suffix);
    await pos.getByRole('button', { name: `Add Towel fee ${suffix}` }).click();
    const cart = pos.getByRole('table', { name: 'Cart' });
    await cart.getByText(`Shaker bottle ${suffix}`).waitFor();
    await cart.getByText(`Towel fee ${suffix}`).waitFor();
    await pos.getByLabel(`Quantity of Shaker bottle ${suffix}`).fill('2');

    // US wording: Pre-tax, Tax, Total; tax added to the shaker's price only.
    const percent = Number(rate.percent);
    const tax = Math.round((2400 * percent) / 100);
    const total = 2400 + 300 + tax;
    const dollars = (m: number) => `$${(m / 100).toFixed(2)}`;
    await expect.poll(() => pos.getByRole('group', { name: 'Totals' }).textContent()).toBe(`Pre-tax${dollars(2700)}Tax${dollars(tax)}Total${dollars(total)}`);

    await pos
      .locator('label')
      .filter({ hasText: /^Guest$/ })
      .click();
    await pos.getByLabel('Guest name').fill(`Walk-in ${suffix}`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'pos-cart-tablet');
    await pos.getByRole('button', { name: `Take ${dollars(total)}` }).click();

    // The receipt: the invoice's number, paid in cash, a link to the invoice.
    await pos.getByText('Sale complete').waitFor();
    await pos.getByText('Paid', { exact: true }).waitFor();
    await pos.getByText(`Paid ${dollars(total)} by Cash or Check.`).waitFor();
    const link = pos.getByRole('link', { name: /^Open invoice INV-\d{6}$/ });
    expect(await link.getAttribute('href')).toMatch(/^\/invoices\?invoice=[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'pos-receipt-tablet');

    // The stock fell by the two sold; the fee has none.
    const after = (await (await desk.request('GET', `/api/products/items/${shaker.productId}/`)).json()) as Item;
    expect(after.stockCount).toBe(2);
    expect(((await (await desk.request('GET', `/api/products/items/${towel.productId}/`)).json()) as Item).stockCount).toBeNull();

    // A new sale starts empty.
    await pos.getByRole('button', { name: 'New sale' }).click();
    await pos.getByText('The cart is empty: add items from the list.').waitFor();

    // On a phone: the cart fills the screen and nothing runs off its side.
    const phone = await launchBrowser({ width: 390, height: 844 });
    browsers.push(phone);
    await signInAsOwner(phone.page);
    await phone.page.goto(`${baseUrl}/kiosk`);
    await phone.page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
    await closeBannerIfShown(phone.page, 3000);
    await phone.page.getByRole('button', { name: 'Point of sale' }).click();
    const small = phone.page.getByRole('dialog', { name: 'Point of sale' });
    await small.getByRole('searchbox', { name: 'Search items' }).fill(suffix);
    await small.getByRole('button', { name: `Add Shaker bottle ${suffix}` }).click();
    await small.getByRole('table', { name: 'Cart' }).waitFor();
    const widths = await small.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, screen: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.client).toBeLessThanOrEqual(widths.screen);
    await expectNoAxeViolations(phone.page);
    await screenshot(phone.page, 'pos-cart-phone');
  });

  it('the athlete page sells to its athlete on a phone: the athlete is chosen already, paid by E Transfer', async () => {
    const desk = await owner();
    const suffix = String(Date.now()).slice(-6);
    const found = (await (await desk.request('GET', '/api/athletes/search/?search=e&limit=10')).json()) as {
      results: { athleteId: string; fullName: string; email: string | null }[];
    };
    // Not the demo athlete other journeys sign in as.
    const athlete = found.results.find((a) => a.email !== 'athlete@example.com')!;
    const res = await desk.request('POST', '/api/products/items/', { kind: 'fee', name: `Locker fee ${suffix}`, priceMinor: 500, taxRateId: null });
    expect(res.status).toBe(201);

    const phone = await launchBrowser({ width: 390, height: 844 });
    browsers.push(phone);
    const { page } = phone;
    await signInAsOwner(page);
    await page.goto(`${baseUrl}/users/athletes/${athlete.athleteId}/overview`);
    await page.getByRole('heading', { name: athlete.fullName, level: 1 }).waitFor();
    await closeBannerIfShown(page, 3000);
    // The header keeps Sell and Actions on the screen: nothing runs off its side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Issue 34 item 7: Sell offers retail items and packages.
    const menu = await openMenu(page, page.getByRole('button', { name: 'Sell' }));
    await menu.getByRole('menuitem', { name: 'Retail items (point of sale)…' }).click();
    const pos = page.getByRole('dialog', { name: 'Point of sale' });
    await pos.getByRole('searchbox', { name: 'Search items' }).fill(`Locker fee ${suffix}`);
    // The athlete is chosen already (the label may carry their email once the search's options load).
    expect((await pos.getByRole('combobox', { name: 'Athlete' }).inputValue()).startsWith(athlete.fullName)).toBe(true);
    await pos.getByRole('button', { name: `Add Locker fee ${suffix}` }).click();
    await pos.getByRole('combobox', { name: 'Payment' }).click();
    await page.getByRole('option', { name: 'E Transfer' }).click();
    await pos.getByLabel('Reference').fill(`ET-${suffix}`);
    await expectNoAxeViolations(page);
    await pos.getByRole('button', { name: 'Take $5.00' }).click();
    await pos.getByText('Sale complete').waitFor();
    await pos.getByText(new RegExp(`^Invoice INV-\\d{6} for ${athlete.fullName}: \\$5\\.00\\.$`)).waitFor();
    await pos.getByText(`Paid $5.00 by E Transfer (ET-${suffix}).`).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'pos-athlete-receipt-phone');
    await pos.getByRole('button', { name: 'Done' }).click();
    await pos.waitFor({ state: 'hidden' });
  });

  it("the athlete page's Sell also sells a package, whose dialog says what the sale will charge: tax and sign-up fee included (issue 34 items 7 and 8)", async () => {
    const desk = await owner();
    type Catalog = { results: { name: string; kind: string; signUpFeeMinor: number; taxRate: { percent: string } | null; billingPlans: { name: string }[] }[] };
    const catalog = (await (await desk.request('GET', '/api/packages/?status=active&limit=100')).json()) as Catalog;
    const membership = catalog.results.find((p) => p.kind === 'membership' && p.signUpFeeMinor > 0 && p.taxRate !== null && p.billingPlans.length > 1);
    expect(membership, 'a seeded taxed membership with a sign-up fee and several plans').toBeTruthy();
    const found = (await (await desk.request('GET', '/api/athletes/search/?search=a&limit=10')).json()) as {
      results: { athleteId: string; fullName: string; email: string | null }[];
    };
    const athlete = found.results.filter((a) => a.email !== 'athlete@example.com').at(-1)!;

    const desktop = await launchBrowser({ width: 1280, height: 800 });
    browsers.push(desktop);
    const { page } = desktop;
    await signInAsOwner(page);
    await page.goto(`${baseUrl}/users/athletes/${athlete.athleteId}/overview`);
    await page.getByRole('heading', { name: athlete.fullName, level: 1 }).waitFor();
    await closeBannerIfShown(page, 3000);
    const menu = await openMenu(page, page.getByRole('button', { name: 'Sell' }));
    await menu.getByRole('menuitem', { name: 'Package (membership or class pack)…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sell or assign a package' });
    await dialog.getByRole('combobox', { name: /^Package/ }).click();
    await page.getByRole('option', { name: `${membership!.name} (Membership)` }).click();
    // Before a plan is chosen, the dialog says so rather than "No recurring charge".
    await dialog.getByText('Choose a billing plan to see what will be charged.').waitFor();
    expect(await dialog.getByText(/recurring/i).count()).toBe(0);
    await dialog.getByRole('combobox', { name: /^Billing plan/ }).click();
    await page.getByRole('option').first().click();
    const charges = dialog.getByTestId('sale-charges');
    await charges.getByText(/^Due at the sale: \$[\d,]+\.\d\d$/).waitFor();
    await charges.getByText(/^Tax \(.+\): \$/).waitFor();
    const due = (await charges.getByText(/^Due at the sale/).textContent())!.replace('Due at the sale: ', '');
    await expectNoAxeViolations(page);
    await screenshot(page, 'sell-package-charges-desktop');

    // The invoice the sale makes totals what the dialog said.
    const charge = dialog.getByRole('checkbox', { name: /^Charge .* now$/ });
    if (await charge.count()) await charge.uncheck();
    await dialog.getByRole('button', { name: 'Add package' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const invoices = (await (await desk.request('GET', `/api/invoices/?athleteId=${athlete.athleteId}&limit=50`)).json()) as {
      results: { totalMinor: number; createdAt?: string; number: number | null }[];
    };
    const newest = [...invoices.results].sort((a, b) => (b.number ?? 0) - (a.number ?? 0))[0]!;
    expect(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(newest.totalMinor / 100)).toBe(due);
  });
});
