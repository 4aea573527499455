import {
  deskBookabilityOf,
  fromZoned,
  type CalendarEvent,
  type CalendarOptions,
  type GymCountry,
  type RosterAnswer,
  type RosterEntry,
  type Series,
  type Session,
} from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';

export const GYM_ID = '22222222-2222-4222-8222-222222222222';
let n = 0;
export const uuid = () => `44444444-4444-4444-8444-${String(++n).padStart(12, '0')}`;

export const ids = {
  crossfit: '55555555-5555-4555-8555-000000000001',
  barbell: '55555555-5555-4555-8555-000000000002',
  mainFloor: '55555555-5555-4555-8555-000000000011',
  annex: '55555555-5555-4555-8555-000000000012',
  platformRoom: '55555555-5555-4555-8555-000000000021',
  studio: '55555555-5555-4555-8555-000000000022',
  jordan: '55555555-5555-4555-8555-000000000031',
  casey: '55555555-5555-4555-8555-000000000032',
  series: '55555555-5555-4555-8555-000000000041',
};

export function ownerSession(overrides: Partial<Session> = {}): Session {
  return buildSession({
    role: 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
    staff: { staffId: ids.jordan, permissions: [] },
    ...overrides,
  });
}

export function buildOptions(overrides: Partial<CalendarOptions> = {}): CalendarOptions {
  return {
    timeZone: 'America/Chicago',
    country: 'US',
    classTypes: [
      { classTypeId: ids.crossfit, name: 'CrossFit WOD', color: 'blue', defaultDurationMinutes: 60, defaultCapacity: 16 },
      { classTypeId: ids.barbell, name: 'Barbell Club', color: 'orange', defaultDurationMinutes: 75, defaultCapacity: 12 },
    ],
    appointmentTypes: [{ appointmentTypeId: uuid(), name: 'PT Session', color: 'cyan', durationMinutes: 60 }],
    locations: [
      {
        locationId: ids.mainFloor,
        name: 'Main Floor',
        rooms: [
          { roomId: ids.platformRoom, name: 'Platform Room' },
          { roomId: ids.studio, name: 'Studio' },
        ],
      },
      { locationId: ids.annex, name: 'Annex', rooms: [] },
    ],
    coaches: [
      { staffId: ids.jordan, fullName: 'Jordan Lee' },
      { staffId: ids.casey, fullName: 'Casey Park' },
    ],
    ...overrides,
  };
}

/** A class at a local date and time of a zone, its instants and bookability (unless given) computed as the server would. */
export function buildEvent(overrides: Partial<CalendarEvent> & { timeZone?: string } = {}): CalendarEvent {
  const { timeZone = 'America/Chicago', bookability, ...rest } = overrides;
  const startDate = rest.startDate ?? '2026-05-06';
  const startTime = rest.startTime ?? '06:00:00';
  const duration = rest.duration ?? 60;
  const startsAt = fromZoned(startDate, startTime, timeZone);
  const read: Omit<CalendarEvent, 'bookability'> = {
    eventId: uuid(),
    kind: 'class',
    typeId: ids.barbell,
    name: 'Barbell Club',
    color: 'orange',
    startDate,
    startTime,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + duration * 60_000).toISOString(),
    duration,
    capacity: 12,
    placesHeld: 8,
    waitlistCount: 0,
    location: { locationId: ids.mainFloor, name: 'Main Floor' },
    room: null,
    coaches: [{ staffId: ids.jordan, fullName: 'Jordan Lee', role: 'coach' }],
    seriesId: null,
    isCancelled: false,
    cancelReason: null,
    hasStarted: false,
    ...rest,
  };
  return { ...read, bookability: bookability ?? deskBookabilityOf(read) };
}

export function rosterEntry(overrides: Partial<RosterEntry> & { name: string }): RosterEntry {
  const { name, ...rest } = overrides;
  return {
    reservationId: uuid(),
    athlete: { athleteId: uuid(), fullName: name },
    isReserved: true,
    isCheckedIn: false,
    isWaitlisted: false,
    waitlistPosition: null,
    registrationDatetime: '2026-05-01T12:00:00.000Z',
    ...rest,
  };
}

export function buildRoster(event: CalendarEvent, country: GymCountry = 'US'): RosterAnswer {
  return {
    timeZone: 'America/Chicago',
    country,
    event,
    attendees: [rosterEntry({ name: 'Grace Rodriguez', isCheckedIn: true }), rosterEntry({ name: 'Alex Morgan' })],
    waitlist: [
      rosterEntry({ name: 'Jamie Fox', isReserved: false, isWaitlisted: true, waitlistPosition: 1 }),
      rosterEntry({ name: 'Dana Scully', isReserved: false, isWaitlisted: true, waitlistPosition: 2 }),
    ],
  };
}

export function buildSeries(overrides: Partial<Series> = {}): Series {
  return {
    seriesId: ids.series,
    classTypeId: ids.barbell,
    name: 'Barbell Club',
    weekdays: [1, 3],
    interval: 1,
    startTime: '06:00:00',
    durationMinutes: 60,
    capacity: 12,
    firstDate: '2026-05-04',
    lastDate: null,
    rrule: 'DTSTART;TZID=America/Chicago:20260504T060000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE',
    location: null,
    room: null,
    coaches: [],
    materializedThrough: '2026-08-03',
    upcomingCount: 26,
    ...overrides,
  };
}

type CalendarStub = {
  options?: CalendarOptions;
  events?: CalendarEvent[] | ((query: URLSearchParams) => CalendarEvent[]);
  roster?: (eventId: string) => RosterAnswer | undefined;
  series?: Series;
  /** The calendar read fails with a 500. */
  failCalendar?: boolean;
  other?: FetchHandler;
};

/** The calendar's reads answered from fixtures; writes go to `other` (a 404 unless it answers). */
export function stubCalendarFetch({ options = buildOptions(), events = [], roster, series = buildSeries(), failCalendar = false, other }: CalendarStub = {}) {
  return stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const { pathname, searchParams } = new URL(url, 'http://test.invalid');
    if (method === 'GET' && pathname === '/api/calendar/options/') return jsonResponse(options);
    if (method === 'GET' && pathname === '/api/calendar/') {
      if (failCalendar) return jsonResponse({ message: 'Something broke.', code: 'internal' }, 500);
      const results = typeof events === 'function' ? events(searchParams) : events;
      return jsonResponse({ timeZone: options.timeZone, country: options.country, start: searchParams.get('start'), end: searchParams.get('end'), results });
    }
    const rosterMatch = pathname.match(/^\/api\/classes\/([^/]+)\/roster\/$/);
    if (method === 'GET' && rosterMatch) {
      const answer = roster?.(rosterMatch[1]!);
      return answer ? jsonResponse(answer) : jsonResponse({ message: 'Class not found.', code: 'not_found' }, 404);
    }
    if (method === 'GET' && pathname.startsWith('/api/class-series/')) return jsonResponse(series);
    return other?.(url, init);
  });
}
