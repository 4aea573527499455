import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOidcProvider, type LocalOidcProvider } from '../apps/server/test/oidc-provider';
import { expectNoAxeViolations, launchBrowser, screenshot, type Browser } from './support/browser';
import { freePort, startServer, type ServerProcess } from './support/server-process';

/**
 * Issue 40: single sign-on in Chromium against a real OpenID provider (oidc-provider on 127.0.0.1), configured as
 * Google and as the fourth integration, with a server of this journey's own started with their configuration.
 * The provider's screen is the test's ("Continue as …" or "Cancel"); axe checks Spotter's pages.
 */
let op: LocalOidcProvider;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  const callback = (p: string) => `http://127.0.0.1:${port}/api/auth/sso/${p}/callback/`;
  op = await startOidcProvider(
    [
      { clientId: 'e2e-google', clientSecret: 'e2e-google-secret', redirectUri: callback('google') },
      { clientId: 'e2e-integration', clientSecret: 'e2e-integration-secret', redirectUri: callback('integration') },
    ],
    {
      'google-owner': { email: 'owner@example.com', email_verified: true, given_name: 'Olivia', family_name: 'Owner' },
      'corp-owner': { email: 'olivia@corp.example.com', email_verified: true },
    },
  );
  server = await startServer({
    port,
    env: {
      SSO_LOGIN_ENABLED: 'true',
      GOOGLE_CLIENT_ID: 'e2e-google',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_ISSUER: op.issuer,
      INTEGRATION_CLIENT_ID: 'e2e-integration',
      INTEGRATION_CLIENT_SECRET: 'e2e-integration-secret',
      INTEGRATION_ISSUER: op.issuer,
    },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await op?.close();
});

async function signInWithGoogle(page: Page, as: string) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('heading', { name: 'Sign in to the local OpenID provider' }).waitFor();
  await page.getByRole('button', { name: as }).click();
}

describe('single sign-on', () => {
  it('links the first Google sign-in to the owner by verified email, enters again, and shows a refused consent on the error page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Continue with Integration' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'sso-login');

    await signInWithGoogle(page, 'Continue as owner@example.com');
    // The owner's default profile, as after a password login.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // Logged out, the second sign-in enters through the linked identity.
    await page.context().clearCookies();
    await signInWithGoogle(page, 'Continue as owner@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.context().clearCookies();
    await signInWithGoogle(page, 'Cancel');
    await page.waitForURL((url) => url.pathname === '/social-login-error');
    await page.getByText('The sign-in was cancelled at the provider, so you were not signed in.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sso-error');
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('links and unlinks the fourth integration from Account Details', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await signInWithGoogle(page, 'Continue as owner@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const openAccount = async () => {
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Account Details' }).click();
      const drawer = page.getByRole('dialog', { name: 'Account Details' });
      await drawer.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
      return drawer;
    };
    let drawer = await openAccount();
    await drawer.getByText('Linked as owner@example.com').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sso-account');
    await drawer.getByRole('link', { name: 'Link Integration' }).click();
    await page.getByRole('heading', { name: 'Sign in to the local OpenID provider' }).waitFor();
    await page.getByRole('button', { name: 'Continue as olivia@corp.example.com' }).click();
    await page.getByText('The provider was linked. You can now sign in with it.').waitFor();
    expect(new URL(page.url()).search).toBe('');

    drawer = await openAccount();
    await drawer.getByText('Linked as olivia@corp.example.com').waitFor();
    await drawer.getByRole('button', { name: 'Unlink Integration' }).click();
    await page.getByText('The provider was unlinked.').waitFor();
    await drawer.getByRole('link', { name: 'Link Integration' }).waitFor();
  });
});
