import { PLATFORM_PAGE_SIZE } from '@spotter/shared';

/** One page of a console list: which page (from 1) and the search text (spec 9: debounced by the caller). */
export type ListParams = { page: number; search: string };

/** Spec 7 lists: `?limit=&offset=` (the console pages by 20) and an optional `search`. */
export function listQuery({ page, search }: ListParams, limit = PLATFORM_PAGE_SIZE): { limit: number; offset: number; search?: string } {
  const query = { limit, offset: (page - 1) * limit };
  return search.trim() ? { ...query, search: search.trim() } : query;
}
