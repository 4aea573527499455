import { useEffect } from 'react';
import { Alert, Button, Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import type { KioskAthlete } from '@spotter/shared';
import { useEligibleAthletes } from '../api/get-eligible-athletes';
import { AthleteList, type AthleteListProps } from './athlete-list';
import { FETCH_FAILED_MESSAGE } from './kiosk-context-gate';

/** Spec 9: the next page loads within 200 px of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 200;

export function isNearBottom(threshold = INFINITE_SCROLL_THRESHOLD_PX): boolean {
  const { scrollHeight } = document.documentElement;
  return scrollHeight - (window.scrollY + window.innerHeight) <= threshold;
}

function useLoadNearBottom(load: () => void, enabled: boolean, pages: number) {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (isNearBottom()) load();
    };
    // A first page shorter than the screen has nothing to scroll: check once it is shown.
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [load, enabled, pages]);
}

/**
 * Spec 2.12 / 7.3: the server's eligible athletes for the class, searched, paged by infinite scroll. The event's
 * own list is fresher (a check-in shows at once), so its state wins for athletes on both.
 */
export function EligibleList({ classId, search, known, ...props }: AthleteListProps & { classId: string; search: string; known: readonly KioskAthlete[] }) {
  const query = useEligibleAthletes(classId, search, true);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const canLoad = hasNextPage && !isFetchingNextPage;
  useLoadNearBottom(() => void fetchNextPage(), canLoad, query.data?.pages.length ?? 0);

  if (query.isError) {
    return (
      <Alert color="red" title="Error">
        {FETCH_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} />
        ))}
      </Stack>
    );
  }
  const byId = new Map(known.map((a) => [a.athleteId, a]));
  const athletes = query.data.pages
    .flatMap((p) => p.results)
    .map((a) => {
      const fresh = byId.get(a.athleteId);
      return fresh ? { ...a, isCheckedIn: fresh.isCheckedIn, reservationId: fresh.reservationId ?? a.reservationId } : a;
    });
  return (
    <Stack gap="sm">
      <AthleteList athletes={athletes} {...props} />
      {isFetchingNextPage && (
        <Center>
          <Loader size="sm" />
          <Text ml="sm">Loading more athletes…</Text>
        </Center>
      )}
      {canLoad && (
        <Center>
          <Button variant="default" size="md" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
