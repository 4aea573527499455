import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  closeBannerIfShown,
  closeBannersWhenShown,
  expectNoAxeViolations,
  insertMergeField,
  launchBrowser,
  screenshot,
  submitLogin,
  type Browser,
} from './support/browser';
import { capturedMailNames, waitForMail } from './support/mail';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

const OWNER = 'owner@example.com';

async function owner(): Promise<HttpSession> {
  const http = new HttpSession(baseUrl);
  expect((await http.request('POST', '/api/auth/login/', { email: OWNER, password: 'Spotter123' })).status).toBe(200);
  return http;
}

async function signInOwner(page: Page) {
  // The gym's banner can open late, over the editor: it is closed whenever it is in the way.
  await closeBannersWhenShown(page);
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, OWNER);
  await page.waitForURL((url) => url.pathname === '/');
  await closeBannerIfShown(page);
}

/** Opens a page of the staff app and waits for its heading, with the staff banner closed. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await closeBannerIfShown(page, 15_000);
  await closeBannerIfShown(page, 1000);
}

/** Closes the notifications shown so far, so a screenshot shows the screen. */
async function clearNotifications(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    await close.first().click();
    await page.waitForTimeout(50);
  }
}

/** A header of a raw mail (unfolded). */
const header = (raw: string, name: string) => {
  const m = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw);
  return m ? m[1]!.replace(/\r?\n[ \t]+/g, ' ') : '';
};

