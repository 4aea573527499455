import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { PaymentAccount, Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { SetUpPayments } from './set-up-payments';
import { StripeDashboardPage } from './stripe-dashboard-page';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const owner = (): Session =>
  buildSession({
    role: 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Onboard', stripeAccountType: 'custom', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '44444444-4444-4444-8444-444444444444' },
  } as Partial<Session>);
const gym = {
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
};
const account = (o: Partial<PaymentAccount> = {}): PaymentAccount => ({
  providerConfigured: true,
  accountType: 'express',
  stripeStatus: 'Onboard',
  hasAccount: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  cardPaymentsEnabled: false,
  ...o,
});

describe('Set up payments (Onboard page, issue 19)', () => {
  it('starts onboarding and goes to the account link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, search: '', assign });
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/payments/account/') return jsonResponse(account());
      if (url === '/api/payments/account/onboarding/' && init.method === 'POST') return jsonResponse({ url: 'https://connect.example/setup/acct_1' });
      return undefined;
    });
    render(<SetUpPayments fallback={<p>Contact us</p>} />, { session: owner() });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up payments' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.example/setup/acct_1'));
    expect(callsTo(fetchMock, 'POST', '/api/payments/account/onboarding/')).toHaveLength(1);
  });

  it('shows the fallback when the server has no payment provider', async () => {
    stubFetch((url) => (url === '/api/payments/account/' ? jsonResponse(account({ providerConfigured: false })) : undefined));
    render(<SetUpPayments fallback={<p>Contact us</p>} />, { session: owner() });
    expect(await screen.findByText('Contact us')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up payments' })).toBeNull();
  });
});

describe('/stripe-dashboard (issue 19)', () => {
  it("shows a custom account's balance and payouts in the gym's currency", async () => {
    stubFetch((url) => {
      if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
      if (url === '/api/payments/dashboard/')
        return jsonResponse({
          available: [{ amountMinor: 123456, currency: 'usd' }],
          pending: [{ amountMinor: 500, currency: 'usd' }],
          payouts: [{ id: 'po_1', amountMinor: 98050, currency: 'usd', status: 'in_transit', arrivalDate: '2026-03-05' }],
        });
      return undefined;
    });
    render(<StripeDashboardPage />, { session: owner() });
    expect(await screen.findByText('$1,234.56')).toBeTruthy();
    expect(screen.getByText('$5.00')).toBeTruthy();
    expect(screen.getByText('$980.50')).toBeTruthy();
    expect(screen.getByText('In transit')).toBeTruthy();
  });

  it('explains when the account is not a custom one', async () => {
    stubFetch((url) => {
      if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
      if (url === '/api/payments/dashboard/') return jsonResponse({ message: 'The Stripe dashboard here is for custom accounts.', code: 'not_custom' }, 409);
      return undefined;
    });
    render(<StripeDashboardPage />, { session: owner() });
    expect(await screen.findByText('The Stripe dashboard here is for custom accounts.')).toBeTruthy();
  });
});
