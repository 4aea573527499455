import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { athletePageSchema, bulkEmailAnswerSchema, bulkTagAnswerSchema, type BulkEmailInput, type BulkTagInput } from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { filterQuery, listQuery, type AthleteFilters } from '../lib/filters';
import { athleteKeys } from './query-keys';

/** GET /api/athletes/: one page of the gym's athletes under the filters. */
export function getAthletes(filters: AthleteFilters, page: number, signal?: AbortSignal) {
  return callEndpoint('athletes', { query: listQuery(filters, page), signal }, { schema: athletePageSchema });
}

export function athletesQueryOptions(filters: AthleteFilters, page: number) {
  return queryOptions({
    queryKey: athleteKeys.list(filters, page),
    queryFn: ({ signal }) => getAthletes(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAthletes(filters: AthleteFilters, page: number) {
  return useQuery(athletesQueryOptions(filters, page));
}

/** GET /api/athletes/export.csv: every athlete of the filters (not only the page shown), saved under the server's name. */
export function useExportAthletesCsv() {
  return useMutation({
    mutationFn: async (filters: AthleteFilters) => {
      const { blob, fileName } = await downloadEndpoint('athletesCsv', { query: filterQuery(filters) });
      saveFile(blob, fileName ?? 'athletes.csv');
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}

const plural = (n: number) => `${n} ${n === 1 ? 'athlete' : 'athletes'}`;

/** POST /api/athletes/bulk/tags/: a tag added to, or removed from, the chosen athletes. */
export function useBulkTag() {
  return useApiMutation({
    mutationFn: (body: BulkTagInput & { tagName: string }) =>
      callEndpoint('bulkTagAthletes', { body: { athleteIds: body.athleteIds, tagId: body.tagId, action: body.action } }, { schema: bulkTagAnswerSchema }),
    success: (answer, { action, tagName }) =>
      action === 'add'
        ? { title: 'Tag added', message: `${tagName} added to ${plural(answer.changed)}.` }
        : { title: 'Tag removed', message: `${tagName} removed from ${plural(answer.changed)}.` },
    errorTitle: ({ action }) => (action === 'add' ? 'Adding tag failed' : 'Removing tag failed'),
    invalidates: [athleteKeys.all],
  });
}

/** POST /api/athletes/bulk/email/: one mail to each chosen athlete with an email; `key` makes a retry send nothing twice. */
export function useBulkEmail() {
  return useApiMutation({
    mutationFn: (body: BulkEmailInput) => callEndpoint('bulkEmailAthletes', { body }, { schema: bulkEmailAnswerSchema }),
    success: (answer) => ({
      title: 'Email queued',
      message:
        answer.skipped > 0
          ? `Sending to ${plural(answer.queued)}; ${plural(answer.skipped)} without an email skipped.`
          : `Sending to ${plural(answer.queued)}.`,
    }),
    errorTitle: 'Sending email failed',
  });
}
