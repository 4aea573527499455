import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';

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

/** A global banner, and two gyms with a welcome banner each (as the platform greets a new gym). */
async function makePeople() {
  await t.make.banner(null, { title: 'Spotter news', message: '<p>New: the kiosk works offline.</p>' });
  const gym = await t.make.gym({ title: 'Banner Barbell' });
  const other = await t.make.gym({ title: 'Banner Strength', country: 'GB', timeZone: 'Europe/London' });
  for (const g of [gym, other]) await t.make.banner(g.id, { title: `Welcome to Spotter, ${g.title}`, message: '<p>Your schedule is ready.</p>' });
  return {
    owner: await t.make.owner(gym.id),
    staff: await t.make.staff(gym.id, { permissions: ['Kiosk', 'AthleteView'] }),
    otherOwner: await t.make.owner(other.id),
    platform: await t.make.platformStaff(),
  };
}

describe('banners', () => {
  it("lists the global banner and the gym's own, and 'Do Not Show Again' dismisses one for good", async () => {
    const owner = await t.as(w.owner);
    const list = (await owner.get('/api/banners/')).json();
    expect(list.count).toBe(2);
    expect(list.results.map((b: { title: string }) => b.title)).toContain('Welcome to Spotter, Banner Barbell');
    const first = list.results[0];
    expect(first).toEqual({ bannerId: expect.any(String), title: expect.any(String), message: expect.stringContaining('<p>') });

    const close = await owner.get(`/api/banners/${first.bannerId}/close/`);
    expect(close.statusCode).toBe(200);
    expect((await owner.get(`/api/banners/${first.bannerId}/close/`)).statusCode).toBe(200); // idempotent
    const after = (await owner.get('/api/banners/')).json();
    expect(after.results.map((b: { bannerId: string }) => b.bannerId)).not.toContain(first.bannerId);

    // Dismissed per profile: another profile still sees it.
    const staff = await t.as(w.staff);
    expect((await staff.get('/api/banners/')).json().count).toBe(2);
  });

  it("never shows or closes another gym's banner", async () => {
    const uk = await t.as(w.otherOwner);
    const ukBanners = (await uk.get('/api/banners/')).json().results;
    expect(ukBanners.map((b: { title: string }) => b.title)).toContain('Welcome to Spotter, Banner Strength');
    expect(ukBanners.map((b: { title: string }) => b.title)).not.toContain('Welcome to Spotter, Banner Barbell');
    const coach = await t.as(w.staff);
    const iron = (await coach.get('/api/banners/')).json().results.find((b: { title: string }) => b.title.includes('Banner Barbell'));
    expect((await uk.get(`/api/banners/${iron.bannerId}/close/`)).statusCode).toBe(404);
  });

  it('shows platform staff only global banners', async () => {
    const platform = await t.as(w.platform);
    const res = (await platform.get('/api/banners/')).json();
    expect(res.results.map((b: { title: string }) => b.title)).toEqual(['Spotter news']);
    expect(res.results.every((b: { title: string }) => !b.title.startsWith('Welcome to Spotter,'))).toBe(true);
  });
});
