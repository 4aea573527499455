import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { calendarMessages, type CalendarEvent } from '@spotter/shared';
import { buildKioskAthlete } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse, type FetchMock } from '../../../testing/stub-fetch';
import { buildEvent, buildOptions, buildRoster, ids, ownerSession, stubCalendarFetch } from '../testing/fixtures';
import { CalendarPage } from './calendar-page';

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

const renderPage = (route = '/calendar/scheduling') =>
  render(
    <>
      <CalendarPage />
      <Location />
    </>,
    { session: ownerSession(), route },
  );

const url = () => new URL(screen.getByTestId('location').textContent!, 'http://test.invalid');
/** The calendar reads made so far, as their query parameters. */
const reads = (fetchMock: FetchMock) =>
  callsTo(fetchMock, 'GET', '/api/calendar/?').map(([u]) => Object.fromEntries(new URL(String(u), 'http://test.invalid').searchParams));
const findEvent = (name: RegExp) =>
  waitFor(() => {
    // FullCalendar keeps a time-grid event hidden until it has measured the grid, which jsdom never does; a hidden
    // element has no accessible name there, so the label is read as written.
    const event = screen.getAllByRole('button', { hidden: true }).find((el) => name.test(el.getAttribute('aria-label') ?? ''));
    if (!event) throw new Error(`No event named ${String(name)}`);
    return event;
  });
const headerDates = () => [...document.querySelectorAll<HTMLElement>('.fc-col-header-cell[data-date]')].map((c) => c.dataset.date);
const dayCells = () => [...document.querySelectorAll<HTMLElement>('.fc-daygrid-day[data-date]')].map((c) => c.dataset.date);

