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

/** Closes the notifications shown so far, so a screenshot shows the screen. */
async function clearNotifications(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    await close.first().click();
    await page.waitForTimeout(50);
  }
}

async function signInAsOwnerOnPhone(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL(`${baseUrl}/`);
  await closeBannerIfShown(page);
}

/** The row (desktop table) of a name. */
const rowOf = (page: Page, name: string) => page.getByRole('table').getByRole('row').filter({ hasText: name });

async function chooseRowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('the Events set-up screens (issue 16, spec 2.7)', () => {
  it('creates a class type with booking and waitlist settings, edits, archives and restores it; adds a room; creates an appointment type offered by a coach', async () => {
    const { page } = browser;
    await signInAsOwner(page);

    // Classes: reached from the Events menu.
    await page.getByRole('button', { name: 'Events' }).click();
    await page.getByRole('link', { name: 'Classes' }).click();
    await page.getByRole('heading', { name: 'Classes', level: 1 }).waitFor();
    await rowOf(page, 'CrossFit WOD').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-setup-classes-desktop');

    // A new class type with a booking window and a limited waitlist.
    await page.getByRole('button', { name: 'New class type' }).click();
    const form = page.getByRole('dialog', { name: 'New class type' });
    await form.getByLabel('Name').fill('Engine Builder');
    await form.getByLabel('Default capacity').fill('14');
    await form.getByRole('radio', { name: 'From a number of days before the class' }).check();
    await form.getByLabel('Booking opens').fill('5');
    await form.getByLabel('Booking closes').fill('30');
    await form.getByLabel('Late cancel cut-off').fill('120');
    await form.getByRole('radio', { name: 'Up to a number' }).check();
    await form.getByLabel('Athletes in line at most').fill('6');
    await form.getByLabel('Promotion cut-off').fill('60');
    await form.getByLabel('Late cancel fee').fill('12.5');
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-setup-class-type-form');
    await form.getByRole('button', { name: 'Create class type' }).click();
    await page.getByText('Class type created').waitFor();
    await form.waitFor({ state: 'hidden' });
    const row = rowOf(page, 'Engine Builder');
    await row.getByText('Opens 5 days before · closes 30 min before').waitFor();
    await row.getByText('Waitlist of 6').waitFor();
    await row.getByText('Late cancel $12.50').waitFor();

    // Edit it: a bigger class, and the waitlist off.
    await chooseRowAction(page, 'Engine Builder', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Engine Builder' });
    await expect(edit.getByLabel('Booking opens').inputValue()).resolves.toBe('5');
    await edit.getByLabel('Default capacity').fill('16');
    await edit.getByRole('switch', { name: 'Waitlist' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Class type saved').waitFor();
    await row.getByText('No waitlist').waitFor();
    await expect(row.getByRole('cell', { name: '16', exact: true }).count()).resolves.toBe(1);

    // Archive it with the keyboard alone: the row's menu, then the confirmation.
    await page.getByRole('button', { name: 'Actions for Engine Builder' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // Arrow keys move through the items (Edit, Archive, Delete) until Archive has the focus.
    const archiveItem = page.getByRole('menuitem', { name: 'Archive' });
    for (let i = 0; i < 4 && !(await archiveItem.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(archiveItem.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Archive class type?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await page.getByText('Class type archived').waitFor();
    await row.waitFor({ state: 'detached' });

    // It waits under Archived, where Restore brings it back.
    await page.getByText('Archived', { exact: true }).first().click();
    await rowOf(page, 'Engine Builder').waitFor();
    await clearNotifications(page);
    await screenshot(page, 'event-setup-classes-archived');
    await chooseRowAction(page, 'Engine Builder', 'Restore');
    await page.getByRole('dialog', { name: 'Restore class type?' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Class type restored').waitFor();
    await page.getByText('Active', { exact: true }).first().click();
    await rowOf(page, 'Engine Builder').waitFor();

    // A search that finds nothing says so.
    await page.getByRole('searchbox', { name: 'Search class types' }).fill('no such class');
    await page.getByText('No results found').waitFor();

    // Locations: a room added to a location in place.
    await page.getByRole('link', { name: 'Locations' }).click();
    const mainFloor = page.getByRole('region', { name: 'Main Floor' });
    await mainFloor.waitFor();
    await mainFloor.getByRole('textbox', { name: 'New room in Main Floor' }).fill('Assault Bike Corner');
    await mainFloor.getByRole('button', { name: 'Add room' }).click();
    await page.getByText('Room added').waitFor();
    await mainFloor.getByRole('list', { name: 'Rooms of Main Floor' }).getByText('Assault Bike Corner').waitFor();
    await clearNotifications(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-setup-locations-desktop');

    // Appointments: a new type offered by a coach.
    await page.getByRole('link', { name: 'Appointments' }).click();
    await rowOf(page, 'Personal Training').waitFor();
    await page.getByRole('button', { name: 'New appointment type' }).click();
    const appointment = page.getByRole('dialog', { name: 'New appointment type' });
    await appointment.getByLabel('Name').fill('Nutrition Coaching');
    await appointment.getByLabel('Duration').fill('45');
    await appointment.getByLabel('Price').fill('45');
    await appointment.getByLabel('Coaches who offer it').click();
    const coach = page.getByRole('option').first();
    const coachName = (await coach.textContent())!.trim();
    await coach.click();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-setup-appointment-type-form');
    await appointment.getByRole('button', { name: 'Create appointment type' }).click();
    await page.getByText('Appointment type created').waitFor();
    const appointmentRow = rowOf(page, 'Nutrition Coaching');
    await appointmentRow.getByText(coachName).waitFor();
    await appointmentRow.getByText('$45.00').waitFor();
    await clearNotifications(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-setup-appointments-desktop');
  });

  it('turns the lists into cards on a tablet and keeps them usable', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 820, height: 1180 });
    await signInAsOwner(page);
    for (const [path, name] of [
      ['/events/classes', 'class types'],
      ['/events/appointments', 'appointment types'],
      ['/events/location', 'locations'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await closeBannerIfShown(page);
      await page.getByRole('searchbox', { name: `Search ${name}` }).waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await expectNoAxeViolations(page);
      await screenshot(page, `event-setup-${name.replace(' ', '-')}-tablet`);
    }
    // No side-scrolling on the tablet.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('on a phone the spec 2.8 set applies: it has no Events pages, so their paths lead to the schedule', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwnerOnPhone(page);
    await page.goto(`${baseUrl}/events/classes`);
    await page.waitForURL(`${baseUrl}/`);
    await screenshot(page, 'event-setup-phone-redirect');
  });
});
