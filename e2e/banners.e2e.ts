import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;
let made: { page: Page; bannerId: string } | undefined;

afterEach(async () => {
  // Cleanup: the banner ends whatever happened, so no other journey is shown it.
  if (made) await apiWrite(made.page, 'POST', `/api/gym-banners/${made.bannerId}/end/`, {}).catch(() => undefined);
  made = undefined;
  await browser?.close();
  browser = undefined;
});

/** A write of the API with the page's session and CSRF token (as the web app sends it). */
async function apiWrite(page: Page, method: 'POST' | 'PUT', path: string, body: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await page.request.fetch(`${baseUrl}${path}`, {
    method,
    data: body as object,
    headers: { 'x-csrftoken': token, 'content-type': 'application/json' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/** The banner modal (spec 2.10) once the banners have arrived, or null when none is shown. */
async function bannerDialogTitle(page: Page): Promise<string | null> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Do Not Show Again' }) });
  const shown = await dialog.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return null;
  return (await dialog.getByRole('heading').first().textContent())?.trim() ?? null;
}

describe('gym banners (issue 22)', () => {
  it('an owner schedules a banner for staff and athletes; it shows from its start, and Do Not Show Again dismisses it for good', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 }, { keepBanners: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // Created through the API (the Banners section of /gym-settings is mounted by the settings page, another part of
    // issue 22), to start a few seconds from now, in the server's clock as in the browser's (one machine).
    const title = `Journey banner ${Date.now() % 100000}`;
    const startsAt = new Date(Date.now() + 8_000).toISOString();
    const created = await apiWrite(page, 'POST', '/api/gym-banners/', {
      title,
      message: '<p>Scheduled <strong>journey</strong> news for the team and the members.</p>',
      audiences: ['gym_staff', 'athletes'],
      startsAt,
      endsAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    made = { page, bannerId: String(created.bannerId) };
    expect(created).toMatchObject({ title, state: 'scheduled' });

    // Before its start it is not shown (another banner may be: the seeded ones).
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    if (Date.now() < Date.parse(startsAt)) expect(await bannerDialogTitle(page)).not.toBe(title);

    // From its start it is the first banner, so the modal shows it.
    const deadline = Date.parse(startsAt) + 30_000;
    let shown = false;
    while (!shown && Date.now() < deadline) {
      await page.waitForTimeout(Math.max(0, Math.min(2_000, Date.parse(startsAt) - Date.now())));
      await page.reload();
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      shown = (await bannerDialogTitle(page)) === title;
    }
    expect(shown, 'the banner is shown once it starts').toBe(true);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByText('Scheduled journey news for the team and the members.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'banner-modal-scheduled');

    // The list of the gym's banners says it is showing.
    const list = (await (await page.request.get(`${baseUrl}/api/gym-banners/?state=showing`)).json()) as { results: { bannerId: string }[] };
    expect(list.results.map((b) => b.bannerId)).toContain(made.bannerId);

    // Do Not Show Again: gone, and it does not come back on reload.
    await dialog.getByRole('button', { name: 'Do Not Show Again' }).click();
    await expect.poll(async () => (await page.getByRole('dialog', { name: title }).count()) === 0, { timeout: 10_000 }).toBe(true);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await bannerDialogTitle(page)).not.toBe(title);
    const mine = (await (await page.request.get(`${baseUrl}/api/banners/?limit=100`)).json()) as { results: { bannerId: string }[] };
    expect(mine.results.map((b) => b.bannerId)).not.toContain(made.bannerId);
    await screenshot(page, 'banner-modal-after-dismiss');

    // Ending it (the cleanup) takes it off for everyone; it is then listed as ended.
    await apiWrite(page, 'POST', `/api/gym-banners/${made.bannerId}/end/`, {});
    const ended = (await (await page.request.get(`${baseUrl}/api/gym-banners/?state=ended&limit=100`)).json()) as { results: { bannerId: string }[] };
    expect(ended.results.map((b) => b.bannerId)).toContain(made.bannerId);
    made = undefined;
  });
});
