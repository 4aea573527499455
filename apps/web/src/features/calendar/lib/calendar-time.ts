import { addDays, dayOfWeek, toZoned, type CalendarEvent } from '@spotter/shared';

/**
 * FullCalendar is told the zone is UTC and given the gym's wall-clock times as floating ISO strings, so it draws the
 * gym's clock whatever the browser's zone (no time-zone plugin; decision 028). A Date it hands back carries the gym's
 * wall time in its UTC fields.
 */

export type CalendarView = 'week' | 'day' | 'month';
export const calendarViews: readonly CalendarView[] = ['week', 'day', 'month'];

/** FullCalendar's view names. */
export const fullCalendarView: Record<CalendarView, 'timeGridWeek' | 'timeGridDay' | 'dayGridMonth'> = {
  week: 'timeGridWeek',
  day: 'timeGridDay',
  month: 'dayGridMonth',
};

/** A wall-clock date and time as a floating ISO string (no offset): '2026-03-08T06:00:00'. */
export function floating(date: string, time: string): string {
  return `${date}T${time.length === 5 ? `${time}:00` : time}`;
}

/** Where FullCalendar draws an event: its local start as stored, its local end from the instant it ends. */
export function floatingSpan(event: Pick<CalendarEvent, 'startDate' | 'startTime' | 'endsAt'>, timeZone: string): { start: string; end: string } {
  const end = toZoned(new Date(event.endsAt), timeZone);
  return { start: floating(event.startDate, event.startTime), end: floating(end.date, end.time) };
}

/** The gym's wall-clock now as a floating string (FullCalendar's `now`: today's column and the now line). */
export function gymNow(timeZone: string, now: Date = new Date()): string {
  const local = toZoned(now, timeZone);
  return floating(local.date, local.time);
}

export function gymToday(timeZone: string, now: Date = new Date()): string {
  return toZoned(now, timeZone).date;
}

/** The local date (YYYY-MM-DD) of a Date that FullCalendar handed back. */
export const dateOfFloating = (d: Date): string => d.toISOString().slice(0, 10);
/** The local time (HH:MM) of a Date that FullCalendar handed back. */
export const timeOfFloating = (d: Date): string => d.toISOString().slice(11, 16);

/**
 * FullCalendar's visible range (its end exclusive) as the calendar read's local dates, both inclusive.
 */
export function queryRangeOf(start: Date, endExclusive: Date): { start: string; end: string } {
  return { start: dateOfFloating(start), end: addDays(dateOfFloating(endExclusive), -1) };
}

const startOfWeek = (date: string, firstDay: 0 | 1) => addDays(date, -((dayOfWeek(date) - firstDay + 7) % 7));

/**
 * The dates a view shows around `date`, as FullCalendar lays them out: a day; a week from the locale's first weekday
 * (Monday in the UK, Sunday in the US and Canada, spec 9); a month as six whole weeks (42 days, the read's limit).
 */
export function visibleRange(view: CalendarView, date: string, firstDay: 0 | 1): { start: string; end: string } {
  switch (view) {
    case 'day':
      return { start: date, end: date };
    case 'week': {
      const start = startOfWeek(date, firstDay);
      return { start, end: addDays(start, 6) };
    }
    case 'month': {
      const start = startOfWeek(`${date.slice(0, 7)}-01`, firstDay);
      return { start, end: addDays(start, 41) };
    }
  }
}

/** The date the previous or next page of a view starts from (a month moves to its neighbour's first day). */
export function stepDate(view: CalendarView, date: string, direction: 1 | -1): string {
  switch (view) {
    case 'day':
      return addDays(date, direction);
    case 'week':
      return addDays(date, 7 * direction);
    case 'month': {
      const [y, m] = date.split('-').map(Number) as [number, number];
      const month = new Date(Date.UTC(y, m - 1 + direction, 1));
      return month.toISOString().slice(0, 10);
    }
  }
}

/** Minutes between two floating Dates. */
export const minutesBetween = (start: Date, end: Date): number => Math.round((end.getTime() - start.getTime()) / 60_000);
