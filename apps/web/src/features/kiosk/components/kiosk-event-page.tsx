import { useState } from 'react';
import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { searchTerm, useSearchTerm } from '../../../lib/search-term';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate, formatTime, selfCheckInRange, selfCheckInRefusal, toZoned, type KioskAthlete } from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { useKioskEvent } from '../api/get-kiosk-event';
import { athletesOfTab, backPath, matchesName, type AthleteTab } from '../lib/athlete-lists';
import { formatTimeRange, gymToday } from '../lib/dates';
import { parseEventKind } from '../lib/event-kind';
import { timingStatus } from '../lib/event-timing';
import { cardColors } from './event-card';
import { AthleteList } from './athlete-list';
import { EligibleList } from './eligible-list';
import { EnterAthleteModeButton } from './enter-athlete-mode';
import { PointOfSaleButton } from '../../point-of-sale';
import { KioskMenu } from './kiosk-menu';
import { FETCH_FAILED_MESSAGE, KioskContextGate } from './kiosk-context-gate';
import { AthleteDialogs, useAthleteActions } from './athlete-dialogs';
import { useNow, type KioskContext } from './use-kiosk-context';

export const EVENT_MISSING_TITLE = 'Event not found';
export const EVENT_MISSING_MESSAGE = 'This event does not exist or is not in this gym. It may have been removed, or the link may be for another gym.';
/** The server's 404 (no such event in the caller's gym, of that kind) and 400 (an id that is no id) both mean "not here". */
const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

const stateLabels = { ongoing: 'Ongoing', upcoming: 'Upcoming', ended: 'Ended' } as const;

/** When the self check-in window opens, in the gym's words: today's time, or another day's date and time. */
function comeBackAt(opensAt: Date, context: KioskContext, today: string): string {
  const local = toZoned(opensAt, context.timeZone);
  const time = formatTime(local.time, context.country);
  return local.date === today ? `Come back at ${time}.` : `Come back on ${formatDate(local.date, context.country)} at ${time}.`;
}

/** Spec 2.12: /kiosk/{eventId}?eventType=class|appointment&from=calendar. */
export function KioskEventPage() {
  return <KioskContextGate title="Kiosk Event">{(context) => <KioskEventView context={context} />}</KioskContextGate>;
}

