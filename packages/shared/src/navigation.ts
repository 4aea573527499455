import type { Session } from './api/auth';
import { hasPermission } from './permissions';
import type { Permission } from './roles';

/** Spec 2.1-2.8 and 6 as data: which routes and menus a session gets. Pure functions, no I/O. */

/** Extra conditions on a route beyond its permissions (spec 2.7 and 6). */
export type RouteRule = 'notDemoGym' | 'ghlV2Enabled' | 'customStripeAccount';

export type RouteEntry = {
  path: string;
  title: string;
  /** Every permission listed is needed (spec 6). */
  permissions?: readonly Permission[];
  requires?: readonly RouteRule[];
};

export type RouteSetName = 'public' | 'loading' | 'loggedOut' | 'profileSelection' | 'kiosk' | 'onboarding' | 'athlete' | 'staff' | 'staffMobile' | 'platform';

export type RouteSet = { name: RouteSetName; routes: RouteEntry[]; fallback: string };

export type NavigationContext = {
  /** Up to the small breakpoint (spec 9): the mobile set of spec 2.8. */
  narrow: boolean;
  /** The kiosk flag in local storage (spec 2.1, 2.5). */
  kioskMode: boolean;
  /** A demo deployment: platform staff work only with demo gyms (spec 2.6). */
  demoMode?: boolean;
};

export const loggedOutRoutes: readonly RouteEntry[] = [
  { path: '/login', title: 'Log in' },
  { path: '/activate/:uid/:token', title: 'Activate your account' },
  { path: '/reset-password', title: 'Reset your password' },
  { path: '/password/reset/confirm/:uid/:token', title: 'Choose a new password' },
  { path: '/social-login-error', title: 'Social sign-in failed' },
];

/** Spec 2.7 report types with the permission of their group (spec 6). */
export const reportPermissions = {
  'total-revenue': 'AccountingReportsView',
  'upcoming-revenue': 'AccountingReportsView',
  'pending-payments': 'PaymentReportsView',
  'past-due-payments': 'PaymentReportsView',
  'total-members': 'AthleteReportsView',
  'paying-members': 'AthleteReportsView',
  'new-members': 'AthleteReportsView',
  'cancelled-members': 'AthleteReportsView',
  'missing-members': 'AthleteReportsView',
  'reactivated-members': 'AthleteReportsView',
  'trial-members': 'AthleteReportsView',
  'cancelled-trial-members': 'AthleteReportsView',
  'athletes-on-hold': 'AthleteReportsView',
  'athletes-at-risk': 'AthleteReportsView',
  'athlete-attendance': 'AthleteReportsView',
  'athlete-birthdays': 'AthleteReportsView',
  'package-revenue': 'PackageReportsView',
  'package-category-revenue': 'PackageReportsView',
  'class-usage': 'UtilizationReportsView',
  'package-utilization': 'UtilizationReportsView',
} as const satisfies Record<string, Permission>;
export type ReportType = keyof typeof reportPermissions;
export const reportTypes = Object.keys(reportPermissions) as ReportType[];

