import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hasPermission, type Permission, type Role } from '@spotter/shared';
import { ACCESS_REFUSAL_CODES, type Access } from '../src/plugins/access';
import { createTestApp, type ApiClient, type TestApp } from './helper';
import { databaseDigest } from './digest';
import { queryRows } from '../src/db/client';

/**
 * Walks every /api route with every kind of caller and checks the answer against the route's
 * declaration (spec 6): refused callers get 401/403 from the access check and change nothing.
 */
type Caller = {
  name: string;
  login?: { email: string; gym?: string };
  role: Role | null;
  permissions: Permission[];
  isSalesTeam?: boolean;
  /** Another gym than Iron Temple Barbell, whose resources the sample paths point at. */
  foreignGym?: boolean;
};

const CALLERS: Caller[] = [
  { name: 'anonymous', role: null, permissions: [] },
  { name: 'no profile chosen', login: { email: 'athlete@example.com' }, role: null, permissions: [] },
  { name: 'athlete', login: { email: 'athlete@example.com', gym: 'Iron Temple Barbell' }, role: 'athlete', permissions: [] },
  { name: 'staff (Kiosk, AthleteView)', login: { email: 'staff@example.com' }, role: 'staff', permissions: ['Kiosk', 'AthleteView'] },
  { name: 'owner', login: { email: 'owner@example.com', gym: 'Iron Temple Barbell' }, role: 'owner', permissions: [] },
  { name: "another gym's owner", login: { email: 'uk-owner@example.com' }, role: 'owner', permissions: [], foreignGym: true },
  { name: 'platform staff', login: { email: 'platform@example.com' }, role: 'kilo_staff', permissions: [] },
  { name: 'sales team', login: { email: 'sales@example.com' }, role: 'kilo_staff', permissions: [], isSalesTeam: true },
];

function isAllowed(access: Access, caller: Caller): boolean {
  switch (access.kind) {
    case 'anonymous':
      return true;
    case 'user':
      return caller.login !== undefined;
    case 'profile':
      if (!caller.role) return false;
      if (access.roles && !access.roles.includes(caller.role)) return false;
      return !access.permission || hasPermission({ role: caller.role, staff: { permissions: caller.permissions } }, access.permission);
    case 'platform':
      return caller.role === 'kilo_staff' && (!caller.isSalesTeam || access.salesTeam);
  }
}

let t: TestApp;
let samples: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const [ids] = await queryRows<Record<string, string>>(t.db, sql`
    select
      (select p.id from profiles p join users u on u.id = p.user_id join gyms g on g.id = p.gym_id
        where u.email = 'owner@example.com' and g.title = 'Iron Temple Barbell') as id,
      (select id from gyms where title = 'Iron Temple Barbell') as "gymId",
      (select s.id from staff s where s.email = 'staff@example.com') as "staffId",
      (select a.id from athletes a join gyms g on g.id = a.gym_id where a.email = 'athlete@example.com' and g.title = 'Iron Temple Barbell') as "athleteId",
      (select k.id from kilo_staff k where k.email = 'platform@example.com') as "kiloStaffId",
      (select b.id from banners b join gyms g on g.id = b.gym_id where g.title = 'Iron Temple Barbell') as "bannerId",
      (select c.id from classes c join gyms g on g.id = c.gym_id where g.title = 'Iron Temple Barbell' order by c.starts_at desc limit 1) as "eventId",
      (select c.id from classes c join gyms g on g.id = c.gym_id where g.title = 'Iron Temple Barbell' order by c.starts_at desc limit 1) as "kiloClassId",
      (select a.id from appointments a join gyms g on g.id = a.gym_id where g.title = 'Iron Temple Barbell' order by a.starts_at desc limit 1) as "appointmentId",
      (select r.id from athlete_kilo_classes r join gyms g on g.id = r.gym_id join athletes a on a.id = r.athlete_id
        where g.title = 'Iron Temple Barbell' and a.email <> 'athlete@example.com' order by r.registration_datetime desc, r.id limit 1) as "athleteKiloClassId",
      (select r.id from athlete_appointments r join gyms g on g.id = r.gym_id join athletes a on a.id = r.athlete_id
        where g.title = 'Iron Temple Barbell' and a.email <> 'athlete@example.com' order by r.registration_datetime desc, r.id limit 1) as "athleteAppointmentId",
      (select d.id from demo_gyms d join gyms g on g.id = d.gym_id where g.title = 'Harbor Fitness') as "demoGymId"`);
  // Path parameters point at Iron Temple Barbell's records (demoGymId: the expired demo gym); unknown names get a random id.
  samples = ids!;
});
afterAll(async () => {
  await t.close();
});

