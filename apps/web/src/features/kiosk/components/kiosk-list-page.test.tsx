import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { KioskListPage } from './kiosk-list-page';
import { buildEvent, page, staffSession, stubKioskFetch } from './kiosk-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const renderList = (route = '/kiosk') => render(<KioskListPage />, { session: staffSession(), route });

describe('KioskListPage (spec 2.11)', () => {
  it('shows the cards of the tab with timing status, attendance and the first attendee', async () => {
    const fetchMock = stubKioskFetch((url) =>
      url.includes('/events/kiosk-events/')
        ? page([buildEvent(), buildEvent({ eventId: '55555555-5555-4555-8555-555555555555', eventType: 'appointment_type', eventName: 'PT Session' })])
        : undefined,
    );
    renderList();
    const card = await screen.findByRole('link', { name: /CrossFit WOD/ });
    expect(card.textContent).toContain('Ongoing');
    expect(card.textContent).toContain('Full');
    expect(card.textContent).toContain('Alexandri… +11');
    expect(card.getAttribute('href')).toBe('/kiosk/33333333-3333-4333-8333-333333333333?eventType=class');
    expect(screen.queryByText('PT Session')).toBeNull();
    const [url] = callsTo(fetchMock, 'GET', '/events/kiosk-events/')[0]!;
    expect(String(url)).toMatch(/limit=100&offset=0&date=\d{4}-\d{2}-\d{2}&search=$/);
    expect(screen.getByRole('button', { name: 'Enter Athlete mode' })).toBeTruthy();
  });

  it('shows the empty text of each tab; the tab comes from ?eventType', async () => {
    stubKioskFetch((url) => (url.includes('/events/kiosk-events/') ? page([]) : undefined));
    renderList('/kiosk?eventType=appointment');
    expect(await screen.findByText('No appointments scheduled for this day')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Classes' }));
    expect(await screen.findByText('No classes scheduled for this day')).toBeTruthy();
  });

  it("shows the 'Error' alert when the list fails", async () => {
    stubKioskFetch((url) => (url.includes('/events/kiosk-events/') ? jsonResponse({ message: 'Boom', code: 'internal' }, 500) : undefined));
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Something went wrong while fetching data!');
  });

  it('asks before entering athlete mode', async () => {
    stubKioskFetch((url) => (url.includes('/events/kiosk-events/') ? page([]) : undefined));
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Enter Athlete mode' }));
    expect(await screen.findByText('Are you sure that you want to switch to kiosk mode?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure that you want to switch to kiosk mode?')).toBeNull());
    expect(window.localStorage.getItem('kioskMode')).toBeNull();
  });

  it('hides ended events and the date picker in athlete kiosk mode', async () => {
    window.localStorage.setItem('kioskMode', 'true');
    const ended = buildEvent({
      eventName: 'Early Lift',
      startsAt: new Date(Date.now() - 7_200_000).toISOString(),
      endsAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    stubKioskFetch((url) =>
      url.includes('/events/kiosk-events/') ? page([ended, buildEvent({ eventId: '66666666-6666-4666-8666-666666666666' })]) : undefined,
    );
    render(<KioskListPage />, { session: staffSession(), route: '/' });
    await screen.findByRole('link', { name: /CrossFit WOD/ });
    expect(screen.queryByText('Early Lift')).toBeNull();
    expect(screen.queryByLabelText('Date')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enter Athlete mode' })).toBeNull();
  });
});
