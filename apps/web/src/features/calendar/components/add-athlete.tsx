import { useState } from 'react';
import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CalendarEvent } from '@spotter/shared';
import { useSearchTerm } from '../../../lib/search-term';
import { getEligibleAthletes } from '../../kiosk';
import { useAddAthlete } from '../api/class-writes';
import { calendarKeys } from '../api/query-keys';

/**
 * Issue 16: the front desk books an athlete into a class from its roster, or, when the server's bookability says
 * join_waitlist (the class is full), puts them on its waitlist (in the order of joining). Athletes come from the kiosk's eligible search.
 */
export function AddAthlete({ event }: { event: CalendarEvent }) {
  const [text, setText] = useState('');
  const term = useSearchTerm(text);
  const found = useQuery({
    queryKey: calendarKeys.addAthlete(event.eventId, term),
    queryFn: ({ signal }) => getEligibleAthletes(event.eventId, term, 0, signal),
    enabled: term.length > 0,
  });
  const add = useAddAthlete(event.eventId);
  // Issue 33: the server's bookability (the drawer shows this only when it has an action): book, or join the waitlist.
  const full = event.bookability.action === 'join_waitlist';
  const candidates = (found.data?.results ?? []).filter((a) => !a.isReserved && !a.isCheckedIn);
  return (
    <Stack gap="xs">
      <TextInput
        label="Add an athlete"
        description={full ? 'The class is full: the athlete joins its waitlist.' : 'Books a place for the athlete.'}
        placeholder="Search by name"
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching" role="status" /> : null}
      />
      {term.length > 0 && found.data && candidates.length === 0 && <Text c="dimmed">No results found</Text>}
      {candidates.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Athletes found">
          {candidates.map((a) => (
            <Group key={a.athleteId} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Text>{a.fullName}</Text>
              <Button
                size="compact-sm"
                variant="light"
                loading={add.isPending && add.variables?.athleteId === a.athleteId}
                aria-label={`${full ? 'Add to waitlist' : 'Book'}: ${a.fullName}`}
                onClick={() => add.mutate({ athleteId: a.athleteId, fullName: a.fullName }, { onSuccess: () => setText('') })}
              >
                {full ? 'Add to waitlist' : 'Book'}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
