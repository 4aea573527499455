import { describe, expect, it } from 'vitest';
import { filterQuery, patchViewState, readViewState, writeViewState } from './view-state';

const LOCATION = '55555555-5555-4555-8555-000000000011';
const COACH = '55555555-5555-4555-8555-000000000031';
const TYPE = '55555555-5555-4555-8555-000000000001';

describe('the calendar state in the URL', () => {
  it('reads view, date, filters and the open event, and writes them back unchanged', () => {
    const query = `view=month&date=2026-05-01&location=${LOCATION}&coach=${COACH}&classType=${TYPE}&kind=class&eventId=${LOCATION}&eventType=class`;
    const state = readViewState(new URLSearchParams(query));
    expect(state).toEqual({
      view: 'month',
      date: '2026-05-01',
      filters: { locationId: LOCATION, coachId: COACH, classTypeId: TYPE, kind: 'class' },
      eventId: LOCATION,
      eventType: 'class',
    });
    expect(writeViewState(state).toString()).toBe(query);
  });

  it('falls back to the week of today with no filter for anything it does not understand', () => {
    const state = readViewState(new URLSearchParams('view=year&date=2026-13-45&location=x&kind=both&eventId=1'));
    expect(state).toEqual({
      view: 'week',
      date: null,
      filters: { locationId: null, coachId: null, classTypeId: null, kind: 'all' },
      eventId: null,
      eventType: null,
    });
    expect(writeViewState(state).toString()).toBe('');
  });

  it('patches filters without losing the others, and sends only what narrows the read', () => {
    const state = patchViewState(readViewState(new URLSearchParams(`location=${LOCATION}&classType=${TYPE}`)), { filters: { kind: 'appointment' } });
    expect(state.filters.locationId).toBe(LOCATION);
    // A class type narrows classes only.
    expect(filterQuery(state.filters)).toEqual({ locationId: LOCATION, kind: 'appointment' });
    expect(filterQuery({ ...state.filters, kind: 'all' })).toEqual({ locationId: LOCATION, classTypeId: TYPE });
  });
});
