import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { buildDemoGym, pageOf } from '../testing/platform-factories';
import { demoGymMenuEntries } from './demo-gym-actions';
import { DemoGymsPage } from './demo-gyms-page';

const salesSession = buildSession({ role: 'kilo_staff', kiloStaff: { kiloStaffId: '55555555-5555-4555-8555-555555555555', isSalesTeam: true } });
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

function renderPage() {
  document.cookie = 'csrftoken=t; path=/';
  return render(<DemoGymsPage />, { session: salesSession, route: '/demo-gyms' });
}

afterEach(() => vi.unstubAllGlobals());

describe('the demo gyms list', () => {
  it('shows the type with a space, the state badge and the time left', async () => {
    stubFetch(() =>
      jsonResponse(
        pageOf([
          buildDemoGym({ title: 'Two Days', expiresAt: hours(47.5) }),
          buildDemoGym({ title: 'Five Hours', expiresAt: hours(5.5) }),
          buildDemoGym({ title: 'Minutes', expiresAt: hours(0.51) }),
          buildDemoGym({ title: 'Gone', state: 'expired', expiresAt: hours(-2) }),
          buildDemoGym({ title: 'Forever', type: 'PERSISTENT', expiresAt: null, state: 'inactive', isActive: false }),
        ]),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Demo Gyms' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Two Days' });
    expect(within(rowOf('Two Days')).getByText('TIME LIMITED')).toBeTruthy();
    expect(within(rowOf('Two Days')).getByText('active')).toBeTruthy();
    expect(within(rowOf('Two Days')).getByText('1d left')).toBeTruthy();
    expect(within(rowOf('Five Hours')).getByText('5h left')).toBeTruthy();
    expect(within(rowOf('Minutes')).getByText('30m left')).toBeTruthy();
    expect(within(rowOf('Gone')).getByText('expired')).toBeTruthy();
    // Issue 23: no countdown beside an expired demo.
    expect(within(rowOf('Gone')).queryByText(/left$/)).toBeNull();
    expect(within(rowOf('Forever')).getByText('PERSISTENT')).toBeTruthy();
    expect(within(rowOf('Forever')).getByText('inactive')).toBeTruthy();
    expect(within(rowOf('Forever')).getByText('No expiry')).toBeTruthy();
    expect(within(rowOf('Two Days')).getByText('pat@prospect.com')).toBeTruthy();
  });

  it("tells each expiry in its gym's zone, named, in the country's date and clock format (issue 23)", async () => {
    stubFetch(() =>
      jsonResponse(
        pageOf([
          buildDemoGym({ title: 'Chicago Winter', timeZone: 'America/Chicago', country: 'US', state: 'expired', expiresAt: '2025-01-15T17:13:00Z' }),
          buildDemoGym({ title: 'London Summer', timeZone: 'Europe/London', country: 'GB', state: 'expired', expiresAt: '2025-07-15T16:13:00Z' }),
        ]),
      ),
    );
    renderPage();
    await screen.findByRole('link', { name: 'Chicago Winter' });
    expect(within(rowOf('Chicago Winter')).getByText('01/15/2025 11:13 AM CST')).toBeTruthy();
    expect(within(rowOf('London Summer')).getByText('15/07/2025 17:13 BST')).toBeTruthy();
    for (const title of ['Chicago Winter', 'London Summer']) expect(within(rowOf(title)).queryByText(/left$/)).toBeNull();
  });

  it('offers Extend only for TIME_LIMITED, Deactivate while on and Reactivate while off', () => {
    const labels = (demo: Parameters<typeof demoGymMenuEntries>[0]) => demoGymMenuEntries(demo).map((e) => e.label);
    const owner = { fullName: 'O', email: 'o@demo.spotter.app' };
    expect(labels({ type: 'TIME_LIMITED', isActive: true, state: 'active', owner })).toEqual([
      'Open people',
      'Impersonate owner',
      'Extend 48 hours',
      'Deactivate',
    ]);
    expect(labels({ type: 'TIME_LIMITED', isActive: true, state: 'expired', owner })).toEqual(['Open people', 'Extend 48 hours', 'Deactivate']);
    expect(labels({ type: 'PERSISTENT', isActive: true, state: 'active', owner })).toEqual(['Open people', 'Impersonate owner', 'Deactivate']);
    expect(labels({ type: 'PERSISTENT', isActive: false, state: 'inactive', owner })).toEqual(['Open people', 'Reactivate']);
  });

  it('extends from the row menu, notifies and refetches; a failure shows the server message', async () => {
    const demo = buildDemoGym({ title: 'Two Days' });
    let extendAnswer = jsonResponse({ ...demo, expiresAt: hours(78) });
    const fetchMock = stubFetch((url, init) => (init.method === 'POST' ? extendAnswer : jsonResponse(pageOf([demo]))));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Two Days' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Extend 48 hours' }));
    expect(await screen.findByText('Demo gym extended by 48 hours')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe(`/api/platform/demo-gyms/${demo.demoGymId}/extend/`);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/platform/demo-gyms/?')).length).toBe(2));

    extendAnswer = jsonResponse({ message: 'Demo gym not found.', code: 'not_found' }, 404);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Two Days' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivating demo gym failed')).toBeTruthy();
    expect(screen.getByText('Demo gym not found.')).toBeTruthy();
  });
});

