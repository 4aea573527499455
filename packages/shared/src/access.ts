import type { Permission, Role } from './roles';
import { hasPermission } from './permissions';

/**
 * Who may call an endpoint (spec 6). Every endpoint of the API declares one (endpoints/), the server refuses to start
 * with a route that does not, and the access matrix walks them all.
 */
export type Access =
  | { readonly kind: 'anonymous' }
  /** Logged in; a profile need not be chosen (profile selection, account login changes). */
  | { readonly kind: 'user' }
  /** Logged in with a profile of one of these roles (default: any), holding the permission (spec 6). */
  | { readonly kind: 'profile'; readonly roles?: readonly Role[]; readonly permission?: Permission; readonly permissions?: readonly Permission[] }
  /** Platform staff (kilo_staff); the sales team only where salesTeam is true. */
  | { readonly kind: 'platform'; readonly salesTeam: boolean };

/** Whether a profile holds what a `profile` access asks: its `permission` and every one of its `permissions` (spec 6). */
export function holdsAccessPermissions(access: Extract<Access, { kind: 'profile' }>, profile: { role: Role; permissions: readonly Permission[] }): boolean {
  const needed = [...(access.permission ? [access.permission] : []), ...(access.permissions ?? [])];
  return needed.every((p) => hasPermission({ role: profile.role, staff: { permissions: [...profile.permissions] } }, p));
}

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
  /** The staff screen (issue 17): staff and owners holding StaffView; athletes never. */
  staffView: { kind: 'profile', roles: ['staff', 'owner'], permission: 'StaffView' },
  /** Issue 17: the staff side of athletes (lists, records, imports): staff holding AthleteView and owners, never athletes. */
  staffAthleteView: { kind: 'profile', roles: ['staff', 'owner'], permission: 'AthleteView' },
  /** Issue 19: `/invoices`, an invoice's payments, refunds and voids: staff holding InvoiceReportsView and owners. */
  invoiceView: { kind: 'profile', roles: ['staff', 'owner'], permission: 'InvoiceReportsView' },
  /** Issue 19: the front desk's point of sale (from the kiosk and the athlete page): staff holding Kiosk and owners. */
  frontDesk: { kind: 'profile', roles: ['staff', 'owner'], permission: 'Kiosk' },
  /** Gym settings (spec 6 GymMutate): the payment account, its onboarding and the dunning schedule. */
  gymMutate: { kind: 'profile', roles: ['staff', 'owner'], permission: 'GymMutate' },
  /** Issue 20: documents (spec 6 names no permission for them): staff and owners; athletes never. */
  documents: { kind: 'profile', roles: ['staff', 'owner'] },
  /** Issue 22: `/flows/templates` and the message log (spec 6 FlowView), and changing a template (FlowMutate). */
  flowView: { kind: 'profile', roles: ['staff', 'owner'], permission: 'FlowView' },
  flowMutate: { kind: 'profile', roles: ['staff', 'owner'], permission: 'FlowMutate' },
  /** Issue 37: the payroll report (spec 6 PayrollReportView), pay rates and their assignments (PayrollMutate). */
  payrollReportView: { kind: 'profile', roles: ['staff', 'owner'], permission: 'PayrollReportView' },
  payrollMutate: { kind: 'profile', roles: ['staff', 'owner'], permission: 'PayrollMutate' },
  /** Issue 21: the whole-gym export (an owner's; spec 6 names no permission for it). */
  owner: { kind: 'profile', roles: ['owner'] },
  platform: { kind: 'platform', salesTeam: false },
  /** Platform staff, the sales team included (it works only with demo gyms, decision 007). */
  platformWithSales: { kind: 'platform', salesTeam: true },
} as const satisfies Record<string, Access>;
