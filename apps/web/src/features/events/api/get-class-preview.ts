import { queryOptions, useQuery } from '@tanstack/react-query';
import { kiloClassPreviewPageSchema } from '@spotter/shared';
import { callEndpoint, type EndpointCall } from '../../../lib/api-client';
import { eventKeys } from './query-keys';

export type ClassPreviewParams = {
  days: string;
  start: string;
  end: string;
  startTime: string;
  kiloClassType: string;
  locationId: string | null;
  athlete: string;
};

/** Spec 7.3 bulk preview: GET kilo-classes/ with days, start, end, start_time, kilo_class_type, location (or None), exclude_root=True. */
export function previewSearch(p: ClassPreviewParams) {
  return {
    days: p.days,
    start: p.start,
    end: p.end,
    start_time: p.startTime,
    kilo_class_type: p.kiloClassType,
    location: p.locationId ?? 'None',
    exclude_root: 'True',
    athlete: p.athlete,
  } satisfies EndpointCall<'classPreview'>['query'];
}

export function getClassPreview(p: ClassPreviewParams) {
  return callEndpoint('classPreview', { query: previewSearch(p) }, { schema: kiloClassPreviewPageSchema });
}

export function classPreviewQueryOptions(p: ClassPreviewParams) {
  return queryOptions({ queryKey: eventKeys.preview(previewSearch(p)), queryFn: () => getClassPreview(p) });
}

export function useClassPreview(p: ClassPreviewParams, enabled: boolean) {
  return useQuery({ ...classPreviewQueryOptions(p), enabled });
}
