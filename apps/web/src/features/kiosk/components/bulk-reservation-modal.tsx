import { useState } from 'react';
import { Alert, Badge, Button, Chip, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatDate, formatTime, localeOf, type GymCountry, type KioskAthlete } from '@spotter/shared';
import { useClassPreview, useEventSettings, type EventSettings } from '../../events';
import { bulkDateLimits, canGoToPreview, defaultBulkRange, useCreateBulkReservations, weekdayCodes, weekdaysFrom } from '../../reservations';
import { FETCH_FAILED_MESSAGE } from './kiosk-context-gate';

type BulkReservationModalProps = { athlete: KioskAthlete; eventId: string; today: string; country: GymCountry; onClose: () => void };

/** Spec 2.12 / 4 / 5: step 1 weekdays and dates, step 2 preview of the matching classes and confirm. */
export function BulkReservationModal(props: BulkReservationModalProps) {
  const settings = useEventSettings(props.eventId, 'class');
  return (
    <Modal opened onClose={props.onClose} title={`Bulk Reservation: ${props.athlete.fullName}`} centered closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
      {settings.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : settings.data ? (
        <BulkSteps {...props} settings={settings.data} />
      ) : (
        <Skeleton height={160} />
      )}
    </Modal>
  );
}

function BulkSteps({ athlete, today, country, onClose, settings }: BulkReservationModalProps & { settings: EventSettings }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [days, setDays] = useState<string[]>([]);
  const [range, setRange] = useState(() => defaultBulkRange(today));
  const limits = bulkDateLimits(today);
  const { dateFormat, firstDayOfWeek } = localeOf(country);
  const params = {
    days: weekdayCodes(days),
    start: range.startDate,
    end: range.endDate,
    startTime: settings.startTime,
    kiloClassType: settings.kiloClassTypeId ?? '',
    locationId: settings.locationId,
    athlete: athlete.athleteId,
  };
  const preview = useClassPreview(params, step === 2);
  const create = useCreateBulkReservations();
  const classes = preview.data?.results ?? [];
  // Issue 33: the server says per class whether the bulk reservation books it (it skips reserved, full and started
  // classes, decision 005, by the same answer).
  const bookable = classes.filter((c) => c.bookability.action === 'book').length;

  const confirm = () =>
    create.mutate(
      {
        athlete: athlete.athleteId,
        startDate: range.startDate,
        endDate: range.endDate,
        days: params.days,
        startTime: settings.startTime,
        kiloClassType: params.kiloClassType,
        location: settings.locationId,
      },
      { onSuccess: onClose },
    );

  if (step === 1) {
    return (
      <Stack gap="md">
        <Text fw={600}>Step 1 of 2: weekdays and dates</Text>
        <div role="group" aria-label="Weekdays">
          <Chip.Group multiple value={days} onChange={setDays}>
            <Group gap="xs">
              {weekdaysFrom(firstDayOfWeek).map((d) => (
                <Chip key={d.code} value={String(d.code)} size="md">
                  {d.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <Group grow align="flex-start">
          <DatePickerInput
            label="Start date"
            size="md"
            value={range.startDate}
            minDate={limits.minDate}
            maxDate={range.endDate}
            valueFormat={dateFormat}
            firstDayOfWeek={firstDayOfWeek}
            onChange={(date) => date && setRange((r) => ({ ...r, startDate: date }))}
          />
          <DatePickerInput
            label="End date"
            size="md"
            value={range.endDate}
            minDate={range.startDate}
            maxDate={limits.maxDate}
            valueFormat={dateFormat}
            firstDayOfWeek={firstDayOfWeek}
            onChange={(date) => date && setRange((r) => ({ ...r, endDate: date }))}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cancel
          </Button>
          <Button size="md" disabled={!canGoToPreview(days, range.startDate, range.endDate, today)} onClick={() => setStep(2)}>
            Next
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text fw={600}>Step 2 of 2: preview and confirm</Text>
      {preview.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : preview.isPending ? (
        <Skeleton height={120} />
      ) : (
        <>
          <Text>
            {classes.length} matching {classes.length === 1 ? 'class' : 'classes'}; {bookable} will be reserved.
          </Text>
          {/* A long list scrolls: its viewport takes the focus, so the keyboard can scroll it too (axe scrollable-region-focusable). */}
          <ScrollArea.Autosize mah={280} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Matching classes, scrollable' }}>
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Matching classes">
              {classes.map((c) => (
                <Group key={c.kiloClassId} component="li" justify="space-between" wrap="nowrap" py={4}>
                  <Text>
                    {formatDate(c.startDate, country)} {formatTime(c.startTime, country)} · {c.kiloClassType.name}
                  </Text>
                  <SkipBadge code={c.bookability.reason?.code} />
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={() => setStep(1)}>
          Back
        </Button>
        <Button size="md" disabled={preview.isPending || create.isPending || bookable === 0} loading={create.isPending} onClick={confirm}>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}

/** Why the server leaves a class out (its bookability's reason), as a badge; nothing for a class it books. */
function SkipBadge({ code }: { code: string | undefined }) {
  switch (code) {
    case undefined:
      return null;
    case 'already_reserved':
      return <Badge color="gray.7">Reserved</Badge>;
    case 'full':
      return <Badge color="red.9">Full</Badge>;
    case 'started':
      return <Badge color="gray.7">Started</Badge>;
    case 'cancelled':
      return <Badge color="gray.7">Cancelled</Badge>;
    default:
      return <Badge color="gray.7">Not bookable</Badge>;
  }
}
