import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffMemberSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** GET /api/staff/:staffId/: one staff member of the gym. */
export function getStaffMember(staffId: string, signal?: AbortSignal) {
  return callEndpoint('staffMember', { params: { staffId }, signal }, { schema: staffMemberSchema });
}

export function staffMemberQueryOptions(staffId: string) {
  return queryOptions({ queryKey: staffKeys.member(staffId), queryFn: ({ signal }) => getStaffMember(staffId, signal) });
}

export function useStaffMember(staffId: string | null) {
  return useQuery({ ...staffMemberQueryOptions(staffId ?? ''), enabled: staffId !== null });
}
