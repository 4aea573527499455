import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListParams } from '../api/list-params';

/** Spec 9: the search is debounced 250 ms. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The search box's text, the page, and the params to ask with (the debounced search; a new search starts at page 1). */
export function useListParams() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const params: ListParams = { page, search: debounced };
  return { search, setSearch, page, setPage, params };
}
