import { describe, expect, it } from 'vitest';
import { createDemoGymInputSchema, demoGymState, demoRemainingSeconds, extendedExpiry, isValidTimeZone, platformMessages } from './platform';

const now = new Date('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;

describe('demo gym state', () => {
  it('is inactive when switched off, expired when a TIME_LIMITED expiry has passed, else active', () => {
    expect(demoGymState({ type: 'TIME_LIMITED', isActive: false, expiresAt: new Date(now.getTime() + HOUR) }, now)).toBe('inactive');
    expect(demoGymState({ type: 'TIME_LIMITED', isActive: true, expiresAt: now }, now)).toBe('expired');
    expect(demoGymState({ type: 'TIME_LIMITED', isActive: true, expiresAt: new Date(now.getTime() + 1) }, now)).toBe('active');
    expect(demoGymState({ type: 'PERSISTENT', isActive: true, expiresAt: null }, now)).toBe('active');
  });

  it('counts whole seconds left, 0 once passed, null without an expiry', () => {
    expect(demoRemainingSeconds(new Date(now.getTime() + 90_500), now)).toBe(90);
    expect(demoRemainingSeconds(new Date(now.getTime() - HOUR), now)).toBe(0);
    expect(demoRemainingSeconds(null, now)).toBeNull();
  });

  it('extends by 48 hours from the later of now and the expiry', () => {
    expect(extendedExpiry(new Date(now.getTime() - HOUR), now).getTime()).toBe(now.getTime() + 48 * HOUR);
    expect(extendedExpiry(new Date(now.getTime() + HOUR), now).getTime()).toBe(now.getTime() + 49 * HOUR);
    expect(extendedExpiry(null, now).getTime()).toBe(now.getTime() + 48 * HOUR);
  });
});

describe('new demo gym input', () => {
  it('accepts IANA zones and refuses abbreviations and unknown zones', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('EST')).toBe(false);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('defaults the type and country, and gives the spec texts', () => {
    expect(createDemoGymInputSchema.parse({ title: ' Gym ', prospectName: 'Jo Lee', prospectEmail: 'jo@example.com' })).toEqual({
      title: 'Gym',
      type: 'TIME_LIMITED',
      country: 'US',
      prospectName: 'Jo Lee',
      prospectEmail: 'jo@example.com',
    });
    const bad = createDemoGymInputSchema.safeParse({ title: '', prospectName: 'Jo', prospectEmail: 'jo@example.com', timeZone: 'EST' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([platformMessages.titleRequired, platformMessages.timeZoneInvalid]);
  });
});
