import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { profiles } from '../../db/schema';

fixClock(TEST_NOW);
let t: TestApp;
let w: Awaited<ReturnType<typeof makePeople>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makePeople();
});
afterAll(async () => {
  await t.close();
});

async function makePeople() {
  const barbell = await t.make.gym({ title: 'Profiles Barbell' });
  const athletics = await t.make.gym({ title: 'Profiles Athletics', country: 'CA', timeZone: 'America/Toronto' });
  const strength = await t.make.gym({ title: 'Profiles Strength', country: 'GB', timeZone: 'Europe/London' });
  // An athlete of two gyms with no default profile, and a dependant at the first linked to them.
  const athlete = await t.make.athlete(barbell.id, { firstName: 'Alex', lastName: 'Morgan' });
  await t.make.athlete(athletics.id, { userId: athlete.userId!, email: athlete.email!, firstName: 'Alex', lastName: 'Morgan' });
  const dependant = await t.make.athlete(barbell.id, { firstName: 'Sam', lastName: 'Morgan' });
  await t.make.profileLink(dependant.profileId, athlete.userId!);
  // An owner (their default profile) who is also an athlete of another gym.
  const owner = await t.make.owner(barbell.id, { firstName: 'Marcus', lastName: 'Reyes', isDefault: true });
  await t.make.athlete(strength.id, { userId: owner.userId, email: owner.email, firstName: 'Marcus', lastName: 'Reyes' });
  // The owner of an active PERSISTENT demo gym and of an expired TIME_LIMITED one.
  const summit = await t.make.gym({ title: 'Profiles Demo Summit', timeZone: 'America/Denver' });
  await t.make.demoGym(summit.id, { type: 'PERSISTENT', expiresAt: null });
  const harbor = await t.make.gym({ title: 'Profiles Demo Harbor', timeZone: 'America/New_York' });
  await t.make.demoGym(harbor.id, { type: 'TIME_LIMITED', expiresAt: new Date(Date.now() - 2 * 3600_000) });
  const demo = await t.make.owner(summit.id);
  await t.make.owner(harbor.id, { userId: demo.userId, email: demo.email });
  const platform = await t.make.platformStaff();
  return { athlete: { ...athlete, userId: athlete.userId! }, owner, demo, platform };
}

