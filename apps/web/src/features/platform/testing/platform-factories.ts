import type { DemoGym, ImpersonationAudit, Page, PlatformAthlete, PlatformGym, PlatformStaff } from '@spotter/shared';

let counter = 0;
const nextId = () => {
  counter += 1;
  return `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`;
};

export function pageOf<T>(results: T[], count = results.length): Page<T> {
  return { count, next: null, previous: null, results };
}

export function buildPlatformGym(overrides: Partial<PlatformGym> = {}): PlatformGym {
  return {
    gymId: nextId(),
    title: 'Iron Temple Barbell',
    country: 'US',
    owner: { fullName: 'Olivia Owner', email: 'owner@example.com' },
    activeAthletes: 118,
    staffCount: 6,
    stripeStatus: 'Active',
    createdAt: '2025-03-04T12:00:00.000Z',
    ...overrides,
  };
}

export function buildDemoGym(overrides: Partial<DemoGym> = {}): DemoGym {
  return {
    demoGymId: nextId(),
    gymId: nextId(),
    title: 'Prospect Barbell',
    country: 'US',
    timeZone: 'America/New_York',
    type: 'TIME_LIMITED',
    state: 'active',
    isActive: true,
    expiresAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
    remainingSeconds: 30 * 3600,
    owner: { fullName: 'Pat Prospect', email: 'demo-abc@demo.spotter.app' },
    prospect: { name: 'Pat Prospect', email: 'pat@prospect.com', phone: null },
    createdAt: '2025-03-04T12:00:00.000Z',
    createdBy: { fullName: 'Sam Sales', email: 'sales@example.com' },
    ...overrides,
  };
}

export function buildPlatformStaff(overrides: Partial<PlatformStaff> = {}): PlatformStaff {
  return {
    profileId: nextId(),
    staffId: nextId(),
    fullName: 'Olivia Owner',
    email: 'owner@example.com',
    loginEnabled: true,
    role: 'owner',
    isCoach: false,
    ...overrides,
  };
}

export function buildPlatformAthlete(overrides: Partial<PlatformAthlete> = {}): PlatformAthlete {
  return { profileId: nextId(), athleteId: nextId(), fullName: 'Avery Athlete', email: 'avery@example.com', loginEnabled: true, isActive: true, ...overrides };
}

export function buildAudit(overrides: Partial<ImpersonationAudit> = {}): ImpersonationAudit {
  return {
    impersonationAuditId: nextId(),
    action: 'start',
    createdAt: '2025-03-04T12:00:00.000Z',
    ip: '127.0.0.1',
    platformStaff: { userId: nextId(), fullName: 'Pia Platform', email: 'platform@example.com' },
    profile: { profileId: nextId(), fullName: 'Olivia Owner', role: 'owner' },
    ...overrides,
  };
}
