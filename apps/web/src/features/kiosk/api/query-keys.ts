import type { EventKind } from '@spotter/shared';

/** Every kiosk query sits under ['kiosk'], so one invalidation refreshes events, classes and attendance (spec 7.3). */
export const kioskKeys = {
  all: ['kiosk'] as const,
  events: (date: string, search: string) => ['kiosk', 'events', { date, search }] as const,
  event: (eventId: string, kind: EventKind) => ['kiosk', 'event', eventId, kind] as const,
  eligible: (classId: string, search: string) => ['kiosk', 'eligible', classId, search] as const,
  settings: (eventId: string, kind: EventKind) => ['kiosk', 'settings', eventId, kind] as const,
  preview: (params: Record<string, string>) => ['kiosk', 'class-preview', params] as const,
  taxRates: (search: string) => ['tax-rates', search] as const,
  gym: (gymId: string) => ['gym', gymId] as const,
};

export const KIOSK_REFETCH_MS = 60_000;
