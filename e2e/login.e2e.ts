import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('login', () => {
  it('redirects to /login, validates, logs the owner in and out', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Email field is required.').waitFor();
    await page.getByText('Password field is required.').waitFor();
    await expectNoAxeViolations(page);

    await submitLogin(page, 'owner@example.com');
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await closeBannerIfShown(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // The session is gone on the server too: a reload stays on the login page.
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('asks for the session once per page load: the app takes the answer index.html preloaded', async () => {
    const { page } = browser;
    const sessionCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/session/') sessionCalls.push(request.resourceType());
    });
    await page.context().clearCookies();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // Decision 049: without a session cookie the page says nobody is logged in; the app asks nothing (no 401).
    expect(sessionCalls).toEqual([]);
    await submitLogin(page, 'owner@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    sessionCalls.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // A preload the app did not use would show as a second request (and a console warning after a few seconds).
    expect(sessionCalls).toEqual(['other']);
  });

  it('takes a user without a default profile through profile selection into the athlete app', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'athlete@example.com');
    await page.getByRole('heading', { name: 'Select a profile' }).waitFor();
    const cards = page.getByRole('list', { name: 'Profiles' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    // Issue 34 item 16: the dependant's card (Sam Morgan) says it is a family member's; Alex's own cards do not.
    await cards.filter({ hasText: 'Sam Morgan' }).getByText("Family member's profile: you act for them.").waitFor();
    expect(await cards.filter({ hasText: 'Alex Morgan' }).filter({ hasText: 'Family member' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'profile-selection');

    await cards.filter({ hasText: 'Iron Temple Barbell' }).first().getByRole('button', { name: 'Select' }).click();
    const tabs = page.getByRole('navigation', { name: 'Athlete navigation' });
    await tabs.waitFor();
    for (const tab of ['Packages', 'My Events', 'Schedule', 'Documents', 'Account']) {
      await tabs.getByRole('link', { name: tab }).waitFor();
    }
    await page.getByRole('heading', { name: 'Schedule' }).waitFor();
    await expectNoAxeViolations(page);

    await tabs.getByRole('link', { name: 'My Events' }).click();
    await page.getByRole('heading', { name: 'My Events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/events');
  });

  it('shows the server message for a wrong password', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'uk-owner@example.com', 'NotThePassword1');
    await page.getByText('Unable to log in with provided credentials.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
