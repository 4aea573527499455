import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBookableTypes } from '../api/appointments';
import { offerLabel } from '../lib/pricing';

const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';

/**
 * The schedule's "Book an appointment" (issue 16): the gym's bookable appointment types, each to its booking flow, and
 * which need a package the athlete does not hold (issue 18).
 */
export function BookAppointmentSection() {
  const types = useBookableTypes();
  // A gym with nothing to book shows nothing here: there is nothing for the athlete to do about it.
  if (types.data && types.data.results.length === 0) return null;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="book-appointment-title">
      <Title order={2} size="h3" id="book-appointment-title">
        Book an appointment
      </Title>
      {types.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !types.data ? (
        <Stack aria-busy="true">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Appointment types">
          {types.data.results.map((t) => (
            <li key={t.appointmentTypeId}>
              <Card
                component={Link}
                to={`/appointments/${t.appointmentTypeId}`}
                withBorder
                padding="md"
                radius="md"
                style={{ borderLeft: `6px solid var(--mantine-color-${t.color}-6, var(--mantine-color-cyan-6))` }}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={700} size="lg">
                      {t.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t.coaches.map((c) => c.fullName).join(', ')}
                    </Text>
                    {/* Issue 18: booked only on a package that covers it. */}
                    {!t.isCovered && (
                      <Text size="sm" fw={600} c="red.9">
                        Needs a package
                      </Text>
                    )}
                  </Stack>
                  <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text fw={600}>{offerLabel(t, types.data.country, types.data.isTaxInclusive)}</Text>
                    <Text size="sm">{t.durationMinutes} min</Text>
                  </Stack>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
