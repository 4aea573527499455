import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChargeResultView, InvoiceDetail, PaymentMethodView, Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { PayInvoice } from './pay-invoice';
import { SavedMethodsCard } from './saved-methods';
import { ChargeSavedMethod } from './charge-saved-method';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const ATHLETE_ID = '33333333-3333-4333-8333-333333333333';
const INVOICE_ID = '66666666-6666-4666-8666-666666666666';
const CARD_ID = '77777777-7777-4777-8777-777777777777';
const BANK_ID = '88888888-8888-4888-8888-888888888888';

const athlete = (): Session =>
  buildSession({
    role: 'athlete',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '44444444-4444-4444-8444-444444444444' },
    athlete: { athleteId: ATHLETE_ID },
  } as Partial<Session>);

const card: PaymentMethodView = {
  paymentMethodId: CARD_ID,
  type: 'CARD',
  nickname: null,
  metadata: { brand: 'visa', last4: '4242', bankName: null },
  isDefault: true,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const bank: PaymentMethodView = {
  paymentMethodId: BANK_ID,
  type: 'US_BANK_ACCOUNT',
  nickname: 'Checking',
  metadata: { brand: null, last4: '6789', bankName: 'STRIPE TEST BANK' },
  isDefault: false,
  createdAt: '2026-03-02T10:00:00.000Z',
};

const invoice = (o: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  invoiceId: INVOICE_ID,
  number: 42,
  numberText: 'INV-000042',
  athlete: { athleteId: ATHLETE_ID, fullName: 'Dana Lopez' },
  guestName: null,
  status: 'open',
  source: 'package',
  issueDate: '2026-03-01',
  dueDate: '2026-03-01',
  totalMinor: 12000,
  paidMinor: 0,
  balanceMinor: 12000,
  gym: { title: 'Iron Temple Barbell', country: 'US', timeZone: 'America/Chicago' },
  guestEmail: null,
  isTaxInclusive: false,
  netMinor: 12000,
  taxMinor: 0,
  note: null,
  periodStart: null,
  periodEnd: null,
  lines: [],
  payments: [],
  failedAttempts: 0,
  nextRetryOn: null,
  lastFailureMessage: null,
  voidReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...o,
});

const stub = (methods: PaymentMethodView[], cardPaymentsEnabled: boolean, outcome?: ChargeResultView) =>
  stubFetch((url, init) => {
    if (url === '/api/me/payment-methods/') return jsonResponse({ results: methods, cardPaymentsEnabled });
    if (url === `/api/me/invoices/${INVOICE_ID}/pay/` && init.method === 'POST' && outcome) return jsonResponse(outcome);
    return undefined;
  });

describe('PayInvoice (issue 19)', () => {
  it('pays the balance with the default method, then says it is paid', async () => {
    const fetchMock = stub([card, bank], true, {
      outcome: 'succeeded',
      status: 'paid',
      paymentId: '99999999-9999-4999-8999-999999999999',
      failureMessage: null,
    });
    render(<PayInvoice invoice={invoice()} />, { session: athlete() });
    expect(await screen.findByRole('heading', { name: 'Pay this invoice' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Visa ···· 4242/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Checking \(STRIPE TEST BANK ···· 6789\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByText('Thank you: the invoice is paid.')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/pay/');
    const body = JSON.parse(call![1].body as string) as { paymentMethodId: string; idempotencyKey: string };
    expect(body.paymentMethodId).toBe(CARD_ID);
    expect(body.idempotencyKey).toMatch(/^pay-[0-9a-f-]{36}$/);
  });

  it('shows a decline with its reason, and a retry is a new request (new key)', async () => {
    const fetchMock = stub([card], true, { outcome: 'failed', status: 'past_due', paymentId: null, failureMessage: 'Your card was declined.' });
    render(<PayInvoice invoice={invoice()} />, { session: athlete() });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByText(/Your card was declined\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/pay/')).toHaveLength(2));
    const keys = callsTo(fetchMock, 'POST', '/pay/').map(([, init]) => (JSON.parse(init.body as string) as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('is hidden when card payments are off or nothing is due', async () => {
    const fetchMock = stub([card], false);
    const { container } = render(<PayInvoice invoice={invoice()} />, { session: athlete() });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/me/payment-methods/')).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
    expect(container.querySelector('[aria-labelledby="pay-invoice-title"]')).toBeNull();
    vi.unstubAllGlobals();
    stub([card], true);
    const paid = render(<PayInvoice invoice={invoice({ status: 'paid', balanceMinor: 0, paidMinor: 12000 })} />, { session: athlete() });
    await new Promise((r) => setTimeout(r, 50));
    expect(paid.container.querySelector('[aria-labelledby="pay-invoice-title"]')).toBeNull();
  });

  it('says a payment is processing instead of offering to pay again', async () => {
    stub([card], true);
    const pending = {
      paymentId: '99999999-9999-4999-8999-999999999999',
      kind: 'payment' as const,
      channel: 'us_bank_account' as const,
      status: 'pending' as const,
      amountMinor: 12000,
      refundedMinor: 0,
      refundOfPaymentId: null,
      reason: null,
      reference: null,
      failureMessage: null,
      methodLabel: 'STRIPE TEST BANK ···· 6789',
      createdAt: '2026-03-02T10:00:00.000Z',
    };
    render(<PayInvoice invoice={invoice({ payments: [pending] })} />, { session: athlete() });
    expect(await screen.findByText('A payment of this invoice is being processed. It shows as paid once it clears.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('with no saved method says what to do next', async () => {
    stub([], true);
    render(<PayInvoice invoice={invoice()} />, { session: athlete() });
    expect(await screen.findByText('You have no saved payment method yet. Add one to pay $120.00.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });
});

describe('SavedMethodsCard (staff)', () => {
  it("lists the athlete's methods with brand, last4 or bank name", async () => {
    stubFetch((url) =>
      url === `/api/athletes/${ATHLETE_ID}/payment-methods/` ? jsonResponse({ results: [card, bank], cardPaymentsEnabled: true }) : undefined,
    );
    render(<SavedMethodsCard athleteId={ATHLETE_ID} />, { session: athlete() });
    expect(await screen.findByText('Visa ···· 4242')).toBeTruthy();
    expect(screen.getByText('Checking (STRIPE TEST BANK ···· 6789)')).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();
  });
});

describe('ChargeSavedMethod (staff)', () => {
  it("charges the balance to the athlete's default method", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === `/api/athletes/${ATHLETE_ID}/payment-methods/`) return jsonResponse({ results: [card, bank], cardPaymentsEnabled: true });
      if (url === `/api/invoices/${INVOICE_ID}/charge/` && init.method === 'POST')
        return jsonResponse({ outcome: 'succeeded', status: 'paid', paymentId: '99999999-9999-4999-8999-999999999999', failureMessage: null });
      return undefined;
    });
    render(<ChargeSavedMethod invoice={invoice()} />, { session: athlete() });
    fireEvent.click(await screen.findByRole('button', { name: 'Charge $120.00' }));
    expect(await screen.findByText('Charged: the invoice is paid.')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/charge/');
    expect((JSON.parse(call![1].body as string) as { paymentMethodId: string }).paymentMethodId).toBe(CARD_ID);
  });

  it("is hidden for a guest's invoice", () => {
    const fetchMock = stubFetch(() => undefined);
    const { container } = render(<ChargeSavedMethod invoice={invoice({ athlete: null, guestName: 'Walk-in' })} />, { session: athlete() });
    expect(container.querySelector('button')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/payment-methods/')).toHaveLength(0);
  });
});
