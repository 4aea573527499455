import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, screenshot, type Browser } from './support/browser';
import { capturedMailNames, linkIn, waitForMail } from './support/mail';
import { HttpSession } from './support/server-process';

/**
 * Issue 20 (contract-20 H3): a new athlete of Iron Temple Barbell signs a waiver in the athlete app on a phone by
 * drawing with the mouse, finds it under Signed and downloads its PDF; then, as the parent of a dependant, signs the
 * dependant's copy, and the record (and the PDF) names both. The template is archived at the end; the demo athlete is
 * never touched.
 */

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const PHONE = { width: 390, height: 844 };
const browsers: Browser[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

async function owner(): Promise<HttpSession> {
  const http = new HttpSession(baseUrl);
  expect((await http.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  return http;
}

async function json<T>(res: Promise<Response>, status: number[] = [200, 201]): Promise<T> {
  const r = await res;
  const body = await r.text();
  expect(status, `${r.status} ${body.slice(0, 300)}`).toContain(r.status);
  return JSON.parse(body) as T;
}

/**
 * A new athlete account of Iron Temple's sales portal, made in the page's browser: signed up, activated with the link of
 * its mail (issue 32), and logged in there.
 */
async function newAthleteIn(page: Page, firstName: string, lastName: string): Promise<{ athleteId: string; email: string }> {
  await page.goto(`${baseUrl}/login`);
  await page.request.get(`${baseUrl}/api/auth/csrf/`);
  const csrf = () =>
    page
      .context()
      .cookies()
      .then((all) => all.find((c) => c.name === 'csrftoken')!.value);
  const email = `signer-${Date.now()}@example.com`;
  const seen = capturedMailNames(mailDir);
  const res = await page.request.post(`${baseUrl}/api/sales-portals/iron-temple/account/`, {
    data: { firstName, lastName, email, password: 'Signing123x' },
    headers: { 'x-csrftoken': await csrf() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const [, uid, token] = linkIn(await waitForMail(mailDir, email, seen), '/activate/').match(/\/activate\/([^/]+)\/([^/?#]+)/)!;
  const activated = await page.request.post(`${baseUrl}/api/auth/users/activation/`, { data: { uid, token }, headers: { 'x-csrftoken': await csrf() } });
  expect(activated.status(), await activated.text()).toBe(200);
  const login = await page.request.post(`${baseUrl}/api/sales-portals/iron-temple/login/`, {
    data: { email, password: 'Signing123x' },
    headers: { 'x-csrftoken': await csrf() },
  });
  expect(login.status(), await login.text()).toBe(200);
  const session = (await (await page.request.get(`${baseUrl}/api/auth/session/`)).json()) as { role: string; athlete: { athleteId: string } };
  expect(session.role).toBe('athlete');
  return { athleteId: session.athlete.athleteId, email };
}

/** Draws a signature with the mouse over the signature pad: two strokes. */
async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const strokes = [
    [0.1, 0.7, 0.25, 0.2, 0.4, 0.75, 0.5, 0.3],
    [0.55, 0.6, 0.7, 0.35, 0.8, 0.65, 0.92, 0.4],
  ];
  for (const s of strokes) {
    await page.mouse.move(box.x + box.width * s[0]!, box.y + box.height * s[1]!);
    await page.mouse.down();
    for (let i = 2; i < s.length; i += 2) await page.mouse.move(box.x + box.width * s[i]!, box.y + box.height * s[i + 1]!, { steps: 8 });
    await page.mouse.up();
  }
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8').replace(/\s+/g, ' ');

describe('signing documents in the athlete app (issue 20)', () => {
  it('a new athlete signs a waiver by drawing on a phone, finds it under Signed and downloads the PDF; as a guardian signs for a dependant (axe)', async () => {
    const desk = await owner();
    const stamp = Date.now();
    const template = await json<{ templateId: string }>(
      desk.request('POST', '/api/documents/templates/', {
        type: 'waiver',
        title: `Journey Waiver ${stamp}`,
        body: '<h2>Assumption of risk</h2><p>I, {{athlete.fullName}}, choose to train at {{gym.name}}. Strength training carries a risk of injury, and I accept it.</p><ul><li>I will warm up before lifting.</li><li>I will follow the coach’s instructions.</li></ul>',
        initialFields: ['I accept the risks of training'],
        requiresSignature: true,
        requiredOnSignUp: false,
        requiredBeforeBooking: false,
        packageIds: [],
      }),
      [201],
    );
    cleanups.push(() => desk.request('POST', `/api/documents/templates/${template.templateId}/archive/`));
    const issue = (athleteId: string) =>
      json(desk.request('POST', '/api/documents/issue/', { templateId: template.templateId, athleteIds: [athleteId], sendEmail: false }));

    const phone = await launchBrowser(PHONE);
    browsers.push(phone);
    const page = phone.page;
    const me = await newAthleteIn(page, 'Jordan', `Signer${stamp % 10000}`);
    const myName = `Jordan Signer${stamp % 10000}`;
    await issue(me.athleteId);

    // The Documents tab: /documents opens the Unsigned tab.
    await page.goto(`${baseUrl}/documents`);
    await page.waitForURL(`${baseUrl}/documents/unsigned`);
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const card = page.getByRole('link', { name: `Journey Waiver ${stamp}`, exact: true });
    await card.waitFor();
    await screenshot(page, 'documents-unsigned-390');
    await expectNoAxeViolations(page);

    // Read it: the merge fields are filled in.
    await card.click();
    await page.getByRole('heading', { name: `Journey Waiver ${stamp}`, level: 1 }).waitFor();
    await page.getByText(`I, ${myName}, choose to train at Iron Temple Barbell.`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    // Signing without a signature is refused on the form.
    await page.getByRole('button', { name: 'Sign document' }).click();
    await page.getByRole('alert').getByText('Draw your signature or type your full name.').waitFor();
    await page.getByLabel('I accept the risks of training').fill('JS');
    await drawSignature(page);
    await page.getByRole('checkbox', { name: /I have read this document and agree to it/ }).check();
    await screenshot(page, 'documents-sign-drawn-390');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign document' }).click();

    // Signed: the drawn signature, who and when, and the PDF.
    await page.waitForURL(/\/documents\/signed\//);
    const documentId = page.url().split('/').pop()!;
    await page.getByRole('img', { name: `Signature of ${myName}` }).waitFor();
    await page.getByText(/^Signed .* in the app$/).waitFor();
    await screenshot(page, 'documents-signed-390');
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^journey-waiver-\d+-jordan-signer\d+\.pdf$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-signing-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const pdfFile = path.join(dir, 'signed.pdf');
    await download.saveAs(pdfFile);
    const text = pdfText(pdfFile);
    for (const fact of [
      `I, ${myName}, choose to train at Iron Temple Barbell.`,
      'I accept the risks of training: JS',
      'Audit trail',
      documentId,
      'Athlete app',
      'Drawn',
      'Content SHA-256',
    ]) {
      expect(text, fact).toContain(fact);
    }
    if (process.env.E2E_SCREENSHOT_DIR)
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfFile, path.join(process.env.E2E_SCREENSHOT_DIR, 'documents-signed-pdf')]);

    // Under Signed.
    await page.getByRole('link', { name: '← All documents' }).click();
    await page.waitForURL(`${baseUrl}/documents/signed`);
    await page.getByRole('link', { name: `Journey Waiver ${stamp}`, exact: true }).waitFor();
    await page.getByText(new RegExp(`^Signed .* by ${myName}$`)).waitFor();
    await page.getByRole('tab', { name: 'Unsigned' }).click();
    await page.waitForURL(`${baseUrl}/documents/unsigned`);
    await expect.poll(() => page.getByRole('link', { name: `Journey Waiver ${stamp}`, exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // A dependant (no login of their own) linked to this athlete, with the waiver issued to them.
    const kid = await json<{ athleteId: string }>(desk.request('POST', '/api/athletes/', { firstName: 'Riley', lastName: `Signer${stamp % 10000}` }));
    const kidName = `Riley Signer${stamp % 10000}`;
    await json(desk.request('POST', `/api/athletes/${me.athleteId}/family/`, { dependantAthleteId: kid.athleteId }));
    await issue(kid.athleteId);

    await page.reload();
    const kidCard = page.getByRole('link', { name: `Journey Waiver ${stamp} for ${kidName}` });
    await kidCard.waitFor();
    // The gym's own waiver (required on sign-up) is the dependant's too: this card is the journey's.
    await kidCard.getByText(`Waiver · for ${kidName}`).waitFor();
    await screenshot(page, 'documents-dependant-390');
    await kidCard.click();
    await page.getByText(`You are signing for ${kidName} as their parent or guardian.`, { exact: false }).waitFor();
    await page.getByText(`I, ${kidName}, choose to train at Iron Temple Barbell.`, { exact: false }).waitFor();
    await page.getByLabel('I accept the risks of training').fill('JS');
    // The segmented control's radio is drawn by its label.
    await page.locator('label', { hasText: 'Type your name' }).click();
    await page.getByLabel('Full name').fill(myName);
    await page.getByRole('checkbox', { name: /I have read this document and agree to it/ }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign document' }).click();
    await page.waitForURL(/\/documents\/signed\//);
    const kidDocumentId = page.url().split('/').pop()!;
    await page.getByText(`${myName}, parent or guardian, for ${kidName}`).waitFor();
    await page.getByLabel(`Typed signature: ${myName}`).waitFor();
    await screenshot(page, 'documents-guardian-signed-390');
    await expectNoAxeViolations(page);

    // The same screens on a tablet and a desktop.
    for (const [name, size] of [
      ['tablet', { width: 820, height: 1180 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/documents/signed`);
      await page.getByRole('link', { name: `Journey Waiver ${stamp} for ${kidName}` }).waitFor();
      await screenshot(page, `documents-signed-list-${name}`);
      await expectNoAxeViolations(page);
      await page.goto(`${baseUrl}/documents/signed/${kidDocumentId}`);
      await page.getByText(`${myName}, parent or guardian, for ${kidName}`).waitFor();
      await screenshot(page, `documents-guardian-signed-${name}`);
      await expectNoAxeViolations(page);
    }

    // Staff's copy of the record: both names, in the detail and the PDF.
    const kidDetail = await json<{ signature: { relation: string; signerName: string; athleteName: string } }>(
      desk.request('GET', `/api/documents/${kidDocumentId}/`),
    );
    expect(kidDetail.signature).toMatchObject({ relation: 'guardian', signerName: myName, athleteName: kidName });
    const staffPdf = await desk.request('GET', `/api/documents/${kidDocumentId}/pdf`);
    expect(staffPdf.status).toBe(200);
    const staffPdfFile = path.join(dir, 'guardian.pdf');
    fs.writeFileSync(staffPdfFile, Buffer.from(await staffPdf.arrayBuffer()));
    expect(pdfText(staffPdfFile)).toContain(`${myName}, parent or guardian, for ${kidName}`);
  });
});
