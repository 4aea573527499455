import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { PackagesPage } from './packages-page';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const session = () =>
  buildSession({
    role: 'owner',
    gym: { gymId: GYM_ID, title: 'Northside Strength', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as never,
    staff: { staffId: '99999999-9999-4999-8999-000000000001', permissions: [] },
  } as never);

describe('PackagesPage category filter', { timeout: 60_000 }, () => {
  it("offers the gym's categories and asks the list for the one chosen", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/packages/categories/') return jsonResponse({ results: ['Class packs', 'Memberships'] });
      if (url.startsWith('/api/packages/?')) return jsonResponse({ count: 0, next: null, previous: null, results: [] });
      return undefined;
    });
    render(<PackagesPage />, { session: session(), route: '/products/packages' });
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Category' });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Memberships' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/packages/?') && String(url).includes('category=Memberships'))).toBe(true),
    );
    // Filtered to nothing: the empty state says so (not "no packages yet").
    expect(await screen.findByText('No results found')).toBeTruthy();
  });
});
