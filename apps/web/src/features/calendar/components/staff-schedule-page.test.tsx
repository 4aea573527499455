import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { render } from '../../../testing/render';
import { callsTo } from '../../../testing/stub-fetch';
import { buildEvent, buildRoster, ownerSession, stubCalendarFetch } from '../testing/fixtures';
import { CalendarPage } from './calendar-page';
import { StaffSchedulePage } from './staff-schedule-page';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Wednesday 6 May 2026, 10:00 in Chicago.
  vi.setSystemTime(new Date('2026-05-06T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const evening = buildEvent({ name: 'CrossFit WOD', color: 'blue', startTime: '18:30:00', placesHeld: 16, capacity: 16, waitlistCount: 3 });
const morning = buildEvent({ startTime: '06:00:00' });
const appointment = buildEvent({ kind: 'appointment', name: 'PT Session', color: 'cyan', startTime: '10:00:00', capacity: 1, placesHeld: 1, location: null });
const cancelled = buildEvent({ name: 'Open Gym', startTime: '12:00:00', isCancelled: true });
const tomorrow = buildEvent({ name: 'Olympic Lifting', startDate: '2026-05-07', startTime: '07:00:00' });

describe('the staff schedule on a phone (spec 2.8)', () => {
  it("lists the day's classes and appointments in time order from one read of the seven days, and changes day from the strip", async () => {
    const fetchMock = stubCalendarFetch({ events: [evening, morning, appointment, cancelled, tomorrow] });
    render(
      <>
        <StaffSchedulePage />
        <Location />
      </>,
      { session: ownerSession(), route: '/' },
    );
    const list = await screen.findByRole('list', { name: 'Classes and appointments' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('button')!.textContent)).toEqual([
      '6:00 AM – 7:00 AMBarbell ClubJordan Lee · Main Floor8/12',
      '10:00 AM – 11:00 AMPT SessionJordan LeeFullAppointment',
      '12:00 PM – 1:00 PMOpen GymJordan Lee · Main FloorCancelled',
      '6:30 PM – 7:30 PMCrossFit WODJordan Lee · Main FloorFull3 waiting',
    ]);
    const strip = screen.getByRole('group', { name: 'Day' });
    expect(
      within(strip)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Today6', 'Thu7', 'Fri8', 'Sat9', 'Sun10', 'Mon11', 'Tue12']);
    expect(screen.getByText('May 6 – 12')).toBeTruthy();

    expect(within(strip).getByRole('button', { name: 'Today, Wednesday, May 6' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(strip).getByRole('button', { name: 'Thursday, May 7' }));
    await within(screen.getByRole('list', { name: 'Classes and appointments' })).findByText('Olympic Lifting');
    expect(screen.getByTestId('location').textContent).toBe('/?date=2026-05-07');
    expect(callsTo(fetchMock, 'GET', '/api/calendar/?').map(([u]) => String(u))).toEqual(['/api/calendar/?start=2026-05-06&end=2026-05-12']);

    fireEvent.click(screen.getByRole('button', { name: 'Next seven days' }));
    // The next block of seven days, from its first day.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/?date=2026-05-13'));
    expect(await screen.findByText('Nothing scheduled on this day')).toBeTruthy();
  });

  it('opens the same details drawer, the whole screen wide, with the kiosk link', async () => {
    stubCalendarFetch({ events: [morning], roster: () => buildRoster(morning) });
    render(<StaffSchedulePage />, { session: ownerSession(), route: '/' });
    fireEvent.click(await screen.findByRole('button', { name: /Barbell Club/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Class details' });
    await within(drawer).findByText('Grace Rodriguez');
    expect(within(drawer).getByRole('link', { name: 'Open in kiosk' }).getAttribute('href')).toBe(`/kiosk/${morning.eventId}?eventType=class&from=calendar`);
  });

  it('shows /calendar/scheduling as the agenda on a narrow screen, not the grid', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      stubCalendarFetch({ events: [morning] });
      render(<CalendarPage />, { session: ownerSession(), route: '/calendar/scheduling' });
      expect(await screen.findByRole('list', { name: 'Classes and appointments' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Scheduling' })).toBeTruthy();
      expect(screen.queryByTestId('calendar-grid')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it("shows the spec's Error when the schedule cannot be read", async () => {
    stubCalendarFetch({ failCalendar: true });
    render(<StaffSchedulePage />, { session: ownerSession(), route: '/' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('ErrorSomething went wrong while fetching data!');
  });
});
