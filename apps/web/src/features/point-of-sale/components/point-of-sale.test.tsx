import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_LINE_QUANTITY, moneyLimitMessages, type InvoiceDetail, type SaleCatalog, type Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { PointOfSaleButton } from './point-of-sale-button';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const SHIRT = '77777777-7777-4777-8777-000000000001';
const FEE = '77777777-7777-4777-8777-000000000002';
const GONE = '77777777-7777-4777-8777-000000000003';
const ATHLETE = '66666666-6666-4666-8666-000000000001';
const INVOICE = '55555555-5555-4555-8555-000000000001';

const session = (
  o: { role?: 'owner' | 'staff'; permissions?: Session['staff'] extends infer S ? (S extends { permissions: infer P } ? P : never) : never } = {},
): Session =>
  buildSession({
    role: o.role ?? 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '44444444-4444-4444-8444-000000000001' } as Session['profile'],
    staff: { staffId: '33333333-3333-4333-8333-000000000001', permissions: o.permissions ?? [] } as Session['staff'],
  });

const catalog = (o: Partial<SaleCatalog> = {}): SaleCatalog => ({
  country: 'US',
  isTaxInclusive: false,
  results: [
    { productId: SHIRT, kind: 'retail', name: 'Club shirt', sku: 'TEE-1', priceMinor: 2500, taxRate: { name: 'Sales Tax', percent: 8.25 }, stockCount: 3 },
    { productId: GONE, kind: 'retail', name: 'Lifting belt', sku: 'BELT', priceMinor: 6000, taxRate: null, stockCount: 0 },
    { productId: FEE, kind: 'fee', name: 'Drop-in', sku: null, priceMinor: 2000, taxRate: null, stockCount: null },
  ],
  ...o,
});

const invoice = (o: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  invoiceId: INVOICE,
  number: 7,
  numberText: 'INV-000007',
  athlete: null,
  guestName: 'Walk In',
  status: 'paid',
  source: 'sale',
  issueDate: '2026-03-04',
  dueDate: '2026-03-04',
  totalMinor: 7413,
  paidMinor: 7413,
  balanceMinor: 0,
  gym: { title: 'Iron Temple Barbell', country: 'US', timeZone: 'America/Chicago' },
  guestEmail: null,
  isTaxInclusive: false,
  netMinor: 7000,
  taxMinor: 413,
  note: null,
  periodStart: null,
  periodEnd: null,
  lines: [
    { description: 'Club shirt', itemPriceMinor: 2500, quantity: 2, taxRateValue: 8.25, netMinor: 5000, taxMinor: 413, totalMinor: 5413 },
    { description: 'Drop-in', itemPriceMinor: 2000, quantity: 1, taxRateValue: null, netMinor: 2000, taxMinor: 0, totalMinor: 2000 },
  ],
  payments: [
    {
      paymentId: '55555555-5555-4555-8555-000000000002',
      kind: 'payment',
      channel: 'cash_or_check',
      status: 'succeeded',
      amountMinor: 7413,
      refundedMinor: 0,
      refundOfPaymentId: null,
      reason: null,
      reference: null,
      failureMessage: null,
      methodLabel: null,
      createdAt: '2026-03-04T20:30:00.000Z',
    },
  ],
  failedAttempts: 0,
  nextRetryOn: null,
  lastFailureMessage: null,
  voidReason: null,
  createdAt: '2026-03-04T20:30:00.000Z',
  ...o,
});

const stub = (handler: FetchHandler, data = catalog()) => stubFetch((url, init) => (url === '/api/sales/catalog/' ? jsonResponse(data) : handler(url, init)));
const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Point of sale' }));
  const dialog = await screen.findByRole('dialog', { name: 'Point of sale' });
  await within(dialog).findByText('Club shirt');
  return dialog;
};