describe('creating a demo gym', () => {
  it('validates the names and the email before sending anything', async () => {
    const fetchMock = stubFetch(() => jsonResponse(pageOf([])));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create demo gym' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create demo gym' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Name field is required.')).toHaveLength(2);
    expect(within(dialog).getByText('Email field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Gym name/), { target: { value: 'Best <Gym>' } });
    fireEvent.change(within(dialog).getByLabelText(/Prospect email/), { target: { value: 'not-an-email' } });
    fireEvent.change(within(dialog).getByLabelText(/Prospect phone/), { target: { value: 'call me' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please provide a valid name.')).toBeTruthy();
    expect(within(dialog).getByText('Please provide a valid email.')).toBeTruthy();
    expect(within(dialog).getByText('Please provide a valid phone number.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(false);
    expect((within(dialog).getByRole('radio', { name: 'Time limited (48 hours)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends the form and shows the one-time credentials with copy buttons', async () => {
    const created = {
      ...buildDemoGym({ title: 'Prospect Barbell' }),
      credentials: { email: 'demo-abcdefghijkl@demo.spotter.app', password: 'Xy7pQ2rT9sLm4nBv' },
    };
    const fetchMock = stubFetch((_url, init) => (init.method === 'POST' ? jsonResponse(created, 201) : jsonResponse(pageOf([]))));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create demo gym' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create demo gym' });
    fireEvent.change(within(dialog).getByLabelText(/Gym name/), { target: { value: 'Prospect Barbell' } });
    fireEvent.change(within(dialog).getByLabelText(/Prospect name/), { target: { value: 'Pat Prospect' } });
    fireEvent.change(within(dialog).getByLabelText(/Prospect email/), { target: { value: ' pat@prospect.com ' } });
    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: 'CA' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const credentials = await screen.findByRole('dialog', { name: 'Demo gym created' });
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe('/api/platform/demo-gyms/');
    expect(JSON.parse(post?.[1].body as string)).toEqual({
      title: 'Prospect Barbell',
      prospectName: 'Pat Prospect',
      prospectEmail: 'pat@prospect.com',
      type: 'TIME_LIMITED',
      country: 'CA',
    });
    expect(within(credentials).getByText('demo-abcdefghijkl@demo.spotter.app')).toBeTruthy();
    expect(within(credentials).getByText('Xy7pQ2rT9sLm4nBv')).toBeTruthy();
    expect(within(credentials).getByText('The password is shown only once')).toBeTruthy();
    expect(within(credentials).getByRole('button', { name: 'Copy owner email' })).toBeTruthy();
    expect(within(credentials).getByRole('button', { name: 'Copy password' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create demo gym' })).toBeNull();
    fireEvent.click(within(credentials).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Xy7pQ2rT9sLm4nBv')).toBeNull());
  });
});
