import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffPageSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { STAFF_PAGE_SIZE, staffKeys, type StaffListParams } from './query-keys';

/** GET /api/staff/: one page of the gym's staff. */
export function getStaffList(p: StaffListParams, signal?: AbortSignal) {
  const query = { status: p.status, limit: STAFF_PAGE_SIZE, offset: (p.page - 1) * STAFF_PAGE_SIZE, ...(p.search ? { search: p.search } : {}) };
  return callEndpoint('staffList', { query, signal }, { schema: staffPageSchema });
}

export function staffListQueryOptions(p: StaffListParams) {
  return queryOptions({ queryKey: staffKeys.list(p), queryFn: ({ signal }) => getStaffList(p, signal), placeholderData: keepPreviousData });
}

export function useStaffList(p: StaffListParams) {
  return useQuery(staffListQueryOptions(p));
}
