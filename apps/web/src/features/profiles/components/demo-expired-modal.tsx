import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { Profile } from '@spotter/shared';
import { getRuntimeConfig } from '../../../lib/runtime-config';

type DemoExpiredModalProps = { profile: Profile | null; onClose: () => void };

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
                {dayjs(expiresAt).isAfter(dayjs()) ? 'Switched off before its end on' : 'Ended'} {dayjs(expiresAt).format('MMM D, YYYY h:mm A')}
              </Text>
              <Badge color="red" variant="light">
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
