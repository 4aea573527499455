import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appointmentSlotsAnswerSchema,
  athleteAppointmentAnswerSchema,
  bookableAppointmentTypesSchema,
  bookedAppointmentSchema,
  type BookAppointmentInput,
} from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';

/** Under ['events'] like the schedule's reads, so a booking or a cancel refreshes them all (eventKeys.all). */
export const appointmentKeys = {
  types: ['events', 'appointments', 'types'] as const,
  one: (id: string) => ['events', 'appointments', 'one', id] as const,
  slots: (typeId: string, date: string, staffId: string | null) => ['events', 'appointments', 'slots', typeId, date, staffId ?? 'any'] as const,
};

export function useBookableTypes() {
  return useQuery({
    queryKey: appointmentKeys.types,
    queryFn: ({ signal }) => callEndpoint('bookableAppointmentTypes', { signal }, { schema: bookableAppointmentTypesSchema }),
  });
}

/** `/appointments/{eventId}`: a bookable type or one of the athlete's own appointments. */
export function useAthleteAppointment(id: string) {
  return useQuery({
    queryKey: appointmentKeys.one(id),
    queryFn: ({ signal }) => callEndpoint('athleteAppointment', { params: { eventId: id }, signal }, { schema: athleteAppointmentAnswerSchema }),
  });
}

export function useAppointmentSlots(typeId: string, date: string | null, staffId: string | null) {
  return useQuery({
    queryKey: appointmentKeys.slots(typeId, date ?? '', staffId),
    queryFn: ({ signal }) =>
      callEndpoint(
        'appointmentSlots',
        { query: { appointmentTypeId: typeId, date: date!, ...(staffId ? { staffId } : {}) }, signal },
        { schema: appointmentSlotsAnswerSchema },
      ),
    enabled: date !== null,
    placeholderData: keepPreviousData,
  });
}

export function useBookAppointment() {
  return useApiMutation({
    mutationFn: (input: BookAppointmentInput) => callEndpoint('bookAppointment', { body: input }, { schema: bookedAppointmentSchema }),
    success: 'Your appointment is booked.',
    errorTitle: 'Booking failed',
    invalidates: [eventKeys.all],
  });
}

/**
 * Cancelling an appointment with its only booking ends it: it is no longer the athlete's, and its own read answers
 * 404. The page that cancelled it leaves for /events, so that read is marked stale without being fetched again
 * (fetched, the browser logged the 404 as a failed request: issue 34 item 14's journeys).
 */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ reservationId }: { reservationId: string; eventId: string }) =>
      callEndpoint('deleteAppointmentReservation', { params: { athleteAppointmentId: reservationId } }),
    success: 'Your appointment is cancelled.',
    errorTitle: 'Cancelling failed',
    onSuccess: async (_data, { eventId }) => {
      const own = appointmentKeys.one(eventId);
      await queryClient.invalidateQueries({ queryKey: own, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: eventKeys.all, predicate: (query) => query.queryKey.join('/') !== own.join('/') });
    },
  });
}
