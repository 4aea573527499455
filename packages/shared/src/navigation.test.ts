import { describe, expect, it } from 'vitest';
import type { Session } from './api/auth';
import { permissions, type Permission } from './roles';
import { matchesRoute, menuFor, reportTypes, routesFor, userMenuFor, type MenuItem, type NavigationContext } from './navigation';

const desktop: NavigationContext = { narrow: false, kioskMode: false };
const phone: NavigationContext = { narrow: true, kioskMode: false };

const base: Session = {
  user: { userId: '00000000-0000-4000-8000-000000000001', email: 'a@example.com' },
  role: 'owner',
  gym: { gymId: '00000000-0000-4000-8000-000000000002', title: 'Gym', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false },
  profile: { profileId: '00000000-0000-4000-8000-000000000003' },
  athlete: null,
  staff: { staffId: '00000000-0000-4000-8000-000000000004', permissions: [] },
  kiloStaff: null,
  demoGym: null,
  isImpersonating: false,
};
const staff = (perms: Permission[], extra: Partial<Session> = {}): Session => ({
  ...base,
  role: 'staff',
  staff: { staffId: base.staff!.staffId, permissions: perms },
  ...extra,
});
const paths = (s: Session | null | undefined, ctx = desktop) => routesFor(s, ctx).routes.map((r) => r.path);
const labels = (items: MenuItem[]) => items.flatMap((i) => ('to' in i ? [i.label] : [i.label, ...i.children.map((c) => `${i.label}/${c.label}`)]));

describe('route sets of spec 2.1', () => {
  it('loading, logged out, no profile, kiosk flag and Onboard', () => {
    expect(routesFor(undefined, desktop).name).toBe('loading');
    expect(routesFor(null, desktop)).toMatchObject({ name: 'loggedOut', fallback: '/login' });
    expect(paths(null)).toEqual(['/login', '/activate/:uid/:token', '/reset-password', '/password/reset/confirm/:uid/:token', '/social-login-error']);
    expect(routesFor({ ...base, role: null, profile: null, gym: null }, desktop)).toMatchObject({ name: 'profileSelection', fallback: '/' });
    expect(routesFor(staff(['Kiosk']), { ...desktop, kioskMode: true })).toMatchObject({ name: 'kiosk', fallback: '/' });
    expect(paths(staff(['Kiosk']), { ...desktop, kioskMode: true })).toEqual(['/', '/kiosk/:eventId']);
    expect(routesFor({ ...base, gym: { ...base.gym!, stripeStatus: 'Onboard' } }, desktop)).toMatchObject({ name: 'onboarding', routes: [{ path: '/' }] });
  });
});

describe('staff and owner routes (spec 2.7, 6)', () => {
  it('give owners every route, and staff only those whose permissions they hold', () => {
    const owner = paths(base);
    expect(owner).toContain('/gym-settings');
    expect(owner).toContain('/reports/arm/class-usage');
    const none = paths(staff([]));
    expect(none).toContain('/');
    expect(none).toContain('/calendar/scheduling');
    for (const gated of [
      '/kiosk',
      '/users/athletes',
      '/users/staff',
      '/invoices',
      '/payroll/payroll-report',
      '/payroll/pay-rates',
      '/flows',
      '/flows/builder',
      '/gym-settings',
      '/reports/arm/total-revenue',
    ]) {
      expect(none, gated).not.toContain(gated);
    }
    expect(paths(staff(['Kiosk', 'AthleteView']))).toEqual(
      expect.arrayContaining(['/kiosk', '/kiosk/:eventId', '/users/athletes', '/users/athletes/:athleteId/:activeTab?']),
    );
    expect(paths(staff(['FlowView']))).toEqual(expect.arrayContaining(['/flows', '/flows/builder/:flowId', '/flows/templates']));
    expect(paths(staff(['FlowView']))).not.toContain('/flows/builder');
    expect(paths(staff(['FlowMutate']))).toContain('/flows/builder');
  });

  it('walks every permission: holding it opens exactly its routes', () => {
    const open = new Set(paths(staff([])));
    const reportGroups: Permission[] = ['AccountingReportsView', 'PaymentReportsView', 'AthleteReportsView', 'PackageReportsView', 'UtilizationReportsView'];
    for (const p of permissions) {
      const held: Permission[] = reportGroups.includes(p) ? ['BusinessMetricsReportsView', p] : [p];
      const gained = paths(staff(held)).filter((x) => !open.has(x));
      if (p === 'BusinessMetricsReportsView') expect(gained).toEqual([]);
      else expect(gained.length, p).toBeGreaterThan(0);
      if (reportGroups.includes(p))
        expect(
          gained.every((x) => x.startsWith('/reports/arm/')),
          p,
        ).toBe(true);
    }
  });

  it('opens each report only with BusinessMetricsReportsView and its group permission', () => {
    expect(reportTypes).toHaveLength(20);
    expect(paths(staff(['AccountingReportsView']))).not.toContain('/reports/arm/total-revenue');
    const both = paths(staff(['BusinessMetricsReportsView', 'AccountingReportsView']));
    expect(both).toContain('/reports/arm/total-revenue');
    expect(both).toContain('/reports/arm/upcoming-revenue');
    expect(both).not.toContain('/reports/arm/class-usage');
  });

  it('removes GLM flows unless ghlV2Enabled, the sales portal in demo gyms, and the payment dashboard unless custom', () => {
    expect(paths(base)).not.toContain('/glm-flows');
    expect(paths({ ...base, gym: { ...base.gym!, ghlV2Enabled: true } })).toEqual(
      expect.arrayContaining(['/glm-flows', '/glm-flows/builder', '/glm-flows/builder/:flowId']),
    );
    expect(paths(base)).toContain('/products/sales-portal');
    const demo = paths({ ...base, demoGym: { type: 'TIME_LIMITED', expiresAt: '2030-01-01T00:00:00Z', isActive: true } });
    expect(demo.filter((p) => p.includes('sales-portal'))).toEqual([]);
    expect(paths(base)).not.toContain('/stripe-dashboard');
    expect(paths({ ...base, gym: { ...base.gym!, stripeAccountType: 'custom' } })).toContain('/stripe-dashboard');
    expect(paths({ ...base, gym: { ...base.gym!, stripeAccountType: 'express' } })).not.toContain('/stripe-dashboard');
    // Issue 34: a staff member without GymMutate (the endpoint's access) is redirected, not shown a 403.
    const custom = (s: Session): Session => ({ ...s, gym: { ...s.gym!, stripeAccountType: 'custom' } });
    expect(paths(custom(staff(['Kiosk', 'AthleteView'])))).not.toContain('/stripe-dashboard');
    expect(paths(custom(staff(['GymMutate'])))).toContain('/stripe-dashboard');
  });

  it('switches to the spec 2.8 set on a narrow viewport', () => {
    const set = routesFor(base, phone);
    expect(set.name).toBe('staffMobile');
    expect(set.routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/', '/kiosk', '/athletes', '/products', '/packages/:packageId', '/dashboard', '/account', '/reports/arm/total-revenue']),
    );
    expect(set.routes.map((r) => r.path)).not.toContain('/gym-settings');
    expect(paths(staff([]), phone)).not.toContain('/athletes');
  });
});

