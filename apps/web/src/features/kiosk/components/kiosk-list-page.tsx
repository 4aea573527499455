import { useState } from 'react';
import { Alert, Group, Skeleton, Tabs, Text, TextInput } from '@mantine/core';
import { useSearchTerm } from '../../../lib/search-term';
import { useSearchParams } from 'react-router';
import type { EventKind, KioskEvent } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { PointOfSaleButton } from '../../point-of-sale';
import { useKioskEvents } from '../api/get-kiosk-events';
import { gymToday } from '../lib/dates';
import { eventKindOf, parseEventKind } from '../lib/event-kind';
import { timingStatus } from '../lib/event-timing';
import { DateField } from './date-field';
import { EventCard } from './event-card';
import cardClasses from './event-card.module.css';
import { EnterAthleteModeButton } from './enter-athlete-mode';
import { KioskMenu } from './kiosk-menu';
import { FETCH_FAILED_MESSAGE, KioskContextGate } from './kiosk-context-gate';
import { useIsDesktop, useNow, type KioskContext } from './use-kiosk-context';

const emptyTexts: Record<EventKind, string> = {
  class: 'No classes scheduled for this day',
  appointment: 'No appointments scheduled for this day',
};

/** Spec 2.11 / 2.5: 'Upcoming Events' for staff at /kiosk and for athlete kiosk mode at /. */
export function KioskListPage() {
  return <KioskContextGate title="Upcoming Events">{(context) => <KioskList context={context} />}</KioskContextGate>;
}

function EventGrid({ events, kind, context, now }: { events: KioskEvent[]; kind: EventKind; context: KioskContext; now: Date }) {
  const isDesktop = useIsDesktop();
  if (events.length === 0) {
    return (
      <Text ta="center" py="xl" size="lg">
        {emptyTexts[kind]}
      </Text>
    );
  }
  return (
    <div className={cardClasses.grid}>
      {events.map((event) => (
        <EventCard key={event.eventId} event={event} context={context} now={now} isDesktop={isDesktop} />
      ))}
    </div>
  );
}

function KioskList({ context }: { context: KioskContext }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Issue 22: athlete mode may show classes only (the gym's kiosk settings).
  const kind = context.shows.appointments ? parseEventKind(searchParams.get('eventType')) : 'class';
  const now = useNow();
  const today = gymToday(context.timeZone, now);
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  // Spec 2.5: athlete kiosk mode always shows today.
  const date = context.isAthleteMode ? today : (pickedDate ?? today);
  const [search, setSearch] = useState('');
  const debouncedSearch = useSearchTerm(search);
  const events = useKioskEvents(date, debouncedSearch);

  const visible = (events.data?.results ?? []).filter((e) => !(context.isAthleteMode && timingStatus(e.startsAt, e.endsAt, now).state === 'ended'));
  const onTab = (value: string | null) =>
    setSearchParams(
      (params) => {
        params.set('eventType', parseEventKind(value));
        return params;
      },
      { replace: true },
    );

  const body = events.isError ? (
    <Alert color="red" title="Error">
      {FETCH_FAILED_MESSAGE}
    </Alert>
  ) : events.isPending ? (
    <div className={cardClasses.grid} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={132} radius="md" />
      ))}
    </div>
  ) : (
    <EventGrid events={visible.filter((e) => eventKindOf(e.eventType) === kind)} kind={kind} context={context} now={now} />
  );

  return (
    <>
      <PageHeader
        title="Upcoming Events"
        actions={
          !context.isAthleteMode && (
            <Group gap="sm">
              <PointOfSaleButton size="md" />
              <EnterAthleteModeButton />
              <KioskMenu />
            </Group>
          )
        }
      />
      <Tabs value={kind} onChange={onTab} mb="md" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="class" fz="lg" py="md">
            Classes
          </Tabs.Tab>
          {context.shows.appointments && (
            <Tabs.Tab value="appointment" fz="lg" py="md">
              Appointments
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Group mt="md" mb="md" align="flex-end" gap="sm" grow preventGrowOverflow={false}>
          <TextInput
            label="Search"
            placeholder="Event, coach or athlete"
            size="md"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {!context.isAthleteMode && (
            <DateField label="Date" size="md" value={date} onChange={(value) => setPickedDate(value)} country={context.country} maw={220} />
          )}
        </Group>
        <Tabs.Panel value="class">{kind === 'class' && body}</Tabs.Panel>
        <Tabs.Panel value="appointment">{kind === 'appointment' && body}</Tabs.Panel>
      </Tabs>
    </>
  );
}
