import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { impersonationAuditPageSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { platformQueryKey } from './get-gyms';
import { listQuery } from './list-params';

/** GET /api/platform/gyms/{gymId}/impersonations/: every start and stop in the gym, newest first. */
export function getImpersonations(gymId: string, page: number, signal?: AbortSignal) {
  return callEndpoint(
    'platformGymImpersonations',
    { params: { gymId }, query: listQuery({ page, search: '' }), signal },
    { schema: impersonationAuditPageSchema },
  );
}

export function impersonationsQueryOptions(gymId: string, page: number) {
  return queryOptions({
    queryKey: [...platformQueryKey, 'gym', gymId, 'impersonations', page] as const,
    queryFn: ({ signal }) => getImpersonations(gymId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useImpersonations(gymId: string, page: number) {
  return useQuery(impersonationsQueryOptions(gymId, page));
}
