import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser, signInAsIronTempleAthlete } from './support/browser';

const baseUrl = inject('baseUrl');
const browsers: Browser[] = [];

afterEach(async () => {
  while (browsers.length > 0) await browsers.pop()!.close();
});

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const browser = await launchBrowser(viewport);
  browsers.push(browser);
  return browser.page;
}

/** The seed gives staff two banners (the platform's and the gym's); the modal shows them one after the other. */
async function closeBanners(page: Page) {
  await closeBannerIfShown(page);
  await closeBannerIfShown(page, 3_000);
}

/** A staff page loaded afresh: the banners show again on every page load. */
async function visit(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await closeBanners(page);
}

async function signInAsOwner(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL((url) => url.pathname === '/');
  await closeBanners(page);
}

const signInAsAthlete = (page: Page) => signInAsIronTempleAthlete(page, baseUrl);

const mmddyyyy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/** The calendar link's URL, fetched at the server the journey runs (APP_URL may name another address). */
async function fetchFeed(page: Page, url: string) {
  expect(url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
  return page.request.get(`${baseUrl}${new URL(url).pathname}`);
}

describe('programming and the calendar link (issue 16)', () => {
  it("the owner writes today's workout, an athlete sees it on the class page, and the calendar links serve iCalendar", async () => {
    // The owner programs today's CrossFit WOD (every class type runs daily in the seed).
    const owner = await open({ width: 1280, height: 900 });
    await signInAsOwner(owner);
    await visit(owner, '/calendar/programming');
    const grid = owner.getByRole('table', { name: 'Workouts of the week' });
    await grid.waitFor();
    const week = (await (await owner.request.get(`${baseUrl}/api/workouts/`)).json()) as { today: string };
    const todayCell = grid.getByRole('button', { name: new RegExp(`^CrossFit WOD, \\w+ ${mmddyyyy(week.today).replace(/\//g, '\\/')}: `) });
    await expectNoAxeViolations(owner);
    await screenshot(owner, 'programming-week-desktop');

    await todayCell.click();
    const dialog = owner.getByRole('dialog', { name: /^CrossFit WOD · / });
    const editor = dialog.getByRole('textbox', { name: 'Workout' });
    await editor.waitFor();
    await dialog.getByLabel('Title').fill('Fran, the journey');
    await editor.click();
    await owner.keyboard.press('Control+A');
    await owner.keyboard.press('Delete');
    await dialog.getByRole('button', { name: 'Heading 2' }).click();
    await owner.keyboard.type('Warm-up and WOD');
    await owner.keyboard.press('Enter');
    await owner.keyboard.type('21-15-9 of ');
    await owner.keyboard.press('Control+B');
    await owner.keyboard.type('thrusters');
    await owner.keyboard.press('Control+B');
    await owner.keyboard.type(' and pull-ups.');
    await expect.poll(() => editor.innerHTML()).toContain('<strong>thrusters</strong>');
    expect(await editor.locator('h2').textContent()).toBe('Warm-up and WOD');
    await expectNoAxeViolations(owner);
    await screenshot(owner, 'programming-editor-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await owner.locator('.mantine-Notification-root').filter({ hasText: 'Workout saved' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await grid.getByRole('button', { name: /: edit Fran, the journey$/ }).waitFor();
    await screenshot(owner, 'programming-week-saved');

    // Narrower (a tablet, or a laptop with the side menu): the week is a list by day.
    await owner.setViewportSize({ width: 900, height: 900 });
    await owner.getByRole('region', { name: new RegExp(mmddyyyy(week.today).replace(/\//g, '\\/')) }).waitFor();
    await expectNoAxeViolations(owner);
    await screenshot(owner, 'programming-week-list');

    // An athlete of Iron Temple opens today's CrossFit WOD from the schedule, on a phone.
    const athlete = await open({ width: 390, height: 844 });
    await signInAsAthlete(athlete);
    const classes = athlete.getByRole('list', { name: 'Classes' });
    const wod = classes.getByRole('link').filter({ hasText: 'CrossFit WOD' }).first();
    await wod.waitFor();
    await wod.click();
    await athlete.waitForURL(/\/classes\/[0-9a-f-]{36}$/);
    const workout = athlete.getByRole('region', { name: 'Workout: Fran, the journey' });
    await workout.waitFor();
    await workout.getByRole('heading', { name: 'Warm-up and WOD' }).waitFor();
    expect(await workout.locator('strong').textContent()).toBe('thrusters');
    await expectNoAxeViolations(athlete);
    await screenshot(athlete, 'athlete-class-workout-phone');

    // The athlete's Account page makes their calendar link: their bookings, as iCalendar.
    await athlete.getByRole('navigation', { name: 'Athlete navigation' }).getByRole('link', { name: 'Account' }).click();
    await athlete.getByRole('heading', { name: 'Calendar link' }).waitFor();
    const create = athlete.getByRole('button', { name: 'Create my calendar link' });
    await create.waitFor();
    await expectNoAxeViolations(athlete);
    await create.click();
    const athleteLink = athlete.getByLabel('Your calendar link');
    await athleteLink.waitFor();
    await expectNoAxeViolations(athlete);
    await screenshot(athlete, 'athlete-account-calendar-link-phone');
    const athleteFeed = await fetchFeed(athlete, await athleteLink.inputValue());
    expect(athleteFeed.status()).toBe(200);
    expect(athleteFeed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await athleteFeed.text()).toMatch(/^BEGIN:VCALENDAR/);

    // The owner makes their own link on /calendar/integration; regenerating stops the first one.
    await owner.setViewportSize({ width: 1280, height: 900 });
    await visit(owner, '/calendar/integration');
    await owner.getByRole('heading', { name: 'Integration' }).waitFor();
    await owner.getByText('You have no calendar link.').waitFor();
    await expectNoAxeViolations(owner);
    await owner.getByRole('button', { name: 'Create my calendar link' }).click();
    const ownerLink = owner.getByLabel('Your calendar link');
    await ownerLink.waitFor();
    await owner.getByText(/^Your calendar link works since /).waitFor();
    await expectNoAxeViolations(owner);
    await screenshot(owner, 'integration-link-created');
    const first = await ownerLink.inputValue();
    const feed = await fetchFeed(owner, first);
    expect(feed.status()).toBe(200);
    const text = await feed.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).toContain('X-WR-CALNAME:Spotter — Iron Temple Barbell');

    await owner.getByRole('button', { name: 'Regenerate link' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Regenerate your calendar link?' });
    await confirm.waitFor();
    await expectNoAxeViolations(owner);
    await confirm.getByRole('button', { name: 'Regenerate link' }).click();
    await expect.poll(() => ownerLink.inputValue()).not.toBe(first);
    expect((await fetchFeed(owner, first)).status()).toBe(404);
    expect((await fetchFeed(owner, await ownerLink.inputValue())).status()).toBe(200);
  });
});
