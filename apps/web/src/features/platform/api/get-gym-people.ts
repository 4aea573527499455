import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformAthletePageSchema, platformStaffPageSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { platformQueryKey } from './get-gyms';
import { listQuery, type ListParams } from './list-params';

export type PeopleKind = 'athletes' | 'staff';

/** GET /api/platform/gyms/{gymId}/athletes/: each athlete with the profileId to impersonate. */
export function getGymAthletes(gymId: string, params: ListParams, signal?: AbortSignal) {
  return callEndpoint('platformGymAthletes', { params: { gymId }, query: listQuery(params), signal }, { schema: platformAthletePageSchema });
}

/** GET /api/platform/gyms/{gymId}/staff/: staff and owners with the profileId to impersonate. */
export function getGymStaff(gymId: string, params: ListParams, signal?: AbortSignal) {
  return callEndpoint('platformGymStaff', { params: { gymId }, query: listQuery(params), signal }, { schema: platformStaffPageSchema });
}

export function gymAthletesQueryOptions(gymId: string, params: ListParams) {
  return queryOptions({
    queryKey: [...platformQueryKey, 'gym', gymId, 'athletes', params] as const,
    queryFn: ({ signal }) => getGymAthletes(gymId, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function gymStaffQueryOptions(gymId: string, params: ListParams) {
  return queryOptions({
    queryKey: [...platformQueryKey, 'gym', gymId, 'staff', params] as const,
    queryFn: ({ signal }) => getGymStaff(gymId, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGymAthletes(gymId: string, params: ListParams, enabled = true) {
  return useQuery({ ...gymAthletesQueryOptions(gymId, params), enabled });
}

export function useGymStaff(gymId: string, params: ListParams, enabled = true) {
  return useQuery({ ...gymStaffQueryOptions(gymId, params), enabled });
}
