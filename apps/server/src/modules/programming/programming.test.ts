import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, programmingMessages } from '@spotter/shared';
import { workouts } from '../../db/schema';
import { SeededRandom } from '../../db/seed/random';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { todayOf } from '../../../test/factories';
import { seedProgramming } from './programming.seed';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  owner = await t.as(w.owner);
  today = todayOf(w.gym);
});
afterAll(async () => {
  await t.close();
});

const save = (client: ApiClient, body: Record<string, unknown>) =>
  client.put('/api/workouts/', { classTypeId: w.classType.id, date: today, title: '', ...body });
const stored = async (classTypeId: string, date: string) =>
  (await t.db.select().from(workouts).where(eq(workouts.classTypeId, classTypeId))).filter((row) => row.date === date);

describe('PUT /api/workouts/ (issue 16 programming)', () => {
  it('writes the workout of a class type on a day, then replaces it (one per type and day), and names who wrote it', async () => {
    const date = addDays(today, 1);
    const first = await save(owner, { date, title: 'Fran', content: '<h2>WOD</h2><p>21-15-9 <strong>thrusters</strong></p>' });
    expect(first.statusCode).toBe(200);
    expect(first.json().workout).toMatchObject({
      classTypeId: w.classType.id,
      date,
      title: 'Fran',
      content: '<h2>WOD</h2><p>21-15-9 <strong>thrusters</strong></p>',
    });
    expect(first.json().workout.updatedBy).toMatch(/\S+ \S+/);
    const staff = await t.as(w.staff);
    const second = await save(staff, { date, title: '  Cindy ', content: '<p>20-minute AMRAP</p>' });
    expect(second.json().workout).toMatchObject({ workoutId: first.json().workout.workoutId, title: 'Cindy', content: '<p>20-minute AMRAP</p>' });
    expect(await stored(w.classType.id, date)).toHaveLength(1);
  });

  it('deletes the day\'s workout when the content is empty by spec 5 (null, "", only <p>/<br>), and answers null', async () => {
    for (const empty of [null, '', '<p></p>', '<p><br></p>', '<br/><p> </p>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>']) {
      const date = addDays(today, 2);
      await save(owner, { date, title: 'Helen', content: '<p>3 rounds</p>' });
      const res = await save(owner, { date, title: 'Helen', content: empty });
      expect([res.statusCode, res.json().workout], String(empty)).toEqual([200, null]);
      expect(await stored(w.classType.id, date), String(empty)).toEqual([]);
    }
  });

  it("sanitises the HTML to the editor's allow-list: no script, handler, image or javascript: link is stored", async () => {
    const date = addDays(today, 3);
    const res = await save(owner, {
      date,
      content:
        '<p style="text-align: center; color: red" onclick="alert(1)">Hi <b>bold</b> <s>old</s> <u>u</u><img src=x onerror="alert(2)"></p>' +
        '<script>alert(3)</script><style>p{}</style><iframe src="https://evil.example"></iframe>' +
        '<h1 style="text-align: justify">H1</h1><h6>H6</h6><blockquote><p>Quote</p></blockquote><ol><li><p>one</p></li></ol>' +
        '<p><a href="javascript:alert(4)">js</a> <a href="https://example.com/wod" onmouseover="x()">ok</a> <a href="mailto:coach@example.com">mail</a> <a href="data:text/html,x">data</a></p>' +
        '<p style="text-align: expression(alert(5))">x</p>',
    });
    const content: string = res.json().workout.content;
    expect(content).toBe(
      '<p style="text-align:center">Hi <strong>bold</strong> <s>old</s> <u>u</u></p>' +
        '<h1 style="text-align:justify">H1</h1><h6>H6</h6><blockquote><p>Quote</p></blockquote><ol><li><p>one</p></li></ol>' +
        '<p>js <a href="https://example.com/wod" target="_blank" rel="noopener noreferrer">ok</a> <a href="mailto:coach@example.com" target="_blank" rel="noopener noreferrer">mail</a> data</p>' +
        '<p>x</p>',
    );
    expect((await stored(w.classType.id, date))[0]!.content).toBe(content);
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<img', '<iframe', 'color']) expect(content).not.toContain(bad);
  });

  it("refuses an unknown or another gym's class type (404, nothing written), an archived type (409), bad input (400)", async () => {
    const other = await t.make.kioskGym({ athletes: 0, timeZone: 'Europe/London', country: 'GB' });
    const theirs = await save(owner, { classTypeId: other.classType.id, content: '<p>x</p>' });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, programmingMessages.classTypeNotFound]);
    expect(await stored(other.classType.id, today)).toEqual([]);
    const archived = await t.make.classType(w.gym.id, { archivedAt: new Date() });
    const refused = await save(owner, { classTypeId: archived.id, content: '<p>x</p>' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, programmingMessages.classTypeArchived]);
    expect((await save(owner, { date: '2026-02-30', content: '<p>x</p>' })).statusCode).toBe(400);
    expect((await save(owner, { title: 'x'.repeat(121), content: '<p>x</p>' })).json().message).toBe(programmingMessages.titleTooLong);
    expect((await save(owner, { content: `<p>${'x'.repeat(20_000)}</p>` })).json().message).toBe(programmingMessages.contentTooLong);
    const athlete = await t.make.athlete(w.gym.id);
    expect((await save(await t.as({ userId: athlete.userId!, profileId: athlete.profileId }), { content: '<p>x</p>' })).statusCode).toBe(403);
  });
});

