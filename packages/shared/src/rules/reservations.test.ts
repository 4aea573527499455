import { describe, expect, it } from 'vitest';
import { holdsPlace, holdsPlaceRule, isFull, isMarked, isOnKioskTab, markRule, type ReservationFlags } from './reservations';

/** Every combination of the five flags (32), isWaitlisted included. */
function allFlagCombinations(): Required<ReservationFlags>[] {
  return Array.from({ length: 32 }, (_, bits) => ({
    isReserved: (bits & 1) !== 0,
    isCheckedIn: (bits & 2) !== 0,
    isLateCancel: (bits & 4) !== 0,
    isNoShow: (bits & 8) !== 0,
    isWaitlisted: (bits & 16) !== 0,
  }));
}

const label = (f: Required<ReservationFlags>) =>
  Object.entries(f)
    .filter(([, on]) => on)
    .map(([flag]) => flag)
    .join('+') || 'none';

describe('holdsPlace (spec 4)', () => {
  it.each(allFlagCombinations().map((f) => [label(f), f] as const))('%s', (_name, f) => {
    // Spelled out rather than read from holdsPlaceRule, so a change of the rule shows here.
    const expected = (f.isReserved || f.isCheckedIn) && !f.isLateCancel && !f.isNoShow && !f.isWaitlisted;
    expect(holdsPlace(f)).toBe(expected);
  });

  it('treats an absent isWaitlisted as not waitlisted (appointments have none)', () => {
    expect(holdsPlace({ isReserved: true, isCheckedIn: false, isLateCancel: false, isNoShow: false })).toBe(true);
    expect(holdsPlace({ isReserved: false, isCheckedIn: true, isLateCancel: false, isNoShow: false })).toBe(true);
    expect(holdsPlace({ isReserved: false, isCheckedIn: false, isLateCancel: false, isNoShow: false })).toBe(false);
  });

  it('is defined over all five flags, each named once', () => {
    const named = [...holdsPlaceRule.anyOf, ...holdsPlaceRule.noneOf];
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(['isCheckedIn', 'isLateCancel', 'isNoShow', 'isReserved', 'isWaitlisted']);
  });
});

describe('isOnKioskTab (spec 4)', () => {
  it.each(allFlagCombinations().map((f) => [label(f), f] as const))('%s', (_name, f) => {
    const holds = (f.isReserved || f.isCheckedIn) && !f.isLateCancel && !f.isNoShow && !f.isWaitlisted;
    const reservedTab = isOnKioskTab(f, 'reserved');
    const checkedInTab = isOnKioskTab(f, 'checkedIn');
    expect(reservedTab).toBe(holds && f.isReserved && !f.isCheckedIn);
    expect(checkedInTab).toBe(holds && f.isCheckedIn);
    // Never on both tabs; on one exactly when it holds a place.
    expect(reservedTab && checkedInTab).toBe(false);
    expect(reservedTab || checkedInTab).toBe(holds);
  });
});

describe('isMarked', () => {
  it('is a late cancel or a no show', () => {
    for (const f of allFlagCombinations()) expect(isMarked(f)).toBe(f.isLateCancel || f.isNoShow);
  });
});

describe('markRule (spec 4)', () => {
  it.each([
    [false, false, { offered: false, enabled: false }],
    [false, true, { offered: false, enabled: false }],
    [true, false, { offered: true, enabled: true }],
    [true, true, { offered: true, enabled: false }],
  ] as const)('credited %s, checked in %s', (isCredited, isCheckedIn, expected) => {
    expect(markRule({ isCredited, isCheckedIn })).toEqual(expected);
  });
});

describe('isFull', () => {
  it('is full once the places held reach the capacity (a walk-in may go past it)', () => {
    expect(isFull(9, 10)).toBe(false);
    expect(isFull(10, 10)).toBe(true);
    expect(isFull(11, 10)).toBe(true);
    expect(isFull(0, 1)).toBe(false);
  });
});
