import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { classDefaultsSchema, classTypePageSchema, classTypeSavedSchema, classTypeSchema, type ClassTypeInput, type ClassTypeSaved } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';
import { setupListQuery } from './list-query';
import { setupKeys, type SetupListParams } from './query-keys';

/** GET /api/class-types/: a page of the gym's class types. */
export function getClassTypes(params: SetupListParams, signal?: AbortSignal) {
  return callEndpoint('classTypes', { query: setupListQuery(params), signal }, { schema: classTypePageSchema });
}

export function classTypesQueryOptions(params: SetupListParams) {
  return queryOptions({ queryKey: setupKeys.classTypeList(params), queryFn: ({ signal }) => getClassTypes(params, signal), placeholderData: keepPreviousData });
}

export function useClassTypes(params: SetupListParams) {
  return useQuery(classTypesQueryOptions(params));
}

/** Issue 22: what a new class type starts with, the gym's class defaults (GET /api/class-types/defaults/). */
export function useClassTypeDefaults(enabled = true) {
  return useQuery({
    queryKey: [...setupKeys.classTypes, 'defaults'] as const,
    queryFn: () => callEndpoint('classTypeDefaults', {}, { schema: classDefaultsSchema }),
    enabled,
    staleTime: 60_000,
  });
}

/** A write refreshes the lists, and the kiosk's and schedule's reads (names, fees copied onto classes to come). */
const invalidates = [setupKeys.classTypes, eventKeys.all];

/** What a save says: the fees' reach when the classes to come took them. */
export function savedNotice(saved: ClassTypeSaved) {
  const n = saved.eventsUpdated;
  return n > 0
    ? { title: 'Class type saved', message: `The new fees apply to ${n} ${n === 1 ? 'class' : 'classes'} still to come.` }
    : { title: 'Class type saved', message: saved.classType.name };
}

export function useCreateClassType() {
  return useApiMutation({
    mutationFn: (body: ClassTypeInput) => callEndpoint('createClassType', { body }, { schema: classTypeSchema }),
    success: (type) => ({ title: 'Class type created', message: type.name }),
    errorTitle: 'Creating class type failed',
    invalidates,
  });
}

export function useUpdateClassType() {
  return useApiMutation({
    mutationFn: ({ classTypeId, body }: { classTypeId: string; body: ClassTypeInput }) =>
      callEndpoint('updateClassType', { params: { classTypeId }, body }, { schema: classTypeSavedSchema }),
    success: savedNotice,
    errorTitle: 'Saving class type failed',
    invalidates,
  });
}

export type RecordAction = 'archive' | 'restore' | 'delete';

const actionEndpoint = { archive: 'archiveClassType', restore: 'restoreClassType', delete: 'deleteClassType' } as const;
const actionTexts: Record<RecordAction, { success: string; failure: string }> = {
  archive: { success: 'Class type archived', failure: 'Archiving class type failed' },
  restore: { success: 'Class type restored', failure: 'Restoring class type failed' },
  delete: { success: 'Class type deleted', failure: 'Deleting class type failed' },
};

/** Archive, restore or delete (the server refuses a delete while the type is in use). */
export function useClassTypeAction() {
  return useApiMutation({
    mutationFn: ({ classTypeId, action }: { classTypeId: string; name: string; action: RecordAction }) =>
      callEndpoint(actionEndpoint[action], { params: { classTypeId } }),
    success: (_data, { action, name }) => ({ title: actionTexts[action].success, message: name }),
    errorTitle: ({ action }) => actionTexts[action].failure,
    invalidates,
  });
}
