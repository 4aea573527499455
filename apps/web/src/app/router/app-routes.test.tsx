import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Session } from '@spotter/shared';
import { render } from '../../testing/render';
import { buildProfile, buildSession } from '../../testing/factories';
import { jsonResponse, stubFetch } from '../../testing/stub-fetch';
import { staffNavItems } from '../layouts/staff-nav-items';
import { AppRoutes } from './app-routes';

const gym = {
  gymId: '33333333-3333-4333-8333-333333333333',
  title: 'Iron Temple Barbell',
  stripeStatus: 'Active',
  stripeAccountType: 'standard',
  ghlV2Enabled: false,
} as const;
const owner = buildSession({ role: 'owner', gym, staff: { staffId: '44444444-4444-4444-8444-444444444444', permissions: [] } });
const staff = (permissions: NonNullable<Session['staff']>['permissions']) =>
  buildSession({ role: 'staff', gym, staff: { staffId: '44444444-4444-4444-8444-444444444444', permissions } });

afterEach(() => vi.unstubAllGlobals());

// The route tables and rules themselves are unit-tested in packages/shared/src/navigation.test.ts.
describe('the staff menu', () => {
  it('lists only what the staff member may open', () => {
    const items = staffNavItems(staff(['Kiosk', 'AthleteView']));
    expect(items.map((i) => i.label)).toEqual(['Dashboard', 'Kiosk', 'Calendar', 'Products', 'Users', 'Events', 'Documents', 'Log Work']);
    const users = items.find((i) => i.label === 'Users');
    expect(users && 'children' in users ? users.children.map((c) => c.label) : []).toEqual(['Athletes']);
    expect(staffNavItems(owner).map((i) => i.label)).toContain('Payroll');
  });
});

describe('AppRoutes', () => {
  it('shows the error page when the session call fails with a server error', async () => {
    stubFetch(() => new Response('{}', { status: 503 }));
    render(<AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Something bad just happened...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeTruthy();
  });

  it('sends a logged-out visitor to the login page', async () => {
    render(<AppRoutes />, { session: null, route: '/users/athletes' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('sends staff from a page they may not open to the dashboard, with the menu of what they may', async () => {
    stubFetch(() => jsonResponse({ message: 'Nothing here.', code: 'not_found' }, 404));
    render(<AppRoutes />, { session: staff(['Kiosk']), route: '/invoices' });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kiosk' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
  });

  it('shows an honest empty state on a screen not built yet', async () => {
    render(<AppRoutes />, { session: staff(['FlowView']), route: '/flows' });
    expect(await screen.findByText('This section is not available yet.')).toBeTruthy();
  });

  it('shows the athlete tabs', async () => {
    render(<AppRoutes />, { session: buildSession({ role: 'athlete', gym }), route: '/events' });
    expect(await screen.findByRole('heading', { name: 'My Events' })).toBeTruthy();
    for (const tab of ['Packages', 'My Events', 'Schedule', 'Documents', 'Account']) {
      expect(screen.getByRole('link', { name: tab })).toBeTruthy();
    }
  });

  it('takes a session whose demo was switched off to profile selection with the Demo Period Expired dialog', async () => {
    const demoProfile = buildProfile({
      fullName: 'Pat Prospect',
      role: 'owner',
      gymTitle: 'Prospect Barbell',
      demoGym: { type: 'TIME_LIMITED', isActive: false, expiresAt: '2999-01-01T00:00:00Z' },
    });
    stubFetch((url) =>
      url.startsWith('/api/profiles/') ? jsonResponse({ count: 1, next: null, previous: null, results: [demoProfile] }) : jsonResponse({}, 404),
    );
    const session = buildSession({
      role: 'owner',
      gym: { ...gym, title: 'Prospect Barbell' },
      profile: { profileId: demoProfile.profileId },
      staff: { staffId: '44444444-4444-4444-8444-444444444444', permissions: [] },
      demoGym: { type: 'TIME_LIMITED', isActive: false, expiresAt: '2999-01-01T00:00:00Z' },
    });
    render(<AppRoutes />, { session, route: '/users/athletes' });
    const dialog = await screen.findByRole('dialog', { name: 'Demo Period Expired' });
    expect(within(dialog).getByText('Pat Prospect')).toBeTruthy();
    expect(within(dialog).getByText('Your 48-hour demo access for Prospect Barbell has ended.')).toBeTruthy();
    expect(within(dialog).getByText(/^Switched off before its end on/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Select a profile' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });
});