describe('athlete routes (spec 2.4)', () => {
  const athlete: Session = { ...base, role: 'athlete', staff: null, athlete: { athleteId: base.staff!.staffId } };
  it('are the athlete app, without the sales portal in demo gyms', () => {
    expect(routesFor(athlete, desktop).name).toBe('athlete');
    expect(paths(athlete)).toContain('/packages/sales-portal/:packageId/:billingPlanId');
    expect(paths({ ...athlete, demoGym: { type: 'PERSISTENT', expiresAt: null, isActive: true } })).not.toContain('/packages/sales-portal');
    expect(routesFor({ ...athlete }, { ...desktop, kioskMode: true }).name).toBe('athlete');
  });
});

describe('platform routes (spec 2.6)', () => {
  const platform: Session = { ...base, role: 'kilo_staff', gym: null, staff: null, kiloStaff: { kiloStaffId: base.staff!.staffId, isSalesTeam: false } };
  it('give platform staff the gyms list, and the sales team or demo mode only demo gyms', () => {
    expect(routesFor(platform, desktop)).toMatchObject({ name: 'platform', fallback: '/gyms' });
    expect(paths(platform)).toContain('/gyms');
    const sales = { ...platform, kiloStaff: { ...platform.kiloStaff!, isSalesTeam: true } };
    expect(routesFor(sales, desktop).fallback).toBe('/demo-gyms');
    expect(paths(sales)).not.toContain('/gyms');
    expect(paths(platform, { ...desktop, demoMode: true })).not.toContain('/gyms');
    expect(labels(menuFor(sales, desktop))).toEqual(['Demo Gyms']);
    expect(labels(menuFor(platform, desktop))).toEqual(['Gyms', 'Demo Gyms']);
  });
});

describe('menus', () => {
  it('show staff only the entries they may open, dropping empty groups', () => {
    const menu = labels(menuFor(staff(['Kiosk', 'AthleteView']), desktop));
    expect(menu).toContain('Kiosk');
    expect(menu).toContain('Users/Athletes');
    expect(menu).not.toContain('Users/Staff');
    expect(menu).not.toContain('Payroll');
    expect(menu).not.toContain('Invoices');
    expect(labels(menuFor(base, desktop)).filter((l) => !l.includes('/'))).toEqual([
      'Dashboard',
      'Kiosk',
      'Calendar',
      'Products',
      'Users',
      'Events',
      'Documents',
      'Invoices',
      'Payroll',
      'Notifications',
      'Log Work',
    ]);
    expect(labels(menuFor(base, desktop))).not.toContain('Notifications/GLM Flows');
  });

  it('give the mobile menu and the athlete tabs of spec 2.8 and 2.4', () => {
    expect(labels(menuFor(base, phone))).toEqual(['Dashboard', 'Athletes', 'Schedule', 'Products', 'Account']);
    const athlete: Session = { ...base, role: 'athlete', staff: null };
    expect(labels(menuFor(athlete, desktop))).toEqual(['Packages', 'My Events', 'Schedule', 'Documents', 'Account']);
  });

  it('give the user menu of spec 2.9', () => {
    expect(userMenuFor(base, desktop)).toEqual(['Account Details', 'Settings', 'Switch Profiles', 'Logout']);
    expect(userMenuFor(staff(['Kiosk']), desktop)).toEqual(['Account Details', 'Switch Profiles', 'Logout']);
    expect(userMenuFor(staff(['GymMutate']), desktop)).toContain('Settings');
    expect(userMenuFor(base, phone)).not.toContain('Settings');
    expect(userMenuFor({ ...base, role: 'athlete' }, desktop)).not.toContain('Settings');
    expect(userMenuFor({ ...base, isImpersonating: true }, desktop)).toEqual(['Stop Impersonating']);
  });

  it('match concrete paths against route patterns', () => {
    const routes = [{ path: '/users/athletes/:athleteId/:activeTab?', title: '' }];
    expect(matchesRoute(routes, '/users/athletes/1')).toBe(true);
    expect(matchesRoute(routes, '/users/athletes/1/notes')).toBe(true);
    expect(matchesRoute(routes, '/users/athletes')).toBe(false);
    expect(matchesRoute(routes, '/users/athletes/1/notes/x')).toBe(false);
  });
});