describe('CalendarPage: what it asks for', () => {
  it('asks for the week FullCalendar shows, Sunday first in the US, and moves a week with Next', async () => {
    const fetchMock = stubCalendarFetch({ events: [buildEvent()] });
    renderPage();
    await findEvent(/Barbell Club/);
    expect(reads(fetchMock)).toEqual([{ start: '2026-05-03', end: '2026-05-09' }]);
    expect(headerDates()).toEqual(['2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09']);
    expect(screen.getByRole('heading', { name: 'May 3 – 9, 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Today' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(reads(fetchMock).at(-1)).toEqual({ start: '2026-05-10', end: '2026-05-16' }));
    expect(url().searchParams.get('date')).toBe('2026-05-13');
    await waitFor(() => expect(headerDates()[0]).toBe('2026-05-10'));
  });

  it('starts the week on Monday in the UK, with a 24-hour clock', async () => {
    const fetchMock = stubCalendarFetch({
      options: buildOptions({ country: 'GB', timeZone: 'Europe/London' }),
      events: [buildEvent({ timeZone: 'Europe/London', startTime: '18:30:00' })],
    });
    renderPage();
    const event = await findEvent(/Barbell Club/);
    expect(event.textContent).toContain('18:30');
    expect(event.getAttribute('aria-label')).toContain('06/05/2026 18:30 – 19:30');
    const hours = [...document.querySelectorAll('.fc-timegrid-slot-label')].map((c) => c.textContent).filter(Boolean);
    expect(hours.slice(0, 2)).toEqual(['05:00', '06:00']);
    expect(reads(fetchMock)).toEqual([{ start: '2026-05-04', end: '2026-05-10' }]);
    expect(headerDates()[0]).toBe('2026-05-04');
  });

  it('asks for the six weeks of a month view, as FullCalendar lays them out', async () => {
    const fetchMock = stubCalendarFetch({ events: [buildEvent({ startDate: '2026-05-20' })] });
    renderPage('/calendar/scheduling?view=month&date=2026-05-20');
    await findEvent(/Barbell Club/);
    expect(reads(fetchMock)).toEqual([{ start: '2026-04-26', end: '2026-06-06' }]);
    const cells = dayCells();
    expect([cells[0], cells.at(-1), cells.length]).toEqual(['2026-04-26', '2026-06-06', 42]);
    expect(screen.getByRole('heading', { name: 'May 2026' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Day' }));
    await waitFor(() => expect(reads(fetchMock).at(-1)).toEqual({ start: '2026-05-20', end: '2026-05-20' }));
    expect(url().searchParams.get('view')).toBe('day');
  });

  it.each([
    ['spring', '2026-03-08'],
    ['autumn', '2026-11-01'],
  ])("shows a 06:00 class at 06:00 on Chicago's %s change day, whatever the browser's zone", async (_season, date) => {
    stubCalendarFetch({ events: [buildEvent({ startDate: date, startTime: '06:00:00' })] });
    renderPage(`/calendar/scheduling?view=day&date=${date}`);
    const event = await findEvent(/Barbell Club/);
    // The time is read back from FullCalendar's own Date for the event, so this is where it drew it.
    expect(event.textContent).toContain('6:00 AM – 7:00 AM');
    expect(event.closest('.fc-timegrid-col')?.getAttribute('data-date')).toBe(date);
  });
});

describe('CalendarPage: filters in the URL', () => {
  it('reads the filters from a link and writes each change back', async () => {
    const fetchMock = stubCalendarFetch({ events: [buildEvent()] });
    renderPage(`/calendar/scheduling?location=${ids.mainFloor}&kind=class`);
    await findEvent(/Barbell Club/);
    expect(reads(fetchMock)[0]).toEqual({ start: '2026-05-03', end: '2026-05-09', locationId: ids.mainFloor, kind: 'class' });
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLInputElement).value).toBe('Main Floor');

    fireEvent.click(screen.getByRole('combobox', { name: 'Coach' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Casey Park' }));
    await waitFor(() => expect(url().searchParams.get('coach')).toBe(ids.casey));
    await waitFor(() =>
      expect(reads(fetchMock).at(-1)).toEqual({ start: '2026-05-03', end: '2026-05-09', locationId: ids.mainFloor, coachId: ids.casey, kind: 'class' }),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Appointments' }));
    await waitFor(() => expect(url().searchParams.get('kind')).toBe('appointment'));
    expect(screen.queryByRole('combobox', { name: 'Class type' })).toBeNull();
    expect(url().searchParams.get('location')).toBe(ids.mainFloor);
  });
});

describe('CalendarPage: states', () => {
  it("shows the spec's Error when the calendar cannot be read", async () => {
    stubCalendarFetch({ failCalendar: true });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Something went wrong while fetching data!');
  });

  it('says calmly when nothing is scheduled, with New class at hand', async () => {
    stubCalendarFetch({ events: [] });
    renderPage();
    const empty = await screen.findByText('Nothing is scheduled this week.');
    fireEvent.click(within(empty.closest('.mantine-Alert-root') as HTMLElement).getByRole('button', { name: 'New class' }));
    expect(await screen.findByRole('dialog', { name: 'New class' })).toBeTruthy();
  });
});

describe('CalendarPage: the event drawer', () => {
  const seriesClass = buildEvent({ seriesId: ids.series, waitlistCount: 2, placesHeld: 12 });

  it('opens with Enter on an event: details, roster and the kiosk link', async () => {
    const fetchMock = stubCalendarFetch({ events: [seriesClass], roster: () => buildRoster(seriesClass) });
    renderPage();
    const event = await findEvent(/Barbell Club/);
    expect(event.getAttribute('tabindex')).toBe('0');
    expect(event.getAttribute('aria-label')).toBe('Barbell Club, 05/06/2026 6:00 AM – 7:00 AM, Full, 2 waiting');
    fireEvent.keyDown(event, { key: 'Enter' });

    const drawer = await screen.findByRole('dialog', { name: 'Class details' });
    await within(drawer).findByText('Grace Rodriguez');
    expect(url().searchParams.get('eventId')).toBe(seriesClass.eventId);
    expect(url().searchParams.get('eventType')).toBe('class');
    expect(drawer.textContent).toContain('Wednesday 05/06/2026, 6:00 AM – 7:00 AM');
    expect(drawer.textContent).toContain('Coaches: Jordan Lee');
    expect(drawer.textContent).toContain('Where: Main Floor');
    expect(drawer.textContent).toContain('Places: Full · 2 waiting');
    expect(await within(drawer).findByText(/Every week on Mon, Wed at 6:00 AM · 26 to come/)).toBeTruthy();
    const attendees = within(drawer).getByRole('list', { name: 'Attendees' });
    expect(
      within(attendees)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Grace RodriguezChecked in', 'Alex MorganBooked']);
    const waitlist = within(drawer).getByRole('list', { name: 'Waitlist' });
    expect(
      within(waitlist)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Jamie Fox', '2. Dana Scully']);
    expect(within(drawer).getByRole('link', { name: 'Open in kiosk' }).getAttribute('href')).toBe(
      `/kiosk/${seriesClass.eventId}?eventType=class&from=calendar`,
    );
    expect(callsTo(fetchMock, 'GET', `/api/classes/${seriesClass.eventId}/roster/`)).toHaveLength(1);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(url().searchParams.get('eventId')).toBeNull());
  });

  it("opens the drawer of the link's event (the kiosk's Back) and moves to its week", async () => {
    const later = buildEvent({ startDate: '2026-06-17' });
    const fetchMock = stubCalendarFetch({ events: [later], roster: () => buildRoster(later) });
    renderPage(`/calendar/scheduling?eventId=${later.eventId}&eventType=class`);
    await screen.findByRole('dialog', { name: 'Class details' });
    await waitFor(() => expect(url().searchParams.get('date')).toBe('2026-06-17'));
    await waitFor(() => expect(reads(fetchMock).at(-1)).toEqual({ start: '2026-06-14', end: '2026-06-20' }));
  });

  it('says a one-off class is one, and offers no Edit or Cancel once it has started', async () => {
    const started = buildEvent({ hasStarted: true });
    stubCalendarFetch({ events: [started], roster: () => buildRoster(started) });
    renderPage(`/calendar/scheduling?eventId=${started.eventId}&eventType=class`);
    const drawer = await screen.findByRole('dialog', { name: 'Class details' });
    await within(drawer).findByText('Started');
    expect(drawer.textContent).toContain('Repeats: One-off class');
    expect(within(drawer).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Cancel class' })).toBeNull();
  });
});

describe('CalendarPage: adding an athlete from the roster (issue 16)', () => {
  it('books an athlete into a class with places, and puts one on the waitlist of a full class', async () => {
    for (const [event, button, answer, message] of [
      [buildEvent({ placesHeld: 3 }), 'Book: Ada Lovelace', { isWaitlisted: false, waitlistPosition: null }, 'Ada Lovelace is booked.'],
      [
        buildEvent({ placesHeld: 12, waitlistCount: 2 }),
        'Add to waitlist: Ada Lovelace',
        { isWaitlisted: true, waitlistPosition: 3 },
        'Ada Lovelace is number 3 on the waitlist.',
      ],
    ] as const) {
      const ada = buildKioskAthlete({ fullName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', isReserved: false, reservationId: null });
      const booked = buildKioskAthlete({ fullName: 'Alex Morgan', isReserved: true });
      const { fetchMock, drawer } = await openDrawer(event, (u, init) => {
        if ((init.method ?? 'GET') === 'GET' && u.includes('/api/athletes/eligible-athletes'))
          return jsonResponse({ count: 2, next: null, previous: null, results: [ada, booked] });
        if (init.method === 'POST' && u.endsWith('/api/athlete-kilo-classes/')) {
          return jsonResponse(
            {
              athleteKiloClassId: ids.series,
              kiloClass: event.eventId,
              athlete: ada.athleteId,
              gym: ids.mainFloor,
              hasPastDueBills: false,
              hasUnsignedDocuments: false,
              isReserved: !answer.isWaitlisted,
              isCheckedIn: false,
              isLateCancel: false,
              isNoShow: false,
              chargeNow: false,
              chargeDate: null,
              chargeFee: null,
              taxRate: null,
              deductCredit: false,
              isCredited: false,
              registrationDatetime: new Date().toISOString(),
              ...answer,
            },
            201,
          );
        }
        return undefined;
      });
      fireEvent.change(within(drawer).getByRole('searchbox', { name: 'Add an athlete' }), { target: { value: 'ada' } });
      const add = await within(drawer).findByRole('button', { name: button }, { timeout: 3000 });
      // Athletes already in the class are not offered.
      expect(within(within(drawer).getByRole('list', { name: 'Athletes found' })).queryByText('Alex Morgan')).toBeNull();
      fireEvent.click(add);
      await screen.findByText(message);
      expect(bodyOf(fetchMock, `/api/athlete-kilo-classes/`)).toEqual({
        athlete: ada.athleteId,
        kiloClass: event.eventId,
        isReserved: true,
        isCheckedIn: false,
        joinWaitlist: true,
      });
      vi.unstubAllGlobals();
      document.body.innerHTML = '';
    }
  });
});

describe("CalendarPage: the desk's bookability decides the roster's actions (issue 33)", () => {
  it('offers the waitlist when the server says join_waitlist, whatever the counts', async () => {
    const event = buildEvent({ placesHeld: 3, bookability: { action: 'join_waitlist', reason: null } });
    const ada = buildKioskAthlete({ fullName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', isReserved: false, reservationId: null });
    const { drawer } = await openDrawer(event, (u, init) =>
      (init.method ?? 'GET') === 'GET' && u.includes('/api/athletes/eligible-athletes')
        ? jsonResponse({ count: 1, next: null, previous: null, results: [ada] })
        : undefined,
    );
    expect(within(drawer).getByText('The class is full: the athlete joins its waitlist.')).toBeTruthy();
    fireEvent.change(within(drawer).getByRole('searchbox', { name: 'Add an athlete' }), { target: { value: 'ada' } });
    expect(await within(drawer).findByRole('button', { name: 'Add to waitlist: Ada Lovelace' }, { timeout: 3000 })).toBeTruthy();
  });

  it('offers no Add an athlete, Edit or Cancel class when the server says the class takes no one', async () => {
    const event = buildEvent({ bookability: { action: null, reason: { code: 'started', message: 'This class has started.' } } });
    const { drawer } = await openDrawer(event, () => undefined);
    expect(within(drawer).queryByRole('searchbox', { name: 'Add an athlete' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Cancel class' })).toBeNull();
  });

  it('builds the fixtures as the server decides: book with places, join_waitlist when full, none once started or cancelled', () => {
    expect(buildEvent({ placesHeld: 3 }).bookability.action).toBe('book');
    expect(buildEvent({ placesHeld: 12 }).bookability.action).toBe('join_waitlist');
    expect(buildEvent({ hasStarted: true }).bookability.reason?.code).toBe('started');
    expect(buildEvent({ isCancelled: true }).bookability.reason?.code).toBe('cancelled');
  });
});

async function openDrawer(event: CalendarEvent, writes: (url: string, init: RequestInit) => Response | undefined) {
  const fetchMock = stubCalendarFetch({ events: [event], roster: () => buildRoster(event), other: writes });
  renderPage(`/calendar/scheduling?eventId=${event.eventId}&eventType=class`);
  const drawer = await screen.findByRole('dialog', { name: 'Class details' });
  await within(drawer).findByText('Grace Rodriguez');
  return { fetchMock, drawer };
}

describe('CalendarPage: edit', () => {
  const seriesClass = buildEvent({ seriesId: ids.series });
  const changeUrl = `/api/classes/${seriesClass.eventId}/`;

  it('asks which classes of the series, and sends that scope with only what changed', async () => {
    const { fetchMock, drawer } = await openDrawer(seriesClass, (u, init) =>
      init.method === 'PUT' ? jsonResponse({ changed: 5, notified: 0, promoted: 1 }) : undefined,
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Edit' }));
    // The form loads on first use.
    expect(await within(drawer).findByRole('button', { name: 'Date' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('radio', { name: 'This and following classes' }));
    // Only a single class moves to another date.
    expect(within(drawer).queryByRole('button', { name: 'Date' })).toBeNull();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Capacity' }), { target: { value: '14' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('5 classes changed. 1 athlete moved from the waitlist into a place.');
    expect(bodyOf(fetchMock, changeUrl)).toEqual({ scope: 'following', capacity: 14 });
    // Back to the details, refetched.
    await within(drawer).findByRole('button', { name: 'Edit' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/roster/').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal, e.g. a coach booked elsewhere (409)", async () => {
    const { fetchMock, drawer } = await openDrawer(seriesClass, (u, init) =>
      init.method === 'PUT' ? jsonResponse({ message: calendarMessages.coachBusy, code: 'conflict' }, 409) : undefined,
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Edit' }));
    await within(drawer).findByRole('button', { name: 'Save changes' });
    const coaches = within(drawer)
      .getAllByLabelText('Coaches')
      .find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(coaches);
    fireEvent.click(await screen.findByRole('option', { name: 'Casey Park' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));

    expect(await within(drawer).findByText(calendarMessages.coachBusy)).toBeTruthy();
    expect(bodyOf(fetchMock, changeUrl)).toEqual({ scope: 'this', coachIds: [ids.jordan, ids.casey] });
    expect(within(drawer).getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('says when nothing changed and sends nothing', async () => {
    const { fetchMock, drawer } = await openDrawer(seriesClass, () => undefined);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Edit' }));
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Save changes' }));
    expect(await within(drawer).findByText(calendarMessages.nothingToChange)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/classes/')).toHaveLength(0);
  });
});

describe('CalendarPage: cancel', () => {
  it('warns who will be emailed, sends the scope and reason, and says how many were told', async () => {
    const seriesClass = buildEvent({ seriesId: ids.series, placesHeld: 8, waitlistCount: 2 });
    const { fetchMock, drawer } = await openDrawer(seriesClass, (u, init) =>
      init.method === 'POST' ? jsonResponse({ changed: 9, notified: 31, promoted: 0 }) : undefined,
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel class' }));
    expect(drawer.textContent).toContain('10 athletes in this class (8 booked, 2 waiting) will be emailed and their bookings removed.');
    fireEvent.click(within(drawer).getByRole('radio', { name: 'All classes in the series' }));
    expect(drawer.textContent).toContain('Every athlete booked or waiting in the cancelled classes will be emailed');
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Reason/ }), { target: { value: '  Coach is ill ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel classes' }));

    expect(await within(drawer).findByText('31 athletes were emailed.')).toBeTruthy();
    expect(bodyOf(fetchMock, `/api/classes/${seriesClass.eventId}/cancel/`)).toEqual({ scope: 'all', reason: 'Coach is ill' });
  });

  it('asks no scope for a one-off class', async () => {
    const oneOff = buildEvent({ placesHeld: 0, waitlistCount: 0 });
    const { fetchMock, drawer } = await openDrawer(oneOff, (u, init) =>
      init.method === 'POST' ? jsonResponse({ changed: 1, notified: 0, promoted: 0 }) : undefined,
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel class' }));
    expect(within(drawer).queryByRole('radio')).toBeNull();
    expect(drawer.textContent).toContain('No one is booked or waiting in this class.');
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Cancel class' }).at(-1)!);
    expect(await within(drawer).findByText('0 athletes were emailed.')).toBeTruthy();
    expect(bodyOf(fetchMock, `/api/classes/${oneOff.eventId}/cancel/`)).toEqual({ scope: 'this', reason: '' });
  });
});
