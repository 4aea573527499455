import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
/** Seeded (issue 17): an Iron Temple coach holding Kiosk and AthleteView; no other journey uses it. */
const COACH = 'coach3.iron@example.com';
let owner: Browser;
let coach: Browser;

beforeEach(async () => {
  owner = await launchBrowser({ width: 1280, height: 800 });
  coach = await launchBrowser({ width: 390, height: 844 });
});

afterEach(async () => {
  await owner.close();
  await coach.close();
});

async function signIn(page: Page, email: string, choosesProfile = false) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, email);
  // A seeded coach has no default profile: they choose their staff profile first.
  if (choosesProfile) {
    const profiles = page.getByRole('list', { name: 'Profiles' });
    await profiles.getByRole('button', { name: 'Select' }).first().click();
    await profiles.waitFor({ state: 'hidden' });
  }
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await closeBannerIfShown(page);
}

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: label })
    .or(page.getByRole('dialog').getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('payroll (issue 37)', () => {
  it('an owner creates and assigns a rate, a coach logs time, the owner approves it and the report pays it', async () => {
    const rateName = `Journey cleaning ${Date.now()}`;
    await signIn(owner.page, 'owner@example.com');

    // Pay Rates: a new hourly rate of $30.00.
    await owner.page.goto(`${baseUrl}/payroll/pay-rates`);
    await owner.page.getByRole('heading', { name: 'Pay Rates' }).waitFor();
    await owner.page.getByText('Coach per class', { exact: true }).first().waitFor();
    await expectNoAxeViolations(owner.page);
    await owner.page.getByRole('button', { name: 'New pay rate' }).first().click();
    const rateDialog = owner.page.getByRole('dialog');
    await rateDialog.getByLabel('Name').fill(rateName);
    await choose(owner.page, 'Kind', 'Hourly');
    await rateDialog.getByLabel('Amount per hour').fill('30');
    await expectNoAxeViolations(owner.page);
    await rateDialog.getByRole('button', { name: 'Create pay rate' }).click();
    await rateDialog.waitFor({ state: 'hidden' });
    const rateRow = owner.page.getByRole('table', { name: 'Pay rates' }).getByRole('row').filter({ hasText: rateName });
    await rateRow.waitFor();
    expect(await rateRow.innerText()).toContain('$30.00 per hour');

    // Assign Rates: the coach's cleaning is paid at it from today.
    const coachName = await owner.page.evaluate(async (email) => {
      const options = (await (await fetch('/api/payroll/options/', { credentials: 'include' })).json()) as { staff: { name: string; email: string }[] };
      return options.staff.find((s) => s.email === email)!.name;
    }, COACH);
    await owner.page.goto(`${baseUrl}/payroll/assign-rates`);
    await owner.page.getByRole('heading', { name: 'Assign Rates' }).waitFor();
    await owner.page.getByRole('table', { name: 'Rate assignments' }).waitFor();
    await expectNoAxeViolations(owner.page);
    await owner.page.getByRole('button', { name: 'Assign rate' }).first().click();
    await choose(owner.page, 'Staff member', coachName);
    await choose(owner.page, 'Pays for', 'Work category');
    await choose(owner.page, 'Work category', 'Cleaning');
    await choose(owner.page, 'Rate', rateName);
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Assign rate' }).click();
    await owner.page.getByRole('dialog').waitFor({ state: 'hidden' });
    await owner.page.getByRole('cell', { name: rateName }).first().waitFor();

    // Log Work, on the coach's phone: two hours of cleaning today.
    await signIn(coach.page, COACH, true);
    await coach.page.goto(`${baseUrl}/log-work`);
    await coach.page.getByRole('heading', { name: 'Log Work' }).waitFor();
    await coach.page.getByText(/No time logged yet/).waitFor();
    await expectNoAxeViolations(coach.page);
    await coach.page.getByRole('button', { name: 'Log time' }).first().click();
    await choose(coach.page, 'Category', 'Cleaning');
    await coach.page
      .getByRole('dialog')
      .getByLabel(/^Start\s*\*?$/)
      .fill('06:00');
    await coach.page
      .getByRole('dialog')
      .getByLabel(/^End\s*\*?$/)
      .fill('08:00');
    await coach.page.getByRole('dialog').getByLabel('Note').fill('Deep clean of the rig');
    await coach.page.getByRole('dialog').getByRole('button', { name: 'Log time' }).click();
    await coach.page.getByRole('dialog').waitFor({ state: 'hidden' });
    await coach.page.getByRole('list', { name: 'My entries' }).getByText('Deep clean of the rig').waitFor();
    await coach.page.getByText('Pending').first().waitFor();
    await screenshot(coach.page, 'payroll-log-work-phone');

    // The owner approves it on Log Work.
    await owner.page.goto(`${baseUrl}/log-work`);
    const toApprove = owner.page.getByRole('table', { name: 'Entries to approve' });
    await toApprove.waitFor();
    await expectNoAxeViolations(owner.page);
    await toApprove
      .getByRole('button', { name: new RegExp(`^Approve ${coachName}`) })
      .first()
      .click();
    await owner.page.getByText('Entry approved').first().waitFor();

    // The report of this month pays the two hours at $30.00.
    await owner.page.goto(`${baseUrl}/payroll/payroll-report`);
    await owner.page.getByRole('heading', { name: 'Payroll Report' }).waitFor();
    await owner.page
      .getByRole('textbox', { name: 'Period' })
      .or(owner.page.getByRole('combobox', { name: 'Period' }))
      .first()
      .click();
    await owner.page.getByRole('option', { name: 'This month', exact: true }).click();
    await owner.page
      .getByRole('textbox', { name: 'Staff member' })
      .or(owner.page.getByRole('combobox', { name: 'Staff member' }))
      .first()
      .click();
    await owner.page.getByRole('option', { name: coachName, exact: true }).click();
    await owner.page.getByRole('button', { name: `${coachName}: show lines` }).click();
    const lines = owner.page.getByRole('table', { name: `Pay lines of ${coachName}` });
    const cleaning = lines.getByRole('row').filter({ hasText: rateName });
    await cleaning.waitFor();
    expect(await cleaning.innerText()).toContain('$60.00');
    expect(await cleaning.innerText()).toContain('2 h · Deep clean of the rig');
    await expectNoAxeViolations(owner.page);
    await screenshot(owner.page, 'payroll-report');
  });
});
