import { Alert, Button, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { addDays, dayOfWeek, toZoned } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { BookAppointmentSection } from '../../appointments';
import { useScheduleDay } from '../api/schedule';
import { ClassCard } from './class-card';

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Spec 2.4 `/` (issue 16): a strip of the next seven days, the chosen day's classes, then the appointments to book. */
export function SchedulePage() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('date');
  const day = useScheduleDay(chosen);
  // The strip starts at the gym's today, which the first answer tells (the browser's zone may be another).
  const today = day.data ? toZoned(new Date(), day.data.timeZone).date : null;
  const selected = chosen ?? day.data?.date ?? null;

  return (
    <>
      <PageHeader title="Schedule" />
      <ScrollArea type="auto" offsetScrollbars mb="md">
        <Group gap="xs" wrap="nowrap" role="group" aria-label="Day">
          {today
            ? Array.from({ length: 7 }, (_, i) => addDays(today, i)).map((date) => (
                <Button
                  key={date}
                  variant={date === selected ? 'filled' : 'default'}
                  aria-pressed={date === selected}
                  onClick={() => setParams(date === today ? {} : { date })}
                  h={56}
                  px="sm"
                  miw={64}
                >
                  <Stack gap={0} align="center">
                    <Text size="xs" fw={500} inherit>
                      {i18nDay(date, today)}
                    </Text>
                    <Text fw={700} inherit>
                      {Number(date.slice(8, 10))}
                    </Text>
                  </Stack>
                </Button>
              ))
            : Array.from({ length: 7 }, (_, i) => <Skeleton key={i} height={56} width={64} />)}
        </Group>
      </ScrollArea>
      {day.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !day.data ? (
        <Stack aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : day.data.results.length === 0 ? (
        <Alert title="No classes on this day">Choose another day above to see its classes.</Alert>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Classes">
          {day.data.results.map((c) => (
            <li key={c.eventId}>
              <ClassCard c={c} timeZone={day.data.timeZone} country={day.data.country} />
            </li>
          ))}
        </Stack>
      )}
      <BookAppointmentSection />
    </>
  );
}

const i18nDay = (date: string, today: string) => (date === today ? 'Today' : WEEKDAYS[dayOfWeek(date)]);
