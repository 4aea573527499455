import { describe, expect, it } from 'vitest';
import { formatGymInstant, zoneAbbreviation } from './gym-instant';

const chicago = { timeZone: 'America/Chicago', country: 'US' } as const;
const london = { timeZone: 'Europe/London', country: 'GB' } as const;
const winter = '2026-01-15T17:13:00Z';
const summer = '2026-07-15T16:13:00Z';

describe('formatGymInstant (issue 23: one instant, one stated zone)', () => {
  it("tells a Chicago gym's instant in Chicago time, 12-hour, with CST in winter and CDT in summer", () => {
    expect(formatGymInstant(winter, chicago)).toBe('01/15/2026 11:13 AM CST');
    expect(formatGymInstant(summer, chicago)).toBe('07/15/2026 11:13 AM CDT');
  });

  it("tells a London gym's instant in London time, 24-hour and day first, with GMT in winter and BST in summer", () => {
    expect(formatGymInstant(winter, london)).toBe('15/01/2026 17:13 GMT');
    expect(formatGymInstant(summer, london)).toBe('15/07/2026 17:13 BST');
  });

  it('reads the zone at the instant, across the spring-forward morning', () => {
    // Chicago moved to daylight time at 08:00 UTC on 2026-03-08.
    expect(formatGymInstant('2026-03-08T07:30:00Z', chicago)).toBe('03/08/2026 1:30 AM CST');
    expect(formatGymInstant('2026-03-08T08:30:00Z', chicago)).toBe('03/08/2026 3:30 AM CDT');
    expect(formatGymInstant(new Date('2026-03-08T08:30:00Z'), { timeZone: 'America/Toronto', country: 'CA' })).toBe('03/08/2026 4:30 AM EDT');
  });

  it("names a zone outside the gym's own locale by its local abbreviation, and keeps the offset where there is none", () => {
    expect(zoneAbbreviation(new Date(summer), 'Europe/London', 'US')).toBe('BST');
    expect(zoneAbbreviation(new Date(summer), 'America/Chicago', 'GB')).toBe('CDT');
    expect(zoneAbbreviation(new Date(winter), 'Asia/Tokyo', 'US')).toBe('GMT+9');
    expect(zoneAbbreviation(new Date(winter), 'UTC', 'GB')).toBe('UTC');
  });
});
