import { useState } from 'react';
import type { SetupStatus } from '@spotter/shared';
import { useSearchTerm } from '../../../lib/search-term';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import type { SetupListParams } from '../api/query-keys';

/** The list's Active / Archived choice, search text and page; a new filter starts at page 1. */
export function useSetupList() {
  const [status, setStatusValue] = useState<SetupStatus>('active');
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useSearchTerm(search);
  const setStatus = (value: SetupStatus) => {
    setStatusValue(value);
    setPage(1);
  };
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const params: SetupListParams = { status, search: debounced, page };
  return { status, setStatus, search, setSearch, page, setPage, params };
}

/** The gym's country, tax wording and class tax rate (GET gyms/{gymId}/, kept 30 minutes as the kiosk keeps it). */
export function useSetupGym() {
  const gym = useGym(useCurrentSession().gym?.gymId ?? '');
  return {
    country: gym.data?.country ?? 'US',
    isTaxInclusive: gym.data?.isTaxInclusive ?? false,
    gymRateName: gym.data?.eventSettings.classes.taxRate?.name ?? null,
    isReady: gym.isSuccess,
  };
}