describe('PointOfSaleButton (issue 19 H4)', () => {
  it('sells two shirts and a fee to a guest, paid in cash: US totals add tax, the body is the cart, the receipt names the invoice', async () => {
    const fetchMock = stub((url, init) => (url === '/api/sales/' && init.method === 'POST' ? jsonResponse({ invoice: invoice() }, 201) : undefined));
    render(<PointOfSaleButton />, { session: session() });
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Club shirt' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Club shirt' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Drop-in' }));
    // Out of stock cannot be added.
    expect((within(dialog).getByRole('button', { name: 'Add Lifting belt' }) as HTMLButtonElement).disabled).toBe(true);
    const totals = within(dialog).getByRole('group', { name: 'Totals' });
    expect(totals.textContent).toBe('Pre-tax$70.00Tax$4.13Total$74.13');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    fireEvent.change(within(dialog).getByLabelText(/Guest name/), { target: { value: 'Walk In' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take $74.13' }));
    expect(await within(dialog).findByText('Sale complete')).toBeTruthy();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/sales/')[0]![1]!.body));
    expect(body).toEqual({
      athleteId: null,
      guestName: 'Walk In',
      items: [
        { productId: SHIRT, quantity: 2 },
        { productId: FEE, quantity: 1 },
      ],
      payment: { type: 'cash_or_check' },
      idempotencyKey: expect.stringMatching(/^pos-/),
    });
    expect(within(dialog).getByText('Paid $74.13 by Cash or Check.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open invoice INV-000007' }).getAttribute('href')).toBe(`/invoices?invoice=${INVOICE}`);
    // A new sale starts an empty cart.
    fireEvent.click(within(dialog).getByRole('button', { name: 'New sale' }));
    expect(await within(dialog).findByText('The cart is empty: add items from the list.')).toBeTruthy();
  });

  it('prefills the athlete from the athlete page; UK prices include VAT; a refusal shows and the retry is a new sale', async () => {
    let tries = 0;
    const fetchMock = stub(
      (url, init) => {
        if (url === '/api/sales/' && init.method === 'POST') {
          tries += 1;
          return tries === 1
            ? jsonResponse({ message: 'Club shirt is out of stock.', code: 'out_of_stock' }, 409)
            : jsonResponse(
                {
                  invoice: invoice({
                    status: 'open',
                    paidMinor: 0,
                    balanceMinor: 2500,
                    payments: [],
                    athlete: { athleteId: ATHLETE, fullName: 'Sam Lee' },
                    gym: { title: 'G', country: 'GB', timeZone: 'Europe/London' },
                    isTaxInclusive: true,
                  }),
                },
                201,
              );
        }
        return undefined;
      },
      catalog({
        country: 'GB',
        isTaxInclusive: true,
        results: [{ productId: SHIRT, kind: 'retail', name: 'Club shirt', sku: null, priceMinor: 2400, taxRate: { name: 'VAT', percent: 20 }, stockCount: 5 }],
      }),
    );
    render(<PointOfSaleButton label="Point of sale" athlete={{ athleteId: ATHLETE, fullName: 'Sam Lee' }} />, {
      session: session({ role: 'staff', permissions: ['Kiosk'] }),
    });
    // The athlete page's athlete is the buyer even without AthleteView (no search needed).
    const dialog = await open();
    expect((within(dialog).getByRole('combobox', { name: 'Athlete' }) as HTMLInputElement).value).toBe('Sam Lee');
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search items' }), { target: { value: 'club' } });
    fireEvent.keyDown(within(dialog).getByRole('searchbox', { name: 'Search items' }), { key: 'Enter' });
    expect(within(dialog).getByRole('group', { name: 'Totals' }).textContent).toBe('Includes VAT£4.00Total£24.00');
    expect(within(dialog).getByText('Prices include VAT.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Payment' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not paid now: leave the invoice open' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Club shirt is out of stock.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
    expect(await within(dialog).findByText('Still to pay: £25.00. The invoice stays open.')).toBeTruthy();
    const bodies = callsTo(fetchMock, 'POST', '/api/sales/').map((c) => JSON.parse(String(c[1]!.body)));
    expect(bodies[0]).toEqual({ athleteId: ATHLETE, items: [{ productId: SHIRT, quantity: 1 }], idempotencyKey: expect.any(String) });
    expect(bodies[1].idempotencyKey).not.toBe(bodies[0].idempotencyKey);
    // Staff without InvoiceReportsView get no link to /invoices.
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('shows the refusal of a sale past the money limits on the cart (decision 040), and sends the next try as a new sale', async () => {
    const fetchMock = stub((url, init) =>
      url === '/api/sales/' && init.method === 'POST'
        ? jsonResponse({ message: moneyLimitMessages.invoiceTotal, code: 'invoice_too_large', fields: { items: [moneyLimitMessages.invoiceTotal] } }, 400)
        : undefined,
    );
    render(<PointOfSaleButton />, { session: session() });
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Drop-in' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Quantity of Drop-in/ }), { target: { value: String(MAX_LINE_QUANTITY) } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    fireEvent.change(within(dialog).getByLabelText(/Guest name/), { target: { value: 'Walk In' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take $19,980.00' }));
    expect(await within(dialog).findByText(moneyLimitMessages.invoiceTotal)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take $19,980.00' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/sales/')).toHaveLength(2));
    const keys = callsTo(fetchMock, 'POST', '/api/sales/').map((c) => JSON.parse(String(c[1]!.body)).idempotencyKey);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('says what is missing before sending, and is not offered without the Kiosk permission', async () => {
    const fetchMock = stub(() => undefined);
    const { unmount } = render(<PointOfSaleButton />, { session: session() });
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take $0.00' }));
    expect(await within(dialog).findByText('Add at least one item.')).toBeTruthy();
    expect(within(dialog).getByText('Choose an athlete or enter the guest’s name.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/sales/')).toHaveLength(0);
    unmount();
    const { unmount: unmountAgain } = render(<PointOfSaleButton />, { session: session({ role: 'staff', permissions: ['AthleteView'] }) });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Point of sale' })).toBeNull());
    unmountAgain();
    // Kiosk without AthleteView: the athlete search is not offered; the cart is for a guest.
    render(<PointOfSaleButton />, { session: session({ role: 'staff', permissions: ['Kiosk'] }) });
    const kioskOnly = await open();
    expect(within(kioskOnly).getByLabelText(/Guest name/)).toBeTruthy();
    expect((within(kioskOnly).getByRole('radio', { name: 'Athlete' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(kioskOnly).getByText(/needs the Athlete View permission/)).toBeTruthy();
  });
});
