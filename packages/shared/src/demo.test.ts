import { describe, expect, it } from 'vitest';
import { demoCountdown, demoTypeLabel, isDemoProfileBlocked, isSessionDemoEnded } from './demo';

const now = new Date('2025-01-10T12:00:00Z');
const hoursFromNow = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe('isSessionDemoEnded', () => {
  const live = { type: 'TIME_LIMITED', isActive: true, expiresAt: hoursFromNow(5) };
  it('ends a session inside a switched-off or expired demo, at the moment of expiry', () => {
    expect(isSessionDemoEnded({ role: 'owner', demoGym: live }, now)).toBe(false);
    expect(isSessionDemoEnded({ role: 'owner', demoGym: { ...live, isActive: false } }, now)).toBe(true);
    expect(isSessionDemoEnded({ role: 'athlete', demoGym: { ...live, expiresAt: now.toISOString() } }, now)).toBe(true);
    expect(isSessionDemoEnded({ role: 'staff', demoGym: { ...live, expiresAt: new Date(now.getTime() + 1).toISOString() } }, now)).toBe(false);
  });
  it('never ends a persistent demo, a session without a profile, or platform staff', () => {
    expect(isSessionDemoEnded({ role: 'owner', demoGym: { type: 'PERSISTENT', isActive: true, expiresAt: null } }, now)).toBe(false);
    expect(isSessionDemoEnded({ role: null, demoGym: { ...live, isActive: false } }, now)).toBe(false);
    expect(isSessionDemoEnded({ role: 'kilo_staff', demoGym: { ...live, isActive: false } }, now)).toBe(false);
    expect(isSessionDemoEnded(null, now)).toBe(false);
  });
});

describe('isDemoProfileBlocked', () => {
  it('never blocks a profile without a demo gym', () => {
    expect(isDemoProfileBlocked({ loginEnabled: false, demoGym: null }, now)).toBe(false);
  });
  it('blocks inactive, login-disabled and expired demos', () => {
    const demo = { type: 'TIME_LIMITED', isActive: true, expiresAt: hoursFromNow(5) };
    expect(isDemoProfileBlocked({ loginEnabled: true, demoGym: demo }, now)).toBe(false);
    expect(isDemoProfileBlocked({ loginEnabled: false, demoGym: demo }, now)).toBe(true);
    expect(isDemoProfileBlocked({ loginEnabled: true, demoGym: { ...demo, isActive: false } }, now)).toBe(true);
    expect(isDemoProfileBlocked({ loginEnabled: true, demoGym: { ...demo, expiresAt: hoursFromNow(-1) } }, now)).toBe(true);
    expect(isDemoProfileBlocked({ loginEnabled: true, demoGym: { ...demo, type: 'PERSISTENT', expiresAt: null } }, now)).toBe(false);
  });
});

describe('demoCountdown', () => {
  it('follows the colour bands and text forms of spec 4', () => {
    expect(demoCountdown(hoursFromNow(60), now)).toMatchObject({ text: '2d left', color: 'blue', progress: 100 });
    expect(demoCountdown(hoursFromNow(24), now)).toMatchObject({ text: '1d left', color: 'yellow', progress: 50 });
    expect(demoCountdown(hoursFromNow(12), now)).toMatchObject({ text: '12h left', color: 'red', progress: 25 });
    expect(demoCountdown(hoursFromNow(0.5), now)).toMatchObject({ text: '30m left', color: 'red' });
    expect(demoCountdown(hoursFromNow(-1), now)).toMatchObject({ text: '0h left', color: 'gray', progress: 0, isExpired: true });
  });
  it('replaces underscores in the demo type', () => {
    expect(demoTypeLabel('TIME_LIMITED')).toBe('TIME LIMITED');
  });
});