describe('message templates and the message log (issue 22)', () => {
  it('an owner rewords the class booking confirmation, sends a test to themselves, finds it in Sent messages, and resets it', async () => {
    const desk = await owner();
    try {
      const desktop = await launchBrowser({ width: 1280, height: 800 });
      browsers.push(desktop);
      const { page } = desktop;
      await signInOwner(page);
      await open(page, '/flows/templates', 'Message Templates');
      await page.getByRole('heading', { name: 'Bookings', level: 2 }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'message-templates-list');

      await page.getByRole('button', { name: /^Class booking confirmation.*: open$/ }).click();
      const editor = page.getByRole('dialog', { name: 'Class booking confirmation' });
      await editor.getByRole('textbox', { name: /^Subject/ }).waitFor();
      // The staff banner may open over the editor once the page settles.
      await closeBannerIfShown(page, 3000);
      const stamp = `J${Date.now() % 100000}`;
      const subject = editor.getByRole('textbox', { name: /^Subject/ });
      await subject.fill(`${stamp} booked: {{className}}`);
      const body = editor.getByRole('textbox', { name: 'Message' });
      await body.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(`Hello `);
      await insertMergeField(page, editor, 'First name');
      await page.keyboard.type(`, see you at `);
      await insertMergeField(page, editor, 'Class');
      await page.keyboard.type(`. Bring <b>chalk</b> ${stamp}.`);
      // The live preview: the gym's From, the subject with sample values, the HTML in a sandboxed frame.
      const preview = editor.getByTestId('message-preview');
      await preview.getByText(`${stamp} booked: Morning WOD`).waitFor();
      const fromLine =
        (await preview
          .locator('p')
          .filter({ hasText: /^From:/ })
          .first()
          .textContent()) ?? '';
      const displayName = /"([^"]+)"/.exec(fromLine)?.[1] ?? '';
      expect(displayName, fromLine).not.toBe('');
      const frame = preview.frameLocator('iframe[title="Mail preview"]');
      await frame.getByText(/Hello Alex, see you at Morning WOD/).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'message-templates-editor');

      const seen = capturedMailNames(mailDir);
      await editor.getByRole('button', { name: 'Send test to me' }).click();
      await page.getByText('Test sent').first().waitFor();
      const raw = await waitForMail(mailDir, OWNER, seen, 30_000);
      expect(header(raw, 'Subject')).toContain(`${stamp} booked: Morning WOD`);
      expect(header(raw, 'From')).toContain(displayName);
      expect(raw).toContain('Hello Alex, see you at Morning WOD');
      // Text typed as text stays text: escaped in the HTML part, never markup (the plain-text part holds it as typed).
      const htmlPart = raw.slice(raw.indexOf('Content-Type: text/html'));
      expect(raw.indexOf('Content-Type: text/html')).toBeGreaterThan(0);
      expect(htmlPart).toContain('&lt;b&gt;chalk&lt;/b&gt;');
      expect(htmlPart).not.toContain('<b>chalk</b>');

      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.waitFor({ state: 'hidden' });
      await clearNotifications(page);
      await page.getByRole('button', { name: 'Class booking confirmation (customised): open' }).waitFor();

      // Sent messages lists the test with its state.
      await page.getByRole('tab', { name: 'Sent messages' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
      const row = page.getByRole('button', { name: `${stamp} booked: Morning WOD` }).first();
      await row.waitFor({ timeout: 15_000 });
      await expectNoAxeViolations(page);
      await screenshot(page, 'message-log-test-send');
      await row.click();
      const drawer = page.getByRole('dialog', { name: 'Message' });
      await drawer.getByText(OWNER).first().waitFor();
      await expectNoAxeViolations(page);
      await drawer.getByRole('button', { name: 'Close' }).click();

      // Back to the default wording (cleanup: the shared server's other journeys expect it).
      await page.getByRole('tab', { name: 'Templates' }).click();
      await page.getByRole('button', { name: 'Class booking confirmation (customised): open' }).click();
      const again = page.getByRole('dialog', { name: 'Class booking confirmation' });
      await again.getByRole('button', { name: 'Reset to default' }).click();
      await again.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Class booking confirmation: open' }).waitFor();
    } finally {
      // Cleanup whatever happened: the default wording again (DELETE is idempotent).
      await desk.request('DELETE', '/api/message-templates/class_booked/');
    }
  }, 180_000);

  it('the Sent messages tab and the athlete page list a document mail with its state, on desktop and phone (athlete tab)', async () => {
    const desk = await owner();
    const stamp = `Log Journey ${Date.now() % 100000}`;
    const athletes = (await (await desk.request('GET', `/api/athletes/?search=${encodeURIComponent('athlete@example.com')}&limit=5`)).json()) as {
      results: { athleteId: string; fullName: string; email: string | null }[];
    };
    const athlete = athletes.results.find((a) => a.email === 'athlete@example.com') ?? athletes.results[0]!;
    expect(athlete, 'the demo athlete').toBeTruthy();
    const created = await desk.request('POST', '/api/documents/templates/', {
      type: 'policy',
      title: stamp,
      body: '<p>I, {{athlete.fullName}}, read the gym policy.</p>',
      requiresSignature: false,
      initialFields: [],
      requiredOnSignUp: false,
      requiredBeforeBooking: false,
      packageIds: [],
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const templateId = ((await created.json()) as { templateId: string }).templateId;
    const issued = await desk.request('POST', '/api/documents/issue/', { templateId, athleteIds: [athlete.athleteId], sendEmail: true });
    expect(issued.status).toBe(200);
    try {
      const desktop = await launchBrowser({ width: 1280, height: 800 });
      browsers.push(desktop);
      const { page } = desktop;
      await signInOwner(page);
      await open(page, `/flows/templates?tab=sent&search=${encodeURIComponent(stamp)}`, 'Message Templates');
      const row = page.getByRole('button', { name: new RegExp(stamp) }).first();
      await row.waitFor();
      await page.getByRole('table', { name: 'Messages' }).getByText('Document to sign').first().waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'message-log-desktop');
      await row.click();
      const drawer = page.getByRole('dialog', { name: 'Message' });
      await drawer.getByText('Attempts').waitFor();
      await drawer
        .getByText(new RegExp(`Please sign .${stamp}`))
        .first()
        .waitFor();
      await drawer.getByText('athlete@example.com').first().waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'message-log-detail');
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'hidden' });

      // The athlete's Messages tab lists it too.
      await page.goto(`${baseUrl}/users/athletes/${athlete.athleteId}/messages`);
      await closeBannerIfShown(page, 5000);
      await page
        .getByRole('region', { name: 'Messages' })
        .getByRole('button', { name: new RegExp(stamp) })
        .first()
        .waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'athlete-messages-tab');

      const phone = await launchBrowser({ width: 375, height: 740 });
      browsers.push(phone);
      await signInOwner(phone.page);
      // `/flows/templates` is a desktop page (spec 2.8); on a phone the athlete's Messages tab lists mails as cards.
      await phone.page.goto(`${baseUrl}/users/athletes/${athlete.athleteId}/messages`);
      await closeBannerIfShown(phone.page, 5000);
      await phone.page
        .getByRole('list', { name: 'Messages' })
        .getByRole('button', { name: new RegExp(stamp) })
        .first()
        .waitFor();
      await expectNoAxeViolations(phone.page);
      await screenshot(phone.page, 'athlete-messages-phone');
    } finally {
      // Cleanup: void the document and archive the template, so the demo athlete has nothing new to sign.
      const docs = (await (await desk.request('GET', `/api/documents/?templateId=${templateId}&limit=10`)).json()) as { results: { documentId: string }[] };
      for (const d of docs.results) await desk.request('POST', `/api/documents/${d.documentId}/void/`, { reason: 'Journey cleanup' });
      await desk.request('POST', `/api/documents/templates/${templateId}/archive/`, {});
    }
  }, 180_000);
});
