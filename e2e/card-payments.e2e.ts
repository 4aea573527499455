import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, signInAsIronTempleAthlete, submitLogin, type Browser } from './support/browser';
import { apiAsPage, enableCardPayments, saveTestMethod } from './support/payments';

/**
 * Issue 19: money moving by card, against the local fake of Stripe's API (global-setup starts it). The demo athlete
 * is given an open invoice by a front-desk sale; with a saved card that works they pay it from the athlete app, and
 * with one the bank declines, the front desk's charge fails, the invoice goes past due and the kiosk warns of it.
 * At the athlete page's Packages tab the desk sells a membership charging the saved card, then cancels it at once with
 * the unused days refunded to the card (issue 18).
 * Each journey puts the athlete back as it found them (methods removed, the failed invoice voided).
 */
const baseUrl = inject('baseUrl');
const browsers: Browser[] = [];

/** The seed gives staff two banners; the modal shows them one after the other (closed for this page load only). */
async function closeBanners(page: Page) {
  await closeBannerIfShown(page, 3_000);
  await closeBannerIfShown(page, 2_000);
}

afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

async function open(viewport?: { width: number; height: number }): Promise<Browser> {
  const b = await launchBrowser(viewport);
  browsers.push(b);
  return b;
}

async function ownerPage(): Promise<Page> {
  const { page } = await open();
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL((url) => url.pathname !== '/login');
  await enableCardPayments(page);
  return page;
}

/** An open invoice for the athlete: a fee sold at the front desk and left unpaid. */
async function openInvoiceFor(owner: Page, athleteId: string, key: string): Promise<{ invoiceId: string; numberText: string }> {
  const catalog = await apiAsPage<{ results: { productId: string; kind: string }[] }>(owner, 'GET', '/api/sales/catalog/');
  const fee = catalog.body.results.find((i) => i.kind === 'fee') ?? catalog.body.results[0]!;
  const sale = await apiAsPage<{ invoice: { invoiceId: string; numberText: string; balanceMinor: number } }>(owner, 'POST', '/api/sales/', {
    athleteId,
    items: [{ productId: fee.productId, quantity: 1 }],
    idempotencyKey: `${key}-${Date.now()}`,
  });
  expect(sale.status).toBe(201);
  expect(sale.body.invoice.balanceMinor).toBeGreaterThan(0);
  return sale.body.invoice;
}

async function removeMethods(athlete: Page): Promise<void> {
  const mine = await apiAsPage<{ results: { paymentMethodId: string }[] }>(athlete, 'GET', '/api/me/payment-methods/');
  for (const m of mine.body.results) await apiAsPage(athlete, 'DELETE', `/api/me/payment-methods/${m.paymentMethodId}/`);
}

/** Whether the athlete's row in a class of today, on the kiosk, carries the past-due warning (Reserved, Checked In or Eligible). */
async function athleteFlaggedOnKiosk(owner: Page, fullName: string): Promise<boolean> {
  const events = await apiAsPage<{ results: { eventId: string; eventType: string }[] }>(owner, 'GET', '/api/events/kiosk-events/?limit=100&offset=0');
  const cls = events.body.results.find((e) => e.eventType === 'kilo_class_type');
  if (!cls) return false;
  await owner.goto(`${baseUrl}/kiosk/${cls.eventId}?eventType=class`);
  await owner.getByRole('tab', { name: /^Eligible/ }).waitFor();
  await closeBanners(owner);
  for (const tab of [/^Reserved/, /^Checked In/, /^Eligible/]) {
    await owner.getByRole('tab', { name: tab }).click();
    const search = owner.getByRole('searchbox', { name: 'Search athletes' });
    if (await search.isVisible()) await search.fill(fullName);
    const row = owner.locator(`[data-athlete="${fullName}"]`).first();
    const shown = await row.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await row.getByText('This account has a past-due bill.').waitFor();
      await owner.screenshot({ path: '/tmp/e2e-kiosk-past-due.png', fullPage: true });
      await expectNoAxeViolations(owner);
      return true;
    }
  }
  return false;
}

/** The seeded gym's first paid monthly membership plan that starts on purchase, with its package. */
async function monthlyMembershipPlan(owner: Page) {
  const catalog = await apiAsPage<{
    results: {
      packageId: string;
      name: string;
      kind: string;
      billingPlans: { billingPlanId: string; name: string; interval: string; intervalCount: number; startsOn: string; priceMinor: number }[];
    }[];
  }>(owner, 'GET', '/api/packages/?status=active&limit=100&offset=0');
  const choice = catalog.body.results
    .filter((p) => p.kind === 'membership')
    .flatMap((p) =>
      p.billingPlans.filter((b) => b.interval === 'month' && b.intervalCount === 1 && b.startsOn === 'purchase' && b.priceMinor > 0).map((b) => ({ p, b })),
    )[0];
  expect(choice).toBeTruthy();
  return choice!;
}

