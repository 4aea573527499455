import { defaultKioskSettings, type Gym, type KioskAthlete, type KioskEvent, type KioskEventDetail, type KioskSettings, type Session } from '@spotter/shared';
import { buildKioskAthlete, buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';

export const GYM_ID = '22222222-2222-4222-8222-222222222222';
export const EVENT_ID = '33333333-3333-4333-8333-333333333333';
let n = 0;
const uuid = () => `44444444-4444-4444-8444-${String(++n).padStart(12, '0')}`;

export function staffSession(overrides: Partial<Session> = {}): Session {
  return buildSession({
    role: 'staff',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
    staff: { staffId: uuid(), permissions: ['Kiosk'] },
    ...overrides,
  });
}

export const gym: Gym = {
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
};

export function buildEvent(overrides: Partial<KioskEvent> = {}): KioskEvent {
  const start = Date.now() - 10 * 60_000;
  return {
    eventId: EVENT_ID,
    eventType: 'kilo_class_type',
    genesisEventType: 'kilo_class_type',
    eventName: 'CrossFit WOD',
    startDate: '2026-05-04',
    startTime: '11:00:00',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3_600_000).toISOString(),
    duration: 60,
    location: { locationId: uuid(), name: 'Main Floor' },
    capacity: 12,
    attendeeCount: 12,
    athletesAttended: 3,
    firstAttendee: 'Alexandria Morgan',
    coaches: [],
    athleteKiloClasses: [],
    athleteAppointments: [],
    ...overrides,
  };
}

/** An athlete as the kiosk's lists answer one (testing/factories.ts). */
export const buildAthlete = buildKioskAthlete;

export function buildDetail(results: KioskAthlete[], event: Partial<KioskEvent> = {}): KioskEventDetail {
  const { athleteKiloClasses: _a, athleteAppointments: _b, ...summary } = buildEvent(event);
  return { event: summary, count: results.length, next: null, previous: null, results };
}

export const page = <T>(results: T[]) => jsonResponse({ count: results.length, next: null, previous: null, results });

/** The shared fetch stub, with the gym and its kiosk settings answering themselves (every kiosk screen reads them first). */
export function stubKioskFetch(handler: FetchHandler, kiosk: Partial<KioskSettings> = {}) {
  return stubFetch((url, init) =>
    url === `/api/gyms/${GYM_ID}/`
      ? jsonResponse(gym)
      : url === '/api/kiosk/settings/'
        ? jsonResponse({ ...defaultKioskSettings, ...kiosk })
        : handler(url, init),
  );
}
