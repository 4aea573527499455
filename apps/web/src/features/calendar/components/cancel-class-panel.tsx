import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import type { CalendarEvent, ChangeScope, ClassChangeAnswer } from '@spotter/shared';
import { useCancelClass } from '../api/class-writes';
import { WARNING_TITLE_COLOR } from '../lib/event-colors';
import { ScopeChoice } from './scope-choice';

const athletes = (n: number) => `${n} ${n === 1 ? 'athlete' : 'athletes'}`;

/** Who will be emailed, as far as this class tells: its booked and waiting athletes. */
export function cancellationWarning(event: CalendarEvent, scope: ChangeScope): string {
  const here = event.placesHeld + event.waitlistCount;
  const thisClass =
    here === 0
      ? 'No one is booked or waiting in this class.'
      : `${athletes(here)} in this class (${event.placesHeld} booked, ${event.waitlistCount} waiting) will be emailed and their bookings removed.`;
  return scope === 'this' ? thisClass : `Every athlete booked or waiting in the cancelled classes will be emailed and their bookings removed. ${thisClass}`;
}

type CancelClassPanelProps = { event: CalendarEvent; onBack: () => void; onCancelled: (answer: ClassChangeAnswer) => void };

/** Cancel a class (or this and the following ones, or the series), with a reason told to the booked athletes. */
export function CancelClassPanel({ event, onBack, onCancelled }: CancelClassPanelProps) {
  const cancel = useCancelClass(event.eventId);
  const [scope, setScope] = useState<ChangeScope>('this');
  const [reason, setReason] = useState('');
  return (
    <Stack gap="sm" aria-labelledby="cancel-class-title" role="group">
      <Title order={3} size="h4" id="cancel-class-title" tabIndex={-1} data-autofocus>
        Cancel class
      </Title>
      {event.seriesId && <ScopeChoice label="Cancel" value={scope} onChange={setScope} />}
      <Textarea
        label="Reason (optional)"
        description="Told to the booked athletes in their email"
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      <Alert color="yellow" title="Athletes will be told" styles={{ title: { color: WARNING_TITLE_COLOR } }}>
        <Text size="sm" c="dark">
          {cancellationWarning(event, scope)}
        </Text>
      </Alert>
      {cancel.error && (
        <Alert color="red" title="The class was not cancelled">
          {cancel.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Keep class
        </Button>
        <Button color="red.9" loading={cancel.isPending} onClick={() => cancel.mutate({ scope, reason: reason.trim() }, { onSuccess: onCancelled })}>
          {scope === 'this' ? 'Cancel class' : 'Cancel classes'}
        </Button>
      </Group>
    </Stack>
  );
}
