import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Gym, InvoiceDetail, InvoiceRow, Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { InvoicesPage } from './invoices-page';

afterEach(() => vi.unstubAllGlobals());

// mantine-datatable shows a column while matchMedia(its visibleMediaQuery, '' when none) matches.
const { matchMedia } = window;
beforeAll(() => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '' });
});
afterAll(() => {
  window.matchMedia = matchMedia;
});

const GYM_ID = '22222222-2222-4222-8222-222222222222';
let n = 0;
const uuid = () => `77777777-7777-4777-8777-${String(++n).padStart(12, '0')}`;

const session = (): Session =>
  buildSession({
    role: 'staff',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
    staff: { staffId: uuid(), permissions: ['InvoiceReportsView'] },
  });

const gym: Gym = {
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
};

const carlaId = uuid();
const row = (o: Partial<InvoiceRow> = {}): InvoiceRow => ({
  invoiceId: uuid(),
  number: 42,
  numberText: 'INV-000042',
  athlete: { athleteId: carlaId, fullName: 'Carla Diaz' },
  guestName: null,
  status: 'open',
  source: 'billing_period',
  issueDate: '2026-03-01',
  dueDate: '2026-03-08',
  totalMinor: 10825,
  paidMinor: 0,
  balanceMinor: 10825,
  ...o,
});
const open = row();
const guest = row({
  number: 43,
  numberText: 'INV-000043',
  athlete: null,
  guestName: 'Walk-in Wanda',
  status: 'paid',
  source: 'sale',
  totalMinor: 500,
  paidMinor: 500,
  balanceMinor: 0,
});
const detail = (o: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  ...open,
  gym: { title: 'Iron Temple Barbell', country: 'US', timeZone: 'America/Chicago' },
  guestEmail: null,
  isTaxInclusive: false,
  netMinor: 10000,
  taxMinor: 825,
  note: null,
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  lines: [{ description: 'Unlimited membership', itemPriceMinor: 10000, quantity: 1, taxRateValue: 8.25, netMinor: 10000, taxMinor: 825, totalMinor: 10825 }],
  payments: [],
  failedAttempts: 0,
  nextRetryOn: null,
  lastFailureMessage: null,
  voidReason: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  ...o,
});
const page = (results: InvoiceRow[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  totals: { count: results.length, totalMinor: 11325, paidMinor: 500, balanceMinor: 10825 },
});

function stub(handler: FetchHandler = () => undefined) {
  return stubFetch((url, init) => {
    if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/invoices/?')) return jsonResponse(page([open, guest]));
    if (url === `/api/invoices/${open.invoiceId}/`) return jsonResponse(detail());
    return undefined;
  });
}
const lastListUrl = (fetchMock: ReturnType<typeof stub>) => String(callsTo(fetchMock, 'GET', '/api/invoices/?').at(-1)![0]);

