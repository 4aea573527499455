import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey, sessionQueryOptions } from './get-session';

/** Fetches the session now, whatever is cached; a failure lands in the query's state (the app shows the error page). */
export async function refetchSession(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }).catch(() => undefined);
}

/**
 * Spec 4: selecting, clearing and impersonating refetch the session afterwards. Data cached for the
 * previous profile belongs to another gym or role, so it is dropped first.
 */
export async function refreshSessionAfterProfileChange(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  await refetchSession(queryClient);
}
