import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { salesPortalSettingsSchema, type UpdateSalesPortalInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { portalKeys } from './portal';

const settingsKey = [...portalKeys.all, 'settings'] as const;

/** GET /api/sales-portal/: the gym's portal settings and its packages (staff, /products/sales-portal). */
export function salesPortalSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => callEndpoint('salesPortalSettings', { signal }, { schema: salesPortalSettingsSchema }),
  });
}

export function useSalesPortalSettings() {
  return useQuery(salesPortalSettingsQueryOptions());
}

export function useUpdateSalesPortal() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (input: UpdateSalesPortalInput) => callEndpoint('updateSalesPortal', { body: input }, { schema: salesPortalSettingsSchema }),
    success: 'Sales portal saved',
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...portalKeys.all, 'portal'] });
    },
  });
}
