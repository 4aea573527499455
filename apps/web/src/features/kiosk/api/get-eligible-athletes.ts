import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ELIGIBLE_ATHLETES_PAGE_SIZE } from '@spotter/shared';
import { answers } from '../../../api/answer-shapes';
import { callEndpoint } from '../../../lib/api-client';
import { kioskKeys } from './query-keys';

/** Spec 7.3: GET athletes/eligible-athletes with limit 10, offset, class and search; paged by its next link. */
export function getEligibleAthletes(classId: string, search: string, offset: number, signal?: AbortSignal) {
  const query = { limit: ELIGIBLE_ATHLETES_PAGE_SIZE, offset, class: classId, search };
  return callEndpoint('eligibleAthletes', { query, signal }, { schema: answers.kioskAthletePage });
}

export function eligibleAthletesQueryOptions(classId: string, search: string) {
  return infiniteQueryOptions({
    queryKey: kioskKeys.eligible(classId, search),
    queryFn: ({ pageParam }) => getEligibleAthletes(classId, search, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, _all, offset) => (last.next ? offset + ELIGIBLE_ATHLETES_PAGE_SIZE : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useEligibleAthletes(classId: string, search: string, enabled: boolean) {
  return useInfiniteQuery({ ...eligibleAthletesQueryOptions(classId, search), enabled });
}
