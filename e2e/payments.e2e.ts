import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, submitLogin, type Browser } from './support/browser';

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
