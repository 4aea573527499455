import type { EventKind } from '@spotter/shared';
import { eventKeys } from '../../events';

/** The kiosk's reads sit under the events' key, so a reservation's change refreshes events, classes and attendance (spec 7.3). */
export const kioskKeys = {
  all: [...eventKeys.all, 'kiosk'] as const,
  events: (date: string, search: string) => [...eventKeys.all, 'kiosk', 'events', { date, search }] as const,
  event: (eventId: string, kind: EventKind) => [...eventKeys.all, 'kiosk', 'event', eventId, kind] as const,
  eligible: (classId: string, search: string) => [...eventKeys.all, 'kiosk', 'eligible', classId, search] as const,
};

export const KIOSK_REFETCH_MS = 60_000;
