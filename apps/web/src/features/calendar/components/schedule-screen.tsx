import { Suspense, useState } from 'react';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { localeOf } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { lazyWithReload, pick } from '../../../lib/chunk-reload';
import { useCalendarOptions } from '../api/get-calendar-options';
import { gymToday, visibleRange } from '../lib/calendar-time';
import { useViewState } from '../lib/use-view-state';
import { Agenda } from './agenda';
import type { NewClassSlot } from './calendar-grid';
import { EventDrawer, FETCH_FAILED_MESSAGE } from './event-drawer';

// FullCalendar (the grid chunk is about 80 KB gzipped) loads only where the grid is drawn, never on a phone's
// agenda; the new class form (with the date and time pickers) on first use.
const GridScreen = lazyWithReload(
  'calendar-grid',
  pick(() => import('./grid-screen'), 'GridScreen'),
);
const NewClassModal = lazyWithReload(
  'calendar-new-class',
  pick(() => import('./new-class-modal'), 'NewClassModal'),
);

const gridSkeleton = (
  <Stack role="status" aria-busy="true" aria-label="Loading the calendar">
    <Skeleton height={36} width="70%" />
    <Skeleton height={560} />
  </Stack>
);

/** The staff schedule: the calendar grid (desktop, tablet) or the agenda (phone), the event drawer and New class. */
export function ScheduleScreen({ title, layout }: { title: string; layout: 'grid' | 'agenda' }) {
  const options = useCalendarOptions();
  const [state, update] = useViewState();
  const [slot, setSlot] = useState<NewClassSlot | null>(null);
  // Kept mounted once opened, so it closes with its transition.
  const [hasOpenedForm, setHasOpenedForm] = useState(false);
  if (slot && !hasOpenedForm) setHasOpenedForm(true);
  const today = options.data ? gymToday(options.data.timeZone) : null;
  const date = state.date ?? today;
  // A new class starts on the day shown, or today when that is past.
  const newClassDate = date && today ? (date < today ? today : date) : null;

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button onClick={() => newClassDate && setSlot({ date: newClassDate })} disabled={!newClassDate}>
            New class
          </Button>
        }
      />
      {options.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !options.data || !date || !today ? (
        layout === 'grid' ? (
          gridSkeleton
        ) : (
          <Stack role="status" aria-busy="true" aria-label="Loading the schedule">
            <Skeleton height={56} />
            <Skeleton height={88} />
            <Skeleton height={88} />
          </Stack>
        )
      ) : layout === 'agenda' ? (
        <Agenda
          date={date}
          today={today}
          timeZone={options.data.timeZone}
          country={options.data.country}
          filters={state.filters}
          onDate={(d) => update({ date: d === today ? null : d }, { replace: true })}
          onOpen={(e) => update({ eventId: e.eventId, eventType: e.kind })}
          onNewClass={() => newClassDate && setSlot({ date: newClassDate })}
        />
      ) : (
        <Suspense fallback={gridSkeleton}>
          <GridScreen options={options.data} state={state} date={date} today={today} update={update} onNewClass={setSlot} />
        </Suspense>
      )}
      <EventDrawer
        eventId={state.eventId}
        kind={state.eventType}
        options={options.data}
        onClose={() => update({ eventId: null, eventType: null })}
        onLoaded={
          options.data && today
            ? (event) => {
                // Opened from a link (the kiosk's Back, spec 2.12): show the event's day when no date was asked for.
                if (state.date) return;
                const shown =
                  layout === 'agenda' ? { start: today, end: today } : visibleRange(state.view, today, localeOf(options.data!.country).firstDayOfWeek);
                if (event.startDate < shown.start || event.startDate > shown.end) update({ date: event.startDate }, { replace: true });
              }
            : undefined
        }
      />
      {options.data && hasOpenedForm && (
        <Suspense fallback={null}>
          <NewClassModal
            slot={slot}
            options={options.data}
            onClose={() => setSlot(null)}
            onCreated={(created) => {
              // The agenda shows one day: move to the new class's first day.
              if (layout === 'agenda') update({ date: created === today ? null : created }, { replace: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
