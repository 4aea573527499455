import { useMemo, useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { EventKind, GymCountry, KioskAthlete } from '@spotter/shared';
import { SignDocumentDialog } from '../../documents';
import { useCheckIn, useDeleteReservation } from '../../reservations';
import { kioskKeys } from '../api/query-keys';
import type { AthleteAction } from './athlete-actions-menu';
import { BulkReservationModal } from './bulk-reservation-modal';
import { ChargeDialog } from './charge-dialog';

type OpenDialog = { action: Exclude<AthleteAction, 'removeCheckIn'>; athlete: KioskAthlete } | null;

/** Taps and menu actions of the athlete list; one check-in per athlete at a time, so a double tap sends one call. */
export function useAthleteActions(eventId: string, kind: EventKind) {
  const { mutateAsync: checkIn } = useCheckIn(eventId, kind, kioskKeys.event(eventId, kind));
  const pending = useRef(new Set<string>());
  const [dialog, setDialog] = useState<OpenDialog>(null);

  // The rows are memoised (AthleteRow): these callbacks keep one identity (mutateAsync does), so a tap redraws the
  // tapped athlete's row only, not every row of the class.
  const callbacks = useMemo(() => {
    const setCheckedIn = (athlete: KioskAthlete, isCheckedIn: boolean) => {
      if (pending.current.has(athlete.athleteId)) return;
      pending.current.add(athlete.athleteId);
      // Not mutate()'s onSettled: TanStack Query calls that only for the latest call, so an athlete tapped just before
      // another would stay pending, and their next taps would do nothing. The hook's onError has told the user.
      void checkIn({ athlete, isCheckedIn, walkInId: crypto.randomUUID() })
        .catch(() => undefined)
        .finally(() => pending.current.delete(athlete.athleteId));
    };
    return {
      close: () => setDialog(null),
      toggle: (athlete: KioskAthlete) => setCheckedIn(athlete, !athlete.isCheckedIn),
      open: (action: AthleteAction, athlete: KioskAthlete) => {
        if (action === 'removeCheckIn') setCheckedIn(athlete, false);
        else setDialog({ action, athlete });
      },
    };
  }, [checkIn]);
  return { dialog, ...callbacks };
}

type AthleteDialogsProps = {
  actions: ReturnType<typeof useAthleteActions>;
  eventId: string;
  kind: EventKind;
  today: string;
  country: GymCountry;
  isTaxInclusive: boolean;
};

export function AthleteDialogs({ actions, eventId, kind, today, country, isTaxInclusive }: AthleteDialogsProps) {
  const { dialog, close } = actions;
  if (!dialog) return null;
  const { action, athlete } = dialog;
  if (action === 'lateCancel' || action === 'noShow') {
    return (
      <ChargeDialog
        chargeKind={action}
        athlete={athlete}
        eventId={eventId}
        eventKind={kind}
        today={today}
        country={country}
        isTaxInclusive={isTaxInclusive}
        onClose={close}
      />
    );
  }
  if (action === 'signDocument') return <SignDocumentDialog athleteId={athlete.athleteId} athleteName={athlete.fullName} onClose={close} />;
  if (action === 'bulk') return <BulkReservationModal athlete={athlete} eventId={eventId} today={today} country={country} onClose={close} />;
  return <DeleteReservationDialog athlete={athlete} kind={kind} onClose={close} />;
}

function DeleteReservationDialog({ athlete, kind, onClose }: { athlete: KioskAthlete; kind: EventKind; onClose: () => void }) {
  const remove = useDeleteReservation(kind);
  return (
    <Modal opened onClose={onClose} title="Delete Reservation" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="lg">Delete the reservation of {athlete.fullName}?</Text>
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red.9" size="md" loading={remove.isPending} onClick={() => remove.mutate(athlete.reservationId!, { onSuccess: onClose })}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
