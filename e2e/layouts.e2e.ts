import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, openMenu, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

async function logIn(email: string) {
  await browser.page.goto(`${baseUrl}/login`);
  await submitLogin(browser.page, email);
}

describe('layouts per session', () => {
  it('platform staff get the console with Gyms and Demo Gyms', async () => {
    const { page } = browser;
    await logIn('platform@example.com');
    const nav = page.getByRole('navigation', { name: 'Platform navigation' });
    await nav.getByRole('link', { name: 'Demo Gyms' }).waitFor();
    await nav.getByRole('link', { name: 'Gyms', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Gyms' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gyms');
    await expectNoAxeViolations(page);
  });

  it('an Onboard gym sees only the onboarding page', async () => {
    const { page } = browser;
    await logIn('onboarding@example.com');
    await page.getByRole('heading', { name: 'Welcome to Spotter' }).waitFor();
    await page.goto(`${baseUrl}/users/athletes`);
    await page.getByRole('heading', { name: 'Welcome to Spotter' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expectNoAxeViolations(page);
  });

  it('an expired demo opens the Demo Period Expired dialog; an active one enters with the demo bar', async () => {
    const { page } = browser;
    await logIn('demo@example.com');
    const cards = page.getByRole('list', { name: 'Profiles' }).getByRole('listitem');
    await cards.first().waitFor();
    await cards.filter({ hasText: 'TIME LIMITED' }).getByRole('button', { name: 'Select' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demo Period Expired' });
    await dialog.getByText('Ready to get started?').waitFor();
    await dialog.getByText('Expired', { exact: true }).waitFor();
    await dialog.getByRole('link', { name: 'Schedule a Call' }).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await cards.filter({ hasText: 'PERSISTENT' }).getByRole('button', { name: 'Select' }).click();
    await page.getByText('Demo mode').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    // The banner modal fades in over the dashboard; axe must not judge the page through its overlay.
    await closeBannerIfShown(page);
    await expectNoAxeViolations(page);
  });

  it('staff see only the menu entries of their permissions, and Switch Profiles returns to selection', async () => {
    const { page } = browser;
    await logIn('staff@example.com');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Kiosk' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Invoices' }).count()).toBe(0);
    await page.goto(`${baseUrl}/invoices`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await closeBannerIfShown(page);

    const userMenu = await openMenu(page, page.getByRole('button', { name: /User menu/ }));
    expect(await userMenu.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Switch Profiles' }).click();
    await page.getByRole('heading', { name: 'Select a profile' }).waitFor();
  });

  it('kiosk mode shows only the kiosk routes until Log Out clears the flag and ends the session', async () => {
    const { page } = browser;
    await logIn('owner@example.com');
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    await closeBannerIfShown(page);
    await page.evaluate(() => window.localStorage.setItem('kioskMode', 'true'));
    await page.goto(`${baseUrl}/users/athletes`);
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    // Athlete mode runs on a shared tablet: leaving it needs the staff password again.
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('kioskMode'))).toBeNull();
  });

  it('the athlete app fits a phone screen', async () => {
    await browser.page.setViewportSize({ width: 390, height: 844 });
    const { page } = browser;
    await logIn('athlete@example.com');
    await page.getByRole('list', { name: 'Profiles' }).getByRole('listitem').first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Select' }).first().click();
    await page.getByRole('navigation', { name: 'Athlete navigation' }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('owners on a phone get the mobile set with its menu (spec 2.8)', async () => {
    await browser.page.setViewportSize({ width: 390, height: 844 });
    const { page } = browser;
    await logIn('owner@example.com');
    const tabs = page.getByRole('navigation', { name: 'Mobile navigation' });
    for (const tab of ['Dashboard', 'Athletes', 'Schedule', 'Products', 'Account']) {
      await tabs.getByRole('link', { name: tab }).waitFor();
    }
    await page.getByRole('heading', { name: 'Schedule' }).waitFor();
    await closeBannerIfShown(page);
    await tabs.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expectNoAxeViolations(page);
  });
});
