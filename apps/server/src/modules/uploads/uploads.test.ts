import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_TOO_LARGE_MESSAGE, PROFILE_PICTURE_TYPE_MESSAGE } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { multipart, png } from '../../../test/fixtures';

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
  const gym = await t.make.gym();
  const other = await t.make.gym({ country: 'GB', timeZone: 'Europe/London' });
  return {
    staff: await t.make.staff(gym.id, { permissions: ['Kiosk', 'AthleteView'] }),
    owner: await t.make.owner(gym.id),
    athlete: await t.make.athlete(gym.id),
    member: await t.make.athlete(gym.id, { login: false }),
    otherOwner: await t.make.owner(other.id),
    platform: await t.make.platformStaff(),
    sales: await t.make.platformStaff({ isSalesTeam: true }),
  };
}

const upload = (c: ApiClient, url: string, file: Buffer, type = 'image/png', name = 'me.png') => {
  const { body, contentType } = multipart('file', name, type, file);
  return c.request('POST', url, body, { headers: { 'content-type': contentType } });
};
const stored = () => fs.readdirSync(path.join(t.app.config.dataDir, 'uploads')).filter((f) => !f.startsWith('.'));

describe('profile picture uploads', () => {
  it('store an image under a generated name, update the account, and serve it with nosniff', async () => {
    const c = await t.as(w.staff);
    const me = (await c.get('/api/staff/self')).json();
    const res = await upload(c, `/api/staff/${me.staffId}/profile-picture/`, png(200, 200), 'image/png', '../../evil.html');
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    expect((await c.get('/api/staff/self')).json().profilePicture).toBe(url);
    const served = await c.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuse too large files (413), non-images and disguised files (415), and huge dimensions, storing nothing', async () => {
    const c = await t.as(w.staff);
    const me = (await c.get('/api/staff/self')).json();
    const url = `/api/staff/${me.staffId}/profile-picture/`;
    const before = stored();
    const big = await upload(c, url, png(100, 100, Buffer.alloc(5_000_001)));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(PROFILE_PICTURE_TOO_LARGE_MESSAGE);
    const html = await upload(c, url, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 'x.png');
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe(PROFILE_PICTURE_TYPE_MESSAGE);
    const svg = await upload(c, url, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'x.svg');
    expect(svg.statusCode).toBe(415);
    const huge = await upload(c, url, png(50_000, 50_000));
    expect(huge.statusCode).toBe(413);
    const json = await c.post(url, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(stored()).toEqual(before);
  });

  it("reach only one's own records (or an owner's gym), for all four targets", async () => {
    const staff = await t.as(w.staff);
    const owner = await t.as(w.owner);
    const uk = await t.as(w.otherOwner);
    const platform = await t.as(w.platform);
    const staffMe = (await staff.get('/api/staff/self')).json();
    const ownerSession = await owner.session();

    expect((await upload(owner, `/api/staff/${staffMe.staffId}/profile-picture/`, png(10, 10))).statusCode).toBe(200);
    expect((await upload(uk, `/api/staff/${staffMe.staffId}/profile-picture/`, png(10, 10))).statusCode).toBe(404);
    expect((await upload(staff, `/api/gyms/${ownerSession.gym.gymId}/profile-picture/`, png(10, 10))).statusCode).toBe(403);
    expect((await upload(owner, `/api/gyms/${ownerSession.gym.gymId}/profile-picture/`, png(10, 10))).statusCode).toBe(200);
    expect((await upload(uk, `/api/gyms/${ownerSession.gym.gymId}/profile-picture/`, png(10, 10))).statusCode).toBe(404);
    const k = (await platform.get('/api/kilo-staff/self')).json();
    expect((await upload(platform, `/api/kilo-staff/${k.kiloStaffId}/profile-picture/`, png(10, 10))).statusCode).toBe(200);
    const sales = await t.as(w.sales);
    expect((await upload(sales, `/api/kilo-staff/${k.kiloStaffId}/profile-picture/`, png(10, 10))).statusCode).toBe(404);

    const athlete = await t.as({ userId: w.athlete.userId!, profileId: w.athlete.profileId });
    expect((await upload(athlete, `/api/athletes/${w.athlete.athleteId}/profile-picture/`, png(10, 10))).statusCode).toBe(200);
    expect((await upload(athlete, `/api/athletes/${w.member.athleteId}/profile-picture/`, png(10, 10))).statusCode).toBe(404);
    expect((await upload(staff, `/api/athletes/${w.member.athleteId}/profile-picture/`, png(10, 10))).statusCode).toBe(200);
    expect((await upload(uk, `/api/athletes/${w.member.athleteId}/profile-picture/`, png(10, 10))).statusCode).toBe(404);
  });
});
