import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@spotter/shared';
import { initAnalytics, resetAnalytics, resetAnalyticsForTests, setAnalyticsSession, trackEvent, trackPageView, type AnalyticsClient } from './analytics';

function fakeClient(overrides: Partial<AnalyticsClient> = {}): AnalyticsClient {
  return { init: vi.fn(), capture: vi.fn(), identify: vi.fn(), reset: vi.fn(), startSessionRecording: vi.fn(), ...overrides };
}

const session = {
  user: { userId: 'u1', email: 'a@example.com' },
  role: 'staff',
  gym: { gymId: 'g1', title: 'Gym', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false },
  profile: { profileId: 'p1' },
  athlete: null,
  staff: { staffId: 's1', permissions: ['Kiosk'] },
  kiloStaff: null,
  demoGym: null,
  isImpersonating: false,
} as Session;

afterEach(() => {
  resetAnalyticsForTests();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it('does not load at all without a token', async () => {
    const load = vi.fn(async () => fakeClient());
    await initAnalytics({ analyticsToken: null, environment: 'test' }, load);
    expect(load).not.toHaveBeenCalled();
    expect(() => trackEvent('check_in')).not.toThrow();
  });

  it('initialises without autocapture or page-view tracking, persisting to local storage', async () => {
    const client = fakeClient();
    await initAnalytics({ analyticsToken: 'phc_x', environment: 'production' }, async () => client);
    expect(client.init).toHaveBeenCalledWith(
      'phc_x',
      expect.objectContaining({ autocapture: false, capture_pageview: false, persistence: 'localStorage', disable_session_recording: true }),
    );
  });

  it('records about 5 % of sessions, deciding once per browser session', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.01);
    const recorded = fakeClient();
    await initAnalytics({ analyticsToken: 'phc_x', environment: 'test' }, async () => recorded);
    expect(recorded.startSessionRecording).toHaveBeenCalled();
    resetAnalyticsForTests();
    sessionStorage.clear();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const notRecorded = fakeClient();
    await initAnalytics({ analyticsToken: 'phc_x', environment: 'test' }, async () => notRecorded);
    expect(notRecorded.startSessionRecording).not.toHaveBeenCalled();
  });

  it('stamps every event with time, environment, role, gym and profile, and cuts values to 255 characters', async () => {
    const client = fakeClient();
    await initAnalytics({ analyticsToken: 'phc_x', environment: 'production' }, async () => client);
    setAnalyticsSession(session);
    trackEvent('check_in', { athleteName: 'x'.repeat(300) });
    const [event, props] = (client.capture as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(event).toBe('check_in');
    expect(props).toMatchObject({ environment: 'production', role: 'staff', gymId: 'g1', profileId: 'p1', timestamp: expect.any(String) });
    expect((props as { athleteName: string }).athleteName).toHaveLength(255);
    expect(client.identify).toHaveBeenCalledWith('u1');
  });

  it('records page views with the path, previous path and seconds spent', async () => {
    const client = fakeClient();
    await initAnalytics({ analyticsToken: 'phc_x', environment: 'test' }, async () => client);
    trackPageView('/kiosk', '/', 12);
    expect(client.capture).toHaveBeenCalledWith('page_view', expect.objectContaining({ path: '/kiosk', previousPath: '/', secondsSpent: 12 }));
  });

  it('resets the identity on logout and keeps failures in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = fakeClient({
      capture: vi.fn(() => {
        throw new Error('blocked by an ad blocker');
      }),
    });
    await initAnalytics({ analyticsToken: 'phc_x', environment: 'test' }, async () => client);
    expect(() => trackEvent('x')).not.toThrow();
    expect(error).toHaveBeenCalled();
    resetAnalytics();
    expect(client.reset).toHaveBeenCalled();
  });

  it('survives a loader that fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await initAnalytics({ analyticsToken: 'phc_x', environment: 'test' }, async () => {
      throw new Error('offline');
    });
    expect(error).toHaveBeenCalled();
    expect(() => trackEvent('x')).not.toThrow();
  });
});
