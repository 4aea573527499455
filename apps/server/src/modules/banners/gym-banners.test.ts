import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bannerMessages } from '@spotter/shared';
import { banners } from '../../db/schema';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';

const clock = fixClock(TEST_NOW);
let t: TestApp;
let w: Awaited<ReturnType<typeof makePeople>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makePeople();
});
afterAll(async () => {
  await t.close();
});

const at = (minutes: number) => new Date(new Date(TEST_NOW).getTime() + minutes * 60_000).toISOString();

/** A gym with an owner, a coach without GymMutate, a coach with it and an athlete; another gym with its owner. */
async function makePeople() {
  const gym = await t.make.gym({ title: 'Schedule Barbell' });
  const other = await t.make.gym({ title: 'Elsewhere Strength' });
  const athlete = await t.make.athlete(gym.id);
  const platformBanner = await t.make.banner(null, { title: 'Platform news', audiences: ['gym_staff', 'athletes'] });
  return {
    gym,
    platformBanner,
    owner: await t.make.owner(gym.id),
    manager: await t.make.staff(gym.id, { permissions: ['GymMutate'] }),
    coach: await t.make.staff(gym.id, { permissions: ['Kiosk', 'AthleteView'] }),
    athlete: { ...athlete, userId: athlete.userId!, email: athlete.email! },
    otherOwner: await t.make.owner(other.id),
  };
}

const input = (o: Record<string, unknown> = {}) => ({
  title: 'Open gym on Sunday',
  message: '<p>Come <strong>lift</strong></p>',
  audiences: ['gym_staff', 'athletes'],
  startsAt: null,
  endsAt: null,
  ...o,
});

type Listed = { bannerId: string; title: string };
const shownTo = async (person: Parameters<TestApp['as']>[0]) =>
  ((await (await t.as(person)).get('/api/banners/')).json().results as Listed[]).map((b) => b.title);

