import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { HttpSession } from './support/server-process';
import { DEMO_PASSWORD, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';
import { capturedMailNames, linkIn, waitForMail } from './support/mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

const EMAIL = 'uk-owner@example.com';
const NEW_PASSWORD = 'NewSpotter456';

/** Puts the seeded password back, so every other journey can log in as before. */
async function restorePassword(current: string) {
  const http = new HttpSession(baseUrl);
  const login = await http.request('POST', '/api/auth/login/', { email: EMAIL, password: current });
  expect(login.status).toBe(200);
  const change = await http.request('POST', '/api/auth/change-password/', { password: current, newPassword: DEMO_PASSWORD, reNewPassword: DEMO_PASSWORD });
  expect(change.status).toBe(200);
}

describe('password reset by mail', () => {
  it('asks for a link, opens it from the mail, sets a new password and logs in with it', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${baseUrl}/reset-password`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email field is required.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'reset-password-form');

    const seen = capturedMailNames(mailDir);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that email, we have sent a link to reset its password.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'reset-password-sent');

    const link = linkIn(await waitForMail(mailDir, EMAIL, seen), '/password/reset/confirm/');
    expect(link.startsWith(`${baseUrl}/password/reset/confirm/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Confirm new password/).fill('different');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText("Password doesn't match.").waitFor();
    await page.getByText('Length should be more than 8 characters. Must contain at least one number, one uppercase, and one lowercase letter.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'reset-confirm-errors');

    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByText('Password was successfully updated').waitFor();

    try {
      await submitLogin(page, EMAIL, DEMO_PASSWORD);
      await page.getByText('Unable to log in with provided credentials.').waitFor();
      // The dashboard's own read must be answered before the cookies go: sent after, it would be a 401.
      const dashboardRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard/');
      await submitLogin(page, EMAIL, NEW_PASSWORD);
      await page.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect((await dashboardRead).status()).toBe(200);

      // The link is single-use.
      await page.context().clearCookies();
      await page.goto(link);
      await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('This password reset link is invalid or has expired.').waitFor();
      await page.getByRole('link', { name: 'Ask for a new reset link' }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'reset-confirm-invalid-link');
    } finally {
      await restorePassword(NEW_PASSWORD);
    }
  });
});

describe('the other logged-out pages', () => {
  it('an invalid activation link offers to resend it; the social login error links back to log in', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/activate/00000000-0000-4000-8000-000000000000/not-a-token`);
    await page.getByText('This activation link is invalid or has expired.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'activate-invalid');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText('If that account is waiting for activation, we have sent a new link.').waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`${baseUrl}/social-login-error`);
    await page.getByRole('heading', { name: 'Social login failed' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'social-login-error');
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await page.waitForURL(`${baseUrl}/login`);
  });
});
