import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** A Mindbody-like client export: a byte-order mark, CRLF, a quoted comma, and one row whose email is not one. */
const CSV = Buffer.from(
  '\uFEFF' +
    [
      'Client ID,Last Name,First Name,Email,Mobile Phone,Address Line 1,City,State,Postal Code,Birth Date,Gender',
      '9001,Importer,Zephyrine,zephyrine.importer@example.com,(312) 555-0140,"12 Main St, Apt 4",Chicago,IL,60601,03/15/1990,F',
      '9002,Importer,Zebulon,zebulon.importer@example.com,312-555-0141,,,,,1985-07-04,M',
      '9003,Importer,Zelda,not-an-email,312-555-0142,,,,,,',
      '9004,Importer,Zoltan,zoltan.importer@example.com,,,,,,,',
      '',
    ].join('\r\n'),
);

async function signInAsOwner(page: Page, url: string) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await closeBannerIfShown(page);
  await page.goto(`${baseUrl}${url}`);
  await closeBannerIfShown(page);
}

/** Chooses the file by keyboard: the file input takes the focus and Space opens the picker. */
async function chooseFileByKeyboard(page: Page) {
  const input = page.getByLabel('Choose a CSV file, or drop it here');
  await input.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
  await chooser.setFiles({ name: 'mindbody-clients.csv', mimeType: 'text/csv', buffer: CSV });
}

/** Issue 34 item 17: the import's step indicator is one line (every step at the same height, none past its box). */
async function expectStepsOnOneLine(page: Page, scope = page.locator('body')) {
  const steps = scope.locator('.mantine-Stepper-step');
  await steps.first().waitFor();
  const boxes = await steps.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right })));
  expect(boxes).toHaveLength(4);
  for (const box of boxes) expect(Math.abs(box.top - boxes[0]!.top)).toBeLessThanOrEqual(2);
  const right = await scope.locator('.mantine-Stepper-steps').evaluate((el) => el.getBoundingClientRect().right);
  for (const box of boxes) expect(box.right).toBeLessThanOrEqual(right + 1);
}

describe('importing athletes from another gym software (issue 17)', () => {
  it("the athletes list's Import opens the import in a dialog whose steps stay on one line", async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signInAsOwner(page, '/users/athletes');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import athletes' });
    await expectStepsOnOneLine(page, dialog);
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-import-dialog-desktop');
  });

  it('uploads a Mindbody export with one bad row, maps, previews, imports, and the athletes are there', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signInAsOwner(page, '/users/athletes/import');
    await page.getByRole('heading', { name: 'Import athletes', level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-import-upload-desktop');

    await chooseFileByKeyboard(page);
    const email = page.getByRole('combobox', { name: 'Imports “Email” as' });
    await email.waitFor();
    expect(await email.inputValue()).toBe('email');
    expect(await page.getByRole('combobox', { name: 'Imports “Client ID” as' }).inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-import-map-desktop');

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText('3 athletes to create').waitFor();
    await page.getByText('1 row is invalid (skipped)').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-import-preview-desktop');

    await page.getByRole('button', { name: 'Import 3 athletes' }).click();
    await page.getByText('3 athletes created').waitFor({ timeout: 15_000 });
    const skipped = page.getByRole('region', { name: 'Skipped invalid rows' });
    await skipped.getByText('Row 4:').waitFor();
    await skipped.getByText('Email: Please provide a valid email.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-import-result-desktop');

    // The athletes are the gym's now: the front desk's athlete search finds the three.
    const found = (await (await page.request.get(`${baseUrl}/api/athletes/eligible-athletes/?search=Importer&limit=10`)).json()) as {
      count: number;
      results: { fullName: string }[];
    };
    expect(found.results.map((a) => a.fullName).sort()).toEqual(['Zebulon Importer', 'Zephyrine Importer', 'Zoltan Importer']);

    const [download] = await Promise.all([page.waitForEvent('download'), skipped.getByRole('button', { name: 'Download skipped rows (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('mindbody-clients-skipped-rows.csv');
  }, 60_000);

  it('works on a phone', async () => {
    browser = await launchBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await signInAsOwner(page, '/users/athletes/import');
    await page.getByRole('heading', { name: 'Import athletes', level: 1 }).waitFor();
    await chooseFileByKeyboard(page);
    await page.getByRole('combobox', { name: 'Imports “Email” as' }).waitFor();
    await expectStepsOnOneLine(page);
    await page.getByText('Step 2 of 4: Map columns').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-import-map-phone');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    // The same file again: everything valid matches the athletes the first journey made.
    await page.getByText('0 athletes to create').waitFor();
    await page.getByText('3 rows match an athlete you have already (skipped)').waitFor();
    // The first rows are cards on a phone: no table, and nothing wider than the screen.
    await page.getByRole('list', { name: 'First rows' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const dialogWidths = await page
      .getByRole('dialog')
      .evaluate((d) => [d.scrollWidth, d.clientWidth])
      .catch(() => null);
    if (dialogWidths) expect(dialogWidths[0]!).toBeLessThanOrEqual(dialogWidths[1]!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-import-preview-phone');
  }, 60_000);
});
