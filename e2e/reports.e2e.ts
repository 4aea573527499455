import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  allowConsoleMessages,
  closeBannerIfShown,
  closeBannersWhenShown,
  expectNoAxeViolations,
  launchBrowser,
  screenshot,
  submitLogin,
  type Browser,
} from './support/browser';
import { capturedMailNames, linkIn, waitForMail } from './support/mail';
import { HttpSession } from './support/server-process';

/*
 * Issue 21: the report pages. NEEDS THE SERVER'S REPORTS (money, member and activity reports, built in parallel):
 * until they are merged the report endpoints answer 501 and this journey stops at the first report's figure.
 */

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser({ width: 1280, height: 800 });
});
afterEach(async () => {
  await browser.close();
});

async function signIn(page: Page, email: string, password?: string) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, email, password);
  const nav = page.getByRole('navigation', { name: /^(Main|Mobile) navigation$/ });
  const chooser = page.getByRole('heading', { name: 'Select a profile' });
  await nav.or(chooser).first().waitFor();
  // A new staff member has no default profile yet: they choose their gym's.
  if (await chooser.isVisible()) {
    await page
      .getByRole('list', { name: 'Profiles' })
      .getByRole('listitem')
      .filter({ hasText: 'Iron Temple Barbell' })
      .first()
      .getByRole('button', { name: 'Select' })
      .click();
  }
  await nav.waitFor();
  await closeBannerIfShown(page);
  await closeBannersWhenShown(page);
}

/** A CSV's lines as cells (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length) endRow();
  return rows;
}

/** The report table's header and rows as the page shows them. */
async function tableText(page: Page, title: string): Promise<string[][]> {
  const table = page.getByRole('region', { name: `${title} table` }).getByRole('table');
  const header = await table.locator('thead th').allInnerTexts();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
  return [header.map((h) => h.trim()), ...rows];
}

/** Downloads the report's CSV and holds it equal to the table shown. */
async function csvEqualsTable(page: Page, title: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = parseCsv(fs.readFileSync((await download.path())!, 'utf8')).filter((r) => r.some((c) => c !== ''));
  expect(csv).toEqual(await tableText(page, title));
}

/** Opens the first row that has something behind it; the drawer lists it. */
async function openFirstDrillDown(page: Page) {
  const button = page.getByRole('button', { name: /^Show who is behind / }).first();
  const name = ((await button.innerText()) ?? '').trim();
  await button.click();
  const drawer = page.getByRole('dialog', { name });
  await drawer.waitFor();
  return drawer;
}