function KioskEventView({ context }: { context: KioskContext }) {
  const { eventId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const kind = parseEventKind(searchParams.get('eventType'));
  const isClass = kind === 'class';
  const now = useNow();
  const today = gymToday(context.timeZone, now);
  const detail = useKioskEvent(eventId, kind);
  const [tab, setTab] = useState<AthleteTab>('reserved');
  const [search, setSearch] = useState('');
  const debouncedSearch = useSearchTerm(search);
  const actions = useAthleteActions(eventId, kind);
  const back = backPath({ from: searchParams.get('from'), isAthleteMode: context.isAthleteMode, eventId, kind });

  const header = (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Button component={Link} to={back} variant="default" size="md">
        ← Back
      </Button>
      {!context.isAthleteMode && (
        <Group gap="sm">
          <PointOfSaleButton size="md" />
          <EnterAthleteModeButton />
          <KioskMenu />
        </Group>
      )}
    </Group>
  );
  if (detail.isError) {
    return (
      <>
        {header}
        {isMissing(detail.error) ? (
          <Alert title={EVENT_MISSING_TITLE}>
            <Stack gap="sm" align="flex-start">
              <Text>{EVENT_MISSING_MESSAGE}</Text>
              <Button component={Link} to={backPath({ from: null, isAthleteMode: context.isAthleteMode, eventId, kind })} variant="light">
                Back to the kiosk
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Alert color="red" title="Error">
            {FETCH_FAILED_MESSAGE}
          </Alert>
        )}
      </>
    );
  }
  if (detail.isPending) {
    return (
      <>
        {header}
        <Stack>
          <Skeleton height={64} />
          <Skeleton height={48} />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} />
          ))}
        </Stack>
      </>
    );
  }

  const { event, results } = detail.data;
  const timing = timingStatus(event.startsAt, event.endsAt, now);
  // Issue 32: athlete mode checks in only inside the gym's self check-in window (the desk at any time).
  const selfRefusal = context.selfCheckIn ? selfCheckInRefusal(event, now, context.selfCheckIn) : null;
  const listProps = {
    isAthleteMode: context.isAthleteMode,
    showsPhotos: context.shows.photos,
    isClass,
    checkInClosed: selfRefusal !== null,
    onToggle: actions.toggle,
    onAction: actions.open,
  };
  // Issue 22: athlete mode may hide Eligible (the gym's kiosk settings).
  const showsEligible = isClass && context.shows.eligible;
  const tabAthletes = (t: 'reserved' | 'checkedIn'): KioskAthlete[] => athletesOfTab(results, t).filter((a) => matchesName(a, searchTerm(search)));
  const reservedCount = athletesOfTab(results, 'reserved').length;
  const checkedInCount = athletesOfTab(results, 'checkedIn').length;
  const activeTab = !showsEligible && tab === 'eligible' ? 'reserved' : tab;

  return (
    <>
      {header}
      <Stack gap={4} mb="md">
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {event.eventName}
          </Title>
          <Badge color={cardColors[timing.state].badge} size="lg" variant="filled">
            {stateLabels[timing.state]}
          </Badge>
        </Group>
        <Text size="lg">
          {formatDate(event.startDate, context.country)} · {formatTimeRange(event.startsAt, event.endsAt, context.timeZone, context.country)}
          {timing.state === 'upcoming' && ` · ${timing.label}`}
        </Text>
        {event.location && <Text>{event.location.name}</Text>}
      </Stack>
      {selfRefusal && context.selfCheckIn && (
        <Alert color={selfRefusal.code === 'self_check_in_closed' ? 'gray' : 'blue'} title="Check-in is not open" mb="md" role="status">
          {selfRefusal.code === 'self_check_in_not_open'
            ? `${selfRefusal.message} ${comeBackAt(selfCheckInRange(event, context.selfCheckIn).opensAt, context, today)}`
            : selfRefusal.message}
        </Alert>
      )}
      <TextInput
        label="Search athletes"
        placeholder="Athlete name"
        size="md"
        type="search"
        mb="md"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Tabs value={activeTab} onChange={(value) => setTab((value as AthleteTab | null) ?? 'reserved')} keepMounted={false}>
        {/* Issue 23: one row on a phone (smaller labels below sm; it scrolls sideways rather than wrap). */}
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="reserved" fz={{ base: 'md', sm: 'lg' }} py="md" px={{ base: 'xs', sm: 'md' }} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
            Reserved ({reservedCount})
          </Tabs.Tab>
          <Tabs.Tab value="checkedIn" fz={{ base: 'md', sm: 'lg' }} py="md" px={{ base: 'xs', sm: 'md' }} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
            Checked In ({checkedInCount})
          </Tabs.Tab>
          {/* Spec 2.12: Eligible is hidden for appointments. */}
          {showsEligible && (
            <Tabs.Tab value="eligible" fz={{ base: 'md', sm: 'lg' }} py="md" px={{ base: 'xs', sm: 'md' }} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
              Eligible
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="reserved">
          <AthleteList tab="reserved" athletes={tabAthletes('reserved')} {...listProps} />
        </Tabs.Panel>
        <Tabs.Panel value="checkedIn">
          <AthleteList tab="checkedIn" athletes={tabAthletes('checkedIn')} {...listProps} />
        </Tabs.Panel>
        {showsEligible && (
          <Tabs.Panel value="eligible">
            <EligibleList tab="eligible" classId={eventId} search={debouncedSearch} known={results} {...listProps} />
          </Tabs.Panel>
        )}
      </Tabs>
      <AthleteDialogs actions={actions} eventId={eventId} kind={kind} today={today} country={context.country} isTaxInclusive={context.isTaxInclusive} />
    </>
  );
}
