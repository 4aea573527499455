import { useDebouncedValue } from '@mantine/hooks';

/** Spec 9: the search is debounced 250 ms. */
export const SEARCH_DEBOUNCE_MS = 250;

const LINE_BREAKS_AND_TABS = /[\t\n\r]+/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const OTHER_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * What a search box's text asks for: pasted tabs and line breaks read as spaces, other control characters (an
 * invisible U+0000, which the server refuses with 400) are dropped, and the ends are trimmed.
 */
export const searchTerm = (text: string): string => text.replace(LINE_BREAKS_AND_TABS, ' ').replace(OTHER_CONTROLS, '').trim();

/** A search box's term (searchTerm), debounced (spec 9). */
export function useSearchTerm(text: string): string {
  const [debounced] = useDebouncedValue(searchTerm(text), SEARCH_DEBOUNCE_MS);
  return debounced;
}
