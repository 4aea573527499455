import type { StaffStatus } from '@spotter/shared';

/** One page of the staff list: Active, Deactivated or All, the search and the page (from 1). */
export type StaffListParams = { status: StaffStatus; search: string; page: number };

/** The staff screen's reads sit under ['staff-list'] so a write refreshes them all (['staff', 'self'] is the own account). */
export const staffKeys = {
  all: ['staff-list'] as const,
  list: (p: StaffListParams) => ['staff-list', 'list', p] as const,
  member: (staffId: string) => ['staff-list', 'member', staffId] as const,
};

/** Spec 9: profile page size 20; the staff list pages by the same. */
export const STAFF_PAGE_SIZE = 20;
