import { bulkReservationResultSchema } from '@spotter/shared';
import { callEndpoint, type EndpointCall } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';

export const BULK_SUCCESS_MESSAGE =
  'If credits are available, they will be assigned later today, starting with the earliest upcoming reservations and continuing chronologically into the future.';

/** Spec 3: days travel comma-joined, 1 = Sunday .. 7 = Saturday ("1,3,5"). */
export type BulkReservationPayload = EndpointCall<'createBulkReservations'>['body'];

/** Spec 7.3: POST athlete-kilo-classes/create-bulk/. */
export function createBulkReservations(input: BulkReservationPayload) {
  return callEndpoint('createBulkReservations', { body: input }, { schema: bulkReservationResultSchema });
}

export function useCreateBulkReservations() {
  return useApiMutation({
    mutationFn: createBulkReservations,
    success: { title: 'Athlete reservations create success', message: BULK_SUCCESS_MESSAGE },
    errorTitle: 'Athlete reservations create failed',
    invalidates: [eventKeys.all],
  });
}
