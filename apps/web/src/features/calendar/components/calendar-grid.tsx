import { useEffect, useMemo, useRef } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { DateSelectArg, DayHeaderContentArg, EventClickArg, EventContentArg, EventInput, EventMountArg, SlotLabelContentArg } from '@fullcalendar/core';
import { formatTime, localeOf, type CalendarEvent, type GymCountry } from '@spotter/shared';
import { dateOfFloating, floatingSpan, fullCalendarView, gymNow, minutesBetween, timeOfFloating, type CalendarView } from '../lib/calendar-time';
import { eventColors } from '../lib/event-colors';
import { eventAccessibleName, placesLabel, waitlistLabel } from '../lib/labels';
import classes from './calendar-grid.module.css';

export type NewClassSlot = { date: string; startTime?: string; durationMinutes?: number };

type CalendarGridProps = {
  view: CalendarView;
  /** The date the view is anchored on (YYYY-MM-DD, the gym's). */
  date: string;
  timeZone: string;
  country: GymCountry;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  /** An empty time range selected in week or day view, or a day clicked in month view. */
  onNewClass: (slot: NewClassSlot) => void;
};

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAYS_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The hours the time grid spans: 05:00 to 22:00, widened to whatever the events need. */
function slotBounds(events: EventInput[]): { min: string; max: string } {
  let min = 5;
  let max = 22;
  for (const e of events) {
    const start = String(e.start);
    const end = String(e.end);
    min = Math.min(min, Number(start.slice(11, 13)));
    // An event ending after midnight (or at it) needs the whole evening.
    max = Math.max(max, end.slice(0, 10) !== start.slice(0, 10) ? 24 : Math.ceil(Number(end.slice(11, 13)) + Number(end.slice(14, 16)) / 60));
  }
  return { min: `${String(min).padStart(2, '0')}:00:00`, max: `${String(max).padStart(2, '0')}:00:00` };
}

/**
 * Week, day and month views of the gym's classes and appointments (FullCalendar 6, decision 028), drawn on the gym's
 * clock: FullCalendar works in UTC and every time it is given or gives back is the gym's wall time.
 */
export function CalendarGrid({ view, date, timeZone, country, events, onOpen, onNewClass }: CalendarGridProps) {
  const calendarRef = useRef<FullCalendar>(null);
  const { hour12, firstDayOfWeek, locale } = localeOf(country);
  const byId = useMemo(() => new Map(events.map((e) => [e.eventId, e])), [events]);

  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((e) => ({
        id: e.eventId,
        title: e.name,
        ...floatingSpan(e, timeZone),
        ...eventColors(e.color, e.isCancelled),
        classNames: e.isCancelled ? [classes.cancelled!] : [],
      })),
    [events, timeZone],
  );
  const bounds = slotBounds(inputs);

  // The URL holds the view and date: follow it (back and forward, links, the toolbar) without remounting.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    if (api.view.type !== fullCalendarView[view] || dateOfFloating(api.getDate()) !== date) api.changeView(fullCalendarView[view], date);
  }, [view, date]);

  const time = (d: Date | null) => (d ? formatTime(timeOfFloating(d), country) : '');

  const renderEvent = (arg: EventContentArg) => {
    const event = byId.get(arg.event.id);
    if (!event) return null;
    const waiting = waitlistLabel(event);
    const places = event.isCancelled ? 'Cancelled' : placesLabel(event);
    if (arg.view.type === 'dayGridMonth') {
      return (
        <div className={`${classes.content} ${classes.line}`}>
          <span className={classes.time}>{time(arg.event.start)}</span> <span className={classes.name}>{event.name}</span>{' '}
          <span className={classes.meta}>{places}</span>
        </div>
      );
    }
    return (
      <div className={classes.content}>
        <div className={classes.time}>
          {/* A week's columns are narrow: the start alone (the block's height shows the length, the name says all). */}
          {arg.view.type === 'timeGridWeek' ? time(arg.event.start) : `${time(arg.event.start)} – ${time(arg.event.end)}`}
        </div>
        <div className={classes.name} data-clamp>
          {event.name}
        </div>
        <div className={classes.meta}>
          {places}
          {!event.isCancelled && waiting ? ` · ${waiting}` : ''}
        </div>
      </div>
    );
  };

  const dayHeader = (arg: DayHeaderContentArg) => {
    const d = dateOfFloating(arg.date);
    const weekday = arg.date.getUTCDay();
    if (arg.view.type === 'dayGridMonth') return WEEKDAYS_SHORT[weekday];
    const dayMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(arg.date);
    return <span data-date={d}>{`${(arg.view.type === 'timeGridDay' ? WEEKDAYS_LONG : WEEKDAYS_SHORT)[weekday]} ${dayMonth}`}</span>;
  };

  return (
    <div className={classes.root} data-testid="calendar-grid">
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={fullCalendarView[view]}
        initialDate={date}
        headerToolbar={false}
        timeZone="UTC"
        now={() => gymNow(timeZone)}
        nowIndicator
        firstDay={firstDayOfWeek}
        height="auto"
        allDaySlot={false}
        slotMinTime={bounds.min}
        slotMaxTime={bounds.max}
        slotDuration="00:30:00"
        slotLabelContent={(arg: SlotLabelContentArg) => formatTime(timeOfFloating(arg.date), country)}
        dayHeaderContent={dayHeader}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12 }}
        fixedWeekCount
        dayMaxEvents={4}
        eventDisplay="block"
        events={inputs}
        eventInteractive
        eventContent={renderEvent}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          const event = byId.get(arg.event.id);
          if (event) onOpen(event);
        }}
        eventDidMount={(arg: EventMountArg) => {
          const event = byId.get(arg.event.id);
          arg.el.setAttribute('role', 'button');
          if (event) {
            arg.el.setAttribute('aria-label', eventAccessibleName(event, timeZone, country));
            arg.el.dataset.eventId = event.eventId;
          }
        }}
        selectable
        selectMirror
        unselectAuto
        // New classes start from now on (the server refuses the past too).
        selectAllow={(span) => !span.allDay && span.start.getTime() >= Date.parse(`${gymNow(timeZone)}Z`)}
        select={(arg: DateSelectArg) => {
          arg.view.calendar.unselect();
          if (arg.allDay) return;
          onNewClass({ date: dateOfFloating(arg.start), startTime: timeOfFloating(arg.start), durationMinutes: minutesBetween(arg.start, arg.end) });
        }}
        dateClick={(arg) => {
          if (arg.view.type === 'dayGridMonth' && dateOfFloating(arg.date) >= gymNow(timeZone).slice(0, 10)) onNewClass({ date: dateOfFloating(arg.date) });
        }}
        // FullCalendar's "+N more" is an <a> without href carrying aria-expanded: a button to assistive technology.
        moreLinkDidMount={(arg) => arg.el.setAttribute('role', 'button')}
      />
    </div>
  );
}
