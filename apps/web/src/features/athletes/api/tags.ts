import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagPageSchema, tagSchema, type TagInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { athleteKeys } from './query-keys';

/** GET /api/tags/: the gym's tags (a gym keeps a handful: the first 100 by name). */
export function getTags(signal?: AbortSignal) {
  return callEndpoint('tags', { query: { limit: 100, offset: 0 }, signal }, { schema: tagPageSchema });
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: athleteKeys.tags, queryFn: ({ signal }) => getTags(signal), staleTime: 60_000 });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}

/** POST /api/tags/: a new tag (a name taken is refused with its field message). */
export function useCreateTag() {
  return useApiMutation({
    mutationFn: (body: TagInput) => callEndpoint('createTag', { body }, { schema: tagSchema }),
    errorTitle: 'Creating tag failed',
    invalidates: [athleteKeys.tags],
  });
}
