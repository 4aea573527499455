import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { PlatformGymDetail } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { sessionQueryKey } from '../../auth';
import { buildAudit, buildPlatformAthlete, buildPlatformStaff, pageOf } from '../testing/platform-factories';
import { GymAthletesPage, GymStaffPage } from './gym-people-page';

const gymId = '33333333-3333-4333-8333-333333333333';
const gym: PlatformGymDetail = { gymId, title: 'Iron Temple Barbell', country: 'US', timeZone: 'America/Chicago', demoGym: null };
const platformSession = buildSession({ role: 'kilo_staff', kiloStaff: { kiloStaffId: '55555555-5555-4555-8555-555555555555', isSalesTeam: false } });
const ownerSession = buildSession({
  role: 'owner',
  isImpersonating: true,
  gym: { gymId, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false },
  staff: { staffId: '44444444-4444-4444-8444-444444444444', permissions: [] },
});
const owner = buildPlatformStaff();
const coach = buildPlatformStaff({ fullName: 'Casey Coach', email: 'casey@example.com', role: 'staff', isCoach: true, loginEnabled: false });

function answer(url: string, init: RequestInit, impersonation: () => Response) {
  if (url === '/api/auth/impersonate/' && init.method === 'POST') return impersonation();
  if (url === '/api/auth/session/') return jsonResponse(ownerSession);
  if (url === `/api/platform/gyms/${gymId}/`) return jsonResponse(gym);
  if (url.startsWith(`/api/platform/gyms/${gymId}/staff/`)) return jsonResponse(pageOf([owner, coach]));
  if (url.startsWith(`/api/platform/gyms/${gymId}/athletes/`)) return jsonResponse(pageOf([buildPlatformAthlete()]));
  if (url.startsWith(`/api/platform/gyms/${gymId}/impersonations/`)) {
    return jsonResponse(pageOf([buildAudit({ action: 'stop', ip: '10.0.0.7' }), buildAudit({ action: 'start' })]));
  }
  return jsonResponse({ message: 'Not found.', code: 'not_found' }, 404);
}

function renderAt(path: string) {
  document.cookie = 'csrftoken=t; path=/';
  return render(
    <Routes>
      <Route path="/gyms/:gymId/athletes" element={<GymAthletesPage />} />
      <Route path="/gyms/:gymId/staff" element={<GymStaffPage />} />
    </Routes>,
    { session: platformSession, route: path },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("a gym's people", () => {
  it("shows the gym's title, its staff with roles, and the audit trail", async () => {
    stubFetch((url, init) => answer(url, init, () => jsonResponse(ownerSession)));
    renderAt(`/gyms/${gymId}/staff`);
    expect(await screen.findByRole('heading', { name: 'Iron Temple Barbell' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Staff' }).getAttribute('aria-selected')).toBe('true');
    const staffTable = await screen.findByRole('table', { name: 'Staff of Iron Temple Barbell' });
    const ownerRow = within(staffTable).getByText('Olivia Owner').closest('tr') as HTMLElement;
    expect(within(ownerRow).getByText('OWNER')).toBeTruthy();
    const coachRow = within(staffTable).getByText('Casey Coach').closest('tr') as HTMLElement;
    expect(within(coachRow).getByText('Coach')).toBeTruthy();
    expect((within(coachRow).getByRole('button', { name: 'Impersonate Casey Coach' }) as HTMLButtonElement).disabled).toBe(true);

    const audit = await screen.findByRole('table', { name: 'Impersonation audit trail' });
    const rows = within(audit).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Stop')).toBeTruthy();
    expect(within(rows[0]!).getByText('10.0.0.7')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pia Platform')).toBeTruthy();
    expect(within(rows[0]!).getByText('Olivia Owner (OWNER)')).toBeTruthy();
    expect(within(rows[1]!).getByText('Start')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Athletes' }));
    expect(await screen.findByRole('table', { name: 'Athletes of Iron Temple Barbell' })).toBeTruthy();
    expect(await screen.findByText('Avery Athlete')).toBeTruthy();
  });

  it('impersonates with the profile id, then refetches the session', async () => {
    const fetchMock = stubFetch((url, init) => answer(url, init, () => jsonResponse(ownerSession)));
    const { queryClient } = renderAt(`/gyms/${gymId}/staff`);
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate Olivia Owner' }));
    await waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toEqual(ownerSession));
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/auth/impersonate/');
    expect(JSON.parse(post?.[1].body as string)).toEqual({ profileId: owner.profileId });
    const calls = fetchMock.mock.calls.map(([url]) => url);
    expect(calls.lastIndexOf('/api/auth/session/')).toBeGreaterThan(calls.indexOf('/api/auth/impersonate/'));
  });

  it("shows the server's message when impersonation fails", async () => {
    stubFetch((url, init) => answer(url, init, () => jsonResponse({ message: 'Login is disabled for this profile.', code: 'login_disabled' }, 403)));
    const { queryClient } = renderAt(`/gyms/${gymId}/staff`);
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate Olivia Owner' }));
    expect(await screen.findByText('Impersonation failed')).toBeTruthy();
    expect(screen.getByText('Login is disabled for this profile.')).toBeTruthy();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(platformSession);
  });

  it('shows the server message when the gym cannot be seen', async () => {
    stubFetch(() => jsonResponse({ message: 'Gym not found.', code: 'not_found' }, 404));
    renderAt(`/gyms/${gymId}/athletes`);
    const message = await screen.findByText('Gym not found.');
    expect(message.closest('[role="alert"]')).toBeTruthy();
  });
});