export function reportTitle(type: string): string {
  const words = type.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every arm report needs BusinessMetricsReportsView and its group's permission (spec 6 table). */
const reportRoutes: RouteEntry[] = reportTypes.map((type) => ({
  path: `/reports/arm/${type}`,
  title: reportTitle(type),
  permissions: ['BusinessMetricsReportsView', reportPermissions[type]],
}));

export const staffRoutes: readonly RouteEntry[] = [
  { path: '/', title: 'Dashboard' },
  ...reportRoutes,
  { path: '/kiosk', title: 'Kiosk', permissions: ['Kiosk'] },
  { path: '/kiosk/:eventId', title: 'Kiosk Event', permissions: ['Kiosk'] },
  { path: '/calendar/scheduling', title: 'Scheduling' },
  { path: '/calendar/programming', title: 'Programming' },
  { path: '/calendar/availability', title: 'Availability' },
  { path: '/calendar/integration', title: 'Integration' },
  { path: '/products/packages', title: 'Packages' },
  { path: '/products/retail', title: 'Retail' },
  { path: '/products/fees-and-misc-products', title: 'Fees & Misc Products' },
  { path: '/products/tax-rates', title: 'Tax Rates' },
  { path: '/products/sales-portal', title: 'Sales Portal', requires: ['notDemoGym'] },
  { path: '/users/athletes', title: 'Athletes', permissions: ['AthleteView'] },
  // Issue 17 (no spec route): the import of another gym software's member export (before the athlete's record: first match wins).
  { path: '/users/athletes/import', title: 'Import Athletes', permissions: ['AthleteView'] },
  { path: '/users/athletes/:athleteId/:activeTab?', title: 'Athlete', permissions: ['AthleteView'] },
  { path: '/users/staff', title: 'Staff', permissions: ['StaffView'] },
  { path: '/events/classes', title: 'Classes' },
  { path: '/events/appointments', title: 'Appointments' },
  { path: '/events/location', title: 'Locations' },
  { path: '/documents/issued', title: 'Issued Documents' },
  { path: '/documents/templates', title: 'Document Templates' },
  { path: '/invoices', title: 'Invoices', permissions: ['InvoiceReportsView'] },
  { path: '/payroll/payroll-report', title: 'Payroll Report', permissions: ['PayrollReportView'] },
  { path: '/payroll/pay-rates', title: 'Pay Rates', permissions: ['PayrollMutate'] },
  { path: '/payroll/assign-rates', title: 'Assign Rates', permissions: ['PayrollMutate'] },
  { path: '/flows', title: 'Automation Flows', permissions: ['FlowView'] },
  { path: '/flows/builder', title: 'Automation Flow Builder', permissions: ['FlowMutate'] },
  { path: '/flows/builder/:flowId', title: 'Automation Flow Builder', permissions: ['FlowView'] },
  { path: '/flows/templates', title: 'Message Templates', permissions: ['FlowView'] },
  { path: '/glm-flows', title: 'GLM Flows', requires: ['ghlV2Enabled'] },
  { path: '/glm-flows/builder', title: 'GLM Flow Builder', requires: ['ghlV2Enabled'] },
  { path: '/glm-flows/builder/:flowId', title: 'GLM Flow Builder', requires: ['ghlV2Enabled'] },
  { path: '/log-work', title: 'Log Work' },
  { path: '/gym-settings', title: 'Settings', permissions: ['GymMutate'] },
  // Issue 34: the page reads an endpoint of GymMutate; without it the path redirects like every other forbidden one.
  { path: '/stripe-dashboard', title: 'Stripe Dashboard', permissions: ['GymMutate'], requires: ['customStripeAccount'] },
];

/**
 * Spec 2.7: the public sales portal, open to anyone in any session (logged out, or logged in as anyone): the web app
 * serves these paths before it looks at the session. A demo gym has no portal (spec 6): the server answers 404.
 */
export const publicRoutes: readonly RouteEntry[] = [
  { path: '/sales-portal/:salesPortalSlug', title: 'Sales Portal' },
  { path: '/sales-portal/:salesPortalSlug/:packageId', title: 'Sales Portal' },
  { path: '/sales-portal/:salesPortalSlug/:packageId/:billingPlanId', title: 'Sales Portal' },
];

/** Whether a path is one of the public routes (served whatever the session). */
export const isPublicPath = (path: string): boolean => matchesRoute(publicRoutes, path);

/**
 * Spec 2.8: a narrow viewport; / is the schedule and the dashboard moves to /dashboard. `/calendar/scheduling` stays
 * (as the same agenda) so the kiosk's Back to the calendar (spec 2.12) and shared links keep their event on a phone.
 */
export const staffMobileRoutes: readonly RouteEntry[] = [
  { path: '/', title: 'Schedule' },
  { path: '/calendar/scheduling', title: 'Scheduling' },
  { path: '/kiosk', title: 'Kiosk', permissions: ['Kiosk'] },
  { path: '/kiosk/:eventId', title: 'Kiosk Event', permissions: ['Kiosk'] },
  { path: '/athletes', title: 'Athletes', permissions: ['AthleteView'] },
  { path: '/users/athletes/import', title: 'Import Athletes', permissions: ['AthleteView'] },
  { path: '/users/athletes/:athleteId/:activeTab?', title: 'Athlete', permissions: ['AthleteView'] },
  // Issue 17: not in spec 2.8's menu, but an owner who opens a link to the staff screen on a phone gets it.
  { path: '/users/staff', title: 'Staff', permissions: ['StaffView'] },
  { path: '/products', title: 'Products' },
  // Issue 18: not in spec 2.8's menu, but a link to the catalog opened on a phone (a sale at the desk) gets it.
  { path: '/products/retail', title: 'Retail' },
  { path: '/products/fees-and-misc-products', title: 'Fees & Misc Products' },
  { path: '/products/tax-rates', title: 'Tax Rates' },
  { path: '/packages/:packageId', title: 'Package' },
  // Issue 19: not in spec 2.8's menu, but a link to an invoice (or the list) opened on a phone at the desk gets it.
  { path: '/invoices', title: 'Invoices', permissions: ['InvoiceReportsView'] },
  // Issue 20: not in spec 2.8's menu, but a link to the document templates opened on a phone gets them.
  { path: '/documents/templates', title: 'Document Templates' },
  // Issue 20: not in spec 2.8's menu, but a link to the issued documents opened on a phone at the desk gets it.
  { path: '/documents/issued', title: 'Issued Documents' },
  // Issue 37: not in spec 2.8's menu, but staff log their time from a phone, and the report opens on one.
  { path: '/log-work', title: 'Log Work' },
  { path: '/payroll/payroll-report', title: 'Payroll Report', permissions: ['PayrollReportView'] },
  { path: '/dashboard', title: 'Dashboard' },
  ...reportRoutes,
  { path: '/account', title: 'Account' },
];

/** Spec 2.4; demo gyms do not get the sales portal routes (spec 6). */
export const athleteRoutes: readonly RouteEntry[] = [
  { path: '/', title: 'Schedule' },
  { path: '/packages', title: 'Packages' },
  { path: '/packages/sales-portal', title: 'Sales Portal', requires: ['notDemoGym'] },
  { path: '/packages/sales-portal/:packageId', title: 'Sales Portal', requires: ['notDemoGym'] },
  { path: '/packages/sales-portal/:packageId/:billingPlanId', title: 'Billing Plan', requires: ['notDemoGym'] },
  { path: '/packages/:athletePackageId', title: 'Package' },
  { path: '/events', title: 'My Events' },
  { path: '/events/attendance', title: 'Attendance' },
  { path: '/classes/:eventId', title: 'Class' },
  { path: '/appointments/:eventId', title: 'Appointment' },
  { path: '/documents/:tab', title: 'Documents' },
  { path: '/documents/:tab/:documentId', title: 'Document' },
  { path: '/invoices/:invoiceId', title: 'Invoice' },
  { path: '/account', title: 'Account' },
];

/** Spec 2.5: athlete kiosk mode. */
export const kioskModeRoutes: readonly RouteEntry[] = [
  { path: '/', title: 'Upcoming Events' },
  { path: '/kiosk/:eventId', title: 'Kiosk Event' },
];

/** Spec 2.6. */
export const platformRoutes: readonly RouteEntry[] = [
  { path: '/gyms', title: 'Gyms' },
  { path: '/demo-gyms', title: 'Demo Gyms' },
  { path: '/gyms/:gymId/athletes', title: 'Gym Athletes' },
  { path: '/gyms/:gymId/staff', title: 'Gym Staff' },
];

function meetsRule(rule: RouteRule, session: Session): boolean {
  switch (rule) {
    case 'notDemoGym':
      return session.demoGym === null;
    case 'ghlV2Enabled':
      return session.gym?.ghlV2Enabled === true;
    case 'customStripeAccount':
      return session.gym?.stripeAccountType === 'custom';
  }
}

/** Spec 6: staff see the routes whose permissions they hold (routes without one are open); owners see all. */
export function isRouteAvailable(route: RouteEntry, session: Session): boolean {
  return (route.permissions ?? []).every((p) => hasPermission(session, p)) && (route.requires ?? []).every((r) => meetsRule(r, session));
}

/**
 * Platform staff on the sales team, or in a demo deployment, work only with demo gyms: no gyms list,
 * and every other path goes to /demo-gyms (docs/decisions/007-sales-team-routes.md).
 */
export function isPlatformDemoOnly(session: Session, ctx: Pick<NavigationContext, 'demoMode'>): boolean {
  return ctx.demoMode === true || session.kiloStaff?.isSalesTeam === true;
}

/** Spec 2.1: the route set of a session (undefined while it loads, null when logged out). */
export function routesFor(session: Session | null | undefined, ctx: NavigationContext): RouteSet {
  if (session === undefined) return { name: 'loading', routes: [], fallback: '/' };
  if (session === null) return { name: 'loggedOut', routes: [...loggedOutRoutes], fallback: '/login' };
  if (!session.role) return { name: 'profileSelection', routes: [{ path: '/', title: 'Select a profile' }], fallback: '/' };
  const isGymStaff = session.role === 'staff' || session.role === 'owner';
  if (ctx.kioskMode && isGymStaff) return { name: 'kiosk', routes: [...kioskModeRoutes], fallback: '/' };
  if (session.gym?.stripeStatus === 'Onboard') return { name: 'onboarding', routes: [{ path: '/', title: 'Onboarding' }], fallback: '/' };
  const available = (table: readonly RouteEntry[]) => table.filter((r) => isRouteAvailable(r, session));
  switch (session.role) {
    case 'athlete':
      return { name: 'athlete', routes: available(athleteRoutes), fallback: '/' };
    case 'staff':
    case 'owner':
      return ctx.narrow
        ? { name: 'staffMobile', routes: available(staffMobileRoutes), fallback: '/' }
        : { name: 'staff', routes: available(staffRoutes), fallback: '/' };
    case 'kilo_staff': {
      const demoOnly = isPlatformDemoOnly(session, ctx);
      return {
        name: 'platform',
        routes: platformRoutes.filter((r) => !(demoOnly && r.path === '/gyms')),
        fallback: demoOnly ? '/demo-gyms' : '/gyms',
      };
    }
  }
}

export type MenuLeaf = { label: string; to: string };
export type MenuItem = MenuLeaf | { label: string; children: MenuLeaf[] };

/** Spec 2.7: the desktop navigation menu, in order. */
export const staffMenu: readonly MenuItem[] = [
  { label: 'Dashboard', to: '/' },
  { label: 'Kiosk', to: '/kiosk' },
  {
    label: 'Calendar',
    children: [
      { label: 'Scheduling', to: '/calendar/scheduling' },
      { label: 'Programming', to: '/calendar/programming' },
      { label: 'Availability', to: '/calendar/availability' },
      { label: 'Integration', to: '/calendar/integration' },
    ],
  },
  {
    label: 'Products',
    children: [
      { label: 'Packages', to: '/products/packages' },
      { label: 'Retail', to: '/products/retail' },
      { label: 'Fees & Misc Products', to: '/products/fees-and-misc-products' },
      { label: 'Tax Rates', to: '/products/tax-rates' },
      { label: 'Sales Portal', to: '/products/sales-portal' },
    ],
  },
  {
    label: 'Users',
    children: [
      { label: 'Athletes', to: '/users/athletes' },
      { label: 'Staff', to: '/users/staff' },
    ],
  },
  {
    label: 'Events',
    children: [
      { label: 'Classes', to: '/events/classes' },
      { label: 'Appointments', to: '/events/appointments' },
      { label: 'Locations', to: '/events/location' },
    ],
  },
  {
    label: 'Documents',
    children: [
      { label: 'Issued', to: '/documents/issued' },
      { label: 'Templates', to: '/documents/templates' },
    ],
  },
  { label: 'Invoices', to: '/invoices' },
  {
    label: 'Payroll',
    children: [
      { label: 'Payroll Report', to: '/payroll/payroll-report' },
      { label: 'Pay Rates', to: '/payroll/pay-rates' },
      { label: 'Assign Rates', to: '/payroll/assign-rates' },
    ],
  },
  {
    label: 'Notifications',
    children: [
      { label: 'Automation Flows', to: '/flows' },
      { label: 'Message Templates', to: '/flows/templates' },
      { label: 'Automation Flow Builder', to: '/flows/builder' },
      { label: 'GLM Flows', to: '/glm-flows' },
    ],
  },
  { label: 'Log Work', to: '/log-work' },
];

/** Spec 2.8: the mobile menu. */
export const staffMobileMenu: readonly MenuLeaf[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Athletes', to: '/athletes' },
  { label: 'Schedule', to: '/' },
  { label: 'Products', to: '/products' },
  { label: 'Account', to: '/account' },
];

/** Spec 2.4: the athlete app's bottom tabs (Documents opens the unsigned tab). */
export const athleteTabs: readonly MenuLeaf[] = [
  { label: 'Packages', to: '/packages' },
  { label: 'My Events', to: '/events' },
  { label: 'Schedule', to: '/' },
  { label: 'Documents', to: '/documents/unsigned' },
  { label: 'Account', to: '/account' },
];

/** Whether a concrete path is one of the set's routes (":param" matches one segment, "?" makes it optional). */
export function matchesRoute(routes: readonly RouteEntry[], path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  return routes.some((route) => {
    const parts = route.path.split('/').filter(Boolean);
    const required = parts.filter((p) => !p.endsWith('?')).length;
    if (segments.length < required || segments.length > parts.length) return false;
    return segments.every((s, i) => parts[i]!.startsWith(':') || parts[i] === s);
  });
}

/** The menu of a session: only entries it may open; a group with nothing left disappears. */
export function menuFor(session: Session, ctx: NavigationContext): MenuItem[] {
  const set = routesFor(session, ctx);
  const open = (leaf: MenuLeaf) => matchesRoute(set.routes, leaf.to);
  switch (set.name) {
    case 'staff':
      return staffMenu.flatMap((item): MenuItem[] => {
        if ('to' in item) return open(item) ? [item] : [];
        const children = item.children.filter(open);
        return children.length > 0 ? [{ label: item.label, children }] : [];
      });
    case 'staffMobile':
      return staffMobileMenu.filter(open);
    case 'athlete':
      return athleteTabs.filter(open);
    case 'platform':
      return [
        { label: 'Gyms', to: '/gyms' },
        { label: 'Demo Gyms', to: '/demo-gyms' },
      ].filter(open);
    default:
      return [];
  }
}

export type UserMenuEntry = 'Account Details' | 'Settings' | 'Switch Profiles' | 'Logout' | 'Stop Impersonating';

/**
 * Spec 2.9: the user menu; Settings only for staff or owners holding GymMutate (and only where the
 * route set has /gym-settings: not on a phone); while impersonating only Stop Impersonating.
 */
export function userMenuFor(session: Session, ctx: NavigationContext): UserMenuEntry[] {
  if (session.isImpersonating) return ['Stop Impersonating'];
  const isGymStaff = session.role === 'staff' || session.role === 'owner';
  const hasSettings = isGymStaff && hasPermission(session, 'GymMutate') && matchesRoute(routesFor(session, ctx).routes, '/gym-settings');
  return ['Account Details', ...(hasSettings ? (['Settings'] as const) : []), 'Switch Profiles', 'Logout'];
}
