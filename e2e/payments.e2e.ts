import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, signInAsIronTempleAthlete, submitLogin, type Browser } from './support/browser';
import { enableCardPayments, saveTestMethod } from './support/payments';

/**
 * Issue 19 (decision 034): card payments against the local fake of Stripe's API (global-setup starts it and gives the
 * server its keys). The Onboard page's next step: "Set up payments" makes the gym's connected account and goes to
 * the provider's onboarding (an account link). The journey stops at the provider's page so the seeded Onboard gym
 * stays Onboard for the other journeys (finishing onboarding is covered by the server tests).
 */
const baseUrl = inject('baseUrl');
const stripeUrl = inject('stripeUrl');
let browser: Browser;

afterEach(async () => {
  await browser.close();
});

describe('payments onboarding', () => {
  beforeEach(async () => {
    browser = await launchBrowser({ width: 390, height: 844 });
  });

  it("an Onboard gym's owner starts payment setup and reaches the provider's onboarding (phone)", async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'onboarding@example.com');
    await page.getByRole('heading', { name: 'Welcome to Spotter' }).waitFor();
    const start = page.getByRole('button', { name: /^(Set up payments|Continue payment setup)$/ });
    await start.waitFor();
    await page.screenshot({ path: '/tmp/h3-onboard-phone.png', fullPage: true });
    await expectNoAxeViolations(page);
    await start.click();
    await page.waitForURL((url) => url.origin === stripeUrl);
    await page.getByRole('heading', { name: 'Fake Stripe onboarding' }).waitFor();
    expect(new URL(page.url()).searchParams.get('return_url')).toBe(`${baseUrl}/?payments=return`);
    // Back without finishing: the account exists, the gym is still Onboard and may continue later.
    await page.goto(`${baseUrl}/?payments=return`);
    await page.getByRole('button', { name: 'Continue payment setup' }).waitFor();
    await page.getByText('Stripe still needs some details before you can take payments.').waitFor();
    await page.screenshot({ path: '/tmp/h3-onboard-return.png', fullPage: true });
    await expectNoAxeViolations(page);
  });
});

describe('saved payment methods', () => {
  beforeEach(async () => {
    browser = await launchBrowser({ width: 390, height: 844 });
  });

  it('the owner turns card payments on; an athlete sees a saved card on their account and removes it (phone)', async () => {
    const owner = await launchBrowser();
    try {
      await owner.page.goto(`${baseUrl}/login`);
      await submitLogin(owner.page, 'owner@example.com');
      await owner.page.waitForURL((url) => url.pathname !== '/login');
      await enableCardPayments(owner.page);
    } finally {
      await owner.close();
    }
    const { page } = browser;
    await signInAsIronTempleAthlete(page, baseUrl);
    await saveTestMethod(page, 'pm_card_visa', 'Everyday card');
    await page.goto(`${baseUrl}/account`);
    const card = page.getByRole('region', { name: 'Payment methods' });
    await card.getByText('Everyday card (Visa ···· 4242)').waitFor();
    await card.getByText('Default').waitFor();
    await page.screenshot({ path: '/tmp/h3-account-methods.png', fullPage: true });
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: 'Remove Everyday card (Visa ···· 4242)' }).click();
    await card.getByText('Save a card or bank account to pay your invoices here.').waitFor();
  });
});
