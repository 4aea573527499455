import { useState } from 'react';
import { useSearchTerm } from '../../../lib/search-term';
import type { ListParams } from '../api/list-params';

/** The search box's text, the page, and the params to ask with (the debounced search; a new search starts at page 1). */
export function useListParams() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useSearchTerm(search);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const params: ListParams = { page, search: debounced };
  return { search, setSearch, page, setPage, params };
}
