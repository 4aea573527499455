import type { SetupStatus } from '@spotter/shared';

/** One page of a set-up list: Active or Archived, the search, and the page (from 1). */
export type SetupListParams = { status: SetupStatus; search: string; page: number };

/** The set-up reads sit under ['event-setup'] so a write of one can refresh them all (a location feeds nothing else here). */
export const setupKeys = {
  all: ['event-setup'] as const,
  classTypes: ['event-setup', 'class-types'] as const,
  classTypeList: (p: SetupListParams) => ['event-setup', 'class-types', p] as const,
  appointmentTypes: ['event-setup', 'appointment-types'] as const,
  appointmentTypeList: (p: SetupListParams) => ['event-setup', 'appointment-types', p] as const,
  locations: ['event-setup', 'locations'] as const,
  locationList: (status: SetupStatus, search: string) => ['event-setup', 'locations', status, search] as const,
  options: ['event-setup', 'options'] as const,
};
