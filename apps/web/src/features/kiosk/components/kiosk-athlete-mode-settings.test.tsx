import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { selfCheckInMessages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { KioskEventPage } from './kiosk-event-page';
import { KioskListPage } from './kiosk-list-page';
import { EVENT_ID, buildAthlete, buildDetail, buildEvent, page, staffSession, stubKioskFetch } from './kiosk-test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem('kioskMode');
});

const athleteMode = () => window.localStorage.setItem('kioskMode', 'true');
const withPhoto = () => buildAthlete({ fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', profilePicture: '/media/ann.png' });
const detailFetch = (kiosk = {}) => stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([withPhoto()])) : undefined), kiosk);
const renderDetail = () =>
  render(
    <Routes>
      <Route path="/kiosk/:eventId" element={<KioskEventPage />} />
    </Routes>,
    { session: staffSession(), route: `/kiosk/${EVENT_ID}?eventType=class` },
  );

describe("athlete mode honours the gym's kiosk settings (issue 22)", () => {
  it('hides the Appointments tab when the gym says so, and shows classes', async () => {
    athleteMode();
    stubKioskFetch((url) => (url.includes('/events/kiosk-events/') ? page([buildEvent()]) : undefined), { athleteModeShowsAppointments: false });
    render(<KioskListPage />, { session: staffSession(), route: '/?eventType=appointment' });
    expect(await screen.findByRole('link', { name: /CrossFit WOD/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Classes' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Appointments' })).toBeNull();
  });

  it('shows both tabs by default in athlete mode, and staff never read the settings', async () => {
    athleteMode();
    stubKioskFetch((url) => (url.includes('/events/kiosk-events/') ? page([]) : undefined));
    const view = render(<KioskListPage />, { session: staffSession(), route: '/' });
    expect(await screen.findByRole('tab', { name: 'Appointments' })).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    window.localStorage.removeItem('kioskMode');
    const fetchMock = stubKioskFetch((url) => (url.includes('/events/kiosk-events/') ? page([]) : undefined), { athleteModeShowsAppointments: false });
    render(<KioskListPage />, { session: staffSession(), route: '/kiosk' });
    expect(await screen.findByRole('tab', { name: 'Appointments' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/kiosk/settings/')).toHaveLength(0);
  });

  it('hides Eligible and shows initials instead of pictures when the gym says so', async () => {
    athleteMode();
    detailFetch({ athleteModeShowsEligible: false, athleteModeShowsPhotos: false });
    renderDetail();
    const row = (await screen.findByText('Ann Lee')).closest('li')!;
    expect(within(row).getByText('AL')).toBeTruthy();
    expect(row.querySelector('img')).toBeNull();
    expect(screen.queryByRole('tab', { name: /Eligible/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Checked In/ }));
    expect(screen.queryByRole('tab', { name: /Eligible/ })).toBeNull();
  });

  it('shows Eligible and pictures by default', async () => {
    athleteMode();
    detailFetch();
    renderDetail();
    const row = (await screen.findByText('Ann Lee')).closest('li')!;
    expect(screen.getByRole('tab', { name: /Eligible/ })).toBeTruthy();
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/media/ann.png');
  });
});

describe('athlete mode keeps to the self check-in window (issue 32)', () => {
  const inThreeHours = () => {
    const start = Date.now() + 3 * 3_600_000;
    return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3_600_000).toISOString() };
  };

  it('offers no check-in before the window opens and says when it does; the desk checks in at any time', async () => {
    athleteMode();
    const fetchMock = stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([withPhoto()], inThreeHours())) : undefined));
    const view = renderDetail();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(selfCheckInMessages.notOpen(60));
    expect(status.textContent).toMatch(/Come back at \d{1,2}:\d{2} [AP]M\./);
    const row = (await screen.findByText('Ann Lee')).closest('li')!;
    const button = within(row).getByRole('button', { name: 'Check In' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(callsTo(fetchMock, 'PUT', '/api/athlete-kilo-classes/')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/athlete-kilo-classes/')).toHaveLength(0);
    view.unmount();
    vi.unstubAllGlobals();
    window.localStorage.removeItem('kioskMode');
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([withPhoto()], inThreeHours())) : undefined));
    renderDetail();
    const deskRow = (await screen.findByText('Ann Lee')).closest('li')!;
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(deskRow).getByRole('button', { name: /Ann Lee.*Check In/ })).toBeTruthy();
  });

  it('offers check-in once the class has started, and says when it has closed after the end', async () => {
    athleteMode();
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([withPhoto()])) : undefined));
    const view = renderDetail();
    const row = (await screen.findByText('Ann Lee')).closest('li')!;
    expect(within(row).getByRole('button', { name: /Ann Lee.*Check In/ })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    view.unmount();
    vi.unstubAllGlobals();
    athleteMode();
    const ended = { startsAt: new Date(Date.now() - 2 * 3_600_000).toISOString(), endsAt: new Date(Date.now() - 3_600_000).toISOString() };
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([withPhoto()], ended)) : undefined));
    renderDetail();
    expect((await screen.findByRole('status')).textContent).toContain(selfCheckInMessages.closed);
  });
});
