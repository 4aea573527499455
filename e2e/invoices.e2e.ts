import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';
import { HttpSession } from './support/server-process';

const baseUrl = inject('baseUrl');
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

type InvoicePage = {
  results: {
    invoiceId: string;
    numberText: string;
    status: string;
    balanceMinor: number;
    totalMinor: number;
    athlete: { athleteId: string; fullName: string } | null;
  }[];
};

async function owner(): Promise<HttpSession> {
  const http = new HttpSession(baseUrl);
  expect((await http.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
  return http;
}

async function signInStaff(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'owner@example.com');
  await page.waitForURL((url) => url.pathname === '/');
  await closeBannerIfShown(page);
}

/** A money amount as the US demo gym writes it, for a fill: 12.5 → "12.50". */
const major = (minor: number) => (minor / 100).toFixed(2);

describe('invoices (issue 19)', () => {
  it('the front desk records a cash payment on an invoice and refunds part of it: partially refunded (desktop and phone, axe)', async () => {
    // An invoice of the demo gym that still has a balance (the seed's history), found through the API.
    const desk = await owner();
    const list = (await (await desk.request('GET', '/api/invoices/?limit=100')).json()) as InvoicePage;
    const owing = list.results.filter((i) => i.balanceMinor > 0 && i.status !== 'void' && i.status !== 'draft' && i.athlete);
    const unpaid = owing.find((i) => ['open', 'past_due', 'partially_paid'].includes(i.status)) ?? owing[0];
    expect(unpaid, 'a seeded invoice with a balance').toBeTruthy();
    const { invoiceId, balanceMinor, athlete } = unpaid!;

    const desktop = await launchBrowser({ width: 1280, height: 800 });
    browsers.push(desktop);
    const staff = desktop.page;
    await signInStaff(staff);
    await staff.goto(`${baseUrl}/invoices`);
    await staff.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await closeBannerIfShown(staff, 3000);
    await staff.getByRole('table', { name: 'Invoices' }).or(staff.getByRole('table')).first().waitFor();
    await staff.getByRole('group', { name: 'Totals of the filtered invoices' }).waitFor();
    await screenshot(staff, 'invoices-list-desktop');
    await expectNoAxeViolations(staff);

    // The invoice's detail (the list's address keeps the open invoice).
    await staff.goto(`${baseUrl}/invoices?invoice=${invoiceId}`);
    const drawer = staff.getByRole('dialog', { name: 'Invoice' });
    await drawer.getByRole('heading', { name: 'Payments and refunds' }).waitFor();
    await closeBannerIfShown(staff, 3000);
    await drawer.getByRole('button', { name: 'Record payment' }).click();
    const pay = staff.getByRole('dialog', { name: /^Record a payment on / });
    // The balance is offered; Cash or Check is the default type.
    await expect.poll(() => pay.getByRole('textbox', { name: /^Amount/ }).inputValue()).toBe(major(balanceMinor));
    await screenshot(staff, 'invoices-record-payment');
    await expectNoAxeViolations(staff);
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await pay.waitFor({ state: 'hidden' });
    await drawer.getByText('Paid', { exact: true }).first().waitFor();

    // Refund part of the cash payment, with a reason.
    const refundPart = Math.max(1, Math.floor(balanceMinor / 4));
    await drawer.getByRole('button', { name: /^Refund Cash or Check/ }).click();
    const refund = staff.getByRole('dialog', { name: 'Refund a payment' });
    await refund.getByRole('textbox', { name: /^Refund amount/ }).fill(major(refundPart));
    await refund.getByRole('textbox', { name: /^Reason/ }).fill('Class cancelled by the gym');
    await expectNoAxeViolations(staff);
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.waitFor({ state: 'hidden' });
    await drawer.getByText('Partially refunded', { exact: true }).first().waitFor();
    await drawer.getByText(/Class cancelled by the gym/).waitFor();
    await screenshot(staff, 'invoices-partially-refunded');
    await expectNoAxeViolations(staff);

    // The server agrees: paid = payment − refund.
    const after = (await (await desk.request('GET', `/api/invoices/${invoiceId}/`)).json()) as { status: string; paidMinor: number; balanceMinor: number };
    expect(after.status).toBe('partially_refunded');
    expect(after.balanceMinor).toBe(refundPart);

    // The athlete page's Invoices tab shows it too, partially refunded.
    await staff.goto(`${baseUrl}/users/athletes/${athlete!.athleteId}/invoices`);
    const tab = staff.getByRole('region', { name: 'Invoices' });
    await tab.getByText('Partially refunded', { exact: true }).first().waitFor();
    await closeBannerIfShown(staff, 3000);
    await screenshot(staff, 'invoices-athlete-tab');
    await expectNoAxeViolations(staff);

    // On a phone: the list as cards, the invoice full screen, the state filter.
    const phone = await launchBrowser({ width: 390, height: 844 });
    browsers.push(phone);
    const small = phone.page;
    await signInStaff(small);
    await small.goto(`${baseUrl}/invoices?status=partially_refunded`);
    await small.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await closeBannerIfShown(small, 3000);
    await small.getByRole('list', { name: 'Invoices' }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(small, 'invoices-list-phone');
    await expectNoAxeViolations(small);
    await small.goto(`${baseUrl}/invoices?invoice=${invoiceId}`);
    const sheet = small.getByRole('dialog', { name: 'Invoice' });
    await sheet.getByText('Partially refunded', { exact: true }).first().waitFor();
    await closeBannerIfShown(small, 3000);
    await screenshot(small, 'invoices-detail-phone');
    await expectNoAxeViolations(small);
  });
});
