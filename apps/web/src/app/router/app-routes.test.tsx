import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Session } from '@spotter/shared';
import { render } from '../../testing/render';
import { buildSession } from '../../testing/factories';
import { staffNavItems } from '../layouts/staff-nav-items';
import { AppRoutes } from './app-routes';

const gym = { gymId: '33333333-3333-4333-8333-333333333333', title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as const;
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
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    render(<AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Something bad just happened...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeTruthy();
  });

  it('sends a logged-out visitor to the login page', async () => {
    render(<AppRoutes />, { session: null, route: '/users/athletes' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the staff layout with its menu and an honest empty state', async () => {
    render(<AppRoutes />, { session: staff(['Kiosk']), route: '/invoices' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('This section is not available yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kiosk' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
  });

  it('shows the athlete tabs', async () => {
    render(<AppRoutes />, { session: buildSession({ role: 'athlete', gym }), route: '/events' });
    expect(await screen.findByRole('heading', { name: 'My Events' })).toBeTruthy();
    for (const tab of ['Packages', 'My Events', 'Schedule', 'Documents', 'Account']) {
      expect(screen.getByRole('link', { name: tab })).toBeTruthy();
    }
  });
});
