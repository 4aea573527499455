import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, screenshot, type Browser, signInAsIronTempleAthlete } from './support/browser';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  // The athlete app is used on a phone.
  browser = await launchBrowser({ width: 390, height: 844 });
});

afterEach(async () => {
  await browser.close();
});

type DayAnswer = { date: string; results: { eventId: string; name: string; capacity: number; placesHeld: number; hasStarted: boolean; myBooking: unknown }[] };

const signInAsAthlete = (page: Page) => signInAsIronTempleAthlete(page, baseUrl);

/** The front desk of Iron Temple (the owner), through the API. */
async function frontDesk(): Promise<HttpSession> {
  const desk = new HttpSession(baseUrl);
  expect((await desk.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  return desk;
}

describe('athlete booking and the waitlist (issue 16)', () => {
  it('an athlete books a class from the schedule, joins the line of a full one and is promoted when someone cancels', async () => {
    const { page } = browser;
    await signInAsAthlete(page);
    await page.getByRole('list', { name: 'Classes' }).or(page.getByText('No classes on this day')).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-schedule-today');

    // Tomorrow: the classes not yet booked by this athlete, read as the page reads them.
    const tomorrowButton = page.getByRole('group', { name: 'Day' }).getByRole('button').nth(1);
    await tomorrowButton.click();
    await page.waitForURL(/date=/);
    const date = new URL(page.url()).searchParams.get('date')!;
    const day = (await (await page.request.get(`${baseUrl}/api/schedule/?date=${date}`)).json()) as DayAnswer;
    const open = day.results.filter((c) => !c.hasStarted && !c.myBooking && c.placesHeld < c.capacity);
    expect(open.length).toBeGreaterThanOrEqual(2);
    const [toBook, toFill] = [open[0]!, open[open.length - 1]!];

    // Book one.
    await page.locator(`a[href="/classes/${toBook.eventId}"]`).click();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('Your place is booked.').waitFor();
    await page.getByText('Booked', { exact: true }).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-class-booked');

    // The front desk fills another class to its capacity with other athletes.
    const desk = await frontDesk();
    const eligible = (await (await desk.request('GET', `/api/athletes/eligible-athletes/?class=${toFill.eventId}&limit=100&offset=0`)).json()) as {
      results: { athleteId: string; isReserved: boolean; isCheckedIn: boolean }[];
    };
    const me = ((await (await page.request.get(`${baseUrl}/api/auth/session/`)).json()) as { athlete: { athleteId: string } }).athlete.athleteId;
    const others = eligible.results.filter((a) => !a.isReserved && !a.isCheckedIn && a.athleteId !== me);
    const filled: string[] = [];
    for (const athlete of others.slice(0, toFill.capacity - toFill.placesHeld)) {
      const res = await desk.request('POST', '/api/athlete-kilo-classes/', { athlete: athlete.athleteId, kiloClass: toFill.eventId });
      expect(res.status).toBe(201);
      filled.push(((await res.json()) as { athleteKiloClassId: string }).athleteKiloClassId);
    }

    // The athlete finds it full and joins the line: first in it.
    await page.goto(`${baseUrl}/classes/${toFill.eventId}`);
    await page.getByText(/^Full/).waitFor();
    await page.getByRole('button', { name: 'Join waitlist' }).click();
    await page.getByText('You joined the waitlist.').waitFor();
    await page.getByText('Waitlisted #1').first().waitFor();
    await page.getByText('You are number 1 on the waitlist.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-class-waitlisted');

    // Someone cancels at the desk: the first in line gets the place.
    expect((await desk.request('DELETE', `/api/athlete-kilo-classes/${filled[0]}/`)).status).toBe(200);
    await page.reload();
    await page.getByText('Booked', { exact: true }).first().waitFor();
    expect(await page.getByText(/Waitlisted/).count()).toBe(0);

    // Cancelling asks first and says what it costs.
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your booking?' });
    await dialog.getByText('You can cancel free of charge.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-cancel-confirm');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Your booking is cancelled.').waitFor();
    await page.getByRole('button', { name: 'Book', exact: true }).waitFor();

    // Back on the schedule, the booked class shows the athlete's state.
    await page.getByRole('link', { name: '← Schedule' }).click();
    await page.locator(`a[href="/classes/${toBook.eventId}"]`).getByText('Booked').waitFor();
    await screenshot(page, 'athlete-schedule-tomorrow');

    // My Events lists it with its date; Attendance counts what is to come and what is past.
    await page.getByRole('navigation', { name: 'Athlete navigation' }).getByRole('link', { name: 'My Events' }).click();
    await page.getByRole('heading', { name: 'My Events' }).waitFor();
    await page.getByRole('list', { name: 'Upcoming bookings' }).locator(`a[href="/classes/${toBook.eventId}"]`).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Attendance' }).click();
    await page.getByRole('heading', { name: 'Attendance' }).waitFor();
    await page.getByText('Booked to come').waitFor();
    await page.locator('[aria-busy="false"]').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'athlete-attendance');
  });
});
