import type { Permission } from '@spotter/shared';

export type PermissionGroup = { label: string; permissions: { permission: Permission; label: string; explanation: string }[] };

/** Spec 6's named permissions, grouped as the menu groups them, each with what it opens. */
export const permissionGroups: readonly PermissionGroup[] = [
  {
    label: 'Front desk',
    permissions: [{ permission: 'Kiosk', label: 'Kiosk', explanation: 'Run the front-desk kiosk: check athletes in, mark no-shows and add walk-ins.' }],
  },
  {
    label: 'People',
    permissions: [
      { permission: 'AthleteView', label: 'Athletes', explanation: 'See the athletes list and open each athlete’s record.' },
      { permission: 'StaffView', label: 'Staff', explanation: 'See the staff list, invite colleagues and edit their profiles (not their permissions).' },
    ],
  },
  {
    label: 'Reports',
    permissions: [
      { permission: 'BusinessMetricsReportsView', label: 'Business metrics', explanation: 'See the business metrics (ARM) reports.' },
      { permission: 'AccountingReportsView', label: 'Accounting', explanation: 'See total and upcoming revenue.' },
      { permission: 'PaymentReportsView', label: 'Payments', explanation: 'See pending and past-due payments.' },
      { permission: 'AthleteReportsView', label: 'Members', explanation: 'See the member reports.' },
      { permission: 'PackageReportsView', label: 'Packages', explanation: 'See package revenue.' },
      { permission: 'UtilizationReportsView', label: 'Utilization', explanation: 'See class usage and package utilization.' },
    ],
  },
  {
    label: 'Money',
    permissions: [{ permission: 'InvoiceReportsView', label: 'Invoices', explanation: 'See the gym’s invoices.' }],
  },
  {
    label: 'Payroll',
    permissions: [
      { permission: 'PayrollReportView', label: 'Payroll report', explanation: 'See the payroll report.' },
      { permission: 'PayrollMutate', label: 'Pay rates', explanation: 'Set pay rates and assign them to staff.' },
    ],
  },
  {
    label: 'Notifications',
    permissions: [
      { permission: 'FlowView', label: 'Flows', explanation: 'See automated flows and templates, and edit them in the builder.' },
      { permission: 'FlowMutate', label: 'New flows', explanation: 'Create new flows in the flow builder.' },
    ],
  },
  {
    label: 'Settings',
    permissions: [{ permission: 'GymMutate', label: 'Gym settings', explanation: 'Change the gym’s settings.' }],
  },
];

const labels = new Map(permissionGroups.flatMap((g) => g.permissions.map((p) => [p.permission, p.label] as const)));

/** A permission's short name for the list ("Kiosk", "Athletes"). */
export const permissionLabel = (permission: Permission): string => labels.get(permission) ?? permission;
