import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@spotter/shared';
import { callEndpoint, isApiError } from '../../../lib/api-client';
import { sessionParser } from './parse-session';

export const sessionQueryKey = ['session'] as const;

/**
 * Decision 049: the server serves a browser without a session cookie a page marked "nobody is logged in"; the page
 * load's first session read takes that answer without asking (the 401 would be an error in the browser's console).
 * Later reads (after a login) ask the server.
 */
let anonymousPageMark = typeof document !== 'undefined' && document.querySelector('meta[name="spotter-session"][content="none"]') !== null;

/** The current session, or null when nobody is logged in (the server's 401: CONTRACT.md). */
export async function getSession(): Promise<Session | null> {
  if (anonymousPageMark) {
    anonymousPageMark = false;
    return null;
  }
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
