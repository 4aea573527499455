import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser, signInAsIronTempleAthlete } from './support/browser';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

type Availability = {
  appointmentTypes: { appointmentTypeId: string; name: string }[];
  coaches: { staffId: string; fullName: string; appointmentTypeIds: string[] }[];
};

/** The owner of Iron Temple, through the API. */
async function owner(): Promise<HttpSession> {
  const session = new HttpSession(baseUrl);
  expect((await session.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  return session;
}

/**
 * The demo seed has no coach hours nor coaches offering an appointment type yet: the owner gives the last coach of
 * Iron Temple hours every day and has them offer Personal Training, with the availability endpoints.
 */
async function offerPersonalTraining(): Promise<{ coach: string }> {
  const desk = await owner();
  const availability = (await (await desk.request('GET', '/api/availability/')).json()) as Availability;
  const pt = availability.appointmentTypes.find((t) => t.name === 'Personal Training')!;
  expect(pt).toBeDefined();
  const coach = availability.coaches.at(-1)!;
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: '06:00', endTime: '21:00' }));
  expect((await desk.request('PUT', `/api/availability/${coach.staffId}/hours/`, { hours })).status).toBe(200);
  const types = [...new Set([...coach.appointmentTypeIds, pt.appointmentTypeId])];
  expect((await desk.request('PUT', `/api/availability/${coach.staffId}/appointment-types/`, { appointmentTypeIds: types })).status).toBe(200);
  return { coach: coach.fullName };
}

const signInAsAthlete = (page: Page) => signInAsIronTempleAthlete(page, baseUrl);

describe('appointments (issue 16)', () => {
  // Issue 18: the demo athlete books on the Personal training 5-pack the seed gives them (a package must cover it).
  it('an athlete books a Personal Training slot on a phone, finds it in My Events and cancels it', async () => {
    const { coach } = await offerPersonalTraining();
    browser = await launchBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await signInAsAthlete(page);

    // The schedule offers the appointment types to book.
    const section = page.getByRole('region', { name: 'Book an appointment' });
    const card = section.getByRole('link', { name: /Personal Training/ });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, 'appointments-schedule-section');
    await card.click();

    // Two days from now: a day of the strip with free times with the coach.
    await page.getByRole('heading', { name: 'Personal Training' }).waitFor();
    const days = page.getByRole('group', { name: 'Day' }).getByRole('button');
    expect(await days.count()).toBe(14);
    await days.nth(2).click();
    const times = page.getByRole('region', { name: `Free times with ${coach}` });
    await times.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'appointments-free-times');
    const first = times.getByRole('button').first();
    const label = (await first.textContent())!;
    await first.click();

    const dialog = page.getByRole('dialog', { name: 'Confirm your appointment' });
    await dialog.getByText(`Coach: ${coach}`).waitFor();
    await dialog.getByText(/^Price: /).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'appointments-confirm');
    await dialog.getByRole('button', { name: 'Book' }).click();

    await page.getByText('Your appointment is booked.').waitFor();
    await page.waitForURL(/\/appointments\/[0-9a-f-]{36}$/);
    const eventId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByText('Booked', { exact: true }).waitFor();
    await page.getByText(new RegExp(`· ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} –`)).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'appointments-booked');

    // My Events lists it with the classes, linking to it.
    await page.getByRole('navigation', { name: 'Athlete navigation' }).getByRole('link', { name: 'My Events' }).click();
    await page.getByRole('heading', { name: 'My Events' }).waitFor();
    const listed = page.getByRole('list', { name: 'Upcoming bookings' }).locator(`a[href="/appointments/${eventId}"]`);
    await listed.waitFor();
    await listed.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, 'appointments-my-events');

    // Cancelling asks first and says what it costs, then goes back to My Events without it.
    await listed.click();
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your appointment?' });
    await confirm.getByText(/free of charge|late cancel/).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'appointments-cancel-confirm');
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByText('Your appointment is cancelled.').waitFor();
    await page.getByRole('heading', { name: 'My Events' }).waitFor();
    await page.locator(`a[href="/appointments/${eventId}"]`).waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Upcoming bookings' }).or(page.getByText('No upcoming bookings')).first().waitFor();

    // Cancelled with its only booking: it is no longer the athlete's.
    expect((await page.request.get(`${baseUrl}/api/schedule/appointments/${eventId}/`)).status()).toBe(404);
  });

  it("the owner edits a coach's hours and time off on /calendar/availability", async () => {
    browser = await launchBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${baseUrl}/calendar/availability`);
    await page.getByRole('heading', { name: 'Availability' }).waitFor();
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    await closeBannerIfShown(page, 3_000);
    await expectNoAxeViolations(page);
    await screenshot(page, 'availability-page');

    // Monday's hours, copied to the weekdays, saved.
    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    await page.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
    await page.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText('Weekly hours saved.').waitFor();
    const friday = page.getByRole('group', { name: 'Friday' });
    expect(await friday.getByLabel('From').count()).toBeGreaterThan(0);

    // Two overlapping ranges are refused before they are sent.
    await page.getByRole('button', { name: 'Add hours on Sunday' }).click();
    await page.getByRole('button', { name: 'Add hours on Sunday' }).click();
    const sunday = page.getByRole('group', { name: 'Sunday' });
    await sunday.getByLabel('From').nth(1).fill('10:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sunday: 09:00–17:00 and 10:00' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'availability-overlap');
    await page.getByRole('button', { name: 'Undo changes' }).click();

    // A whole day off, then removed.
    await page.getByLabel('Reason').fill('Conference');
    await page.getByRole('button', { name: 'Add time off' }).click();
    await page.getByText('Time off added.').waitFor();
    const removeButton = page.getByRole('button', { name: /^Remove time off/ }).first();
    await removeButton.waitFor();
    await page.getByText('Conference').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'availability-time-off');
    await removeButton.click();
    await page.getByText('Time off removed.').waitFor();
  });
});
