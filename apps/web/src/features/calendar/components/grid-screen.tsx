import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { localeOf, type CalendarEvent, type CalendarOptions } from '@spotter/shared';
import { useCalendar } from '../api/get-calendar';
import { stepDate, visibleRange, type CalendarView } from '../lib/calendar-time';
import { filterQuery, type CalendarViewState, type ViewStatePatch } from '../lib/view-state';
import { CalendarFilters } from './calendar-filters';
import { CalendarGrid, type NewClassSlot } from './calendar-grid';
import { CalendarToolbar } from './calendar-toolbar';
import { FETCH_FAILED_MESSAGE } from './event-drawer';

const EMPTY_TEXT: Record<CalendarView, string> = {
  week: 'Nothing is scheduled this week.',
  day: 'Nothing is scheduled on this day.',
  month: 'Nothing is scheduled this month.',
};

export type GridScreenProps = {
  options: CalendarOptions;
  state: CalendarViewState;
  date: string;
  today: string;
  update: (patch: ViewStatePatch, options?: { replace?: boolean }) => void;
  onNewClass: (slot: NewClassSlot) => void;
};

/** The desktop and tablet calendar: filters, toolbar and the FullCalendar grid (its own chunk: phones never load it). */
export function GridScreen({ options, state, date, today, update, onNewClass }: GridScreenProps) {
  const { timeZone, country } = options;
  const { firstDayOfWeek } = localeOf(country);
  const range = visibleRange(state.view, date, firstDayOfWeek);
  const calendar = useCalendar({ ...range, ...filterQuery(state.filters) });
  const events: CalendarEvent[] = calendar.data?.results ?? [];
  const isCurrent = calendar.data && !calendar.isPlaceholderData;
  const todayRange = visibleRange(state.view, today, firstDayOfWeek);

  return (
    <>
      <CalendarFilters options={options} filters={state.filters} onChange={(filters) => update({ filters })} />
      <CalendarToolbar
        view={state.view}
        date={date}
        country={country}
        isToday={range.start === todayRange.start}
        onView={(view) => update({ view })}
        onStep={(direction) => update({ date: stepDate(state.view, date, direction) })}
        onToday={() => update({ date: null })}
      />
      {calendar.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !calendar.data ? (
        <Skeleton role="status" height={560} aria-busy="true" aria-label="Loading the calendar" />
      ) : (
        <Stack gap="sm" aria-busy={!isCurrent}>
          {isCurrent && events.length === 0 && (
            <Alert title={EMPTY_TEXT[state.view]}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Add a class with New class, or select a time on the calendar.</Text>
                <Button size="xs" onClick={() => onNewClass({ date: range.start < today ? today : range.start })}>
                  New class
                </Button>
              </Stack>
            </Alert>
          )}
          <CalendarGrid
            view={state.view}
            date={date}
            timeZone={timeZone}
            country={country}
            events={events}
            onOpen={(e) => update({ eventId: e.eventId, eventType: e.kind })}
            onNewClass={onNewClass}
          />
        </Stack>
      )}
    </>
  );
}
