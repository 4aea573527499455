import fs from 'node:fs';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { closeBannersWhenShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const FILES = [
  'athletes',
  'staff',
  'packages',
  'athlete-packages',
  'credit-ledger',
  'invoices',
  'invoice-lines',
  'payments',
  'bookings',
  'attendance',
  'documents',
];

describe('the whole-gym export (issue 21, decision 037)', () => {
  it('the owner exports all data from the danger zone, watches it finish and downloads the ZIP of CSVs', async () => {
    browser = await launchBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await closeBannersWhenShown(page);
    await page.goto(`${baseUrl}/gym-settings#danger`);
    const danger = page.getByRole('region', { name: 'Danger zone' });
    const start = danger.getByRole('button', { name: 'Export all data' });
    await start.waitFor();
    // An export left running by an earlier run finishes first (one at a time per gym).
    await expect.poll(() => start.isEnabled(), { timeout: 60_000 }).toBe(true);
    await start.click();
    await danger
      .getByRole('progressbar', { name: 'Export progress' })
      .or(danger.getByRole('button', { name: 'Download ZIP' }))
      .first()
      .waitFor();
    const download = danger.getByRole('button', { name: 'Download ZIP' });
    await download.waitFor({ timeout: 60_000 });
    await expect.poll(() => danger.getByRole('progressbar', { name: 'Export progress' }).count()).toBe(0);
    await danger.getByText(/Last export: .*spotter-export-iron-temple-barbell-\d{4}-\d{2}-\d{2}\.zip/).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'gym-export-done');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^spotter-export-iron-temple-barbell-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await file.path())!)));
    expect(Object.keys(files).sort()).toEqual(FILES.map((f) => `${f}.csv`).sort());
    const athletes = strFromU8(files['athletes.csv']!)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(athletes[0]).toMatch(/^athlete id,first name,last name,email,/);
    expect(athletes.some((line) => line.includes(',Alex,Morgan,athlete@example.com,'))).toBe(true);
    expect(strFromU8(files['invoices.csv']!)).toContain('total (USD)');
  });
});
