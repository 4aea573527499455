import fs from 'node:fs';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** staff@example.com: Iron Temple Barbell's front desk, holding Kiosk and AthleteView. */
async function signInAsStaff(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'staff@example.com');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await closeBanners(page);
}

/** The seeded banners for this staff member show one after another: each is closed (not dismissed for good). */
async function closeBanners(page: Page) {
  await closeBannerIfShown(page);
  for (let i = 0; i < 3; i++) await closeBannerIfShown(page, 1500);
}

type Row = { athleteId: string; fullName: string; phone: string; membershipState: string };

/** A page of the list as the API answers it (with the page's cookies). */
async function apiList(page: Page, query: string): Promise<{ count: number; results: Row[] }> {
  const res = await page.request.get(`${baseUrl}/api/athletes/?${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { count: number; results: Row[] };
}

const table = (page: Page) => page.getByRole('table', { name: 'Athletes' });

describe('the athletes list (issue 17, spec 2.7 /users/athletes)', () => {
  it('finds an athlete by phone, filters by membership, tags two athletes, and exports the filtered set as CSV', async () => {
    browser = await launchBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await signInAsStaff(page);
    await page.getByRole('button', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Athletes' }).click();
    await page.waitForURL(`${baseUrl}/users/athletes`);
    await page.getByRole('heading', { name: 'Athletes', level: 1 }).waitFor();
    await table(page).getByRole('row').nth(3).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athletes-list-desktop');

    // A member with a phone (stored as its international digits, 1312555…): typed as people write it.
    const withPhone = (await apiList(page, 'limit=100')).results.find((r) => r.phone.startsWith('1312555'))!;
    expect(withPhone).toBeDefined();
    const national = withPhone.phone.slice(1);
    const typed = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
    await page.getByRole('searchbox', { name: 'Search' }).fill(typed);
    await page.waitForURL((url) => url.searchParams.get('search') === typed);
    await table(page).getByRole('link', { name: withPhone.fullName }).first().waitFor();
    const found = await apiList(page, `search=${encodeURIComponent(typed)}`);
    await expect.poll(() => table(page).getByRole('row').count()).toBe(found.count + 1);

    // Filter by membership: trial members only.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.getByRole('combobox', { name: 'Membership' }).click();
    await page.getByRole('option', { name: 'Trial' }).click();
    await page.waitForURL((url) => url.searchParams.get('membership') === 'trial');
    const trial = await apiList(page, 'membershipState=trial&limit=100');
    expect(trial.count).toBeGreaterThan(1);
    await expect.poll(() => table(page).getByRole('row').count()).toBe(Math.min(25, trial.count) + 1);
    const badges = await table(page).getByRole('row').locator('td').getByText('Trial', { exact: true }).count();
    expect(badges).toBe(Math.min(25, trial.count));

    // Two rows selected, then a new tag added to both.
    const [first, second] = trial.results;
    await page
      .getByRole('checkbox', { name: `Select ${first!.fullName}` })
      .first()
      .check();
    await page
      .getByRole('checkbox', { name: `Select ${second!.fullName}` })
      .first()
      .check();
    const bar = page.getByRole('region', { name: 'Selected athletes' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag to 2 athletes' });
    const tagName = `Journey ${Date.now() % 100000}`;
    await dialog.getByLabel('Or a new tag').fill(tagName);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await page.getByText(`${tagName} added to 2 athletes.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => table(page).getByText(tagName, { exact: true }).count()).toBe(2);

    // Export: the whole filtered set, every page of it, with a header.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('membership'));
    const all = await apiList(page, 'limit=1');
    expect(all.count).toBeGreaterThan(25);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^athletes-iron-temple-barbell-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    // The seeded names hold no commas, quotes or line breaks: a line is a row.
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('Name,First name,Last name,Email,Phone,Membership,Tags')).toBe(true);
    expect(lines.length - 1).toBe(all.count);
    expect(lines.filter((l) => l.includes(tagName))).toHaveLength(2);

    // The row's name leads to the athlete's record.
    await table(page).getByRole('link', { name: first!.fullName }).first().waitFor();
    expect(await table(page).getByRole('link', { name: first!.fullName }).first().getAttribute('href')).toBe(`/users/athletes/${first!.athleteId}/overview`);
  });

  it('shows the list as cards on a phone (/athletes), keyboard-reachable and axe-clean', async () => {
    browser = await launchBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await signInAsStaff(page);
    await page.goto(`${baseUrl}/athletes`);
    await page.getByRole('heading', { name: 'Athletes', level: 1 }).waitFor();
    // A page load shows the seeded banners again until they are dismissed for good.
    await closeBanners(page);
    const cards = page.getByRole('list', { name: 'Athletes' });
    await cards.getByRole('listitem').nth(2).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athletes-list-phone');
    // The filters fold behind a button on a phone; opened, they are axe-clean too.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('combobox', { name: 'Membership' }).waitFor();
    await expectNoAxeViolations(page);
    if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/athletes-list-phone-top.png` });
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    // Keyboard: the search box takes focus and typing narrows the list.
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    await page.keyboard.type('zzzz-nobody');
    await page.getByText('No results found').waitFor();
    await screenshot(page, 'athletes-list-phone-empty');
  });
});