describe('GET /api/workouts/ and DELETE /api/workouts/:classTypeId/:date/', () => {
  it("lists the range's workouts (optionally of one type) with the class types not archived, in a fixed number of statements", async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const boss = await t.as(gym.owner);
    const wod = await t.make.classType(gym.gym.id, { name: 'CrossFit WOD', color: 'blue' });
    await t.make.classType(gym.gym.id, { name: 'Retired', archivedAt: new Date() });
    const start = todayOf(gym.gym);
    const few = await countDriverQueries(t.db, () => boss.get(`/api/workouts/?start=${start}&end=${addDays(start, 6)}`));
    for (let day = 0; day < 7; day++) {
      for (const classTypeId of [wod.id, gym.classType.id])
        await boss.put('/api/workouts/', { classTypeId, date: addDays(start, day), title: `Day ${day}`, content: `<p>Day ${day}</p>` });
    }
    await boss.put('/api/workouts/', { classTypeId: wod.id, date: addDays(start, 7), content: '<p>Next week</p>' });
    const many = await countDriverQueries(t.db, () => boss.get(`/api/workouts/?start=${start}&end=${addDays(start, 6)}`));
    expect(many.count).toBe(few.count);
    const week = many.result.json();
    expect(week).toMatchObject({ timeZone: gym.gym.timeZone, country: 'US', today: start, start, end: addDays(start, 6) });
    expect(week.classTypes.map((c: { name: string }) => c.name)).toEqual(['CrossFit WOD', 'Olympic Lifting']);
    expect(week.results).toHaveLength(14);
    expect(week.results[0]).toMatchObject({ date: start, title: 'Day 0' });
    const one = (await boss.get(`/api/workouts/?start=${start}&end=${addDays(start, 7)}&classTypeId=${wod.id}`)).json();
    expect(one.results.map((r: { classTypeId: string }) => r.classTypeId)).toEqual(Array(8).fill(wod.id));
    // Another gym's owner sees none of them.
    const other = await t.make.kioskGym({ athletes: 0 });
    const theirs = (await (await t.as(other.owner)).get(`/api/workouts/?start=${start}&end=${addDays(start, 6)}`)).json();
    expect(theirs.results).toEqual([]);
    expect(theirs.classTypes.map((c: { classTypeId: string }) => c.classTypeId)).toEqual([other.classType.id]);

    const deleted = await boss.delete(`/api/workouts/${wod.id}/${start}/`);
    expect([deleted.statusCode, deleted.json().detail]).toEqual([200, programmingMessages.deleted]);
    expect((await boss.delete(`/api/workouts/${wod.id}/${start}/`)).json().message).toBe(programmingMessages.workoutNotFound);
    const foreign = await (await t.as(other.owner)).delete(`/api/workouts/${gym.classType.id}/${start}/`);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, programmingMessages.classTypeNotFound]);
    expect(await stored(gym.classType.id, start)).toHaveLength(1);
  });

  it('shows at most 42 days, and the end not before the start', async () => {
    const ok = await owner.get(`/api/workouts/?start=${today}&end=${addDays(today, 41)}`);
    expect(ok.statusCode).toBe(200);
    const long = await owner.get(`/api/workouts/?start=${today}&end=${addDays(today, 42)}`);
    expect([long.statusCode, long.json().message, long.json().fields]).toEqual([
      400,
      programmingMessages.rangeTooLong,
      { end: [programmingMessages.rangeTooLong] },
    ]);
    const backwards = await owner.get(`/api/workouts/?start=${today}&end=${addDays(today, -1)}`);
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, programmingMessages.endBeforeStart]);
    // By default the week (Monday to Sunday) of the gym's today; from a start, 7 days. 2026-03-04 is a Wednesday.
    expect((await owner.get('/api/workouts/')).json()).toMatchObject({ today: '2026-03-04', start: '2026-03-02', end: '2026-03-08' });
    expect((await owner.get('/api/workouts/?start=2026-03-10')).json()).toMatchObject({ start: '2026-03-10', end: '2026-03-16' });
  });
});

describe('seedProgramming (demo data)', () => {
  it("writes this week's workouts (Monday to Sunday) for every class type, by its kind, and keeps a day that has one", async () => {
    const gym = await t.make.gym({ timeZone: 'America/Chicago' });
    const types = [
      await t.make.classType(gym.id, { name: 'CrossFit WOD' }),
      await t.make.classType(gym.id, { name: 'Olympic Lifting' }),
      await t.make.classType(gym.id, { name: 'Mobility & Yoga' }),
    ];
    // 2026-03-04 is a Wednesday: the week is 2026-03-02 to 2026-03-08.
    await t.db.insert(workouts).values({ gymId: gym.id, classTypeId: types[0]!.id, date: '2026-03-04', title: 'Kept', content: '<p>Kept</p>' });
    const n = await seedProgramming(
      t.db,
      new SeededRandom(7),
      gym.id,
      types.map((type) => type.id),
      '2026-03-04',
    );
    expect(n).toBe(20);
    const rows = await t.db.select().from(workouts).where(eq(workouts.gymId, gym.id));
    expect(rows).toHaveLength(21);
    expect(rows.map((r) => r.date).sort()[0]).toBe('2026-03-02');
    expect(
      rows
        .map((r) => r.date)
        .sort()
        .at(-1),
    ).toBe('2026-03-08');
    expect(rows.find((r) => r.date === '2026-03-04' && r.classTypeId === types[0]!.id)!.title).toBe('Kept');
    for (const r of rows.filter((row) => row.title !== 'Kept')) expect(r.content.length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.classTypeId === types[2]!.id).every((r) => !/thruster|deadlift/i.test(r.content))).toBe(true);
    // Readable by the programming list as saved content.
    const client = await t.as(await t.make.owner(gym.id));
    expect((await client.get('/api/workouts/?start=2026-03-02&end=2026-03-08')).json().results).toHaveLength(21);
  });
});
