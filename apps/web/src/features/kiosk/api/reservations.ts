import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bulkReservationResultSchema, type bulkReservationInputSchema, type EventKind } from '@spotter/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trackEvent } from '../../../lib/analytics';
import type { ReservationUpdatePayload } from '../lib/charge-rules';
import { kioskKeys } from './query-keys';
import { reservationPath } from './reservation-paths';

export type UpdateReservationVariables = { reservationId: string; athleteId: string; input: ReservationUpdatePayload };

/** PUT a reservation: Mark Late Cancel / Mark No Show with the charge terms. */
export function updateReservation(kind: EventKind, v: UpdateReservationVariables) {
  return api.put(reservationPath(kind, v.reservationId), v.input);
}

export function useUpdateReservation(eventId: string, kind: EventKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: UpdateReservationVariables) => updateReservation(kind, v),
    onSuccess: (_data, v) => {
      if (v.input.isLateCancel || v.input.isNoShow) {
        trackEvent(v.input.isLateCancel ? 'kiosk_late_cancel' : 'kiosk_no_show', { eventId, eventType: kind, athleteId: v.athleteId, chargeFee: v.input.chargeFee });
      }
      notifySuccess({ title: 'Athlete reservation update success', message: 'The reservation was updated.' });
    },
    onError: (error) => notifyError({ title: 'Athlete reservation update failed', message: errorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}

export function deleteReservation(kind: EventKind, reservationId: string) {
  return api.delete(reservationPath(kind, reservationId));
}

export function useDeleteReservation(kind: EventKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reservationId: string) => deleteReservation(kind, reservationId),
    onSuccess: () => notifySuccess({ title: 'Athlete reservation delete success', message: 'Reservation successfully deleted.' }),
    onError: (error) => notifyError({ title: 'Athlete reservation delete failed', message: errorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}

export const BULK_SUCCESS_MESSAGE =
  'If credits are available, they will be assigned later today, starting with the earliest upcoming reservations and continuing chronologically into the future.';

/** Spec 3: days travel comma-joined, 1 = Sunday .. 7 = Saturday ("1,3,5"). */
export type BulkReservationPayload = z.input<typeof bulkReservationInputSchema> & { days: string };

/** Spec 7.3: POST athlete-kilo-classes/create-bulk/. */
export function createBulkReservations(input: BulkReservationPayload) {
  return api.post('/athlete-kilo-classes/create-bulk/', input, { schema: bulkReservationResultSchema });
}

export function useCreateBulkReservations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkReservations,
    onSuccess: () => notifySuccess({ title: 'Athlete reservations create success', message: BULK_SUCCESS_MESSAGE }),
    onError: (error) => notifyError({ title: 'Athlete reservations create failed', message: errorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}