describe('gym banners (issue 22)', () => {
  it('creates a banner scheduled ahead: not shown before its start, shown from it, hidden after its end', async () => {
    const owner = await t.as(w.owner);
    const res = await owner.post('/api/gym-banners/', input({ title: 'Deadlift day', startsAt: at(60), endsAt: at(180) }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ title: 'Deadlift day', state: 'scheduled', audiences: ['gym_staff', 'athletes'], startsAt: at(60), endsAt: at(180) });

    expect(await shownTo(w.athlete)).not.toContain('Deadlift day');
    // Closing a banner not shown yet is refused: nothing to dismiss.
    expect((await (await t.as(w.athlete)).get(`/api/banners/${created.bannerId}/close/`)).statusCode).toBe(404);

    clock.set(at(60));
    expect(await shownTo(w.athlete)).toContain('Deadlift day');
    expect(await shownTo(w.coach)).toContain('Deadlift day');
    expect((await owner.get('/api/gym-banners/?state=showing')).json().results.map((b: Listed) => b.title)).toContain('Deadlift day');

    clock.set(at(180));
    expect(await shownTo(w.athlete)).not.toContain('Deadlift day');
    const ended = (await owner.get('/api/gym-banners/?state=ended')).json();
    expect(ended.results.find((b: Listed) => b.bannerId === created.bannerId)).toMatchObject({ state: 'ended' });
    clock.set(TEST_NOW);
  });

  it('shows a banner only to the audiences it names, and dismissal is per profile', async () => {
    const owner = await t.as(w.owner);
    const staffOnly = (await owner.post('/api/gym-banners/', input({ title: 'Staff meeting', audiences: ['gym_staff'] }))).json();
    expect(await shownTo(w.athlete)).not.toContain('Staff meeting');
    expect(await shownTo(w.coach)).toContain('Staff meeting');
    expect(await shownTo(w.owner)).toContain('Staff meeting');

    expect((await (await t.as(w.coach)).get(`/api/banners/${staffOnly.bannerId}/close/`)).statusCode).toBe(200);
    expect(await shownTo(w.coach)).not.toContain('Staff meeting');
    expect(await shownTo(w.owner)).toContain('Staff meeting');
  });

  it('lists only the gym’s own banners by state, newest first (never the platform’s)', async () => {
    const owner = await t.as(w.owner);
    clock.set(at(1)); // the newest one
    await owner.post('/api/gym-banners/', input({ title: 'Later news', startsAt: at(24 * 60) }));
    clock.set(TEST_NOW);
    const all = (await owner.get('/api/gym-banners/')).json();
    const titles = all.results.map((b: Listed) => b.title);
    expect(titles).not.toContain('Platform news');
    expect(all.count).toBe(all.results.length);
    expect(titles[0]).toBe('Later news');
    const scheduled = (await owner.get('/api/gym-banners/?state=scheduled')).json().results;
    expect(scheduled.map((b: Listed) => b.title).sort()).toEqual(['Deadlift day', 'Later news']);
    expect(scheduled.every((b: { state: string }) => b.state === 'scheduled')).toBe(true);
    expect((await owner.get('/api/gym-banners/?limit=1')).json()).toMatchObject({ count: all.count, next: expect.stringContaining('offset=1') });
    // The platform's banner is not the gym's to edit or end.
    expect((await owner.put(`/api/gym-banners/${w.platformBanner.id}/`, input())).statusCode).toBe(404);
    expect((await owner.post(`/api/gym-banners/${w.platformBanner.id}/end/`)).statusCode).toBe(404);
  });

  it('sanitises the message and refuses bad input with the spec messages, changing nothing', async () => {
    const owner = await t.as(w.owner);
    const created = (
      await owner.post('/api/gym-banners/', input({ title: 'Clean', message: '<p>Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' }))
    ).json();
    expect(created.message).toBe('<p>Hi</p>');

    const before = (await owner.get('/api/gym-banners/')).json().count;
    const refusals: [Record<string, unknown>, string][] = [
      [input({ message: '<p> </p>' }), bannerMessages.messageRequired],
      [input({ message: '<script>x</script>' }), bannerMessages.messageRequired],
      [input({ title: '  ' }), bannerMessages.titleRequired],
      [input({ audiences: [] }), bannerMessages.audiencesRequired],
      [input({ audiences: ['platform_staff'] }), ''],
      [input({ endsAt: at(-1) }), bannerMessages.endInPast],
      [input({ endsAt: TEST_NOW }), bannerMessages.endInPast],
      [input({ startsAt: at(60), endsAt: at(30) }), bannerMessages.windowInvalid],
    ];
    for (const [body, message] of refusals) {
      const res = await owner.post('/api/gym-banners/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await owner.get('/api/gym-banners/')).json().count).toBe(before);

    // The same rules on an edit.
    const put = await owner.put(`/api/gym-banners/${created.bannerId}/`, input({ endsAt: at(-5) }));
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ message: bannerMessages.endInPast, fields: { endsAt: [bannerMessages.endInPast] } });
    expect((await owner.get('/api/gym-banners/')).json().results.find((b: Listed) => b.bannerId === created.bannerId).title).toBe('Clean');
  });

  it('edits a banner until it ends, then refuses the edit (409); ending is idempotent', async () => {
    const owner = await t.as(w.manager);
    const created = (await owner.post('/api/gym-banners/', input({ title: 'First wording' }))).json();
    const edited = await owner.put(`/api/gym-banners/${created.bannerId}/`, input({ title: 'Second wording', audiences: ['athletes'], endsAt: at(90) }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Second wording', audiences: ['athletes'], endsAt: at(90), state: 'showing' });
    expect(await shownTo(w.athlete)).toContain('Second wording');

    const end = await owner.post(`/api/gym-banners/${created.bannerId}/end/`);
    expect(end.statusCode).toBe(200);
    expect(await shownTo(w.athlete)).not.toContain('Second wording');
    const [row] = await t.db.select().from(banners).where(eq(banners.id, created.bannerId));
    expect(row!.isActive).toBe(false);
    expect((await owner.post(`/api/gym-banners/${created.bannerId}/end/`)).statusCode).toBe(200);

    const refused = await owner.put(`/api/gym-banners/${created.bannerId}/`, input({ title: 'Third wording' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(bannerMessages.alreadyEnded);

    // A banner past its end is ended too.
    const short = (await owner.post('/api/gym-banners/', input({ title: 'Short', endsAt: at(10) }))).json();
    clock.set(at(10));
    expect((await owner.put(`/api/gym-banners/${short.bannerId}/`, input({ title: 'Short', endsAt: at(20) }))).statusCode).toBe(409);
    clock.set(TEST_NOW);
  });

  it('needs GymMutate, and never reaches another gym’s banners', async () => {
    const owner = await t.as(w.owner);
    const mine = (await owner.post('/api/gym-banners/', input({ title: 'Mine only' }))).json();

    const coach = await t.as(w.coach);
    expect((await coach.get('/api/gym-banners/')).statusCode).toBe(403);
    expect((await coach.post('/api/gym-banners/', input())).statusCode).toBe(403);
    expect((await coach.put(`/api/gym-banners/${mine.bannerId}/`, input())).statusCode).toBe(403);
    expect((await coach.post(`/api/gym-banners/${mine.bannerId}/end/`)).statusCode).toBe(403);
    expect((await (await t.as(w.athlete)).get('/api/gym-banners/')).statusCode).toBe(403);

    const other = await t.as(w.otherOwner);
    expect((await other.get('/api/gym-banners/')).json().results.map((b: Listed) => b.title)).not.toContain('Mine only');
    expect((await other.put(`/api/gym-banners/${mine.bannerId}/`, input({ title: 'Taken' }))).statusCode).toBe(404);
    expect((await other.post(`/api/gym-banners/${mine.bannerId}/end/`)).statusCode).toBe(404);
    expect(await shownTo(w.otherOwner)).not.toContain('Mine only');
    expect((await other.get(`/api/banners/${mine.bannerId}/close/`)).statusCode).toBe(404);
    expect(await shownTo(w.owner)).toContain('Mine only');
  });
});