describe('GET /api/profiles/', () => {
  it("lists the user's profiles, and with include_linked the linked ones too", async () => {
    const c = await t.as(w.athlete);
    const user = w.athlete.userId;
    const own = (await c.get(`/api/profiles/?user=${user}`)).json();
    expect(own.count).toBe(2);
    expect(own.results.map((p: { gymTitle: string }) => p.gymTitle).sort()).toEqual(['Profiles Athletics', 'Profiles Barbell']);
    const all = (await c.get(`/api/profiles/?user=${user}&include_linked=true`)).json();
    expect(all.count).toBe(3);
    const linked = all.results.find((p: { isLinked: boolean }) => p.isLinked);
    expect(linked).toMatchObject({ fullName: 'Sam Morgan', role: 'athlete', gymTitle: 'Profiles Barbell', isDefault: false });
    const iron = all.results.find((p: { gymTitle: string; isLinked: boolean }) => p.gymTitle === 'Profiles Barbell' && !p.isLinked);
    expect(iron.linkedProfiles).toEqual([linked.profileId]);
    expect(iron.athleteGym).toBeTruthy();
  });

  it('filters by role, login_enabled and athlete__gym, and pages with next/previous', async () => {
    const c = await t.as(w.owner);
    const user = w.owner.userId;
    const owners = (await c.get(`/api/profiles/?user=${user}&role=owner`)).json();
    expect(owners.results).toHaveLength(1);
    expect(owners.results[0]).toMatchObject({ role: 'owner', fullName: 'Marcus Reyes', isDefault: true, demoGym: null });
    const athleteProfile = (await c.get(`/api/profiles/?user=${user}&role=athlete`)).json().results[0];
    const byGym = (await c.get(`/api/profiles/?user=${user}&athlete__gym=${athleteProfile.athleteGym}`)).json();
    expect(byGym.results.map((p: { profileId: string }) => p.profileId)).toEqual([athleteProfile.profileId]);
    expect((await c.get(`/api/profiles/?user=${user}&login_enabled=false`)).json().count).toBe(0);

    const page1 = (await c.get(`/api/profiles/?user=${user}&limit=1`)).json();
    expect(page1).toMatchObject({ count: 2, previous: null });
    expect(page1.next).toContain('offset=1');
    const page2 = (await c.get(page1.next)).json();
    expect(page2.next).toBeNull();
    expect(page2.previous).toContain('offset=0');
    expect(page2.results[0].profileId).not.toBe(page1.results[0].profileId);
  });

  it('shows demo gyms with their type and state', async () => {
    const c = await t.as(w.demo);
    const res = (await c.get(`/api/profiles/?user=${w.demo.userId}`)).json();
    const types = res.results.map((p: { demoGym: { type: string } }) => p.demoGym.type).sort();
    expect(types).toEqual(['PERSISTENT', 'TIME_LIMITED']);
    const limited = res.results.find((p: { demoGym: { type: string } }) => p.demoGym.type === 'TIME_LIMITED');
    expect(new Date(limited.demoGym.expiresAt).getTime()).toBeLessThan(Date.now());
  });

  it("refuses another user's list and bad parameters with a clear 400", async () => {
    const c = await t.as(w.athlete);
    const other = await c.get(`/api/profiles/?user=${w.owner.userId}`);
    expect(other.statusCode).toBe(403);
    const missing = await c.get('/api/profiles/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.user).toBeDefined();
    const bad = await c.get(`/api/profiles/?user=${w.athlete.userId}&limit=-1&include_linked=perhaps`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('reads a page in a fixed number of queries whatever its size', async () => {
    const c = await t.as(w.platform);
    // Platform staff may list any user's profiles: use a user with many by linking profiles to them.
    const user = w.athlete.userId;
    const counts: number[] = [];
    for (const limit of [1, 3]) {
      let queries = 0;
      const original = t.db.select.bind(t.db);
      t.db.select = ((...args: Parameters<typeof original>) => {
        queries++;
        return original(...args);
      }) as typeof t.db.select;
      const res = await c.get(`/api/profiles/?user=${user}&include_linked=true&limit=${limit}`);
      t.db.select = original;
      expect(res.statusCode).toBe(200);
      counts.push(queries);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});

describe('PUT /api/profiles/{id}/update-default/', () => {
  it('toggles the default, keeping one per user', async () => {
    const c = await t.as(w.athlete);
    const user = w.athlete.userId;
    const [a, b] = (await c.get(`/api/profiles/?user=${user}`)).json().results;
    const setA = await c.put(`/api/profiles/${a.profileId}/update-default/`);
    expect(setA.statusCode).toBe(200);
    expect(setA.json().isDefault).toBe(true);
    const setB = await c.put(`/api/profiles/${b.profileId}/update-default/`);
    expect(setB.json().isDefault).toBe(true);
    const defaults = await t.db.select().from(profiles).where(eq(profiles.userId, user));
    expect(defaults.filter((p) => p.isDefault).map((p) => p.id)).toEqual([b.profileId]);
    const unset = await c.put(`/api/profiles/${b.profileId}/update-default/`);
    expect(unset.json().isDefault).toBe(false);
  });

  it('keeps one default under concurrent toggles', async () => {
    const c = await t.as(w.owner);
    const user = w.owner.userId;
    const list = (await c.get(`/api/profiles/?user=${user}`)).json().results;
    await Promise.all(list.flatMap((p: { profileId: string }) => [1, 2, 3].map(() => c.put(`/api/profiles/${p.profileId}/update-default/`))));
    const rows = await t.db.select().from(profiles).where(eq(profiles.userId, user));
    expect(rows.filter((p) => p.isDefault).length).toBeLessThanOrEqual(1);
  });

  it('refuses linked, foreign and demo profiles', async () => {
    const c = await t.as(w.athlete);
    const user = w.athlete.userId;
    const linked = (await c.get(`/api/profiles/?user=${user}&include_linked=true`)).json().results.find((p: { isLinked: boolean }) => p.isLinked);
    const res = await c.put(`/api/profiles/${linked.profileId}/update-default/`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only your own profiles can be your default.');
    const owner = await t.as(w.owner);
    expect((await owner.put(`/api/profiles/${linked.profileId}/update-default/`)).statusCode).toBe(404);
    const demo = await t.as(w.demo);
    const demoProfile = (await demo.get(`/api/profiles/?user=${w.demo.userId}`)).json().results[0];
    const refused = await demo.put(`/api/profiles/${demoProfile.profileId}/update-default/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('demo_profile');
  });
});
