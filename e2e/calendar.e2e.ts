import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser, signInAsIronTempleAthlete } from './support/browser';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser({ width: 1280, height: 900 });
});

afterEach(async () => {
  await browser.close();
});

type CalendarEvent = { eventId: string; seriesId: string | null; startDate: string; startTime: string; isCancelled: boolean };
type Series = { seriesId: string; classTypeId: string; weekdays: number[]; startTime: string };

/** The seed gives owners two banners (the platform's and the gym's); the modal shows them again at every page load. */
async function closeBanners(page: Page) {
  await closeBannerIfShown(page);
  await closeBannerIfShown(page, 3_000);
}

async function visit(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await closeBanners(page);
}

async function notification(page: Page, title: string) {
  await page.locator('.mantine-Notification-root').filter({ hasText: title }).first().waitFor();
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** The Monday after today (a week on when today is a Monday), in the gym's zone. */
const nextMonday = (today: string) => addDays(today, (8 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7 || 7);
/** Spec 9: US dates are MM/DD/YYYY. */
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${baseUrl}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The front desk of Iron Temple (the owner), through the API. */
async function frontDesk(): Promise<HttpSession> {
  const desk = new HttpSession(baseUrl);
  expect((await desk.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  return desk;
}

describe('staff calendar (issue 16, spec 2.7 /calendar/scheduling, 2.8, 2.12)', () => {
  it('the owner creates a weekly series, opens an occurrence with its roster and the kiosk, cancels one, reads the schedule on a phone, and an athlete books the series', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await closeBanners(page);

    // Calendar > Scheduling: this week of the seeded classes, in week view.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Calendar' }).click();
    await nav.getByRole('link', { name: 'Scheduling' }).click();
    await page.getByRole('heading', { name: 'Scheduling', level: 1 }).waitFor();
    await page.locator('.fc-event').first().waitFor();
    expect(await page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-week');

    // The week of next Monday, by link: the URL holds the view and the date.
    const { timeZone } = await getJson<{ timeZone: string }>(page, '/api/calendar/options/');
    const monday = nextMonday(todayIn(timeZone));
    const wednesday = addDays(monday, 2);
    await visit(page, `/calendar/scheduling?date=${monday}`);
    await page.locator(`.fc-col-header-cell[data-date="${monday}"]`).waitFor();

    // New class: a weekly Barbell Club, Mondays and Wednesdays at 06:00, from next Monday.
    await page.getByRole('button', { name: 'New class' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New class' });
    await dialog.waitFor();
    await chooseOption(page, dialog, 'Class type', 'Barbell Club');
    await dialog.getByText('Weekly', { exact: true }).click();
    const weekdays = dialog.getByRole('group', { name: 'Weekdays' });
    await weekdays.waitFor();
    // The day the form was opened on (the week's anchor, next Monday) is chosen already.
    expect(await weekdays.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    await weekdays.getByText('Wed', { exact: true }).click();
    expect(await weekdays.getByRole('checkbox', { name: 'Wednesday' }).isChecked()).toBe(true);
    expect((await dialog.getByRole('button', { name: 'First date' }).textContent())?.trim()).toBe(usDate(monday));
    await dialog.getByRole('spinbutton', { name: 'Start time: hours' }).click();
    await page.keyboard.type('06');
    await dialog.getByRole('spinbutton', { name: 'Start time: minutes' }).click();
    await page.keyboard.type('00');
    await dialog.getByRole('combobox', { name: 'Start time: AM or PM' }).selectOption('AM');
    await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('60');
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-new-series');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/class-series/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create series' }).click();
    const createdRes = await created;
    expect(createdRes.status()).toBe(201);
    const { series } = (await createdRes.json()) as { series: Series; created: number };
    expect([series.weekdays, series.startTime]).toEqual([[1, 3], '06:00:00']);
    await notification(page, 'Class series created');
    await dialog.waitFor({ state: 'hidden' });

    // On the calendar at 06:00 on Monday and Wednesday of that week.
    const week = await getJson<{ results: CalendarEvent[] }>(
      page,
      `/api/calendar/?start=${monday}&end=${addDays(monday, 6)}&classTypeId=${series.classTypeId}`,
    );
    const ours = week.results.filter((e) => e.seriesId === series.seriesId);
    expect(ours.map((e) => [e.startDate, e.startTime])).toEqual([
      [monday, '06:00:00'],
      [wednesday, '06:00:00'],
    ]);
    const [mondayClass, wednesdayClass] = ours as [CalendarEvent, CalendarEvent];
    const mondayEvent = page.locator(`.fc-event[data-event-id="${mondayClass.eventId}"]`);
    await mondayEvent.waitFor();
    expect(await mondayEvent.getAttribute('aria-label')).toContain('6:00 AM – 7:00 AM');
    expect(await mondayEvent.locator('xpath=ancestor::td[contains(@class, "fc-timegrid-col")]').getAttribute('data-date')).toBe(monday);
    const sixOClock = (await page.locator('.fc-timegrid-slot-lane[data-time="06:00:00"]').boundingBox())!;
    const drawnAt = (await mondayEvent.boundingBox())!;
    expect(Math.abs(drawnAt.y - sixOClock.y)).toBeLessThan(4);
    await page.locator(`.fc-event[data-event-id="${wednesdayClass.eventId}"]`).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-series-created');

    // The front desk books an athlete into Monday's class from its roster.
    const desk = await frontDesk();
    const eligible = (await (await desk.request('GET', `/api/athletes/eligible-athletes/?class=${mondayClass.eventId}&limit=100&offset=0`)).json()) as {
      results: { athleteId: string; fullName: string; isReserved: boolean }[];
    };
    const athlete = eligible.results.find((a) => !a.isReserved)!;
    expect(athlete).toBeTruthy();

    // Open it with the keyboard: its details, roster and the kiosk link.
    await mondayEvent.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Class details' });
    await drawer.getByText('Every week on Mon, Wed at 6:00 AM', { exact: false }).waitFor();
    await drawer.getByText(`${usDate(monday)}, 6:00 AM – 7:00 AM`, { exact: false }).waitFor();
    await drawer.getByRole('searchbox', { name: 'Add an athlete' }).fill(athlete.fullName);
    await drawer.getByRole('button', { name: `Book: ${athlete.fullName}` }).click();
    await notification(page, 'Adding athlete to class success');
    await drawer.getByRole('list', { name: 'Attendees' }).getByText(athlete.fullName).waitFor();
    await drawer.getByText('No one is waiting.').waitFor();
    const kiosk = drawer.getByRole('link', { name: 'Open in kiosk' });
    expect(await kiosk.getAttribute('href')).toBe(`/kiosk/${mondayClass.eventId}?eventType=class&from=calendar`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-drawer');

    // Spec 2.12: the kiosk's Back returns to the calendar with this class open.
    await kiosk.click();
    await page.getByRole('tab', { name: /^Reserved/ }).waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForURL((url) => url.pathname === '/calendar/scheduling' && url.searchParams.get('eventId') === mondayClass.eventId);
    await drawer.getByRole('list', { name: 'Attendees' }).getByText(athlete.fullName).waitFor();

    // Cancel Monday's class only: the booked athlete is told.
    await drawer.getByRole('button', { name: 'Cancel class' }).click();
    await drawer.getByText('1 athlete in this class (1 booked, 0 waiting) will be emailed', { exact: false }).waitFor();
    expect(await drawer.getByRole('radio', { name: 'This class' }).isChecked()).toBe(true);
    await drawer.getByRole('textbox', { name: 'Reason (optional)' }).fill('The coach is away this Monday.');
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-cancel');
    const cancelled = page.waitForResponse((r) => r.url().endsWith(`/api/classes/${mondayClass.eventId}/cancel/`));
    await drawer.getByRole('button', { name: 'Cancel class' }).click();
    const cancelledRes = await cancelled;
    expect(cancelledRes.status()).toBe(200);
    expect(await cancelledRes.json()).toEqual({ changed: 1, notified: 1, promoted: 0 });
    await drawer.getByText('1 athlete was emailed.').waitFor();
    await drawer.getByText('Cancelled', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await mondayEvent.getByText('Cancelled').waitFor();
    expect(await page.locator(`.fc-event[data-event-id="${wednesdayClass.eventId}"]`).textContent()).not.toContain('Cancelled');
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-cancelled');

    // A phone: the staff / is the schedule, an agenda of the chosen day (spec 2.8).
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, `/?date=${wednesday}`);
    await page.getByRole('heading', { name: 'Schedule' }).waitFor();
    await page.getByRole('group', { name: 'Day' }).waitFor();
    const card = page.locator(`[data-event-id="${wednesdayClass.eventId}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('6:00 AM – 7:00 AM');
    expect(await page.locator('.fc').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'staff-schedule-phone');
    await card.click();
    await drawer.getByRole('link', { name: 'Open in kiosk' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'staff-schedule-phone-drawer');

    // An athlete books Wednesday's class of the new series in the athlete app, on a phone.
    const athleteBrowser = await launchBrowser({ width: 390, height: 844 });
    try {
      const phone = athleteBrowser.page;
      await signInAsIronTempleAthlete(phone, baseUrl);
      await phone.goto(`${baseUrl}/?date=${wednesday}`);
      await phone.locator(`a[href="/classes/${wednesdayClass.eventId}"]`).click();
      await phone.getByRole('heading', { name: 'Barbell Club' }).waitFor();
      await phone.getByRole('button', { name: 'Book', exact: true }).click();
      await phone.getByText('Your place is booked.').waitFor();
      await phone.getByText('Booked', { exact: true }).first().waitFor();
      await expectNoAxeViolations(phone);
      await screenshot(phone, 'athlete-books-series-class');
    } finally {
      await athleteBrowser.close();
    }
    const roster = (await (await desk.request('GET', `/api/classes/${wednesdayClass.eventId}/roster/`)).json()) as { attendees: unknown[] };
    expect(roster.attendees).toHaveLength(1);

    // Leave the demo data as it was for the journeys after this one.
    expect((await desk.request('POST', `/api/classes/${wednesdayClass.eventId}/cancel/`, { scope: 'all', reason: '' })).status).toBe(200);
  });
});
