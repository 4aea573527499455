import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { InvoiceDetail, Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { MyInvoicePage } from './my-invoice-page';
import { MyInvoicesSection } from './my-invoices-section';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const INVOICE_ID = '44444444-4444-4444-8444-444444444444';
const session = (): Session =>
  buildSession({
    role: 'athlete',
    gym: { gymId: GYM_ID, title: 'Northside Strength', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '55555555-5555-4555-8555-555555555555' },
  });

const invoice: InvoiceDetail = {
  invoiceId: INVOICE_ID,
  number: 7,
  numberText: 'INV-000007',
  athlete: { athleteId: '66666666-6666-4666-8666-666666666666', fullName: 'Olivia Hughes' },
  guestName: null,
  status: 'partially_paid',
  source: 'billing_period',
  issueDate: '2026-03-01',
  dueDate: '2026-03-15',
  totalMinor: 4500,
  paidMinor: 2000,
  balanceMinor: 2500,
  gym: { title: 'Northside Strength', country: 'GB', timeZone: 'Europe/London' },
  guestEmail: null,
  isTaxInclusive: true,
  netMinor: 3750,
  taxMinor: 750,
  note: null,
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  lines: [{ description: 'Monthly membership', itemPriceMinor: 4500, quantity: 1, taxRateValue: 20, netMinor: 3750, taxMinor: 750, totalMinor: 4500 }],
  payments: [
    {
      paymentId: '77777777-7777-4777-8777-777777777777',
      kind: 'payment',
      channel: 'card',
      status: 'succeeded',
      amountMinor: 2000,
      refundedMinor: 0,
      refundOfPaymentId: null,
      reason: null,
      reference: null,
      failureMessage: null,
      methodLabel: 'Visa ···· 4242',
      createdAt: '2026-03-02T10:00:00.000Z',
    },
  ],
  failedAttempts: 0,
  nextRetryOn: null,
  lastFailureMessage: null,
  voidReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};

const renderPage = () =>
  render(
    <Routes>
      <Route path="/invoices/:invoiceId" element={<MyInvoicePage />} />
    </Routes>,
    { session: session(), route: `/invoices/${INVOICE_ID}` },
  );

describe("MyInvoicePage (issue 19, the athlete app's /invoices/{invoiceId})", () => {
  it("shows the athlete's invoice in the gym's words (UK: VAT, £, day first) with its payments and a PDF, and no staff actions", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === `/api/me/invoices/${INVOICE_ID}/`) return jsonResponse(invoice);
      if (url === `/api/me/invoices/${INVOICE_ID}/pdf`)
        return new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="invoice-INV-000007.pdf"' },
        });
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    renderPage();
    expect(await screen.findByText('Monthly membership')).toBeTruthy();
    expect(screen.getByText('includes VAT')).toBeTruthy();
    expect(screen.getByText('Prices include VAT.')).toBeTruthy();
    expect(screen.getByText('£25.00')).toBeTruthy();
    expect(screen.getByText('15/03/2026')).toBeTruthy();
    expect(screen.getByText('Visa ···· 4242')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `/api/me/invoices/${INVOICE_ID}/pdf`)).toHaveLength(1));
  });

  it("says so when the invoice is not the athlete's", async () => {
    stubFetch(() => undefined);
    renderPage();
    expect(await screen.findByText(/This invoice was not found/)).toBeTruthy();
  });
});

describe("MyInvoicesSection (the athlete's Packages page)", () => {
  it('lists the newest invoices as links to /invoices/{invoiceId}, with the balance due', async () => {
    stubFetch((url) => {
      if (url === `/api/gyms/${GYM_ID}/`)
        return jsonResponse({
          gymId: GYM_ID,
          title: 'Northside Strength',
          email: null,
          profilePicture: null,
          country: 'GB',
          timeZone: 'Europe/London',
          isTaxInclusive: true,
          eventSettings: { classes: { taxRate: null } },
        });
      if (url.startsWith('/api/me/invoices/?'))
        return jsonResponse({
          count: 1,
          next: null,
          previous: null,
          results: [invoice],
          totals: { count: 1, totalMinor: 4500, paidMinor: 2000, balanceMinor: 2500 },
        });
      return undefined;
    });
    render(<MyInvoicesSection />, { session: session(), route: '/packages' });
    const link = await screen.findByRole('link', { name: 'Invoice INV-000007' });
    expect(link.getAttribute('href')).toBe(`/invoices/${INVOICE_ID}`);
    expect(await screen.findByText('Balance due £25.00')).toBeTruthy();
  });

  it('shows nothing when the athlete has no invoices', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/me/invoices/?')
        ? jsonResponse({ count: 0, next: null, previous: null, results: [], totals: { count: 0, totalMinor: 0, paidMinor: 0, balanceMinor: 0 } })
        : undefined,
    );
    render(<MyInvoicesSection />, { session: session(), route: '/packages' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/me/invoices/?')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByLabelText('Loading invoices')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull();
  });
});
