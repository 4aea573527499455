import type { EventKind } from '@spotter/shared';
import { trackEvent } from '../../../lib/analytics';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';
import type { ReservationUpdatePayload } from '../lib/charge-rules';
import { updateReservation } from './reservation-requests';

export type UpdateReservationVariables = { reservationId: string; athleteId: string; input: ReservationUpdatePayload };

/** Mark Late Cancel / Mark No Show with the charge terms (spec 4 / 5). */
export function useUpdateReservation(eventId: string, kind: EventKind) {
  return useApiMutation({
    mutationFn: (v: UpdateReservationVariables) => updateReservation(kind, v.reservationId, v.input),
    success: { title: 'Athlete reservation update success', message: 'The reservation was updated.' },
    onSuccess: (_data, v) => {
      if (v.input.isLateCancel || v.input.isNoShow) {
        trackEvent(v.input.isLateCancel ? 'kiosk_late_cancel' : 'kiosk_no_show', {
          eventId,
          eventType: kind,
          athleteId: v.athleteId,
          chargeFee: v.input.chargeFee,
        });
      }
    },
    errorTitle: 'Athlete reservation update failed',
    invalidates: [eventKeys.all],
  });
}
