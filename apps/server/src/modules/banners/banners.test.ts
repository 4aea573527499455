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

/**
 * Global banners for each audience and for all three, two gyms with a welcome banner for their staff each, and one
 * gym's notice to its members (as the platform greets a new gym and tells each kind of user its news).
 */
async function makePeople() {
  await t.make.banner(null, { title: 'Kiosk news', audiences: ['gym_staff'], message: '<p>New: self check-in kiosk. Open <strong>Kiosk</strong>.</p>' });
  await t.make.banner(null, { title: 'App news', audiences: ['athletes'] });
  await t.make.banner(null, { title: 'Console news', audiences: ['platform_staff'] });
  await t.make.banner(null, { title: 'Maintenance tonight', audiences: ['gym_staff', 'athletes', 'platform_staff'] });
  const gym = await t.make.gym({ title: 'Banner Barbell' });
  const other = await t.make.gym({ title: 'Banner Strength', country: 'GB', timeZone: 'Europe/London' });
  for (const g of [gym, other])
    await t.make.banner(g.id, { title: `Welcome to Spotter, ${g.title}`, audiences: ['gym_staff'], message: '<p>Your schedule is ready.</p>' });
  await t.make.banner(gym.id, { title: 'Open gym on Sunday', audiences: ['athletes'] });
  await t.make.banner(null, { title: 'Retired news', audiences: ['gym_staff', 'athletes', 'platform_staff'], isActive: false });
  const athlete = await t.make.athlete(gym.id);
  return {
    owner: await t.make.owner(gym.id),
    staff: await t.make.staff(gym.id, { permissions: ['Kiosk', 'AthleteView'] }),
    athlete: { ...athlete, userId: athlete.userId!, email: athlete.email! },
    otherOwner: await t.make.owner(other.id),
    platform: await t.make.platformStaff(),
    sales: await t.make.platformStaff({ isSalesTeam: true }),
  };
}

type Listed = { bannerId: string; title: string };
const titlesOf = (results: Listed[]) => results.map((b) => b.title).sort();

describe('banners', () => {
  it('shows each audience only its own banners: gym staff and owners, athletes, platform staff (issue 23)', async () => {
    const expected = [
      [w.owner, ['Kiosk news', 'Maintenance tonight', 'Welcome to Spotter, Banner Barbell']],
      [w.staff, ['Kiosk news', 'Maintenance tonight', 'Welcome to Spotter, Banner Barbell']],
      [w.athlete, ['App news', 'Maintenance tonight', 'Open gym on Sunday']],
      [w.otherOwner, ['Kiosk news', 'Maintenance tonight', 'Welcome to Spotter, Banner Strength']],
      [w.platform, ['Console news', 'Maintenance tonight']],
      [w.sales, ['Console news', 'Maintenance tonight']],
    ] as const;
    for (const [person, titles] of expected) {
      const list = (await (await t.as(person)).get('/api/banners/')).json();
      expect(titlesOf(list.results), person.email).toEqual([...titles].sort());
      expect(list.count, person.email).toBe(titles.length);
    }
  });

  it('never lets an audience close a banner that is not its own', async () => {
    const owner = await t.as(w.owner);
    const athlete = await t.as(w.athlete);
    const platform = await t.as(w.platform);
    const ownerBanners: Listed[] = (await owner.get('/api/banners/')).json().results;
    const athleteBanners: Listed[] = (await athlete.get('/api/banners/')).json().results;
    const kioskNews = ownerBanners.find((b) => b.title === 'Kiosk news')!;
    const welcome = ownerBanners.find((b) => b.title.startsWith('Welcome'))!;
    const sunday = athleteBanners.find((b) => b.title === 'Open gym on Sunday')!;

    expect((await platform.get(`/api/banners/${kioskNews.bannerId}/close/`)).statusCode).toBe(404);
    expect((await athlete.get(`/api/banners/${welcome.bannerId}/close/`)).statusCode).toBe(404);
    expect((await owner.get(`/api/banners/${sunday.bannerId}/close/`)).statusCode).toBe(404);
    const refused = await platform.get(`/api/banners/${kioskNews.bannerId}/close/`);
    expect(refused.json()).toMatchObject({ message: 'Banner not found.', code: 'not_found' });
  });

  it("lists the global banners and the gym's own, and 'Do Not Show Again' dismisses one for good", async () => {
    const owner = await t.as(w.owner);
    const list = (await owner.get('/api/banners/')).json();
    expect(titlesOf(list.results)).toContain('Welcome to Spotter, Banner Barbell');
    const first = list.results[0];
    expect(first).toEqual({ bannerId: expect.any(String), title: expect.any(String), message: expect.stringContaining('<p>') });

    const close = await owner.get(`/api/banners/${first.bannerId}/close/`);
    expect(close.statusCode).toBe(200);
    expect((await owner.get(`/api/banners/${first.bannerId}/close/`)).statusCode).toBe(200); // idempotent
    const after = (await owner.get('/api/banners/')).json();
    expect(after.results.map((b: Listed) => b.bannerId)).not.toContain(first.bannerId);
    expect(after.count).toBe(list.count - 1);

    // Dismissed per profile: another profile of the same audience still sees it.
    const staff = await t.as(w.staff);
    expect((await staff.get('/api/banners/')).json().results.map((b: Listed) => b.bannerId)).toContain(first.bannerId);
  });

  it("never shows or closes another gym's banner", async () => {
    const uk = await t.as(w.otherOwner);
    const ukTitles = titlesOf((await uk.get('/api/banners/')).json().results);
    expect(ukTitles).toContain('Welcome to Spotter, Banner Strength');
    expect(ukTitles).not.toContain('Welcome to Spotter, Banner Barbell');
    const coach = await t.as(w.staff);
    const iron = (await coach.get('/api/banners/')).json().results.find((b: Listed) => b.title.includes('Banner Barbell'));
    expect((await uk.get(`/api/banners/${iron.bannerId}/close/`)).statusCode).toBe(404);
  });
});
