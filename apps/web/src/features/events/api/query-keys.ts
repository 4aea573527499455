import type { EventKind } from '@spotter/shared';

/**
 * Every read that a reservation changes sits under ['events'] (the kiosk's lists and details, a class's settings, the
 * bulk preview), so one invalidation refreshes them all (spec 7.3). Tax rates and the gym are not changed by one.
 */
export const eventKeys = {
  all: ['events'] as const,
  settings: (eventId: string, kind: EventKind) => ['events', 'settings', eventId, kind] as const,
  preview: (params: Record<string, string>) => ['events', 'class-preview', params] as const,
  taxRates: (search: string) => ['tax-rates', search] as const,
  gym: (gymId: string) => ['gym', gymId] as const,
};
