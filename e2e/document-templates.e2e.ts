import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, insertMergeField, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
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

type TemplateRow = { templateId: string; title: string; currentVersion: number; unsignedCount: number; requiredOnSignUp: boolean; archived: boolean };
async function templatesOf(page: Page): Promise<TemplateRow[]> {
  const res = await page.request.get(`${baseUrl}/api/documents/templates/`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TemplateRow[];
}

const rowOf = (page: Page, name: string) => page.getByRole('table', { name: 'Document templates' }).getByRole('row').filter({ hasText: name });

describe('document templates (issue 20)', () => {
  it('an owner writes a waiver with a merge field, makes it required on sign-up, edits it into version 2, reads version 1, archives it', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signInAsOwner(page);
    await page.goto(`${baseUrl}/documents/templates`);
    await closeBannerIfShown(page);
    await page.getByRole('heading', { name: 'Document templates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New template' }).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'document-templates-list');

    const title = `Journey Waiver ${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'New template' }).first().click();
    const form = page.getByRole('dialog', { name: 'New template' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    const text = form.getByRole('textbox', { name: 'Document text' });
    await text.click();
    await page.keyboard.type('I, ');
    await insertMergeField(page, form, 'Athlete’s full name');
    await page.keyboard.type(', accept the risks of training at ');
    await insertMergeField(page, form, 'Gym name');
    await page.keyboard.type('.');
    // The live preview fills the fields with sample values.
    await form.getByTestId('template-preview').getByText('I, Alex Morgan, accept the risks of training at Iron Temple.').waitFor();
    await form.getByRole('button', { name: 'Add initials field' }).click();
    await form.getByRole('textbox', { name: 'Initials field 1' }).fill('I have read the safety rules');
    await form.getByRole('switch', { name: /On sign-up/ }).check();
    await expectNoAxeViolations(page);
    await screenshot(page, 'document-templates-editor');
    await form.getByRole('button', { name: 'Create template' }).click();
    await page.getByText('Template created.').waitFor();
    await form.waitFor({ state: 'hidden' });
    await clearNotifications(page);
    const row = rowOf(page, title);
    await row.getByText('On sign-up').waitFor();
    await row.getByText('v1').waitFor();

    // Editing the wording makes version 2; version 1 stays readable.
    await row.getByRole('button', { name: title, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit template' });
    await edit.getByText('Version 1').first().waitFor();
    await edit.getByRole('textbox', { name: 'Document text' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' No refunds.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template saved (version 2).').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await clearNotifications(page);
    await row.getByText('v2').waitFor();
    await row.getByRole('button', { name: title, exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Edit template' });
    await again.getByRole('button', { name: 'View version 1' }).click();
    const old = page.getByRole('dialog', { name: 'Version 1' });
    await old.getByText('accept the risks of training at {{gym.name}}.').waitFor();
    expect(await old.textContent()).not.toContain('No refunds');
    await expectNoAxeViolations(page);
    await screenshot(page, 'document-templates-version');
    await old.getByRole('button', { name: 'Close' }).click();
    await old.waitFor({ state: 'hidden' });
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'hidden' });

    const mine = (await templatesOf(page)).find((t) => t.title === title)!;
    expect(mine).toMatchObject({ currentVersion: 2, requiredOnSignUp: true, unsignedCount: 0 });
    await apiWrite(page, 'POST', `/api/documents/templates/${mine.templateId}/archive/`, {});
    await page.reload();
    await closeBannerIfShown(page);
    await page.getByText('Archived', { exact: true }).first().click();
    await rowOf(page, title).waitFor();
    await screenshot(page, 'document-templates-archived');
  });

  it('a template required on sign-up is issued to an athlete staff create (with the sign-up hook of the desk helper)', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signInAsOwner(page);
    const title = `Sign-up Waiver ${Date.now() % 100000}`;
    const made = await apiWrite(page, 'POST', '/api/documents/templates/', {
      type: 'waiver',
      title,
      body: '<p>I, {{athlete.fullName}}, agree.</p>',
      requiredOnSignUp: true,
    });
    const mine = { templateId: String(made.templateId) };
    const athlete = await apiWrite(page, 'POST', '/api/athletes/', { firstName: 'Journey', lastName: `Signer ${Date.now() % 100000}` });
    try {
      const after = (await templatesOf(page)).find((t) => t.templateId === mine.templateId)!;
      expect(after.unsignedCount).toBe(1);
      await page.goto(`${baseUrl}/documents/templates`);
      await closeBannerIfShown(page);
      await rowOf(page, title).getByRole('cell', { name: '1', exact: true }).first().waitFor();
    } finally {
      // Clean up: the athlete leaves the lists, the template is archived (no later athlete gets it).
      await apiWrite(page, 'POST', `/api/athletes/${String(athlete.athleteId)}/archive/`, {});
      await apiWrite(page, 'POST', `/api/documents/templates/${mine.templateId}/archive/`, {});
    }
    expect((await templatesOf(page)).find((t) => t.templateId === mine.templateId)!.archived).toBe(true);
  });

  it('the templates list and editor on a phone', async () => {
    browser = await launchBrowser({ width: 375, height: 740 });
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await closeBannerIfShown(page);
    await page.goto(`${baseUrl}/documents/templates`);
    await closeBannerIfShown(page);
    await page.getByRole('heading', { name: 'Document templates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New template' }).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'document-templates-phone');
    await page.getByRole('button', { name: 'New template' }).first().click();
    const form = page.getByRole('dialog', { name: 'New template' });
    await form.getByRole('textbox', { name: 'Title' }).fill('Phone policy');
    await form.getByRole('textbox', { name: 'Document text' }).click();
    await page.keyboard.type('Hello ');
    await insertMergeField(page, form, 'Athlete’s full name');
    await form.getByTestId('template-preview').getByText('Hello Alex Morgan').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'document-templates-phone-editor');
    // Nothing saved.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });
});
