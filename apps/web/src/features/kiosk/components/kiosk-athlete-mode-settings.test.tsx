import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
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
const detailFetch = (kiosk = {}) =>
  stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([withPhoto()])) : undefined), kiosk);
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
