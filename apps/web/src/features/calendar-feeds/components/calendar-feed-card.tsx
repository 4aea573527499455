import { useState } from 'react';
import { Alert, Anchor, Button, CopyButton, Group, List, Modal, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDate, formatTime, toZoned, type CalendarFeedStatus } from '@spotter/shared';
import { useCreateCalendarFeed, useMyCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feeds';

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';

type Props = {
  /** What the calendar holds, in the card's words: a coach's classes, or an athlete's bookings. */
  holds: 'coaching' | 'bookings';
  /** The heading level the card sits at on its page. */
  headingOrder?: 2 | 3;
};

/** Issue 16: the caller's private calendar link: create, regenerate (the old one stops working), revoke. */
export function CalendarFeedCard({ holds, headingOrder = 2 }: Props) {
  const status = useMyCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const busy = create.isPending || revoke.isPending;

  const make = (regenerate: boolean) =>
    create.mutate(
      { regenerate },
      {
        onSuccess: (created) => setUrl(created.url),
        onSettled: () => setConfirming(null),
      },
    );

  return (
    <Stack gap="sm">
      <Title order={headingOrder} size="h3">
        Calendar link
      </Title>
      <Text>
        {holds === 'coaching'
          ? 'Subscribe to the classes and appointments you coach in Google Calendar, Apple Calendar or Outlook.'
          : 'Subscribe to your bookings, waitlist places included, in Google Calendar, Apple Calendar or Outlook.'}{' '}
        The calendar shows the last 30 days and the next 120, and updates by itself.
      </Text>
      {status.isError ? (
        <Alert color="red.9" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !status.data ? (
        <Stack role="status" gap="xs" aria-busy="true" aria-label="Loading your calendar link">
          <Skeleton height={20} width="60%" />
          <Skeleton height={36} width={220} />
        </Stack>
      ) : (
        <>
          <FeedState status={status.data} />
          {url && <NewLink url={url} />}
          <Group gap="xs">
            {status.data.isLive ? (
              <>
                <Button variant="default" onClick={() => setConfirming('regenerate')} disabled={busy}>
                  Regenerate link
                </Button>
                <Button variant="outline" color="red.9" onClick={() => setConfirming('revoke')} disabled={busy}>
                  Revoke
                </Button>
              </>
            ) : (
              <Button onClick={() => make(false)} loading={create.isPending}>
                Create my calendar link
              </Button>
            )}
          </Group>
          <Instructions headingOrder={headingOrder === 2 ? 3 : 4} />
        </>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => !busy && setConfirming(null)}
        title={confirming === 'revoke' ? 'Revoke your calendar link?' : 'Regenerate your calendar link?'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>
            {confirming === 'revoke'
              ? 'The link stops working: calendars subscribed to it stop updating. You can create a new link at any time.'
              : 'The old link stops working: calendars subscribed to it stop updating. Subscribe again with the new link.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>
              Keep the link
            </Button>
            {confirming === 'revoke' ? (
              <Button
                color="red.9"
                loading={revoke.isPending}
                onClick={() =>
                  revoke.mutate(undefined, {
                    onSuccess: () => setUrl(null),
                    onSettled: () => setConfirming(null),
                  })
                }
              >
                Revoke link
              </Button>
            ) : (
              <Button loading={create.isPending} onClick={() => make(true)}>
                Regenerate link
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function FeedState({ status }: { status: CalendarFeedStatus }) {
  const when = (instant: string) => {
    const at = toZoned(new Date(instant), status.timeZone);
    return `${formatDate(at.date, status.country)} ${formatTime(at.time, status.country)}`;
  };
  if (!status.isLive || !status.createdAt) return <Text fw={500}>You have no calendar link.</Text>;
  return (
    <Stack gap={2}>
      <Text fw={500}>Your calendar link works since {when(status.createdAt)}.</Text>
      <Text size="sm">{status.lastFetchedAt ? `A calendar app last fetched it ${when(status.lastFetchedAt)}.` : 'No calendar app has fetched it yet.'}</Text>
    </Stack>
  );
}

function NewLink({ url }: { url: string }) {
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label="Your calendar link" value={url} readOnly onFocus={(e) => e.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button onClick={copy} color={copied ? 'teal.9' : undefined} w={96}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dark.4">
        Copy it now: it is shown only this once. Keep it private, as anyone who has it can see this calendar.
      </Text>
      {/* webcal: opens the phone's or computer's calendar app, which offers to subscribe. */}
      <Button component="a" href={url.replace(/^https?:/, 'webcal:')} variant="default" w="fit-content">
        Open in my calendar app
      </Button>
    </Stack>
  );
}

function Instructions({ headingOrder }: { headingOrder: 3 | 4 }) {
  return (
    <Stack gap={4}>
      <Title order={headingOrder} size="h5">
        Subscribe by URL
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          <strong>Google Calendar</strong> (on a computer): next to Other calendars choose +, then From URL; paste the link and choose Add calendar.
        </List.Item>
        <List.Item>
          <strong>Apple Calendar</strong>: on a Mac, File › New Calendar Subscription; on an iPhone, Settings › Apps › Calendar › Calendar Accounts › Add
          Account › Other › Add Subscribed Calendar. Paste the link.
        </List.Item>
        <List.Item>
          <strong>Outlook</strong>: in Outlook on the web, Add calendar › Subscribe from web; paste the link, name it and choose Import.
        </List.Item>
      </List>
      <Text size="xs" c="dark.4">
        Calendar apps fetch subscribed calendars on their own schedule: a change may take a few hours to show (Google Calendar can take up to a day).{' '}
        <Anchor href="https://support.google.com/calendar/answer/37100" target="_blank" rel="noopener noreferrer" size="xs" underline="always">
          Google's help
        </Anchor>
      </Text>
    </Stack>
  );
}
