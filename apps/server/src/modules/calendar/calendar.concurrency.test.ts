import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calendarMessages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { eventCoaches, events } from '../../db/schema';

fixClock(TEST_NOW);
/** Real races need real concurrency: PostgreSQL, where each request has a connection of the pool (see reservations.concurrency.test.ts). */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('schedule writes racing each other on PostgreSQL (issue 16)', () => {
  let t: TestApp;
  let g: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let desks: ApiClient[];
  beforeAll(async () => {
    t = await createTestApp();
    g = await t.make.kioskGym({ athletes: 0 });
    desks = [await t.as(g.owner), await t.as(g.owner), await t.as(g.owner)];
    for (const d of desks) await d.get('/api/auth/csrf/');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ten classes at one time with one coach, created at once: one is made, nine are refused as the coach being busy, none fails', async () => {
    const coach = await t.make.staff(g.gym.id, { firstName: 'Racing' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        desks[i % desks.length]!.post('/api/classes/', {
          classTypeId: g.classType.id,
          date: '2026-03-12',
          startTime: i % 2 ? '09:30' : '09:00',
          durationMinutes: 60,
          capacity: 8,
          coachIds: [coach.staffId],
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    // The refusal names the class already there (issue 34 item 4), or says it in general when it cannot be read.
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().code).toBe('coach_busy');
      expect(r.json().message).toMatch(new RegExp(`already teaches .+ on .+ at .+\\. ${calendarMessages.coachBusyHint}$|^${calendarMessages.coachBusy}$`));
    }
    expect(await t.db.select().from(eventCoaches).where(eq(eventCoaches.staffId, coach.staffId))).toHaveLength(1);
  });

  it('two series sharing a room and a coach, created at once, with moves of the same class: the database keeps one of each clash', async () => {
    const coach = await t.make.staff(g.gym.id, { firstName: 'Series' });
    const room = await t.make.room(g.gym.id, g.location.id);
    const body = {
      classTypeId: g.classType.id,
      weekdays: [2, 4],
      startTime: '07:00',
      durationMinutes: 60,
      capacity: 8,
      firstDate: '2026-03-10',
      coachIds: [coach.staffId],
      roomId: room.id,
    };
    const [a, b] = await Promise.all([desks[0]!.post('/api/class-series/', body), desks[1]!.post('/api/class-series/', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const made = await t.db
      .select()
      .from(events)
      .where(and(eq(events.roomId, room.id)));
    expect(made.length).toBeGreaterThan(10);
    // Five moves of one class onto the slot of its neighbour's, at once: all refused, nothing moved, nothing failed.
    const [first, second] = made.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime());
    const moves = await Promise.all(
      Array.from({ length: 5 }, (_, i) => desks[i % desks.length]!.put(`/api/classes/${second!.id}/`, { scope: 'this', date: first!.startDate })),
    );
    expect(moves.map((r) => r.statusCode)).toEqual(Array(5).fill(409));
    const [after] = await t.db.select().from(events).where(eq(events.id, second!.id));
    expect(after!.startDate).toBe(second!.startDate);
  });
});
