import { describe, expect, it } from 'vitest';
import { checkAccess, demoGymRefusal, DEMO_EXPIRED_MESSAGE } from './access';
import type { AuthContext } from './session';

const base: AuthContext = {
  sessionId: 's',
  tokenHash: 'h',
  userId: 'u',
  email: 'e',
  actorUserId: 'u',
  impersonatorProfileId: null,
  isImpersonating: false,
  lastSeenAt: new Date(),
  expiresAt: new Date(Date.now() + 3600_000),
  profileId: 'p',
  profileName: null,
  role: 'staff',
  loginEnabled: true,
  gym: { gymId: 'g', title: 'G', timeZone: 'UTC', country: 'US', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false },
  athleteId: null,
  staffId: 'st',
  permissions: ['Kiosk'],
  kiloStaffId: null,
  isSalesTeam: false,
  demoGym: null,
  signingDocumentId: null,
};

const codeOf = (fn: () => void) => {
  try {
    fn();
    return 'allowed';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

// Registration (every /api route from an endpoint declaration) is tested in lib/route.test.ts.
describe('access declarations', () => {
  it('apply spec 6 to staff permissions, owners and athletes', () => {
    expect(codeOf(() => checkAccess({ kind: 'profile', permission: 'Kiosk' }, base))).toBe('allowed');
    expect(codeOf(() => checkAccess({ kind: 'profile', permission: 'GymMutate' }, base))).toBe('permission_denied');
    expect(codeOf(() => checkAccess({ kind: 'profile', permission: 'GymMutate' }, { ...base, role: 'owner', permissions: [] }))).toBe('allowed');
    expect(codeOf(() => checkAccess({ kind: 'profile', permission: 'GymMutate' }, { ...base, role: 'athlete', permissions: [] }))).toBe('allowed');
    expect(codeOf(() => checkAccess({ kind: 'profile', roles: ['owner'] }, base))).toBe('permission_denied');
    expect(codeOf(() => checkAccess({ kind: 'profile' }, null))).toBe('not_authenticated');
    expect(codeOf(() => checkAccess({ kind: 'profile' }, { ...base, profileId: null, role: null }))).toBe('profile_required');
    expect(codeOf(() => checkAccess({ kind: 'user' }, { ...base, profileId: null, role: null }))).toBe('allowed');
  });

  it('keep the sales team to routes that allow it', () => {
    const platform = { ...base, role: 'kilo_staff' as const, gym: null, kiloStaffId: 'k' };
    expect(codeOf(() => checkAccess({ kind: 'platform', salesTeam: false }, platform))).toBe('allowed');
    expect(codeOf(() => checkAccess({ kind: 'platform', salesTeam: false }, { ...platform, isSalesTeam: true }))).toBe('sales_team_denied');
    expect(codeOf(() => checkAccess({ kind: 'platform', salesTeam: true }, { ...platform, isSalesTeam: true }))).toBe('allowed');
    expect(codeOf(() => checkAccess({ kind: 'platform', salesTeam: true }, base))).toBe('permission_denied');
  });

  it('lock a demo gym once it expires or is deactivated, even mid-session', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const live = { type: 'TIME_LIMITED' as const, isActive: true, expiresAt: new Date('2026-11-21T12:00:01Z') };
    expect(demoGymRefusal(live, now)).toBeNull();
    expect(demoGymRefusal({ ...live, expiresAt: now }, now)?.message).toBe(DEMO_EXPIRED_MESSAGE);
    expect(demoGymRefusal({ ...live, isActive: false }, now)?.code).toBe('demo_inactive');
    expect(demoGymRefusal({ type: 'PERSISTENT', isActive: true, expiresAt: null }, now)).toBeNull();
    const expired = { ...base, demoGym: { ...live, expiresAt: new Date(Date.now() - 1000) } };
    expect(codeOf(() => checkAccess({ kind: 'profile', permission: 'Kiosk' }, expired))).toBe('demo_expired');
    expect(codeOf(() => checkAccess({ kind: 'user' }, expired))).toBe('allowed');
  });
});