describe('reports (issue 21)', () => {
  it('an owner reads Total revenue over the last 12 months, opens an invoice behind a row and downloads the CSV that equals the table; then Athlete attendance', async () => {
    const { page } = browser;
    await signIn(page, 'owner@example.com');
    await page.goto(`${baseUrl}/reports/arm/total-revenue`);
    await page.getByRole('heading', { name: 'Total revenue', level: 1 }).waitFor();
    await page.getByText('How this is counted').waitFor();
    // The server's figure (501 until the server reports are merged).
    await page.getByRole('region', { name: /table$/ }).waitFor();

    await page.getByRole('combobox', { name: 'Range' }).click();
    await page.getByRole('option', { name: 'Last 12 months' }).click();
    await page.waitForURL(/preset=last12/);
    await page.getByTestId('report-change').waitFor();
    await page.getByRole('figure', { name: /^Chart of / }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-total-revenue-desktop');

    const drawer = await openFirstDrillDown(page);
    const invoice = drawer.getByRole('link', { name: /^Invoice / }).first();
    await invoice.waitFor();
    expect(await invoice.getAttribute('href')).toMatch(/^\/invoices\?invoice=[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-total-revenue-drill-down');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await csvEqualsTable(page, 'Total revenue');

    // A reload keeps the range.
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await page.getByRole('region', { name: /table$/ }).waitFor();

    // Another report from the Reports menu, keeping the range.
    await page.getByRole('combobox', { name: 'Reports' }).click();
    await page.getByRole('option', { name: 'Athlete attendance' }).click();
    await page.waitForURL(/\/reports\/arm\/athlete-attendance\?.*preset=last12/);
    await page.getByRole('heading', { name: 'Athlete attendance', level: 1 }).waitFor();
    await page.getByRole('region', { name: /table$/ }).waitFor();
    const athletes = await openFirstDrillDown(page);
    await athletes.getByRole('link').first().waitFor();
    expect(await athletes.getByRole('link').first().getAttribute('href')).toMatch(/^\/users\/athletes\/[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');
    await athletes.waitFor({ state: 'hidden' });
    await csvEqualsTable(page, 'Athlete attendance');
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-athlete-attendance-desktop');
  });

  it('fits a phone: the filters stack and the table scrolls inside its own region', async () => {
    const phone = await launchBrowser({ width: 375, height: 812 });
    try {
      await signIn(phone.page, 'owner@example.com');
      await phone.page.goto(`${baseUrl}/reports/arm/new-members?preset=year`);
      await phone.page.getByRole('heading', { name: 'New members', level: 1 }).waitFor();
      await phone.page.getByRole('region', { name: /table$/ }).waitFor();
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(phone.page);
      await screenshot(phone.page, 'report-new-members-phone');
    } finally {
      await phone.close();
    }
  });

  it('a staff member with the member reports only sees them, and is refused Total revenue by the page and the API', async () => {
    const owner = new HttpSession(baseUrl);
    expect((await owner.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
    const email = `reports.staff.${Date.now()}@example.com`;
    const password = 'Reports1234';
    const seen = capturedMailNames(mailDir);
    const invited = await owner.request('POST', '/api/staff/', {
      firstName: 'Rita',
      lastName: 'Reports',
      email,
      permissions: ['BusinessMetricsReportsView', 'AthleteReportsView'],
    });
    expect(invited.status).toBe(201);
    const { staffId } = (await invited.json()) as { staffId: string };
    try {
      // Activate from the mail, then set a password through the reset link.
      const activation = linkIn(await waitForMail(mailDir, email, seen), '/activate/');
      const [uid, token] = new URL(activation).pathname.split('/').slice(2);
      const anonymous = new HttpSession(baseUrl);
      expect((await anonymous.request('POST', '/api/auth/users/activation/', { uid, token })).status).toBeLessThan(300);
      const seenReset = capturedMailNames(mailDir);
      expect((await anonymous.request('POST', '/api/auth/users/reset_password/', { email })).status).toBeLessThan(300);
      const reset = linkIn(await waitForMail(mailDir, email, seenReset), '/password/reset/confirm/');
      const [resetUid, resetToken] = new URL(reset).pathname.split('/').slice(4);
      const confirm = await anonymous.request('POST', '/api/auth/users/reset_password_confirm/', {
        uid: resetUid,
        token: resetToken,
        newPassword: password,
        reNewPassword: password,
      });
      expect(confirm.status).toBeLessThan(300);

      const { page } = browser;
      await signIn(page, email, password);
      await page.goto(`${baseUrl}/reports/arm/new-members`);
      await page.getByRole('heading', { name: 'New members', level: 1 }).waitFor();
      await page.getByRole('region', { name: /table$/ }).waitFor();
      await page.getByRole('combobox', { name: 'Reports' }).click();
      expect(await page.getByRole('option', { name: 'Total revenue' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.goto(`${baseUrl}/reports/arm/total-revenue`);
      // The router sends them away, or the page says they may not see it.
      await page.waitForFunction(
        () => !location.pathname.endsWith('/total-revenue') || document.body.innerText.includes('You do not have permission to see this report.'),
      );
      // The refused read is the step's own: its console line does not count.
      allowConsoleMessages(page, /status of 403 .*\/api\/reports\/total-revenue\//);
      const status = await page.evaluate(
        async () => (await fetch('/api/reports/total-revenue/?from=2026-01-01&to=2026-01-31', { credentials: 'include' })).status,
      );
      expect(status).toBe(403);
      await expectNoAxeViolations(page);
    } finally {
      expect((await owner.request('POST', `/api/staff/${staffId}/deactivate/`)).status).toBe(200);
    }
  });
});
