import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@spotter/shared';
import { callEndpoint, isApiError } from '../../../lib/api-client';
import { sessionParser } from './parse-session';

export const sessionQueryKey = ['session'] as const;

/** The current session, or null when nobody is logged in (401 is an answer, not an error). */
export async function getSession(): Promise<Session | null> {
  try {
    return await callEndpoint('session', {}, { schema: sessionParser });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: Infinity });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * For components rendered only inside a logged-in layout. Logout clears the cache before the router
 * unmounts the layout; for that last render the component keeps the session it last had.
 */
export function useCurrentSession(): Session {
  const { data } = useSession();
  const [last, setLast] = useState<Session | null>(data ?? null);
  if (data && data !== last) setLast(data);
  const session = data ?? last;
  if (!session) throw new Error('useCurrentSession is used outside a logged-in route.');
  return session;
}
