import { describe, expect, it } from 'vitest';
import { calendarMessages } from '@spotter/shared';
import { CAPACITY_REQUIRED, CLASS_TYPE_REQUIRED, DURATION_REQUIRED, TIME_REQUIRED, toSubmission, validateClassForm, type ClassFormValues } from './class-form';
import { toUpdateInput, editInitialValues } from './edit-class';
import { buildEvent, ids } from '../testing/fixtures';

const TODAY = '2026-05-06';
const base: ClassFormValues = {
  classTypeId: ids.barbell,
  repeat: 'weekly',
  date: '2026-05-11',
  lastDate: null,
  weekdays: ['3', '1'],
  interval: '1',
  startTime: '06:00',
  durationMinutes: 60,
  capacity: 12,
  coachIds: [ids.casey, ids.jordan],
  locationId: ids.mainFloor,
  roomId: ids.platformRoom,
};
const errors = (values: Partial<ClassFormValues>) => Object.fromEntries(Object.entries(validateClassForm({ ...base, ...values }, TODAY)).filter(([, v]) => v));

describe('the new class form', () => {
  it('passes a complete weekly series and sends it with Monday-first ISO weekdays', () => {
    expect(errors({})).toEqual({});
    expect(toSubmission(base)).toEqual({
      kind: 'series',
      body: {
        classTypeId: ids.barbell,
        weekdays: [1, 3],
        startTime: '06:00',
        durationMinutes: 60,
        capacity: 12,
        firstDate: '2026-05-11',
        lastDate: null,
        interval: 1,
        coachIds: [ids.casey, ids.jordan],
        locationId: ids.mainFloor,
        roomId: ids.platformRoom,
      },
    });
  });

  it('sends a one-off class with its date', () => {
    expect(toSubmission({ ...base, repeat: 'once', startTime: '18:30:00' })).toEqual({
      kind: 'class',
      body: {
        classTypeId: ids.barbell,
        date: '2026-05-11',
        startTime: '18:30',
        durationMinutes: 60,
        capacity: 12,
        coachIds: [ids.casey, ids.jordan],
        locationId: ids.mainFloor,
        roomId: ids.platformRoom,
      },
    });
  });

  it("says what is wrong with the server's own texts", () => {
    expect(errors({ classTypeId: null, weekdays: [], startTime: '' })).toEqual({
      classTypeId: CLASS_TYPE_REQUIRED,
      weekdays: calendarMessages.weekdaysRequired,
      startTime: TIME_REQUIRED,
    });
    expect(errors({ date: '2026-05-05' })).toEqual({ date: calendarMessages.firstDateInPast });
    expect(errors({ repeat: 'once', date: '2026-05-05' })).toEqual({ date: calendarMessages.dateInPast });
    expect(errors({ lastDate: '2026-05-10' })).toEqual({ lastDate: calendarMessages.lastBeforeFirst });
    expect(errors({ durationMinutes: 3, capacity: 0 })).toEqual({
      durationMinutes: 'A class lasts at least 5 minutes.',
      capacity: 'The capacity is at least 1.',
    });
    expect(errors({ durationMinutes: '', capacity: '' })).toEqual({ durationMinutes: DURATION_REQUIRED, capacity: CAPACITY_REQUIRED });
    // Weekdays only matter for a series.
    expect(errors({ repeat: 'once', weekdays: [] })).toEqual({});
  });
});

describe('the edit form', () => {
  const event = buildEvent({ seriesId: ids.series, capacity: 12, coaches: [{ staffId: ids.jordan, fullName: 'Jordan Lee', role: 'coach' }] });

  it('sends the scope with only what changed', () => {
    const values = editInitialValues(event);
    expect(toUpdateInput(values, event)).toBeNull();
    expect(toUpdateInput({ ...values, scope: 'following', capacity: 14 }, event)).toEqual({ scope: 'following', capacity: 14 });
    // A substitute: the coaches of this class only.
    expect(toUpdateInput({ ...values, coachIds: [ids.casey] }, event)).toEqual({ scope: 'this', coachIds: [ids.casey] });
    expect(toUpdateInput({ ...values, date: '2026-05-07', startTime: '07:15:00' }, event)).toEqual({ scope: 'this', date: '2026-05-07', startTime: '07:15' });
    // A new date is never sent for more than this class.
    expect(toUpdateInput({ ...values, scope: 'all', date: '2026-05-07' }, event)).toBeNull();
    expect(toUpdateInput({ ...values, locationId: ids.annex, roomId: null }, event)).toEqual({ scope: 'this', locationId: ids.annex });
  });
});
