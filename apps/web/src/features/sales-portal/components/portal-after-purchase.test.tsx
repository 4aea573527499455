import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentDetail, PaymentMethodView, PortalPurchase } from '@spotter/shared';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { PortalAfterPurchase } from './portal-after-purchase';

// jsdom draws no canvas: the signature pad is a stand-in (these tests sign with a typed name).
vi.mock('signature_pad', () => ({
  default: class {
    addEventListener() {}
    removeEventListener() {}
    off() {}
    clear() {}
    isEmpty() {
      return true;
    }
    toDataURL() {
      return '';
    }
  },
}));

const DOC_ID = '11111111-1111-4111-8111-111111111111';
const DOC2_ID = '22222222-2222-4222-8222-222222222222';
const INVOICE_ID = '33333333-3333-4333-8333-333333333333';
const METHOD_ID = '44444444-4444-4444-8444-444444444444';

const sale = (o: Partial<PortalPurchase> = {}): PortalPurchase =>
  ({
    athletePackageId: '55555555-5555-4555-8555-555555555555',
    created: true,
    session: null as unknown as PortalPurchase['session'],
    invoiceId: INVOICE_ID,
    dueMinor: 13000,
    paymentMethod: 'front_desk',
    documents: [],
    ...o,
  }) as PortalPurchase;

const detail = (documentId: string, title: string): DocumentDetail => ({
  documentId,
  title,
  type: 'waiver',
  state: 'unsigned',
  source: 'sign_up',
  athlete: { athleteId: '66666666-6666-4666-8666-666666666666', fullName: 'Cara Card' },
  templateId: null,
  version: 1,
  issuedAt: '2026-03-04T10:00:00.000Z',
  signedAt: null,
  voidedAt: null,
  lastRemindedAt: null,
  reminderCount: 0,
  signerName: null,
  content: `<p>${title}: I, Cara Card, accept the risks.</p>`,
  contentSha256: 'a'.repeat(64),
  requiresSignature: true,
  initialFields: [],
  signature: null,
  voidReason: null,
  integrity: { state: 'unsigned', message: '', recordedSha256: null, computedSha256: null },
  canSign: true,
});

const card: PaymentMethodView = {
  paymentMethodId: METHOD_ID,
  type: 'CARD',
  nickname: null,
  metadata: { brand: 'visa', last4: '4242', bankName: null },
  isDefault: true,
  createdAt: '2026-03-04T10:00:00.000Z',
};

const props = { packageName: 'Unlimited', gymTitle: 'Card Barbell', country: 'US' as const, allowPayAtDesk: true, accent: { color: 'blue.8', c: 'white' } };

afterEach(() => vi.unstubAllGlobals());

