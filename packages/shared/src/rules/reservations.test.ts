import { describe, expect, it } from 'vitest';
import {
  defaultSelfCheckInWindow,
  holdsPlace,
  holdsPlaceRule,
  isFull,
  isMarked,
  isOnKioskTab,
  markRule,
  selfCheckInMessages,
  selfCheckInRefusal,
  type ReservationFlags,
} from './reservations';

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

describe('selfCheckInRefusal (issue 32)', () => {
  const event = { startsAt: '2026-03-04T18:00:00.000Z', endsAt: '2026-03-04T19:00:00.000Z' };
  const at = (iso: string) => selfCheckInRefusal(event, new Date(iso), defaultSelfCheckInWindow)?.code ?? null;

  it('opens 60 minutes before the start and closes at the end by default, both ends included', () => {
    expect(at('2026-03-03T18:00:00.000Z')).toBe('self_check_in_not_open');
    expect(at('2026-03-04T16:59:59.999Z')).toBe('self_check_in_not_open');
    expect(at('2026-03-04T17:00:00.000Z')).toBeNull();
    expect(at('2026-03-04T18:30:00.000Z')).toBeNull();
    expect(at('2026-03-04T19:00:00.000Z')).toBeNull();
    expect(at('2026-03-04T19:00:00.001Z')).toBe('self_check_in_closed');
  });

  it('follows the window it is given, and says how early it opens', () => {
    const w = { opensMinutes: 0, closesMinutes: 30 };
    expect(selfCheckInRefusal(event, new Date('2026-03-04T17:59:00.000Z'), w)).toEqual({
      code: 'self_check_in_not_open',
      message: selfCheckInMessages.notOpen(0),
    });
    expect(selfCheckInRefusal(event, new Date('2026-03-04T19:30:00.000Z'), w)).toBeNull();
    expect(selfCheckInMessages.notOpen(60)).toBe('Self check-in opens 60 minutes before the start.');
  });
});