/** A logged-in client with the caller's profile chosen explicitly (defaults may change during the walk). */
async function clientFor(caller: Caller): Promise<ApiClient> {
  if (!caller.login) return t.client();
  const c = await t.login(caller.login.email);
  if (caller.role) {
    const rows = await queryRows<{ id: string }>(t.db, sql`
      select p.id from profiles p join users u on u.id = p.user_id left join gyms g on g.id = p.gym_id
      where u.email = ${caller.login.email} and p.role = ${caller.role}
        and (${caller.login.gym ?? null}::text is null or g.title = ${caller.login.gym ?? null})
      order by g.title nulls first limit 1`);
    const res = await c.post('/api/auth/select-profile/', { profileId: rows[0]!.id });
    expect(res.statusCode).toBe(200);
  } else {
    await c.delete('/api/auth/clear-profile/');
  }
  return c;
}

const pathOf = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => samples[name] ?? '00000000-0000-4000-8000-000000000000');
const call = (c: ApiClient, method: string, url: string) =>
  c.request(method as 'GET', pathOf(url), ['GET', 'DELETE'].includes(method) ? undefined : {});

describe('access matrix', () => {
  it('has a declaration on every /api route', () => {
    expect(t.app.accessTable.length).toBeGreaterThan(10);
    for (const route of t.app.accessTable) expect(route.access.kind).toMatch(/^(anonymous|user|profile|platform)$/);
  });

  it('refuses every caller a route does not declare, and changes nothing', async () => {
    const clients = new Map<string, ApiClient>();
    for (const caller of CALLERS) clients.set(caller.name, await clientFor(caller));
    const before = await databaseDigest(t.db);
    const checked: string[] = [];
    for (const route of t.app.accessTable) {
      for (const caller of CALLERS) {
        if (isAllowed(route.access, caller)) continue;
        const res = await call(clients.get(caller.name)!, route.method, route.url);
        checked.push(`${route.method} ${route.url} as ${caller.name}: ${res.statusCode}`);
        expect([401, 403], `${route.method} ${route.url} as ${caller.name}`).toContain(res.statusCode);
        expect(ACCESS_REFUSAL_CODES, `${route.method} ${route.url} as ${caller.name}`).toContain(res.json().code);
      }
    }
    expect(await databaseDigest(t.db)).toBe(before);
    expect(checked.length).toBeGreaterThan(0);
  });

  it('lets every declared caller through the access check', async () => {
    const reused = new Map<string, ApiClient>();
    for (const route of t.app.accessTable) {
      for (const caller of CALLERS) {
        if (!isAllowed(route.access, caller)) continue;
        // Auth routes change the session itself (logout, clear-profile…): they get a fresh one.
        let client = route.url.startsWith('/api/auth/') ? undefined : reused.get(caller.name);
        if (!client) {
          client = await clientFor(caller);
          if (!route.url.startsWith('/api/auth/')) reused.set(caller.name, client);
        }
        const res = await call(client, route.method, route.url);
        const label = `${route.method} ${route.url} as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode === 401 || res.statusCode === 403) {
          expect(ACCESS_REFUSAL_CODES, label).not.toContain(res.json().code);
        }
        // Records of Iron Temple Barbell stay out of another gym's reach.
        if (caller.foreignGym && /:\w+/.test(route.url) && route.access.kind === 'profile') {
          expect([403, 404], label).toContain(res.statusCode);
        }
      }
    }
  });
});
