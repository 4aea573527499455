import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';

export const staffSelfQueryKey = ['staff', 'self'] as const;

export function getStaffSelf() {
  return callEndpoint('staffSelf', {}, { schema: staffSchema });
}

export function staffSelfQueryOptions() {
  return queryOptions({ queryKey: staffSelfQueryKey, queryFn: getStaffSelf });
}

export function useStaffSelf() {
  return useQuery(staffSelfQueryOptions());
}
