import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeAppleFacebook, type FakeAppleFacebook } from '../apps/server/test/fake-apple-facebook';
import { expectNoAxeViolations, launchBrowser, screenshot, type Browser } from './support/browser';
import { freePort, startServer, type ServerProcess } from './support/server-process';

/**
 * Issue 40: Sign in with Apple (form_post back to the server, its ES256 client secret) and Facebook Login in Chromium,
 * against the local fakes of their endpoints, on a server of this journey's own (seeded demo data) configured for
 * them. The providers' screens are the fakes' ("Continue as …" or "Cancel"); axe checks Spotter's pages.
 */
let fake: FakeAppleFacebook;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  fake = await startFakeAppleFacebook({
    apple: {
      clientId: 'com.example.spotter',
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    facebook: { clientId: 'fb-app', clientSecret: 'fb-secret' },
  });
  // Seeded people: staff@example.com (the desk) at Apple with a confirmed email; at Facebook the seeded athlete (whose
  // email Facebook never confirms) and a new person.
  fake.applePeople.set('001.staff', { sub: '001.staff', email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff' });
  fake.facebookPeople.set('fb-athlete', { id: 'fb-athlete', email: 'athlete@example.com', first_name: 'Existing' });
  fake.facebookPeople.set('fb-new', { id: 'fb-new', email: 'fran.facebook@example.com', first_name: 'Fran', last_name: 'Facebook' });
  const port = await freePort();
  server = await startServer({
    port,
    env: {
      SSO_LOGIN_ENABLED: 'true',
      APPLE_CLIENT_ID: 'com.example.spotter',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      APPLE_BASE_URL: fake.appleBaseUrl,
      FACEBOOK_CLIENT_ID: 'fb-app',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      FACEBOOK_DIALOG_URL: fake.facebookDialogUrl,
      FACEBOOK_GRAPH_URL: fake.facebookGraphUrl,
    },
  });
  browser = await launchBrowser();
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

async function session(page: Page): Promise<{ role?: string; user?: { email?: string } } | null> {
  const res = await page.request.get(`${server.url}/api/auth/session/`);
  return res.ok() ? ((await res.json()) as { role?: string; user?: { email?: string } }) : null;
}

describe('Sign in with Apple and Facebook', () => {
  it('Apple: the first sign-in links the desk by its confirmed email, the second enters, and Account shows the link', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Continue with Facebook' }).waitFor();
    await page.getByRole('link', { name: 'Continue with Apple' }).click();
    await page.getByRole('heading', { name: 'Sign in with Apple (local fake)' }).waitFor();
    // Apple posts its answer to the server's callback (form_post), which passes it on to the GET callback.
    await page.getByRole('button', { name: 'Continue as staff@example.com' }).click();
    await page.getByRole('link', { name: 'Kiosk' }).first().waitFor();
    expect(fake.refusals).toEqual([]);
    expect(await session(page)).toMatchObject({ user: { email: 'staff@example.com' } });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account Details' }).click();
    const drawer = page.getByRole('dialog', { name: 'Account Details' });
    await drawer.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
    await drawer.getByText('Linked as staff@example.com').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sso-apple-account');

    // Logged out, the second sign-in enters through the linked identity (Apple sends no name this time).
    await page.context().clearCookies();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Continue with Apple' }).click();
    await page.getByRole('button', { name: 'Continue as staff@example.com' }).click();
    await page.getByRole('link', { name: 'Kiosk' }).first().waitFor();
    expect(await session(page)).toMatchObject({ user: { email: 'staff@example.com' } });
  });

  it('Facebook: never links by an unconfirmed email, a refused consent lands on the error page, and a new person of the sales portal becomes its athlete, back at their checkout', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    // Facebook does not say an email is confirmed: the athlete's own account is never taken over, nor doubled.
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.getByRole('heading', { name: 'Log in with Facebook (local fake)' }).waitFor();
    await page.getByRole('button', { name: 'Continue as Existing' }).click();
    await page.waitForURL((url) => url.pathname === '/social-login-error');
    await page.getByText('An account with this email already exists, but the provider has not confirmed that the email is yours.', { exact: false }).waitFor();
    expect(await session(page)).toBeNull();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sso-facebook-unverified');

    // A refused consent.
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/social-login-error');
    await page.getByText('The sign-in was cancelled at the provider, so you were not signed in.').waitFor();
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // A new person at Iron Temple's sales portal: Facebook from the checkout's account form makes them its athlete.
    await page.goto(`${server.url}/sales-portal/iron-temple`);
    await page.getByRole('link', { name: 'Choose 10-class pack' }).click();
    await page.getByRole('list', { name: 'Billing plans' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    const checkout = new URL(page.url()).pathname;
    await page.getByRole('form', { name: 'Create account' }).getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.getByRole('button', { name: 'Continue as Fran' }).click();
    // Back at the checkout they left (the callback lands on the portal's first page, which passes them on), signed in.
    await page.waitForURL((url) => url.pathname === checkout);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Confirm purchase' }).waitFor();
    expect(await session(page)).toMatchObject({ role: 'athlete', user: { email: 'fran.facebook@example.com' } });
    await expectNoAxeViolations(page);
    await screenshot(page, 'sso-facebook-portal');
    expect(fake.refusals).toEqual([]);
  });
});
