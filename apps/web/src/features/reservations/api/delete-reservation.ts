import { RESERVATION_DELETED_MESSAGE, type EventKind } from '@spotter/shared';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';
import { deleteReservation } from './reservation-requests';

export function useDeleteReservation(kind: EventKind) {
  return useApiMutation({
    mutationFn: (reservationId: string) => deleteReservation(kind, reservationId),
    success: { title: 'Athlete reservation delete success', message: RESERVATION_DELETED_MESSAGE },
    errorTitle: 'Athlete reservation delete failed',
    invalidates: [eventKeys.all],
  });
}
