import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('banners', () => {
  it("lists the global banner and the gym's own, and 'Do Not Show Again' dismisses one for good", async () => {
    const owner = await t.login('owner@example.com');
    const list = (await owner.get('/api/banners/')).json();
    expect(list.count).toBe(2);
    expect(list.results.map((b: { title: string }) => b.title)).toContain('Welcome to Spotter, Iron Temple Barbell');
    const first = list.results[0];
    expect(first).toEqual({ bannerId: expect.any(String), title: expect.any(String), message: expect.stringContaining('<p>') });

    const close = await owner.get(`/api/banners/${first.bannerId}/close/`);
    expect(close.statusCode).toBe(200);
    expect((await owner.get(`/api/banners/${first.bannerId}/close/`)).statusCode).toBe(200); // idempotent
    const after = (await owner.get('/api/banners/')).json();
    expect(after.results.map((b: { bannerId: string }) => b.bannerId)).not.toContain(first.bannerId);

    // Dismissed per profile: another profile still sees it.
    const staff = await t.login('staff@example.com');
    expect((await staff.get('/api/banners/')).json().count).toBe(2);
  });

  it("never shows or closes another gym's banner", async () => {
    const uk = await t.login('uk-owner@example.com');
    const ukBanners = (await uk.get('/api/banners/')).json().results;
    expect(ukBanners.map((b: { title: string }) => b.title)).not.toContain('Welcome to Spotter, Iron Temple Barbell');
    const coach = await t.login('staff@example.com');
    const iron = (await coach.get('/api/banners/')).json().results.find((b: { title: string }) => b.title.includes('Iron Temple'));
    expect((await uk.get(`/api/banners/${iron.bannerId}/close/`)).statusCode).toBe(404);
  });

  it('shows platform staff only global banners', async () => {
    const platform = await t.login('platform@example.com');
    const res = (await platform.get('/api/banners/')).json();
    expect(res.results.every((b: { title: string }) => !b.title.startsWith('Welcome to Spotter,'))).toBe(true);
  });
});
