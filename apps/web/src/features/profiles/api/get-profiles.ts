import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_PAGE_SIZE, type Page, type Profile } from '@spotter/shared';
import { answers } from '../../../api/answer-shapes';
import { api } from '../../../lib/api-client';

export const profilesQueryKey = (userId: string) => ['profiles', { user: userId, includeLinked: true }] as const;

/** Guards against a server whose `next` never ends. */
const MAX_PAGES = 50;

/** Spec 7.2: GET profiles/ with include_linked, following each page's `next` link until there is none. */
export async function getAllProfiles(userId: string, signal?: AbortSignal): Promise<Profile[]> {
  const params = new URLSearchParams({ user: userId, include_linked: 'true', limit: String(PROFILE_PAGE_SIZE), offset: '0' });
  let url: string | null = `/profiles/?${params.toString()}`;
  const profiles: Profile[] = [];
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    const answer: Page<Profile> = await api.get(url, { schema: answers.profilePage, signal });
    profiles.push(...answer.results);
    url = answer.next;
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
