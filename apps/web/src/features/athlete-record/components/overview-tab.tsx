import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, toZoned, type AthleteRecord } from '@spotter/shared';
import { useAthleteOverview } from '../api/athlete-record';
import { athletePath } from './add-athlete-button';
import { LOAD_ERROR, MembershipBadge, kindLabel, whenOf } from './parts';
import { useGymCountry } from './use-gym-country';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
    </Card>
  );
}

/** Overview: status, current packages, next bookings, flags, last visit and attendance at a glance. */
export function OverviewTab({ athlete }: { athlete: AthleteRecord }) {
  const overview = useAthleteOverview(athlete.athleteId);
  const { country } = useGymCountry();
  if (overview.isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!overview.data) return <Skeleton height={240} />;
  const o = overview.data;
  const lastVisit = o.lastVisit ? formatDate(toZoned(new Date(o.lastVisit), o.timeZone).date, country) : 'Never';
  const flags = [
    o.flags.hasPastDueBills && 'A bill is past due.',
    o.flags.hasUnsignedDocuments && 'A document is waiting to be signed.',
    o.flags.hasMedicalNote && 'Has a medical note (see Profile).',
  ].filter(Boolean);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            Status
          </Text>
          <Group gap={4} mt={4}>
            <MembershipBadge state={o.membershipState} />
          </Group>
        </Card>
        <Stat label="Last visit" value={lastVisit} />
        <Stat label="Classes, last 30 days" value={o.attendance.attendedLast30Days} />
        <Stat label="Classes, all time" value={o.attendance.attended} />
      </SimpleGrid>
      {flags.length > 0 && (
        <Card withBorder padding="sm">
          <Title order={2} size="h5" mb={4}>
            Flags
          </Title>
          {flags.map((f) => (
            <Text key={String(f)} size="sm">
              {f}
            </Text>
          ))}
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Card withBorder padding="sm">
          <Title order={2} size="h5" mb="xs">
            Current packages
          </Title>
          {o.packages.length === 0 ? (
            <Text size="sm" c="dimmed">
              No current package.
            </Text>
          ) : (
            o.packages.map((p) => (
              <Group key={p.athletePackageId} justify="space-between" wrap="nowrap">
                <Text size="sm">{p.name}</Text>
                <Text size="sm" c="dimmed">
                  {kindLabel[p.kind]}
                  {p.status === 'on_hold' ? ' · on hold' : ''}
                </Text>
              </Group>
            ))
          )}
        </Card>
        <Card withBorder padding="sm">
          <Title order={2} size="h5" mb="xs">
            Next bookings
          </Title>
          {o.nextBookings.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing booked. <Link to={athletePath(athlete.athleteId, 'bookings')}>Book a class</Link>
            </Text>
          ) : (
            o.nextBookings.map((b) => (
              <Group key={b.eventId} justify="space-between" wrap="nowrap">
                <Text size="sm">{b.name}</Text>
                <Text size="sm" c="dimmed">
                  {whenOf(b, country)}
                </Text>
              </Group>
            ))
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
