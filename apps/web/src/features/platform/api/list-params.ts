import { PLATFORM_PAGE_SIZE } from '@spotter/shared';

/** One page of a console list: which page (from 1) and the search text (spec 9: debounced by the caller). */
export type ListParams = { page: number; search: string };

/** Spec 7 lists: `?limit=&offset=` (the console pages by 20) and an optional `search`. */
export function listQueryString({ page, search }: ListParams, limit = PLATFORM_PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String((page - 1) * limit) });
  if (search.trim()) params.set('search', search.trim());
  return params.toString();
}
