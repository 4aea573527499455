import { describe, expect, it } from 'vitest';
import { bannerMessages } from '@spotter/shared';
import { bannerValues, newBannerValues, toBannerInput, toInstant, toWallClock } from './banner-form';

const NOW = new Date('2026-03-04T20:30:00.000Z');

describe('the banner form', () => {
  it("reads and writes the window in the gym's time zone", () => {
    expect(toInstant('2026-03-05 09:00:00', 'America/Chicago')).toBe('2026-03-05T15:00:00.000Z');
    expect(toInstant('2026-07-05 09:00', 'Europe/London')).toBe('2026-07-05T08:00:00.000Z');
    expect(toWallClock('2026-03-05T15:00:00.000Z', 'America/Chicago')).toBe('2026-03-05 09:00:00');
    expect(toInstant(null, 'UTC')).toBeNull();
    const banner = {
      bannerId: 'b',
      title: 'T',
      message: '<p>M</p>',
      audiences: ['athletes' as const],
      startsAt: '2026-03-05T15:00:00.000Z',
      endsAt: null,
      state: 'scheduled' as const,
      createdAt: '',
      updatedAt: '',
    };
    expect(bannerValues(banner, 'America/Chicago')).toEqual({
      title: 'T',
      message: '<p>M</p>',
      audiences: ['athletes'],
      startsAt: '2026-03-05 09:00:00',
      endsAt: null,
    });
  });

  it("gives the server's body, or the server's messages", () => {
    const ok = toBannerInput({ ...newBannerValues(), title: ' Hello ', message: '<p>Hi</p>', startsAt: '2026-03-05 09:00:00' }, 'America/Chicago', NOW);
    expect(ok).toEqual({
      input: { title: 'Hello', message: '<p>Hi</p>', audiences: ['gym_staff', 'athletes'], startsAt: '2026-03-05T15:00:00.000Z', endsAt: null },
    });

    expect(toBannerInput({ ...newBannerValues(), message: '<p></p>', audiences: [] }, 'UTC', NOW)).toEqual({
      errors: { title: bannerMessages.titleRequired, message: bannerMessages.messageRequired, audiences: bannerMessages.audiencesRequired },
    });
    expect(toBannerInput({ ...newBannerValues(), title: 'T', message: '<p>x</p>', endsAt: '2026-03-04 20:00:00' }, 'UTC', NOW)).toEqual({
      errors: { endsAt: bannerMessages.endInPast },
    });
    expect(
      toBannerInput({ ...newBannerValues(), title: 'T', message: '<p>x</p>', startsAt: '2026-03-06 10:00:00', endsAt: '2026-03-06 09:00:00' }, 'UTC', NOW),
    ).toEqual({
      errors: { endsAt: bannerMessages.windowInvalid },
    });
  });
});
