import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { Session } from '@spotter/shared';
import { render } from '../../testing/render';
import { buildSession } from '../../testing/factories';
import { jsonResponse, stubFetch } from '../../testing/stub-fetch';
import { UserMenu } from './user-menu';

const staffWith = (permissions: NonNullable<Session['staff']>['permissions'], role: 'staff' | 'owner' = 'staff') =>
  buildSession({ role, staff: { staffId: '44444444-4444-4444-8444-444444444444', permissions } });

async function openMenu(session: Session) {
  render(<UserMenu />, { session });
  fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
  await screen.findByRole('menu');
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('UserMenu (spec 2.9)', () => {
  // First in the file: the menu's code is loaded once per module, on first use.
  it('loads its menu on first focus, keeps the focus on the button, and opens with Enter (keyboard only)', async () => {
    const user = userEvent.setup();
    render(<UserMenu />, { session: staffWith(['Kiosk']) });
    const standIn = screen.getByRole('button', { name: /User menu/ });
    expect(standIn.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.tab();
    // The focus lands on the user-menu button: the stand-in, or the loaded Menu's own button if the chunk came back
    // before this line ran (it can, on a busy machine; asserting the stand-in here made the test flaky).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /User menu/ }));
    // The loaded Menu's own button replaces the stand-in and takes the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: /User menu/ })).not.toBe(standIn));
    const real = screen.getByRole('button', { name: /User menu/ });
    expect(document.activeElement).toBe(real);
    await user.keyboard('{Enter}');
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Account Details', 'Switch Profiles', 'Logout']);
  });

  it('offers Settings only to staff or owners holding GymMutate', async () => {
    expect(await openMenu(staffWith(['GymMutate']))).toEqual(['Account Details', 'Settings', 'Switch Profiles', 'Logout']);
  });

  it('hides Settings from staff without GymMutate', async () => {
    expect(await openMenu(staffWith(['Kiosk']))).toEqual(['Account Details', 'Switch Profiles', 'Logout']);
  });

  it('hides Settings from platform staff', async () => {
    expect(
      await openMenu(buildSession({ role: 'kilo_staff', kiloStaff: { kiloStaffId: '55555555-5555-4555-8555-555555555555', isSalesTeam: false } })),
    ).toEqual(['Account Details', 'Switch Profiles', 'Logout']);
  });

  it('offers only Stop Impersonating while impersonating', async () => {
    expect(await openMenu({ ...staffWith([], 'owner'), isImpersonating: true })).toEqual(['Stop Impersonating']);
  });

  it('Stop Impersonating returns to the console: DELETE, refetch the session, then /gyms or /demo-gyms', async () => {
    for (const [isSalesTeam, path] of [
      [false, '/gyms'],
      [true, '/demo-gyms'],
    ] as const) {
      const platform = buildSession({ role: 'kilo_staff', kiloStaff: { kiloStaffId: '55555555-5555-4555-8555-555555555555', isSalesTeam } });
      const fetchMock = stubFetch((url) => jsonResponse(platform, url === '/api/auth/stop-impersonation/' || url === '/api/auth/session/' ? 200 : 404));
      document.cookie = 'csrftoken=t; path=/';
      const { unmount } = render(
        <>
          <UserMenu />
          <Where />
        </>,
        { session: { ...staffWith([], 'owner'), isImpersonating: true }, route: '/users/staff' },
      );
      fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Stop Impersonating' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(path));
      const calls = fetchMock.mock.calls.map(([url]) => url);
      expect(calls).toEqual(expect.arrayContaining(['/api/auth/stop-impersonation/', '/api/auth/session/']));
      expect((fetchMock.mock.calls.find(([url]) => url === '/api/auth/stop-impersonation/') as unknown as [string, RequestInit])[1].method).toBe('DELETE');
      unmount();
    }
  });

  it("says 'Something failed' when stopping fails", async () => {
    stubFetch(() => jsonResponse({ message: 'Nope.', code: 'x' }, 400));
    document.cookie = 'csrftoken=t; path=/';
    render(
      <>
        <UserMenu />
        <Where />
      </>,
      { session: { ...staffWith([], 'owner'), isImpersonating: true }, route: '/users/staff' },
    );
    fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Stop Impersonating' }));
    expect(await screen.findByText('Something failed')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/users/staff');
  });
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

afterEach(() => vi.unstubAllGlobals());

describe('who is signed in (issue 23)', () => {
  it("shows the profile's full name and initials, with the email as secondary text", () => {
    const session = buildSession({ role: 'owner', profile: { profileId: '55555555-5555-4555-8555-555555555555', fullName: 'Marcus Reyes' } });
    render(<UserMenu />, { session });
    const button = screen.getByRole('button', { name: /User menu/ });
    expect(button.getAttribute('aria-label')).toBe(`User menu for Marcus Reyes (${session.user.email})`);
    expect(button.textContent).toBe(`MRMarcus Reyes${session.user.email}`);
  });

  it('shows the email and its initial before a profile is chosen', () => {
    const session = buildSession({ role: null, profile: null });
    render(<UserMenu />, { session });
    const button = screen.getByRole('button', { name: /User menu/ });
    expect(button.textContent).toBe(`${session.user.email.charAt(0).toUpperCase()}${session.user.email}`);
  });
});
