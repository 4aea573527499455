import { calendarViews, type CalendarView } from './calendar-time';

/**
 * The calendar's view, date, filters and open event, kept in the URL so a link reproduces what was seen:
 * `/calendar/scheduling?view=month&date=2026-05-01&location=…&coach=…&classType=…&kind=class&eventId=…&eventType=class`.
 * Spec 2.12: the kiosk's Back returns here with `eventId` and `eventType`, which open that event's drawer.
 */
export type CalendarKind = 'class' | 'appointment' | 'all';

export type CalendarFilters = { locationId: string | null; coachId: string | null; classTypeId: string | null; kind: CalendarKind };

export type CalendarViewState = {
  view: CalendarView;
  /** The date the view is anchored on; null means the gym's today. */
  date: string | null;
  filters: CalendarFilters;
  eventId: string | null;
  eventType: 'class' | 'appointment' | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const uuidOrNull = (value: string | null) => (value && UUID.test(value) ? value : null);

export function readViewState(params: URLSearchParams): CalendarViewState {
  const view = params.get('view');
  const date = params.get('date');
  const kind = params.get('kind');
  const eventType = params.get('eventType');
  return {
    view: calendarViews.includes(view as CalendarView) ? (view as CalendarView) : 'week',
    date: date && DATE.test(date) && !Number.isNaN(Date.parse(date)) ? date : null,
    filters: {
      locationId: uuidOrNull(params.get('location')),
      coachId: uuidOrNull(params.get('coach')),
      classTypeId: uuidOrNull(params.get('classType')),
      kind: kind === 'class' || kind === 'appointment' ? kind : 'all',
    },
    eventId: uuidOrNull(params.get('eventId')),
    eventType: eventType === 'class' || eventType === 'appointment' ? eventType : null,
  };
}

export type ViewStatePatch = Partial<Omit<CalendarViewState, 'filters'>> & { filters?: Partial<CalendarFilters> };

/** The URL query of a state; defaults (week, today, every kind, no filter) are left out. */
export function writeViewState(state: CalendarViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== 'week') params.set('view', state.view);
  if (state.date) params.set('date', state.date);
  if (state.filters.locationId) params.set('location', state.filters.locationId);
  if (state.filters.coachId) params.set('coach', state.filters.coachId);
  if (state.filters.classTypeId) params.set('classType', state.filters.classTypeId);
  if (state.filters.kind !== 'all') params.set('kind', state.filters.kind);
  if (state.eventId) {
    params.set('eventId', state.eventId);
    if (state.eventType) params.set('eventType', state.eventType);
  }
  return params;
}

export function patchViewState(state: CalendarViewState, patch: ViewStatePatch): CalendarViewState {
  return { ...state, ...patch, filters: { ...state.filters, ...patch.filters } };
}

/** The calendar read's filters of a state (a class type only narrows classes). */
export function filterQuery(filters: CalendarFilters) {
  return {
    ...(filters.locationId ? { locationId: filters.locationId } : {}),
    ...(filters.coachId ? { coachId: filters.coachId } : {}),
    ...(filters.classTypeId && filters.kind !== 'appointment' ? { classTypeId: filters.classTypeId } : {}),
    ...(filters.kind !== 'all' ? { kind: filters.kind } : {}),
  };
}
