import type { KioskAthlete, Profile, Session } from '@spotter/shared';

let counter = 0;
const nextId = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export const TEST_USER_ID = '11111111-1111-4111-8111-111111111111';

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    user: { userId: TEST_USER_ID, email: 'person@example.com' },
    role: null,
    gym: null,
    profile: null,
    athlete: null,
    staff: null,
    kiloStaff: null,
    demoGym: null,
    isImpersonating: false,
    ...overrides,
  };
}

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    profileId: nextId(),
    user: TEST_USER_ID,
    role: 'athlete',
    fullName: 'Alex Morgan',
    gymTitle: 'Iron Temple Barbell',
    gymLogo: null,
    gymTimeZone: 'America/Chicago',
    gymCountry: 'US',
    isDefault: false,
    loginEnabled: true,
    demoGym: null,
    athleteGym: null,
    isLinked: false,
    linkedProfiles: [],
    ...overrides,
  };
}

/** An athlete as the kiosk's lists (and their eligible search) answer one: reserved and credited by default. */
export function buildKioskAthlete(overrides: Partial<KioskAthlete> = {}): KioskAthlete {
  return {
    athleteId: nextId(),
    fullName: 'Grace Rodriguez',
    firstName: 'Grace',
    lastName: 'Rodriguez',
    profilePicture: null,
    notes: [],
    isReserved: true,
    isCheckedIn: false,
    hasPastDueBills: false,
    hasUnsignedDocuments: false,
    reservationId: nextId(),
    isLateCancel: false,
    isNoShow: false,
    isCredited: true,
    registrationDatetime: new Date().toISOString(),
    ...overrides,
  };
}
