import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventKind, KioskAthlete, KioskEventDetail } from '@spotter/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trackEvent } from '../../../lib/analytics';
import { kioskKeys } from './query-keys';
import { reservationBase, reservationPath } from './reservation-paths';

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
    const clearMark = v.isCheckedIn && (v.athlete.isLateCancel || v.athlete.isNoShow) ? { isLateCancel: false, isNoShow: false } : {};
    return api.put(reservationPath(kind, v.athlete.reservationId), { isCheckedIn: v.isCheckedIn, ...clearMark });
  }
  const idField = kind === 'class' ? { athleteKiloClassId: v.walkInId, kiloClass: eventId } : { athleteAppointmentId: v.walkInId, appointment: eventId };
  return api.post(reservationBase(kind), { ...idField, athlete: v.athlete.athleteId, isReserved: false, isCheckedIn: true });
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

/** Optimistic: the athlete moves at once and moves back, with the server's text, if the server refuses. */
export function useCheckIn(eventId: string, kind: EventKind) {
  const queryClient = useQueryClient();
  const key = kioskKeys.event(eventId, kind);
  return useMutation({
    mutationFn: (v: CheckInVariables) => checkIn(eventId, kind, v),
    onMutate: async (v) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<KioskEventDetail>(key);
      if (previous) queryClient.setQueryData<KioskEventDetail>(key, applyCheckIn(previous, v));
      return { previous };
    },
    onError: (error, v, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyError({ title: isWalkIn(v) ? 'Adding athlete failed' : 'Athlete reservation update failed', message: errorMessage(error) });
    },
    onSuccess: (_data, v) => {
      if (v.isCheckedIn) trackEvent('kiosk_check_in', { eventId, eventType: kind, athleteId: v.athlete.athleteId, walkIn: isWalkIn(v) });
      const title = !isWalkIn(v)
        ? 'Athlete reservation update success'
        : kind === 'class'
          ? 'Adding athlete to class success'
          : 'Creating appointment for athlete success';
      notifySuccess({ title, message: `${v.athlete.fullName} ${v.isCheckedIn ? 'is checked in.' : 'is no longer checked in.'}` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}
