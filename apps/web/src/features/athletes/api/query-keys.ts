import type { AthleteFilters } from '../lib/filters';

/** The athletes list's reads sit under ['athletes'] so that a bulk action refreshes the list and the tags' counts. */
export const athleteKeys = {
  all: ['athletes'] as const,
  lists: ['athletes', 'list'] as const,
  list: (filters: AthleteFilters, page: number) => ['athletes', 'list', filters, page] as const,
  tags: ['athletes', 'tags'] as const,
};
