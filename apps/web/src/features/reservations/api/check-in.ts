import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isMarked, type EventKind, type KioskAthlete, type KioskEventDetail } from '@spotter/shared';
import { trackEvent } from '../../../lib/analytics';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';
import { createWalkIn, updateReservation } from './reservation-requests';

export type CheckInVariables = {
  athlete: KioskAthlete;
  isCheckedIn: boolean;
  /** The id of a walk-in made here, so a retry or a double tap cannot create two (decision 005). */
  walkInId: string;
};

export const isWalkIn = (v: CheckInVariables) => v.athlete.reservationId === null;

/**
 * Spec 4: with a reservation, PUT isCheckedIn (clearing a late cancel or no show in the same call); without one,
 * POST a walk-in with a client-made id, isReserved false and isCheckedIn true.
 */
export function checkIn(eventId: string, kind: EventKind, v: CheckInVariables) {
  if (v.athlete.reservationId) {
    const clearMark = v.isCheckedIn && isMarked(v.athlete) ? { isLateCancel: false, isNoShow: false } : {};
    return updateReservation(kind, v.athlete.reservationId, { isCheckedIn: v.isCheckedIn, ...clearMark });
  }
  return createWalkIn(kind, eventId, v.athlete.athleteId, v.walkInId);
}

/** The athlete as the detail shows it right after the tap. */
function applyCheckIn(detail: KioskEventDetail, v: CheckInVariables): KioskEventDetail {
  const exists = detail.results.some((a) => a.athleteId === v.athlete.athleteId);
  const changed = { isCheckedIn: v.isCheckedIn, isLateCancel: false, isNoShow: false };
  const results = exists
    ? detail.results.map((a) => (a.athleteId === v.athlete.athleteId ? { ...a, ...changed } : a))
    : [...detail.results, { ...v.athlete, ...changed, reservationId: v.athlete.reservationId ?? v.walkInId }];
  return { ...detail, results, count: exists ? detail.count : detail.count + 1 };
}

/**
 * Optimistic: the athlete moves at once in the cached event detail under `detailKey`, and moves back, with the
 * server's text, if the server refuses.
 */
export function useCheckIn(eventId: string, kind: EventKind, detailKey: QueryKey) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (v: CheckInVariables) => checkIn(eventId, kind, v),
    onMutate: async (v) => {
      await queryClient.cancelQueries({ queryKey: detailKey });
      const previous = queryClient.getQueryData<KioskEventDetail>(detailKey);
      if (previous) queryClient.setQueryData<KioskEventDetail>(detailKey, applyCheckIn(previous, v));
      return { previous };
    },
    onError: (_error, _v, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
    },
    errorTitle: (v) => (isWalkIn(v) ? 'Adding athlete failed' : 'Athlete reservation update failed'),
    success: (_data, v) => ({
      title: !isWalkIn(v)
        ? 'Athlete reservation update success'
        : kind === 'class'
          ? 'Adding athlete to class success'
          : 'Creating appointment for athlete success',
      message: `${v.athlete.fullName} ${v.isCheckedIn ? 'is checked in.' : 'is no longer checked in.'}`,
    }),
    onSuccess: (_data, v) => {
      if (v.isCheckedIn) trackEvent('kiosk_check_in', { eventId, eventType: kind, athleteId: v.athlete.athleteId, walkIn: isWalkIn(v) });
    },
    invalidates: [eventKeys.all],
  });
}
