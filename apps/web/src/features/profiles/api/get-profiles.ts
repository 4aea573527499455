import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_PAGE_SIZE, type Page, type Profile } from '@spotter/shared';
import { answers } from '../../../api/answer-shapes';
import { callEndpoint, nextOffset } from '../../../lib/api-client';

export const profilesQueryKey = (userId: string) => ['profiles', { user: userId, includeLinked: true }] as const;

/** Guards against a server whose `next` never ends. */
const MAX_PAGES = 50;

/** Spec 7.2: GET profiles/ with include_linked, following each page's `next` link (its offset) until there is none. */
export async function getAllProfiles(userId: string, signal?: AbortSignal): Promise<Profile[]> {
  const profiles: Profile[] = [];
  let offset: number | null = 0;
  for (let page = 0; offset !== null && page < MAX_PAGES; page += 1) {
    const query = { user: userId, include_linked: 'true', limit: PROFILE_PAGE_SIZE, offset };
    const answer: Page<Profile> = await callEndpoint('profiles', { query, signal }, { schema: answers.profilePage });
    profiles.push(...answer.results);
    offset = nextOffset(answer.next);
  }
  return profiles;
}

export function profilesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profilesQueryKey(userId),
    queryFn: ({ signal }) => getAllProfiles(userId, signal),
  });
}

export function useProfiles(userId: string) {
  return useQuery(profilesQueryOptions(userId));
}
