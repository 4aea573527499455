import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffSchema } from '@spotter/shared';
import { api } from '../../../lib/api-client';

export const staffSelfQueryKey = ['staff', 'self'] as const;

export function getStaffSelf() {
  return api.get('/staff/self', { schema: staffSchema });
}

export function staffSelfQueryOptions() {
  return queryOptions({ queryKey: staffSelfQueryKey, queryFn: getStaffSelf });
}

export function useStaffSelf() {
  return useQuery(staffSelfQueryOptions());
}
