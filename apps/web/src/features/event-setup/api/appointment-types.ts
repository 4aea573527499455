import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentTypePageSchema, appointmentTypeSavedSchema, appointmentTypeSchema, type AppointmentTypeInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';
import type { RecordAction } from './class-types';
import { setupListQuery } from './list-query';
import { setupKeys, type SetupListParams } from './query-keys';

/** GET /api/appointment-types/: a page of the gym's appointment types with their coaches. */
export function getAppointmentTypes(params: SetupListParams, signal?: AbortSignal) {
  return callEndpoint('appointmentTypes', { query: setupListQuery(params), signal }, { schema: appointmentTypePageSchema });
}

export function appointmentTypesQueryOptions(params: SetupListParams) {
  return queryOptions({
    queryKey: setupKeys.appointmentTypeList(params),
    queryFn: ({ signal }) => getAppointmentTypes(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAppointmentTypes(params: SetupListParams) {
  return useQuery(appointmentTypesQueryOptions(params));
}

const invalidates = [setupKeys.appointmentTypes, eventKeys.all];

export function useCreateAppointmentType() {
  return useApiMutation({
    mutationFn: (body: AppointmentTypeInput) => callEndpoint('createAppointmentType', { body }, { schema: appointmentTypeSchema }),
    success: (type) => ({ title: 'Appointment type created', message: type.name }),
    errorTitle: 'Creating appointment type failed',
    invalidates,
  });
}

export function useUpdateAppointmentType() {
  return useApiMutation({
    mutationFn: ({ appointmentTypeId, body }: { appointmentTypeId: string; body: AppointmentTypeInput }) =>
      callEndpoint('updateAppointmentType', { params: { appointmentTypeId }, body }, { schema: appointmentTypeSavedSchema }),
    success: (saved) => {
      const n = saved.eventsUpdated;
      return n > 0
        ? { title: 'Appointment type saved', message: `The new fees apply to ${n} ${n === 1 ? 'appointment' : 'appointments'} still to come.` }
        : { title: 'Appointment type saved', message: saved.appointmentType.name };
    },
    errorTitle: 'Saving appointment type failed',
    invalidates,
  });
}

const actionEndpoint = { archive: 'archiveAppointmentType', restore: 'restoreAppointmentType', delete: 'deleteAppointmentType' } as const;
const actionTexts: Record<RecordAction, { success: string; failure: string }> = {
  archive: { success: 'Appointment type archived', failure: 'Archiving appointment type failed' },
  restore: { success: 'Appointment type restored', failure: 'Restoring appointment type failed' },
  delete: { success: 'Appointment type deleted', failure: 'Deleting appointment type failed' },
};

export function useAppointmentTypeAction() {
  return useApiMutation({
    mutationFn: ({ appointmentTypeId, action }: { appointmentTypeId: string; name: string; action: RecordAction }) =>
      callEndpoint(actionEndpoint[action], { params: { appointmentTypeId } }),
    success: (_data, { action, name }) => ({ title: actionTexts[action].success, message: name }),
    errorTitle: ({ action }) => actionTexts[action].failure,
    invalidates,
  });
}
