import { queryOptions, useQuery } from '@tanstack/react-query';
import { kiloStaffSchema } from '@spotter/shared';
import { api } from '../../../lib/api-client';

export const kiloStaffSelfQueryKey = ['kilo-staff', 'self'] as const;

export function getKiloStaffSelf() {
  return api.get('/kilo-staff/self', { schema: kiloStaffSchema });
}

export function kiloStaffSelfQueryOptions() {
  return queryOptions({ queryKey: kiloStaffSelfQueryKey, queryFn: getKiloStaffSelf });
}

export function useKiloStaffSelf() {
  return useQuery(kiloStaffSelfQueryOptions());
}
