import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentSchema, kiloClassSchema, type EventKind, type FeeSettings, type TaxRate } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { eventKeys } from './query-keys';

/** What the charge dialog and the bulk modal need of a class or appointment. */
export type EventSettings = {
  fees: FeeSettings;
  taxRate: TaxRate | null;
  startTime: string;
  locationId: string | null;
  kiloClassTypeId: string | null;
};

/** Spec 7.3: GET kilo-classes/{id}/ (reservationAndCancellationSettings) or appointments/{id}/ (cancellationSettings). */
export async function getEventSettings(eventId: string, kind: EventKind): Promise<EventSettings> {
  if (kind === 'class') {
    const c = await callEndpoint('kiloClass', { params: { kiloClassId: eventId } }, { schema: kiloClassSchema });
    const base = { taxRate: c.taxRate, startTime: c.startTime, locationId: c.location?.locationId ?? null };
    return { ...base, fees: c.reservationAndCancellationSettings, kiloClassTypeId: c.kiloClassType.kiloClassTypeId };
  }
  const a = await callEndpoint('appointment', { params: { appointmentId: eventId } }, { schema: appointmentSchema });
  return { fees: a.cancellationSettings, taxRate: a.taxRate, startTime: a.startTime, locationId: a.location?.locationId ?? null, kiloClassTypeId: null };
}

export function eventSettingsQueryOptions(eventId: string, kind: EventKind) {
  return queryOptions({ queryKey: eventKeys.settings(eventId, kind), queryFn: () => getEventSettings(eventId, kind) });
}

export function useEventSettings(eventId: string, kind: EventKind, enabled = true) {
  return useQuery({ ...eventSettingsQueryOptions(eventId, kind), enabled });
}
