import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsoleMessages, closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';
import { capturedMailNames, linkIn, waitForMail } from './support/mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
/** Seeded (issue 17): Iron Temple's front desk, holding Kiosk and AthleteView; no other journey uses it. */
const FRONT_DESK = 'frontdesk.iron@example.com';
let owner: Browser;
let desk: Browser;

beforeEach(async () => {
  owner = await launchBrowser({ width: 1280, height: 800 });
  desk = await launchBrowser({ width: 1280, height: 800 });
});

afterEach(async () => {
  await owner.close();
  await desk.close();
});

async function signIn(page: Page, email: string) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, email);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await closeBannerIfShown(page);
}

/** The status of a GET made by the page itself (its session cookie). */
/** The status the page's own fetch of `path` gets; a refusal is what the step looks for, so its console line does not count. */
const statusOf = (page: Page, path: string) => {
  allowConsoleMessages(page, new RegExp(`Failed to load resource: .*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).status, path);
};

/** Whether the main navigation offers Users › Athletes (the Users group opened if it is there). */
async function hasAthletesLink(page: Page): Promise<boolean> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const users = nav.getByRole('button', { name: 'Users' });
  if ((await users.count()) === 0) return false;
  if ((await users.getAttribute('aria-expanded')) !== 'true') await users.click();
  return (await nav.getByRole('link', { name: 'Athletes' }).count()) > 0;
}

async function anAthleteId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const answer = (await (await fetch('/api/events/kiosk-events/?limit=100', { credentials: 'include' })).json()) as {
      results: { athleteKiloClasses: { athlete: { athleteId: string } }[] }[];
    };
    const id = answer.results.flatMap((e) => e.athleteKiloClasses).map((r) => r.athlete.athleteId)[0];
    if (!id) throw new Error('No athlete booked today in the seeded gym.');
    return id;
  });
}

describe('staff and their permissions (issue 17)', () => {
  it('an owner restricts a staff member: their menu shrinks and the API refuses at once; an invitation mails the activation link', async () => {
    // The front desk, signed in on another machine, sees Athletes and may read an athlete.
    await signIn(desk.page, FRONT_DESK);
    expect(await hasAthletesLink(desk.page)).toBe(true);
    const athleteId = await anAthleteId(desk.page);
    expect(await statusOf(desk.page, `/api/athletes/${athleteId}/`)).toBe(200);

    // The owner opens Users › Staff.
    const { page } = owner;
    await signIn(page, 'owner@example.com');
    await page.getByRole('button', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open Jamie Alvarez' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'staff-list-desktop');

    // Permissions: take Athletes away.
    await page.getByRole('button', { name: 'Edit Jamie Alvarez' }).click();
    const drawer = page.getByRole('dialog', { name: 'Jamie Alvarez' });
    await drawer.getByRole('tab', { name: 'Permissions' }).click();
    const athletes = drawer.getByRole('checkbox', { name: /^Athletes/ });
    expect(await athletes.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'staff-permissions-desktop');
    await athletes.uncheck();
    await drawer.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions saved').waitFor();

    // At once: the API refuses the front desk, and their menu has no Athletes after the next load.
    expect(await statusOf(desk.page, `/api/athletes/${athleteId}/`)).toBe(403);
    await desk.page.reload();
    await desk.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await closeBannerIfShown(desk.page);
    expect(await hasAthletesLink(desk.page)).toBe(false);
    expect(await statusOf(desk.page, '/api/events/kiosk-events/')).toBe(200);

    // Invite a new coach: the activation mail arrives.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const seen = capturedMailNames(mailDir);
    await page.getByRole('button', { name: 'Invite staff' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Invite staff' });
    await modal.getByLabel('First name').fill('Robin');
    await modal.getByLabel('Last name').fill('Newhire');
    await modal.getByLabel('Email').fill('robin.newhire@example.com');
    await modal.getByRole('checkbox', { name: /Coach/ }).check();
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent').waitFor();
    const mail = await waitForMail(mailDir, 'robin.newhire@example.com', seen);
    expect(linkIn(mail, '/activate/')).toContain(`${baseUrl}/activate/`);
    // The new colleague opens in the drawer, marked as invited.
    const robin = page.getByRole('dialog', { name: 'Robin Newhire' });
    await robin.getByText('Invited').waitFor();
    await robin.getByRole('tab', { name: 'Owner and access' }).click();
    await robin.getByRole('button', { name: 'Deactivate…' }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('fits a phone: the staff list as cards', async () => {
    const phone = await launchBrowser({ width: 390, height: 844 });
    try {
      await phone.page.goto(`${baseUrl}/login`);
      await submitLogin(phone.page, 'owner@example.com');
      await phone.page.waitForURL(`${baseUrl}/`);
      await phone.page.goto(`${baseUrl}/users/staff`);
      await phone.page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
      await closeBannerIfShown(phone.page);
      await phone.page.getByRole('list', { name: 'Staff' }).getByText('Jamie Alvarez').waitFor();
      await expectNoAxeViolations(phone.page);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(phone.page, 'staff-list-phone');
    } finally {
      await phone.close();
    }
  });
});
