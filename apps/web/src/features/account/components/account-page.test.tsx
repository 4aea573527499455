import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { AccountPage } from './account-page';

afterEach(() => vi.unstubAllGlobals());

const athlete: Session = buildSession({
  role: 'athlete',
  gym: {
    gymId: '22222222-2222-4222-8222-222222222222',
    title: 'Iron Temple Barbell',
    stripeStatus: 'Active',
    stripeAccountType: 'standard',
    ghlV2Enabled: false,
  } as Session['gym'],
  profile: { profileId: '33333333-3333-4333-8333-333333333333' },
  athlete: { athleteId: '44444444-4444-4444-8444-444444444444' },
});

describe("the athlete's Account page (spec 2.4 /account)", () => {
  it('carries the calendar link card, about their bookings (issue 16)', async () => {
    stubFetch((url) =>
      url.includes('/api/calendar-feeds/mine/')
        ? jsonResponse({ timeZone: 'America/Chicago', country: 'US', isLive: false, createdAt: null, lastFetchedAt: null })
        : undefined,
    );
    render(<AccountPage />, { session: athlete });
    expect(await screen.findByRole('heading', { name: 'Calendar link' })).toBeTruthy();
    expect(screen.getByText(/Subscribe to your bookings, waitlist places included/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Create my calendar link' })).toBeTruthy();
  });
});
