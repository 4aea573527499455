import { useQuery } from '@tanstack/react-query';
import { answers } from '../../../api/answer-shapes';
import { callEndpoint } from '../../../lib/api-client';
import { KIOSK_REFETCH_MS } from './query-keys';

/** Issue 22: what the gym lets athlete mode show (GET /api/kiosk/settings/); read only in athlete mode. */
export const kioskSettingsKey = ['kiosk-settings'] as const;

export function useKioskSettings(enabled: boolean) {
  return useQuery({
    queryKey: kioskSettingsKey,
    queryFn: () => callEndpoint('kioskSettings', {}, { schema: answers.kioskSettings }),
    enabled,
    staleTime: KIOSK_REFETCH_MS,
    refetchInterval: KIOSK_REFETCH_MS,
  });
}