describe('card payments (issue 19)', () => {
  it('an athlete pays an open invoice with a saved card from the invoice page (phone, axe)', async () => {
    const owner = await ownerPage();
    const { page } = await open({ width: 390, height: 844 });
    await signInAsIronTempleAthlete(page, baseUrl);
    const session = await apiAsPage<{ athlete: { athleteId: string } }>(page, 'GET', '/api/auth/session/');
    const invoice = await openInvoiceFor(owner, session.body.athlete.athleteId, 'e2e-pay');
    await saveTestMethod(page, 'pm_card_visa');
    try {
      await page.goto(`${baseUrl}/invoices/${invoice.invoiceId}`);
      const pay = page.getByRole('region', { name: 'Pay this invoice' });
      await pay.getByRole('button', { name: /^Pay / }).waitFor();
      await closeBanners(page);
      await expectNoAxeViolations(page);
      await pay.getByRole('button', { name: /^Pay / }).click();
      await pay.getByText('Thank you: the invoice is paid.').waitFor();
      await page.getByText('Paid', { exact: true }).first().waitFor();
      await page.screenshot({ path: '/tmp/e2e-athlete-paid.png', fullPage: true });
      await expectNoAxeViolations(page);
      const after = await apiAsPage<{ status: string; balanceMinor: number; payments: { channel: string; status: string }[] }>(
        page,
        'GET',
        `/api/me/invoices/${invoice.invoiceId}/`,
      );
      expect(after.body).toMatchObject({ status: 'paid', balanceMinor: 0, payments: [{ channel: 'card', status: 'succeeded' }] });
    } finally {
      await removeMethods(page);
    }
  }, 120_000);

  it('a declined card: the front desk charge fails, the invoice is past due and the kiosk warns of it', async () => {
    const owner = await ownerPage();
    const athlete = (await open()).page;
    await signInAsIronTempleAthlete(athlete, baseUrl);
    const session = await apiAsPage<{ athlete: { athleteId: string }; profile: { fullName: string } }>(athlete, 'GET', '/api/auth/session/');
    expect(session.status).toBe(200);
    const { athleteId } = session.body.athlete;
    const invoice = await openInvoiceFor(owner, athleteId, 'e2e-decline');
    await saveTestMethod(athlete, 'pm_card_chargeDeclined', 'Old card');
    try {
      // The front desk charges the saved card from the invoice's drawer.
      await owner.goto(`${baseUrl}/invoices?invoice=${invoice.invoiceId}`);
      const drawer = owner.getByRole('dialog', { name: 'Invoice' });
      const charge = drawer.getByRole('button', { name: /^Charge / });
      await charge.waitFor();
      await closeBanners(owner);
      await charge.click();
      await drawer
        .getByRole('alert')
        .filter({ hasText: /declined/i })
        .first()
        .waitFor();
      await drawer.getByText('Past due').first().waitFor();
      await owner.screenshot({ path: '/tmp/e2e-charge-declined.png', fullPage: true });
      await expectNoAxeViolations(owner);

      // The kiosk: the athlete's row in a class of today carries the past-due warning.
      expect(await athleteFlaggedOnKiosk(owner, session.body.profile.fullName)).toBe(true);
      await owner.screenshot({ path: '/tmp/e2e-kiosk-past-due.png', fullPage: true });
      await expectNoAxeViolations(owner);
    } finally {
      // Back as it was: the failed invoice voided (nothing was paid on it) and the card removed.
      await apiAsPage(owner, 'POST', `/api/invoices/${invoice.invoiceId}/void/`, { reason: 'e2e: declined card journey' });
      await removeMethods(athlete);
    }
  }, 150_000);

  it('Run billing now bills a membership whose period is due; its declined card leaves the invoice past due, as the kiosk shows', async () => {
    const owner = await ownerPage();
    const athlete = (await open()).page;
    await signInAsIronTempleAthlete(athlete, baseUrl);
    const session = await apiAsPage<{ athlete: { athleteId: string }; profile: { fullName: string } }>(athlete, 'GET', '/api/auth/session/');
    const { athleteId } = session.body.athlete;
    await saveTestMethod(athlete, 'pm_card_chargeDeclined', 'Old card');
    // The gym's today, as an invoice issued now says it.
    const probe = await openInvoiceFor(owner, athleteId, 'e2e-today');
    const today = (await apiAsPage<{ issueDate: string }>(owner, 'GET', `/api/invoices/${probe.invoiceId}/`)).body.issueDate;
    await apiAsPage(owner, 'POST', `/api/invoices/${probe.invoiceId}/void/`, { reason: 'e2e: probe' });
    // A monthly membership that started a month ago: its second period is due today.
    const choice = await monthlyMembershipPlan(owner);
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const start = new Date(Date.UTC(y, m - 2, Math.min(d, 28))).toISOString().slice(0, 10);
    const sold = await apiAsPage<{ athletePackageId: string }>(owner, 'POST', `/api/athletes/${athleteId}/packages/`, {
      packageId: choice.p.packageId,
      billingPlanId: choice.b.billingPlanId,
      startDate: start,
      idempotencyKey: `e2e-billing-${Date.now()}`,
    });
    expect(sold.status).toBe(201);
    const periodInvoices = async () =>
      (
        await apiAsPage<{ results: { invoiceId: string; source: string; status: string }[] }>(
          owner,
          'GET',
          `/api/athletes/${athleteId}/invoices/?limit=100&offset=0`,
        )
      ).body.results.filter((r) => r.source === 'billing_period');
    const before = new Set((await periodInvoices()).map((r) => r.invoiceId));
    const allBefore = new Set(
      (await apiAsPage<{ results: { invoiceId: string }[] }>(owner, 'GET', `/api/athletes/${athleteId}/invoices/?limit=100&offset=0`)).body.results.map(
        (r) => r.invoiceId,
      ),
    );
    try {
      await owner.goto(`${baseUrl}/invoices`);
      await closeBanners(owner);
      await owner.getByRole('button', { name: 'Run billing now' }).click();
      await owner
        .getByText(/invoices? made, \d+ saved methods? being charged/)
        .first()
        .waitFor();
      // The charge runs as a job: the declined card makes the new period's invoice past due.
      let billed: { invoiceId: string; status: string } | undefined;
      await expect
        .poll(
          async () => {
            billed = (await periodInvoices()).find((r) => !before.has(r.invoiceId));
            return billed?.status;
          },
          { timeout: 30_000 },
        )
        .toBe('past_due');
      const detail = await apiAsPage<{ failedAttempts: number; lastFailureMessage: string | null }>(owner, 'GET', `/api/invoices/${billed!.invoiceId}/`);
      expect(detail.body.failedAttempts).toBe(1);
      await owner.goto(`${baseUrl}/invoices?invoice=${billed!.invoiceId}`);
      const drawer = owner.getByRole('dialog', { name: 'Invoice' });
      await drawer.getByText('A card payment failed').waitFor();
      await closeBanners(owner);
      await drawer.getByText('Billing period').first().waitFor();
      await expectNoAxeViolations(owner);
      await owner.screenshot({ path: '/tmp/e2e-billing-run-declined.png', fullPage: true });
      expect(await athleteFlaggedOnKiosk(owner, session.body.profile.fullName)).toBe(true);
    } finally {
      await apiAsPage(owner, 'POST', `/api/athlete-packages/${sold.body.athletePackageId}/cancel/`, { when: 'now', reason: 'e2e: billing run journey' });
      const mine = await apiAsPage<{ results: { invoiceId: string; paidMinor: number; status: string }[] }>(
        owner,
        'GET',
        `/api/athletes/${athleteId}/invoices/?limit=100&offset=0`,
      );
      // The sale's invoice and the run's (nothing paid on either); the athlete's older invoices stay as they were.
      for (const inv of mine.body.results.filter((r) => !allBefore.has(r.invoiceId) && r.paidMinor === 0 && r.status !== 'void' && r.status !== 'paid')) {
        await apiAsPage(owner, 'POST', `/api/invoices/${inv.invoiceId}/void/`, { reason: 'e2e: billing run journey' });
      }
      await removeMethods(athlete);
    }
  }, 180_000);

  it('the desk sells a membership charging the saved card, then cancels it at once refunding the unused days to the card (keyboard, axe)', async () => {
    const owner = await ownerPage();
    const athlete = (await open()).page;
    await signInAsIronTempleAthlete(athlete, baseUrl);
    const session = await apiAsPage<{ athlete: { athleteId: string } }>(athlete, 'GET', '/api/auth/session/');
    const { athleteId } = session.body.athlete;
    await saveTestMethod(athlete, 'pm_card_visa');
    const choice = await monthlyMembershipPlan(owner);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const soldIds = async () =>
      new Set(
        (
          await apiAsPage<{ results: { athletePackageId: string; package: { packageId: string } }[] }>(owner, 'GET', `/api/athletes/${athleteId}/packages/`)
        ).body.results
          .filter((h) => h.package.packageId === choice.p.packageId)
          .map((h) => h.athletePackageId),
      );
    const before = await soldIds();
    const invoicesOf = async () =>
      (
        await apiAsPage<{ results: { invoiceId: string; status: string; source: string }[] }>(
          owner,
          'GET',
          `/api/athletes/${athleteId}/invoices/?limit=100&offset=0`,
        )
      ).body.results;
    const invoicesBefore = new Set((await invoicesOf()).map((r) => r.invoiceId));
    let athletePackageId: string | undefined;
    try {
      await owner.goto(`${baseUrl}/users/athletes/${athleteId}/packages`);
      await owner.getByRole('heading', { name: 'Packages', level: 2 }).waitFor();
      await closeBanners(owner);
      await owner.getByRole('button', { name: 'Sell or assign a package' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Sell or assign a package' });
      await dialog.getByRole('combobox', { name: /^Package/ }).click();
      await owner.getByRole('option', { name: new RegExp(`^${escape(choice.p.name)} \\(`) }).click();
      if (choice.p.billingPlans.length > 1) {
        await dialog.getByRole('combobox', { name: /^Billing plan/ }).click();
        await owner.getByRole('option', { name: new RegExp(`^${escape(choice.b.name)} — `) }).click();
      }
      const charge = dialog.getByRole('checkbox', { name: 'Charge Visa ···· 4242 now' });
      await charge.waitFor();
      expect(await charge.isChecked()).toBe(true);
      await expectNoAxeViolations(owner);
      await owner.screenshot({ path: '/tmp/e2e-sell-charge-card.png', fullPage: true });
      await dialog.getByRole('button', { name: 'Add package' }).click();
      await owner.getByText('its invoice is being charged to the saved method', { exact: false }).first().waitFor();
      athletePackageId = [...(await soldIds())].find((id) => !before.has(id));
      expect(athletePackageId).toBeTruthy();

      // The charge is the invoice's job: the sale's invoice ends paid by the card.
      let invoiceId: string | undefined;
      await expect
        .poll(
          async () => {
            const sale = (await invoicesOf()).find((r) => !invoicesBefore.has(r.invoiceId) && r.source === 'package');
            invoiceId = sale?.invoiceId;
            return sale?.status;
          },
          { timeout: 30_000 },
        )
        .toBe('paid');

      // Cancel at once, by keyboard: the refund of the unused days, in dollars, ticked, back to the card.
      await owner.reload();
      await owner.getByRole('heading', { name: 'Packages', level: 2 }).waitFor();
      await closeBanners(owner);
      await owner
        .getByRole('button', { name: `Actions for ${choice.p.name}` })
        .first()
        .click();
      await owner.getByRole('menuitem', { name: 'Cancel…' }).click();
      const cancel = owner.getByRole('dialog', { name: `Cancel ${choice.p.name}` });
      await cancel.getByRole('radio', { name: 'At once' }).check();
      const refund = cancel.getByRole('checkbox', { name: /^Refund \$\d+\.\d{2}( \(incl\. tax\))? for the \d+ unused days?$/ });
      await refund.waitFor();
      await cancel.getByText('It goes back to the card or account it was paid with.', { exact: false }).waitFor();
      await refund.focus();
      await owner.keyboard.press('Space');
      expect(await refund.isChecked()).toBe(true);
      await expectNoAxeViolations(owner);
      await owner.screenshot({ path: '/tmp/e2e-cancel-refund-unused.png', fullPage: true });
      const amount = /Refund (\$\d+\.\d{2})/.exec(
        (await cancel
          .locator('label', { hasText: /^Refund \$/ })
          .first()
          .textContent()) ?? '',
      )?.[1];
      expect(amount).toBeTruthy();
      await cancel.getByRole('button', { name: 'Cancel at once' }).click();
      await owner.getByText(`${choice.p.name} was cancelled and ${amount} refunded.`).first().waitFor();
      const after = await apiAsPage<{ status: string; payments: { kind: string; channel: string }[] }>(owner, 'GET', `/api/invoices/${invoiceId}/`);
      expect(after.body.status).toBe('partially_refunded');
      expect(after.body.payments.filter((p) => p.kind === 'refund').map((p) => p.channel)).toEqual(['card']);
      athletePackageId = undefined;
    } finally {
      if (athletePackageId)
        await apiAsPage(owner, 'POST', `/api/athlete-packages/${athletePackageId}/cancel/`, { when: 'now', reason: 'e2e: desk money journey' });
      await removeMethods(athlete);
    }
  }, 180_000);
});