describe('PortalAfterPurchase', () => {
  it('has the buyer sign each document (typed name), then confirms the purchase paid at the desk', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === `/api/me/documents/${DOC_ID}/` && (init.method ?? 'GET') === 'GET') return jsonResponse(detail(DOC_ID, 'Liability Waiver'));
      if (url === `/api/me/documents/${DOC_ID}/sign/`) return jsonResponse({ ...detail(DOC_ID, 'Liability Waiver'), state: 'signed' });
      return undefined;
    });
    render(<PortalAfterPurchase sale={sale({ documents: [{ documentId: DOC_ID, title: 'Liability Waiver' }] })} {...props} />);
    expect(await screen.findByRole('heading', { name: 'Sign Liability Waiver' })).toBeTruthy();
    expect(screen.getByText('Document 1 of 1')).toBeTruthy();
    expect(await screen.findByText(/I, Cara Card, accept the risks/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Type your name' }));
    await user.type(screen.getByLabelText('Full name'), 'Cara Card');
    await user.click(screen.getByRole('checkbox', { name: /I have read this document/ }));
    await user.click(screen.getByRole('button', { name: 'Sign document' }));
    expect(await screen.findByRole('heading', { name: 'Purchase complete' })).toBeTruthy();
    expect(bodyOf(fetchMock, `/api/me/documents/${DOC_ID}/sign/`)).toMatchObject({
      contentSha256: 'a'.repeat(64),
      method: 'typed',
      typedName: 'Cara Card',
      agreed: true,
    });
    expect(screen.getByText('Pay $130.00 at the front desk on your first visit.')).toBeTruthy();
    expect(screen.queryByText('Still to sign')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my packages' }).getAttribute('href')).toBe('/packages');
  });

  it('lets the buyer sign later: the confirmation lists what is left with a link to sign it', async () => {
    stubFetch((url) => {
      if (url === `/api/me/documents/${DOC_ID}/`) return jsonResponse(detail(DOC_ID, 'Liability Waiver'));
      if (url === `/api/me/documents/${DOC2_ID}/`) return jsonResponse(detail(DOC2_ID, 'Membership Contract'));
      return undefined;
    });
    const docs = [
      { documentId: DOC_ID, title: 'Liability Waiver' },
      { documentId: DOC2_ID, title: 'Membership Contract' },
    ];
    render(<PortalAfterPurchase sale={sale({ documents: docs, dueMinor: 0, invoiceId: null })} {...props} />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Sign Liability Waiver' });
    await user.click(screen.getByRole('button', { name: 'Sign later' }));
    await screen.findByRole('heading', { name: 'Sign Membership Contract' });
    expect(screen.getByText('Document 2 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign later' }));
    expect(await screen.findByRole('heading', { name: 'Still to sign' })).toBeTruthy();
    expect(screen.getByText('Nothing is due today.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Liability Waiver' }).getAttribute('href')).toBe(`/documents/unsigned/${DOC_ID}`);
    expect(screen.getByRole('link', { name: 'Sign Membership Contract' }).getAttribute('href')).toBe(`/documents/unsigned/${DOC2_ID}`);
  });

  it('pays by card with the saved card; a decline says why and a new try uses a new key', async () => {
    let outcome: 'failed' | 'succeeded' = 'failed';
    const fetchMock = stubFetch((url) => {
      if (url === '/api/me/payment-methods/') return jsonResponse({ results: [card], cardPaymentsEnabled: true });
      if (url === `/api/me/invoices/${INVOICE_ID}/pay/`) {
        return jsonResponse(
          outcome === 'failed'
            ? { outcome: 'failed', status: 'open', paymentId: METHOD_ID, failureMessage: 'Your card was declined.' }
            : { outcome: 'succeeded', status: 'paid', paymentId: METHOD_ID, failureMessage: null },
        );
      }
      return undefined;
    });
    render(<PortalAfterPurchase sale={sale({ paymentMethod: 'card' })} {...props} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /Visa ···· 4242/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay $130.00' }));
    expect(await screen.findByText(/Your card was declined\./)).toBeTruthy();
    outcome = 'succeeded';
    await user.click(screen.getByRole('button', { name: 'Pay $130.00' }));
    expect(await screen.findByText('Paid $130.00 by card. Thank you!')).toBeTruthy();
    const keys = callsTo(fetchMock, 'POST', '/pay/').map(([, init]) => JSON.parse(init.body as string) as { idempotencyKey: string; paymentMethodId: string });
    expect(keys).toHaveLength(2);
    expect(keys[0]!.paymentMethodId).toBe(METHOD_ID);
    expect(keys[0]!.idempotencyKey).not.toBe(keys[1]!.idempotencyKey);
  });

  it('offers the front desk instead of the card when the gym takes it', async () => {
    stubFetch((url) => (url === '/api/me/payment-methods/' ? jsonResponse({ results: [], cardPaymentsEnabled: true }) : undefined));
    render(<PortalAfterPurchase sale={sale({ paymentMethod: 'card' })} {...props} />);
    const user = userEvent.setup();
    expect(await screen.findByText('You have no saved card yet. Add one to pay $130.00.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay $130.00' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pay at the front desk instead' }));
    expect(await screen.findByText('Pay $130.00 at the front desk on your first visit.')).toBeTruthy();
  });
});
