import { queryOptions, useQuery } from '@tanstack/react-query';
import { kiloStaffSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';

export const kiloStaffSelfQueryKey = ['kilo-staff', 'self'] as const;

export function getKiloStaffSelf() {
  return callEndpoint('kiloStaffSelf', {}, { schema: kiloStaffSchema });
}

export function kiloStaffSelfQueryOptions() {
  return queryOptions({ queryKey: kiloStaffSelfQueryKey, queryFn: getKiloStaffSelf });
}

export function useKiloStaffSelf() {
  return useQuery(kiloStaffSelfQueryOptions());
}
