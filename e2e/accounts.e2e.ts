import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, submitLogin, type Browser } from './support/browser';

/**
 * Every seeded account of CONTRACT.md: sign in, choose a profile where there is no default, land on the right
 * layout with the right menu, pass axe, sign out.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

type Account = {
  email: string;
  /** The profile card to select when the account has no default profile. */
  select?: string;
  /** What must be on the landing screen. */
  shows: (page: Page) => Promise<void>;
  /** What must not be there. */
  hides?: string[];
  logout: 'user menu' | 'button';
};

const navLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).first().waitFor();

const accounts: Account[] = [
  {
    email: 'owner@example.com',
    shows: async (p) => {
      await navLink(p, 'Dashboard');
      await p.getByText('Payroll').first().waitFor();
      await p.getByText('Iron Temple Barbell').first().waitFor();
    },
    logout: 'user menu',
  },
  {
    email: 'staff@example.com',
    shows: async (p) => {
      await navLink(p, 'Kiosk');
    },
    hides: ['Payroll', 'Invoices'],
    logout: 'user menu',
  },
  {
    email: 'athlete@example.com',
    select: 'Maple Athletics',
    shows: async (p) => {
      const tabs = p.getByRole('navigation', { name: 'Athlete navigation' });
      for (const tab of ['Packages', 'My Events', 'Schedule', 'Documents', 'Account']) await tabs.getByRole('link', { name: tab }).waitFor();
      await p.getByText('Maple Athletics').first().waitFor();
      // The Account tab is the account panel as a page (spec 2.4).
      await tabs.getByRole('link', { name: 'Account' }).click();
      await p.getByRole('heading', { name: 'Account' }).waitFor();
      await p.getByRole('button', { name: 'Edit' }).waitFor();
    },
    logout: 'user menu',
  },
  {
    email: 'uk-owner@example.com',
    shows: async (p) => {
      await navLink(p, 'Dashboard');
      await p.getByText('Northside Strength').first().waitFor();
    },
    logout: 'user menu',
  },
  {
    email: 'platform@example.com',
    shows: async (p) => {
      await navLink(p, 'Gyms');
      await navLink(p, 'Demo Gyms');
    },
    logout: 'user menu',
  },
  {
    email: 'sales@example.com',
    shows: async (p) => {
      await navLink(p, 'Demo Gyms');
    },
    hides: ['Gyms'],
    logout: 'user menu',
  },
  {
    email: 'demo@example.com',
    select: 'Summit CrossFit',
    shows: async (p) => {
      await navLink(p, 'Dashboard');
      await p.getByText('Demo mode').first().waitFor();
    },
    logout: 'user menu',
  },
  {
    email: 'onboarding@example.com',
    shows: async (p) => {
      await p.getByRole('heading', { name: 'Welcome to Spotter' }).waitFor();
      await p.getByText('Fresh Start Fitness').waitFor();
    },
    logout: 'button',
  },
];

describe('every seeded account', () => {
  for (const account of accounts) {
    it(`${account.email} signs in, lands in the right app and signs out`, async () => {
      const { page } = browser;
      await page.goto(`${baseUrl}/login`);
      await submitLogin(page, account.email);
      if (account.select) {
        await page.getByRole('heading', { name: 'Select a profile' }).waitFor();
        const card = page.getByRole('list', { name: 'Profiles' }).getByRole('listitem').filter({ hasText: account.select }).first();
        await card.getByRole('button', { name: 'Select' }).click();
      }
      await closeBannerIfShown(page, 3000);
      await account.shows(page);
      for (const hidden of account.hides ?? []) {
        expect(await page.getByRole('link', { name: hidden, exact: true }).count(), `${account.email} must not see ${hidden}`).toBe(0);
        expect(await page.getByRole('button', { name: hidden, exact: true }).count(), `${account.email} must not see ${hidden}`).toBe(0);
      }
      await expectNoAxeViolations(page);
      if (account.logout === 'user menu') {
        await page.getByRole('button', { name: /User menu/ }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      } else {
        await page.getByRole('button', { name: 'Logout' }).click();
      }
      await page.waitForURL(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    });
  }
});
