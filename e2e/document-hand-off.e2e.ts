import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, DEMO_PASSWORD, type Browser } from './support/browser';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

type KioskAthlete = { athleteId: string; fullName: string; isReserved: boolean; isCheckedIn: boolean; hasUnsignedDocuments: boolean };

async function asOwner(): Promise<HttpSession> {
  const http = new HttpSession(baseUrl);
  expect((await http.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  return http;
}

const panel = (page: Page) => page.getByRole('tabpanel');
const rowOf = (page: Page, name: string) => panel(page).locator(`li[data-athlete="${name}"]`);
const WARNING = 'There is an unsigned document on this account.';

describe('front-desk hand-off (issue 20)', () => {
  it('kiosk warning → Sign document → the member signs on the locked tablet → staff end with the password → the warning is gone', async () => {
    const tablet = await launchBrowser({ width: 1024, height: 768 });
    browsers.push(tablet);
    const { page } = tablet;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'staff@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await closeBannerIfShown(page);
    await closeBannerIfShown(page, 3_000);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Kiosk' }).click();
    const ongoing = page.locator('[data-timing="ongoing"]').first();
    await ongoing.waitFor();
    await ongoing.click();
    await page.getByRole('tab', { name: /^Reserved/ }).waitFor();
    const eventId = new URL(page.url()).pathname.split('/').pop()!;

    // A reserved athlete of the ongoing class with nothing to sign yet (never the demo athlete), issued a waiver of
    // this journey's own; the template is archived at the end (the signed document stays, as signed documents do).
    const owner = await asOwner();
    const detail = (await (await owner.request('GET', `/api/events/${eventId}/kiosk-event/?eventType=class`)).json()) as { results: KioskAthlete[] };
    const athlete = detail.results.find((a) => a.isReserved && !a.isCheckedIn && !a.hasUnsignedDocuments && a.fullName !== 'Alex Morgan');
    expect(athlete, 'a reserved athlete without unsigned documents').toBeTruthy();
    const title = `Hand-off Waiver ${Date.now().toString(36)}`;
    const created = await owner.request('POST', '/api/documents/templates/', {
      type: 'waiver',
      title,
      body: '<h2>Assumption of risk</h2><p>I, {{athlete.fullName}}, understand that training at {{gym.name}} carries a risk of injury.</p>',
    });
    expect(created.status).toBe(201);
    const templateId = ((await created.json()) as { templateId: string }).templateId;
    try {
      const issued = await owner.request('POST', '/api/documents/issue/', { templateId, athleteIds: [athlete!.athleteId], sendEmail: false });
      expect(issued.status).toBe(200);

      // The kiosk warns, and staff choose Sign document.
      await page.reload();
      await closeBannerIfShown(page);
      await closeBannerIfShown(page, 3_000);
      const row = rowOf(page, athlete!.fullName);
      await row.getByText(WARNING).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'hand-off-1-kiosk-warning');
      await row.getByRole('button', { name: `Actions for ${athlete!.fullName}` }).click();
      await page.getByRole('menuitem', { name: 'Sign document' }).click();
      const dialog = page.getByRole('dialog', { name: `Sign a document: ${athlete!.fullName}` });
      await dialog.getByText(title).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'hand-off-2-dialog');
      await dialog.getByRole('button', { name: 'Hand over to sign' }).click();

      // The locked screen: the document only, no navigation; a typed URL shows the same screen.
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(`I, ${athlete!.fullName}, understand`).waitFor();
      expect(await page.getByRole('navigation').count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, 'hand-off-3-locked');
      await page.goto(`${baseUrl}/athletes`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByRole('navigation').count()).toBe(0);
      const refused = await page.request.get(`${baseUrl}/api/athletes/?limit=5`);
      expect(refused.status()).toBe(403);
      // A phone held over the counter shows the same, readable.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByRole('button', { name: 'Sign document' }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'hand-off-3b-locked-phone');
      await page.setViewportSize({ width: 1024, height: 768 });

      // The member signs with a typed name.
      await page.getByText('Type your name', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Full name' }).fill(athlete!.fullName);
      await page.getByRole('checkbox', { name: /I have read this document/ }).check();
      await page.getByRole('button', { name: 'Sign document' }).click();
      await page.getByText('The document is signed. Hand the device back to the front desk.').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'hand-off-4-thanks');

      // Staff end it: a wrong password keeps the lock, theirs ends it.
      await page.getByRole('button', { name: 'Staff: end' }).click();
      const unlock = page.getByRole('dialog', { name: 'End the hand-off' });
      await unlock.getByLabel('Your password').fill('not-my-password');
      await unlock.getByRole('button', { name: 'Unlock' }).click();
      await unlock.getByText('That password is not right.').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'hand-off-5-unlock');
      await unlock.getByLabel('Your password').fill(DEMO_PASSWORD);
      await unlock.getByRole('button', { name: 'Unlock' }).click();

      // Back at the kiosk event: the warning is gone.
      await page.waitForURL((url) => url.pathname === `/kiosk/${eventId}`);
      await closeBannerIfShown(page);
      await closeBannerIfShown(page, 3_000);
      await screenshot(page, 'hand-off-6-back');
      await page.getByRole('tab', { name: /^Reserved/ }).waitFor();
      await rowOf(page, athlete!.fullName).waitFor();
      await expect.poll(() => rowOf(page, athlete!.fullName).getByText(WARNING).count()).toBe(0);
      await screenshot(page, 'hand-off-7-kiosk-clear');
      const signed = (await (await owner.request('GET', `/api/documents/?athleteId=${athlete!.athleteId}&templateId=${templateId}`)).json()) as {
        results: { state: string; signerName: string }[];
      };
      expect(signed.results[0]).toMatchObject({ state: 'signed', signerName: athlete!.fullName });
    } finally {
      await owner.request('POST', `/api/documents/templates/${templateId}/archive/`, {});
    }
  });
});
