import type { AppointmentType, ClassType, EventSetupOptions, Gym, GymLocation, Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';

export const GYM_ID = '22222222-2222-4222-8222-222222222222';
let n = 0;
export const uuid = () => `77777777-7777-4777-8777-${String(++n).padStart(12, '0')}`;

export function ownerSession(): Session {
  return buildSession({
    role: 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
    staff: { staffId: uuid(), permissions: [] },
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
  eventSettings: { classes: { taxRate: { taxRateId: '88888888-8888-4888-8888-888888888888', name: 'Sales Tax' } } },
};

export const options: EventSetupOptions = {
  taxRates: [{ taxRateId: '88888888-8888-4888-8888-888888888888', name: 'Sales Tax', percent: '8.25' }],
  coaches: [
    { staffId: '99999999-9999-4999-8999-000000000001', fullName: 'Dana Whitfield' },
    { staffId: '99999999-9999-4999-8999-000000000002', fullName: 'Marcus Reyes' },
  ],
};

export function buildClassType(o: Partial<ClassType> = {}): ClassType {
  return {
    classTypeId: uuid(),
    name: 'CrossFit WOD',
    color: 'blue',
    description: '',
    defaultDurationMinutes: 60,
    defaultCapacity: 16,
    cancellationFeeMinor: 1500,
    noShowFeeMinor: 3000,
    cancellationCreditDeduction: 1,
    noShowCreditDeduction: 1,
    taxRate: null,
    bookingOpensDays: 7,
    bookingClosesMinutes: 15,
    lateCancelCutoffMinutes: 120,
    waitlistEnabled: true,
    waitlistSize: 10,
    promotionCutoffMinutes: 60,
    isArchived: false,
    archivedAt: null,
    inUse: true,
    upcomingCount: 12,
    ...o,
  };
}

export function buildAppointmentType(o: Partial<AppointmentType> = {}): AppointmentType {
  return {
    appointmentTypeId: uuid(),
    name: 'Personal Training',
    color: 'cyan',
    description: '',
    durationMinutes: 60,
    priceMinor: 8500,
    bufferMinutes: 10,
    capacity: 1,
    lateCancelCutoffMinutes: 1440,
    cancellationFeeMinor: 3000,
    noShowFeeMinor: 4500,
    cancellationCreditDeduction: 1,
    noShowCreditDeduction: 1,
    taxRate: null,
    coaches: [options.coaches[0]!],
    isArchived: false,
    archivedAt: null,
    inUse: false,
    upcomingCount: 0,
    ...o,
  };
}

export function buildLocation(o: Partial<GymLocation> = {}): GymLocation {
  const locationId = o.locationId ?? uuid();
  return { locationId, name: 'Main Floor', isArchived: false, archivedAt: null, inUse: true, rooms: [], ...o };
}

export const pageOf = <T>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

/** The fetch stub with the gym and the forms' options answering themselves. */
export function stubSetupFetch(handler: FetchHandler = () => undefined) {
  return stubFetch((url, init) => {
    if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
    if (url === '/api/event-setup/options/') return jsonResponse(options);
    return handler(url, init);
  });
}
