import { describe, expect, it } from 'vitest';
import { demoEndText } from './demo-expired-modal';

describe('demoEndText', () => {
  it("tells the demo's end in the gym's zone, named, and the gym's date and clock format", () => {
    const end = '2026-03-08T08:30:00Z';
    // Chicago moved to daylight time at 08:00 UTC that morning: 3:30 AM CDT, not 2:30 AM.
    expect(demoEndText(end, { gymTimeZone: 'America/Chicago', gymCountry: 'US' })).toBe('03/08/2026 3:30 AM CDT');
    expect(demoEndText(end, { gymTimeZone: 'Europe/London', gymCountry: 'GB' })).toBe('08/03/2026 08:30 GMT');
    expect(demoEndText(end, { gymTimeZone: 'America/Toronto', gymCountry: 'CA' })).toBe('03/08/2026 4:30 AM EDT');
  });
});
