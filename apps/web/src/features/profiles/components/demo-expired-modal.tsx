import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { formatGymInstant, type Profile } from '@spotter/shared';
import { getRuntimeConfig } from '../../../lib/runtime-config';

type DemoExpiredModalProps = { profile: Profile | null; onClose: () => void };

/**
 * The demo's end as the gym tells time, with its zone stated (spec 9; issue 23): the same text as the console's Demo
 * Gyms list. A demo profile always has its gym's zone; the browser's is only a fallback for a profile without a gym.
 */
export function demoEndText(expiresAt: string, profile: Pick<Profile, 'gymTimeZone' | 'gymCountry'>): string {
  const timeZone = profile.gymTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return formatGymInstant(expiresAt, { timeZone, country: profile.gymCountry });
}

/** Read when the dialog opens (a demo profile was just chosen), as the rest of its text is. */
const isStillAhead = (instant: string) => Date.parse(instant) > Date.now();

/** Spec 2.3: shown instead of selecting a demo profile that can no longer be entered. */
export function DemoExpiredModal({ profile, onClose }: DemoExpiredModalProps) {
  const bookingUrl = getRuntimeConfig().demoBookingUrl;
  const name = profile?.gymTitle ?? 'Spotter';
  const expiresAt = profile?.demoGym?.expiresAt;
  return (
    <Modal
      opened={profile !== null}
      onClose={onClose}
      title="Demo Period Expired"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {profile && (
        <Stack gap="md">
          <Text fw={700} size="lg">
            {profile.fullName}
          </Text>
          <Text>Your 48-hour demo access for {name} has ended.</Text>
          {expiresAt && (
            <Group gap="sm" wrap="nowrap">
              <Text size="sm">
                {/* A demo switched off before its end says so rather than showing an end still to come. */}
                {isStillAhead(expiresAt) ? 'Switched off before its end on' : 'Ended'} {demoEndText(expiresAt, profile)}
              </Text>
              <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                Expired
              </Badge>
            </Group>
          )}
          <Title order={2} size="h4">
            Ready to get started?
          </Title>
          <Text>Contact your sales advisor to extend your trial or set up a live account.</Text>
          {bookingUrl && (
            <Button component="a" href={bookingUrl} target="_blank" rel="noopener noreferrer">
              Schedule a Call
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}
