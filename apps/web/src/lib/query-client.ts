import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx are retried, once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && !error.isServerFailure) return false;
  return failureCount < 1;
}

/** The server's codes for a demo gym whose access has ended while a session was inside it (decision 008). */
const DEMO_ENDED_CODES = new Set(['demo_expired', 'demo_inactive']);

export function createQueryClient(): QueryClient {
  // A refusal because the demo ended refreshes the session, and the app then shows the Demo Period Expired dialog.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 403 && DEMO_ENDED_CODES.has(error.code)) {
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
