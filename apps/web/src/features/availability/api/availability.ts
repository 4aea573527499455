import { useQuery } from '@tanstack/react-query';
import { availabilityAnswerSchema, coachAvailabilitySchema, timeOffSchema, type CreateTimeOffInput, type ReplaceWeeklyHoursInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';

export const availabilityKeys = { all: ['availability'] as const };
/** What a change of hours, types or time off makes stale: this page and the appointment slots (under ['events']). */
const changed = [availabilityKeys.all, eventKeys.all];

export function useAvailability() {
  return useQuery({
    queryKey: availabilityKeys.all,
    queryFn: ({ signal }) => callEndpoint('availability', { signal }, { schema: availabilityAnswerSchema }),
  });
}

export function useReplaceCoachHours(staffId: string) {
  return useApiMutation({
    mutationFn: (hours: ReplaceWeeklyHoursInput['hours']) =>
      callEndpoint('replaceCoachHours', { params: { staffId }, body: { hours } }, { schema: coachAvailabilitySchema }),
    success: 'Weekly hours saved.',
    errorTitle: 'Saving the weekly hours failed',
    invalidates: changed,
  });
}

export function useReplaceCoachAppointmentTypes(staffId: string) {
  return useApiMutation({
    mutationFn: (appointmentTypeIds: string[]) =>
      callEndpoint('replaceCoachAppointmentTypes', { params: { staffId }, body: { appointmentTypeIds } }, { schema: coachAvailabilitySchema }),
    success: 'Appointment types saved.',
    errorTitle: 'Saving the appointment types failed',
    invalidates: changed,
  });
}

export function useAddTimeOff() {
  return useApiMutation({
    mutationFn: (input: CreateTimeOffInput) => callEndpoint('createTimeOff', { body: input }, { schema: timeOffSchema }),
    success: 'Time off added.',
    errorTitle: 'Adding the time off failed',
    invalidates: changed,
  });
}

export function useRemoveTimeOff() {
  return useApiMutation({
    mutationFn: (timeOffId: string) => callEndpoint('deleteTimeOff', { params: { timeOffId } }),
    success: 'Time off removed.',
    errorTitle: 'Removing the time off failed',
    invalidates: changed,
  });
}
