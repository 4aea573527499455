import type { Permission, Role } from './roles';

/**
 * Who may call an endpoint (spec 6). Every endpoint of the API declares one (endpoints/), the server refuses to start
 * with a route that does not, and the access matrix walks them all.
 */
export type Access =
  | { readonly kind: 'anonymous' }
  /** Logged in; a profile need not be chosen (profile selection, account login changes). */
  | { readonly kind: 'user' }
  /** Logged in with a profile of one of these roles (default: any), holding the permission (spec 6). */
  | { readonly kind: 'profile'; readonly roles?: readonly Role[]; readonly permission?: Permission }
  /** Platform staff (kilo_staff); the sales team only where salesTeam is true. */
  | { readonly kind: 'platform'; readonly salesTeam: boolean };

/** The declarations the endpoints share, named by who they let in. */
export const access = {
  anyone: { kind: 'anonymous' },
  user: { kind: 'user' },
  /** Any chosen gym profile: athletes, staff and owners. */
  gymProfile: { kind: 'profile' },
  athlete: { kind: 'profile', roles: ['athlete'] },
  staffOrOwner: { kind: 'profile', roles: ['staff', 'owner'] },
  /** Spec 6: athletes and owners pass every check; other staff need the permission (the kiosk, its reservations). */
  kiosk: { kind: 'profile', permission: 'Kiosk' },
  athleteView: { kind: 'profile', permission: 'AthleteView' },
  /** Issue 17: staff-side athlete routes (the list, tags, bulk actions): staff and owners holding AthleteView, no athletes. */
  staffAthleteView: { kind: 'profile', roles: ['staff', 'owner'], permission: 'AthleteView' },
  platform: { kind: 'platform', salesTeam: false },
  /** Platform staff, the sales team included (it works only with demo gyms, decision 007). */
  platformWithSales: { kind: 'platform', salesTeam: true },
} as const satisfies Record<string, Access>;
