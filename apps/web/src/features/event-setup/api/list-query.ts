import { SETUP_PAGE_SIZE } from '@spotter/shared';
import type { SetupListParams } from './query-keys';

/** Spec 7 lists: `?limit=&offset=`, the status and an optional search. */
export function setupListQuery({ status, search, page }: SetupListParams, limit = SETUP_PAGE_SIZE) {
  return { status, limit, offset: (page - 1) * limit, ...(search ? { search } : {}) };
}

/** The export asks for the same filter, every row of it. */
export function setupFilterQuery({ status, search }: Pick<SetupListParams, 'status' | 'search'>) {
  return { status, ...(search ? { search } : {}) };
}
