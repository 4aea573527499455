import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildProfile, buildSession, TEST_USER_ID } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { resetRuntimeConfigCache } from '../../../lib/runtime-config';
import { ProfileSelectionPage } from './profile-selection-page';

const page = (results: Profile[], next: string | null = null) => jsonResponse({ count: results.length, next, previous: null, results });

function renderPage() {
  document.cookie = 'csrftoken=t; path=/';
  return render(<ProfileSelectionPage />, { session: buildSession() });
}

const card = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__SPOTTER_CONFIG__;
  resetRuntimeConfigCache();
});

describe('profile selection', () => {
  it('follows `next` through every page and shows role, name, gym and demo badge', async () => {
    const first = buildProfile({ fullName: 'Alex Morgan', role: 'owner' });
    const second = buildProfile({
      fullName: 'Demo Owner',
      gymTitle: null,
      demoGym: { type: 'TIME_LIMITED', isActive: true, expiresAt: '2999-01-01T00:00:00Z' },
    });
    const fetchMock = stubFetch((url) =>
      url.includes('offset=20') ? page([second]) : page([first], `/api/profiles/?user=${TEST_USER_ID}&include_linked=true&limit=20&offset=20`),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Select a profile' })).toBeTruthy();
    expect(await screen.findByText('Demo Owner')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls[0]).toBe(`/api/profiles/?user=${TEST_USER_ID}&include_linked=true&limit=20&offset=0`);
    expect(urls[1]).toContain('offset=20');
    expect(within(card('Alex Morgan')).getByText('OWNER')).toBeTruthy();
    expect(within(card('Alex Morgan')).getByText('Iron Temple Barbell')).toBeTruthy();
    expect(within(card('Demo Owner')).getByText('TIME LIMITED')).toBeTruthy();
    expect(within(card('Demo Owner')).getByText('Spotter')).toBeTruthy();
  });

  it('offers the default checkbox only on non-demo profiles of the current user', async () => {
    stubFetch(() =>
      page([
        buildProfile({ fullName: 'Own Profile', isDefault: true }),
        buildProfile({ fullName: 'Linked Child', user: '22222222-2222-4222-8222-222222222222', isLinked: true }),
        buildProfile({ fullName: 'Demo Profile', demoGym: { type: 'PERSISTENT', isActive: true, expiresAt: null } }),
      ]),
    );
    renderPage();
    await screen.findByText('Own Profile');
    const checkbox = within(card('Own Profile')).getByRole('checkbox', { name: 'Default profile' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(true);
    expect(within(card('Linked Child')).queryByRole('checkbox')).toBeNull();
    expect(within(card('Demo Profile')).queryByRole('checkbox')).toBeNull();
    // Issue 34 item 16: the dependant's card says whose it is; one's own does not.
    expect(within(card('Linked Child')).getByText('FAMILY')).toBeTruthy();
    expect(within(card('Linked Child')).getByText("Family member's profile: you act for them.")).toBeTruthy();
    expect(within(card('Linked Child')).getByRole('button', { name: 'Select' }).getAttribute('aria-describedby')).toMatch(/-linked$/);
    expect(within(card('Own Profile')).queryByText(/Family/)).toBeNull();
  });

  it('disables the checkbox while its update runs, then reports success', async () => {
    const profile = buildProfile({ fullName: 'Own Profile' });
    let finish: (r: Response) => void = () => {};
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'PUT') return new Promise<Response>((resolve) => (finish = resolve));
      return page([profile]);
    });
    renderPage();
    const checkbox = (await screen.findByRole('checkbox', { name: 'Default profile' })) as HTMLInputElement;
    fireEvent.click(checkbox);
    await waitFor(() => expect(checkbox.disabled).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe(`/api/profiles/${profile.profileId}/update-default/`);
    finish(jsonResponse({ ...profile, isDefault: true }));
    expect(await screen.findByText('Default profile successfully updated')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Default profile' }) as HTMLInputElement).disabled).toBe(false));
  });

  it('reports a failed default update with the server message', async () => {
    stubFetch((_url, init) =>
      init.method === 'PUT' ? jsonResponse({ message: 'Nope.', code: 'forbidden' }, 403) : page([buildProfile({ fullName: 'Own Profile' })]),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Default profile' }));
    expect(await screen.findByText('Updating default profile failed')).toBeTruthy();
    expect(screen.getByText('Nope.')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    stubFetch(() => page([]));
    renderPage();
    expect(await screen.findByText('You no longer have an active profile with Spotter.')).toBeTruthy();
  });

  it('shows the error alert when the list fails to load', async () => {
    stubFetch(() => jsonResponse({ message: 'boom', code: 'internal' }, 500));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Something went wrong while fetching data!')).toBeTruthy();
  });

  it('selects a profile, and shows the server message when that fails', async () => {
    const profile = buildProfile({ fullName: 'Own Profile' });
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/select-profile/' ? jsonResponse({ message: 'This profile cannot log in.', code: 'forbidden' }, 403) : page([profile]),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    expect(await screen.findByText('This profile cannot log in.')).toBeTruthy();
    const select = fetchMock.mock.calls.find(([url]) => url === '/api/auth/select-profile/');
    expect(JSON.parse(select?.[1].body as string)).toEqual({ profileId: profile.profileId });
  });

  it('opens the Demo Period Expired dialog for an expired demo instead of selecting', async () => {
    const expired = buildProfile({
      fullName: 'Dana Demo',
      gymTitle: 'Trial Gym',
      demoGym: { type: 'TIME_LIMITED', isActive: true, expiresAt: '2020-01-02T15:30:00Z' },
    });
    window.__SPOTTER_CONFIG__ = { demoBookingUrl: 'https://booking.example.com/call' };
    resetRuntimeConfigCache();
    const fetchMock = stubFetch(() => page([expired]));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demo Period Expired' });
    expect(within(dialog).getByText('Dana Demo')).toBeTruthy();
    expect(within(dialog).getByText('Your 48-hour demo access for Trial Gym has ended.')).toBeTruthy();
    expect(within(dialog).getByText('Expired')).toBeTruthy();
    // In the gym's zone and format (Chicago, US), whatever the browser's zone, and the zone named (issue 23).
    expect(within(dialog).getByText('Ended 01/02/2020 9:30 AM CST')).toBeTruthy();
    expect(within(dialog).getByText('Ready to get started?')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Schedule a Call' }).getAttribute('href')).toBe('https://booking.example.com/call');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/select-profile/')).toBe(false);
  });
});
