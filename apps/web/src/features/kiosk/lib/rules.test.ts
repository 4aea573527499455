import { describe, expect, it } from 'vitest';
import { startsInLabel, timingStatus } from './event-timing';
import { attendanceLabel, firstAttendeeLabel, namesLabel, truncateName, appointmentNamesShown } from './labels';
import { athletesOfTab, backPath, matchesName } from './athlete-lists';
import { gymToday } from './dates';

const MIN = 60_000;
const at = (iso: string) => new Date(iso);

describe('timing status (spec 4)', () => {
  const startsAt = '2026-05-04T15:00:00.000Z';
  const endsAt = '2026-05-04T16:00:00.000Z';
  it('is upcoming with minutes under an hour, rounded up', () => {
    expect(timingStatus(startsAt, endsAt, at('2026-05-04T14:30:30.000Z'))).toEqual({ state: 'upcoming', label: 'Starts in 30 Min(s)', color: 'blue' });
    expect(startsInLabel(1)).toBe('Starts in 1 Min(s)');
    expect(startsInLabel(59 * MIN)).toBe('Starts in 59 Min(s)');
  });
  it('counts hours under a day and days beyond, rounded up', () => {
    expect(startsInLabel(60 * MIN)).toBe('Starts in 1 Hour(s)');
    expect(startsInLabel(61 * MIN)).toBe('Starts in 2 Hour(s)');
    expect(startsInLabel(23 * 60 * MIN)).toBe('Starts in 23 Hour(s)');
    expect(startsInLabel(24 * 60 * MIN)).toBe('Starts in 1 Day(s)');
    expect(startsInLabel(25 * 60 * MIN)).toBe('Starts in 2 Day(s)');
  });
  it('is ongoing from the start (green) and ended from the end (neutral)', () => {
    expect(timingStatus(startsAt, endsAt, at(startsAt))).toMatchObject({ state: 'ongoing', color: 'green' });
    expect(timingStatus(startsAt, endsAt, at('2026-05-04T15:59:59.000Z')).state).toBe('ongoing');
    expect(timingStatus(startsAt, endsAt, at(endsAt))).toMatchObject({ state: 'ended', color: 'gray' });
  });
});

describe('card labels (spec 4 / 9)', () => {
  it("says 'Full' at or above capacity (walk-ins may exceed it), otherwise count / capacity", () => {
    expect(attendanceLabel(11, 12)).toBe('11 / 12');
    expect(attendanceLabel(12, 12)).toBe('Full');
    expect(attendanceLabel(14, 12)).toBe('Full');
    expect(attendanceLabel(0, 12)).toBe('0 / 12');
  });
  it('cuts the first attendee at 9 characters and adds +N for the others', () => {
    expect(truncateName('Alexandria Morgan')).toBe('Alexandri…');
    expect(truncateName('Mia Hill')).toBe('Mia Hill');
    expect(firstAttendeeLabel('Alexandria Morgan', 5)).toBe('Alexandri… +4');
    expect(firstAttendeeLabel('Mia Hill', 1)).toBe('Mia Hill');
    expect(firstAttendeeLabel(null, 0)).toBeNull();
  });
  it('shows a limited number of names then +N', () => {
    expect(namesLabel(['A', 'B', 'C', 'D'], 3)).toBe('A, B, C +1');
    expect(namesLabel(['A', 'B'], 3)).toBe('A, B');
    expect(namesLabel([], 2)).toBeNull();
    expect(appointmentNamesShown(true)).toBe(3);
    expect(appointmentNamesShown(false)).toBe(2);
  });
});

describe('athlete lists (spec 2.12 / 4)', () => {
  const a = (fullName: string, f: Partial<{ isReserved: boolean; isCheckedIn: boolean; isLateCancel: boolean; isNoShow: boolean }>) =>
    ({ fullName, isReserved: true, isCheckedIn: false, isLateCancel: false, isNoShow: false, ...f }) as never;
  const all = [
    a('Ann', {}),
    a('Bob', { isCheckedIn: true }),
    a('Cy', { isLateCancel: true }),
    a('Di', { isReserved: false, isCheckedIn: true }),
    a('Ed', { isNoShow: true }),
  ];
  it('splits reserved and checked in, without late cancels and no shows', () => {
    expect(athletesOfTab(all, 'reserved').map((x: { fullName: string }) => x.fullName)).toEqual(['Ann']);
    expect(athletesOfTab(all, 'checkedIn').map((x: { fullName: string }) => x.fullName)).toEqual(['Bob', 'Di']);
  });
  it('matches names case-insensitively', () => {
    expect(matchesName({ fullName: 'Grace Rodriguez' }, 'rODRI')).toBe(true);
    expect(matchesName({ fullName: 'Grace Rodriguez' }, 'zed')).toBe(false);
  });
  it('goes back to the calendar, the athlete kiosk or the staff kiosk', () => {
    expect(backPath({ from: 'calendar', isAthleteMode: false, eventId: 'e1', kind: 'class' })).toBe('/calendar/scheduling?eventId=e1&eventType=class');
    expect(backPath({ from: null, isAthleteMode: true, eventId: 'e1', kind: 'appointment' })).toBe('/?eventType=appointment');
    expect(backPath({ from: null, isAthleteMode: false, eventId: 'e1', kind: 'class' })).toBe('/kiosk?eventType=class');
  });
  it("reads today in the gym's zone", () => {
    expect(gymToday('America/Chicago', at('2026-05-05T03:00:00Z'))).toBe('2026-05-04');
    expect(gymToday('Europe/London', at('2026-05-05T03:00:00Z'))).toBe('2026-05-05');
  });
});
