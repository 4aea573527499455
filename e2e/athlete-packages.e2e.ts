import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, signInAsIronTempleAthlete, submitLogin, type Browser } from './support/browser';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

/**
 * The demo athlete whose packages the journey ends: given an unlimited membership and a Personal training 5-pack back
 * (the seed's), so later journeys book classes and appointments as before.
 */
let athleteId: string | null = null;
afterAll(async () => {
  if (!athleteId) return;
  const desk = await owner();
  const catalog = (await (await desk.request('GET', '/api/packages/?status=active&limit=100')).json()) as Catalog;
  // Started two days ago, so it covers today in the gym's zone whatever the hour in UTC.
  const startDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  for (const name of ['Unlimited membership', 'Personal training 5-pack']) {
    const pkg = catalog.results.find((p) => p.name === name)!;
    const body = {
      packageId: pkg.packageId,
      billingPlanId: pkg.billingPlans[0]?.billingPlanId ?? null,
      startDate,
      idempotencyKey: `e2e-restore-${name}-${Date.now()}`,
    };
    expect((await desk.request('POST', `/api/athletes/${athleteId}/packages/`, body)).status).toBe(201);
  }
});

type Catalog = { results: { packageId: string; name: string; kind: string; credits: number | null; billingPlans: { billingPlanId: string }[] }[] };
type Held = { results: { athletePackageId: string; status: string }[] };
type DayAnswer = {
  date: string;
  results: { eventId: string; name: string; capacity: number; placesHeld: number; hasStarted: boolean; isCancelled: boolean; myBooking: unknown }[];
};

async function owner(): Promise<HttpSession> {
  const http = new HttpSession(baseUrl);
  expect((await http.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  return http;
}

async function signInStaff(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL((url) => url.pathname === '/');
  await closeBannerIfShown(page);
}

describe('athlete packages (issue 18)', () => {
  it('a class pack runs out of credits and the next booking is refused with a clear reason; the athlete sees the ledger', async () => {
    // The athlete, on a phone: who they are.
    const phone = await launchBrowser({ width: 390, height: 844 });
    browsers.push(phone);
    await signInAsIronTempleAthlete(phone.page, baseUrl);
    const me = ((await (await phone.page.request.get(`${baseUrl}/api/auth/session/`)).json()) as { athlete: { athleteId: string } }).athlete.athleteId;
    athleteId = me;

    // Start from nothing that could pay for a class: the owner ends the athlete's live packages at once (API).
    const desk = await owner();
    const held = (await (await desk.request('GET', `/api/athletes/${me}/packages/`)).json()) as Held;
    for (const p of held.results.filter((h) => h.status === 'active' || h.status === 'on_hold')) {
      expect((await desk.request('POST', `/api/athlete-packages/${p.athletePackageId}/cancel/`, { when: 'now', reason: 'e2e: start clean' })).status).toBe(200);
    }
    // The smallest credit package the gym sells (a drop-in: one credit).
    const catalog = (await (await desk.request('GET', '/api/packages/?status=active&limit=100')).json()) as Catalog;
    const single = catalog.results
      .filter((p) => p.credits !== null && (p.kind === 'drop_in' || p.kind === 'class_pack'))
      .sort((a, b) => (a.credits ?? 0) - (b.credits ?? 0))[0];
    expect(single, 'a seeded drop-in or class pack').toBeTruthy();
    expect(single!.credits).toBe(1);

    // The owner sells it on the athlete page's Packages tab (desktop).
    const desktop = await launchBrowser({ width: 1280, height: 800 });
    browsers.push(desktop);
    const staff = desktop.page;
    await signInStaff(staff);
    await staff.goto(`${baseUrl}/users/athletes/${me}/packages`);
    await staff.getByRole('heading', { name: 'Packages', level: 2 }).waitFor();
    await closeBannerIfShown(staff, 3000);
    await staff.getByRole('button', { name: 'Sell or assign a package' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Sell or assign a package' });
    await dialog.getByRole('combobox', { name: /^Package/ }).click();
    await staff.getByRole('option', { name: new RegExp(`^${single!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) }).click();
    if (single!.billingPlans.length > 1) {
      await dialog.getByRole('combobox', { name: /^Billing plan/ }).click();
      await staff.getByRole('option').first().click();
    }
    await dialog.getByText(/Sign-up fee/).waitFor();
    await expectNoAxeViolations(staff);
    await screenshot(staff, 'packages-sell-dialog-desktop');
    await dialog.getByRole('button', { name: 'Add package' }).click();
    await staff.getByText(`${single!.name} was added for`, { exact: false }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = staff.getByRole('article', { name: single!.name }).first();
    await card.getByText('1 of 1 credit left').waitFor();
    await expectNoAxeViolations(staff);
    await screenshot(staff, 'packages-tab-desktop');

    // The athlete books one class tomorrow: the credit pays for it.
    const page = phone.page;
    const tomorrow = page.getByRole('group', { name: 'Day' }).getByRole('button').nth(1);
    await tomorrow.click();
    await page.waitForURL(/date=/);
    const date = new URL(page.url()).searchParams.get('date')!;
    const day = (await (await page.request.get(`${baseUrl}/api/schedule/?date=${date}`)).json()) as DayAnswer;
    const open = day.results.filter((c) => !c.hasStarted && !c.isCancelled && !c.myBooking && c.placesHeld < c.capacity);
    expect(open.length).toBeGreaterThanOrEqual(2);
    await page.goto(`${baseUrl}/classes/${open[0]!.eventId}`);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('Your place is booked.').waitFor();

    // The next booking is refused, and says why in words a member understands.
    await page.goto(`${baseUrl}/classes/${open[1]!.eventId}`);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText(`Your ${single!.name} has no credits left.`).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'packages-booking-refused-phone');

    // Packages: the package with no credits left; its page shows the ledger (the grant, then the booking).
    await page.getByRole('navigation', { name: 'Athlete navigation' }).getByRole('link', { name: 'Packages' }).click();
    await page.getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
    const mine = page.getByRole('list', { name: 'My packages' });
    await mine.getByText('0 credits left').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'packages-list-phone');
    await mine
      .getByRole('link', { name: new RegExp(single!.name) })
      .first()
      .click();
    await page.getByRole('heading', { name: single!.name, level: 1 }).waitFor();
    const ledger = page.getByRole('list', { name: 'Credits ledger' });
    await ledger.getByText('Class booked').waitFor();
    await ledger.getByRole('link', { name: new RegExp(open[0]!.name) }).waitFor();
    expect(await ledger.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page);
    await screenshot(page, 'packages-detail-phone');

    // The staff tab's ledger shows the same rows, by keyboard.
    await staff.reload();
    await staff.getByRole('heading', { name: 'Packages', level: 2 }).waitFor();
    await closeBannerIfShown(staff, 3000);
    const again = staff.getByRole('article', { name: single!.name }).first();
    await again.getByText('0 of 1 credit left').waitFor();
    await again.getByRole('button', { name: 'Credits ledger' }).focus();
    await staff.keyboard.press('Enter');
    await again.getByRole('table', { name: 'Credits ledger' }).getByText('Class booked').waitFor();
    await expectNoAxeViolations(staff);
    await screenshot(staff, 'packages-tab-ledger-desktop');
    await staff.setViewportSize({ width: 390, height: 844 });
    await closeBannerIfShown(staff, 3000);
    await staff.getByRole('article', { name: single!.name }).first().waitFor();
    await expectNoAxeViolations(staff);
    await screenshot(staff, 'packages-tab-phone');
  }, 150_000);
});
