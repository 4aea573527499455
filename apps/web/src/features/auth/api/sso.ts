import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointPath, endpoints, signInMethodsSchema, type SsoProvider } from '@spotter/shared';
import { apiUrl, callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/**
 * Issue 40: single sign-on starts as a page navigation to the server, which redirects to the provider (the flow's
 * secrets stay on the server); `portal` makes a new person an athlete of that sales portal's gym.
 */
export function ssoStartUrl(provider: SsoProvider, portal?: string): string {
  const path = apiUrl(endpointPath(endpoints.ssoStart.path, { provider }));
  return portal ? `${path}?portal=${encodeURIComponent(portal)}` : path;
}

/** Linking from Account: the same navigation for the signed-in user; the server returns to `/?sso=…`. */
export function ssoLinkUrl(provider: SsoProvider): string {
  return apiUrl(endpointPath(endpoints.ssoLink.path, { provider }));
}

export const signInMethodsQueryKey = ['auth', 'sign-in-methods'] as const;

export function getSignInMethods() {
  return callEndpoint('signInMethods', {}, { schema: signInMethodsSchema });
}

export function signInMethodsQueryOptions() {
  return queryOptions({ queryKey: signInMethodsQueryKey, queryFn: getSignInMethods });
}

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions());
}

export function unlinkSso(provider: SsoProvider) {
  return callEndpoint('unlinkSso', { params: { provider } });
}

export function useUnlinkSso() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: unlinkSso,
    success: 'The provider was unlinked.',
    errorTitle: 'Unlinking failed',
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInMethodsQueryKey }),
  });
}