describe('InvoicesPage (issue 19, /invoices)', () => {
  it('shows skeletons, then the invoices with their state and the totals of the filtered set', async () => {
    let answer: ((r: Response) => void) | undefined;
    stub((url) => (url.startsWith('/api/invoices/?') ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    render(<InvoicesPage />, { session: session(), route: '/invoices' });
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    await waitFor(() => expect(answer).toBeDefined());
    answer!(jsonResponse(page([open, guest])));
    const number = await screen.findByRole('button', { name: 'INV-000042' });
    const tr = within(number.closest('tr') as HTMLElement);
    expect(tr.getByText('Carla Diaz')).toBeTruthy();
    expect(tr.getByText('Open')).toBeTruthy();
    expect(tr.getAllByText('$108.25')).toHaveLength(2);
    expect(within(screen.getByRole('button', { name: 'INV-000043' }).closest('tr') as HTMLElement).getByText('Walk-in Wanda')).toBeTruthy();
    const totals = within(screen.getByRole('group', { name: 'Totals of the filtered invoices' }));
    expect(totals.getByText('$113.25')).toBeTruthy();
    expect(totals.getByText('$5.00')).toBeTruthy();
  });

  it('asks the server again for a state, a date range, an athlete and a search', async () => {
    const fetchMock = stub();
    render(<InvoicesPage />, { session: session(), route: '/invoices' });
    await screen.findByRole('button', { name: 'INV-000042' });
    fireEvent.click(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Past due' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('status=past_due'));
    fireEvent.change(screen.getByLabelText('Issued from'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('from=2026-03-01'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'INV-42' } });
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('search=INV-42'));
    fireEvent.click(screen.getByRole('button', { name: 'Carla Diaz' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain(`athleteId=${carlaId}`));
  });

  it('opens an invoice, records a cash payment with an idempotency key, and can refund a payment with a reason', async () => {
    const paymentId = uuid();
    const paid = detail({
      status: 'partially_paid',
      paidMinor: 5000,
      balanceMinor: 5825,
      payments: [
        {
          paymentId,
          kind: 'payment',
          channel: 'cash_or_check',
          status: 'succeeded',
          amountMinor: 5000,
          refundedMinor: 0,
          refundOfPaymentId: null,
          reason: null,
          reference: null,
          failureMessage: null,
          methodLabel: null,
          createdAt: '2026-03-02T12:00:00.000Z',
        },
      ],
    });
    let current = detail();
    const fetchMock = stub((url, init) => {
      if (url === `/api/invoices/${open.invoiceId}/payments/` && init.method === 'POST') {
        current = paid;
        return jsonResponse(paid, 201);
      }
      if (url === `/api/invoices/${open.invoiceId}/refunds/` && init.method === 'POST') return jsonResponse({ ...paid, status: 'partially_refunded' }, 201);
      if (url === `/api/invoices/${open.invoiceId}/`) return jsonResponse(current);
      return undefined;
    });
    render(<InvoicesPage />, { session: session(), route: '/invoices' });
    fireEvent.click(await screen.findByRole('button', { name: 'INV-000042' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Invoice' }));
    expect(await drawer.findByText('Unlimited membership')).toBeTruthy();
    expect(drawer.getByText('Pre-tax')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: 'Record payment' }));
    const payDialog = within(await screen.findByRole('dialog', { name: 'Record a payment on INV-000042' }));
    fireEvent.change(payDialog.getByLabelText(/Amount/), { target: { value: '50' } });
    fireEvent.click(payDialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/payments/')).toHaveLength(1));
    const body = bodyOf(fetchMock, `/api/invoices/${open.invoiceId}/payments/`) as { amountMinor: number; type: string; idempotencyKey: string };
    expect(body).toMatchObject({ amountMinor: 5000, type: 'cash_or_check' });
    expect(body.idempotencyKey.length).toBeGreaterThanOrEqual(8);

    fireEvent.click(await screen.findByRole('button', { name: /^Refund Cash or Check/ }));
    const refundDialog = within(await screen.findByRole('dialog', { name: 'Refund a payment' }));
    fireEvent.change(refundDialog.getByLabelText(/Refund amount/), { target: { value: '20' } });
    fireEvent.change(refundDialog.getByLabelText(/Reason/), { target: { value: 'Class cancelled' } });
    fireEvent.click(refundDialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/refunds/')).toHaveLength(1));
    expect(bodyOf(fetchMock, `/api/invoices/${open.invoiceId}/refunds/`)).toMatchObject({ paymentId, amountMinor: 2000, reason: 'Class cancelled' });
  });

  it('says what to do when there are no invoices yet', async () => {
    stub((url) =>
      url.startsWith('/api/invoices/?') ? jsonResponse({ ...page([]), totals: { count: 0, totalMinor: 0, paidMinor: 0, balanceMinor: 0 } }) : undefined,
    );
    render(<InvoicesPage />, { session: session(), route: '/invoices' });
    expect(await screen.findByText(/No invoices yet/)).toBeTruthy();
  });
});
