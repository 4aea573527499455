import { queryOptions, useQuery } from '@tanstack/react-query';
import { seriesSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { calendarKeys } from './query-keys';

/** GET class-series/{seriesId}/: the pattern of a series, its coaches and place, and how many classes are to come. */
export function getSeries(seriesId: string, signal?: AbortSignal) {
  return callEndpoint('series', { params: { seriesId }, signal }, { schema: seriesSchema });
}

export function seriesQueryOptions(seriesId: string) {
  return queryOptions({ queryKey: calendarKeys.series(seriesId), queryFn: ({ signal }) => getSeries(seriesId, signal) });
}

export function useSeries(seriesId: string | null) {
  return useQuery({ ...seriesQueryOptions(seriesId ?? ''), enabled: seriesId !== null });
}
