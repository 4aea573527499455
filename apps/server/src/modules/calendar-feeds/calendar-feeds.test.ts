import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { calendarFeedMessages } from '@spotter/shared';
import { calendarFeeds, events, profiles, rooms, sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { APP_URL, TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { Athlete } from '../../../test/factories';

const clock = fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let me: Athlete;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  me = await t.make.athlete(w.gym.id, { firstName: 'Sam', lastName: 'Rivera' });
});
afterAll(async () => {
  await t.close();
});

const asMe = () => t.as({ userId: me.userId!, profileId: me.profileId });
/** The path of a feed URL (the test app is reached by inject, not over the network). */
const pathOf = (url: string) => {
  expect(url.startsWith(`${APP_URL}/api/calendar-feeds/`)).toBe(true);
  return url.slice(APP_URL.length);
};
const tokenOf = (url: string) => pathOf(url).split('/')[3]!;

type Vevent = {
  uid: string;
  summary: string;
  status: string | null;
  start: Date;
  end: Date;
  location: string | null;
  description: string | null;
  sequence: number;
};
/** The feed read by a real iCalendar parser (Mozilla's ical.js). */
function parseFeed(text: string): { name: unknown; events: Vevent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const e = new ICAL.Event(vevent);
      return {
        uid: e.uid,
        summary: e.summary,
        status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
        start: e.startDate.toJSDate(),
        end: e.endDate.toJSDate(),
        location: e.location ?? null,
        description: e.description ?? null,
        sequence: e.sequence,
      };
    }),
  };
}

async function createLink(client: ApiClient) {
  const res = await client.post('/api/calendar-feeds/mine/');
  expect(res.statusCode).toBe(201);
  return res.json() as { url: string; isLive: boolean; createdAt: string; lastFetchedAt: string | null };
}

describe('calendar links (issue 16)', () => {
  it('makes a link once, keeps only the sha256 of its token, and regenerating revokes the old one', async () => {
    const client = await asMe();
    expect((await client.get('/api/calendar-feeds/mine/')).json()).toEqual({
      timeZone: 'America/Chicago',
      country: 'US',
      isLive: false,
      createdAt: null,
      lastFetchedAt: null,
    });
    const first = await createLink(client);
    expect(first).toMatchObject({ isLive: true, createdAt: TEST_NOW, lastFetchedAt: null });
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    const token = tokenOf(first.url);
    const rows = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, me.profileId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // The status never answers the URL again.
    const status = (await client.get('/api/calendar-feeds/mine/')).json();
    expect(status).toEqual({ timeZone: 'America/Chicago', country: 'US', isLive: true, createdAt: TEST_NOW, lastFetchedAt: null });
    expect((await t.client().get(pathOf(first.url))).statusCode).toBe(200);

    const second = await createLink(client);
    expect(second.url).not.toBe(first.url);
    const old = await t.client().get(pathOf(first.url));
    expect([old.statusCode, old.json().message]).toEqual([404, calendarFeedMessages.notFound]);
    expect((await t.client().get(pathOf(second.url))).statusCode).toBe(200);
    const all = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, me.profileId));
    expect(all.filter((row) => row.revokedAt === null)).toHaveLength(1);

    const revoked = await client.delete('/api/calendar-feeds/mine/');
    expect(revoked.json()).toEqual({ timeZone: 'America/Chicago', country: 'US', isLive: false, createdAt: null, lastFetchedAt: null });
    expect((await t.client().get(pathOf(second.url))).statusCode).toBe(404);
    expect((await client.delete('/api/calendar-feeds/mine/')).statusCode).toBe(200);
    expect((await t.client().get('/api/calendar-feeds/not-a-token/calendar.ics')).statusCode).toBe(404);
  });

  it('two links made at once leave exactly one live', async () => {
    const athlete = await t.make.athlete(w.gym.id);
    const client = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    await client.get('/api/auth/csrf/');
    const made = await Promise.all([
      client.post('/api/calendar-feeds/mine/'),
      client.post('/api/calendar-feeds/mine/'),
      client.post('/api/calendar-feeds/mine/'),
    ]);
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const live = (await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, athlete.profileId))).filter((row) => row.revokedAt === null);
    expect(live).toHaveLength(1);
  });

  it('notes the last fetch at most once an hour, and a profile whose login is disabled has no feed', async () => {
    const athlete = await t.make.athlete(w.gym.id);
    const client = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    const link = await createLink(client);
    await t.client().get(pathOf(link.url));
    expect((await client.get('/api/calendar-feeds/mine/')).json().lastFetchedAt).toBe(TEST_NOW);
    clock.set(new Date(Date.parse(TEST_NOW) + 30 * 60_000));
    await t.client().get(pathOf(link.url));
    expect((await client.get('/api/calendar-feeds/mine/')).json().lastFetchedAt).toBe(TEST_NOW);
    const later = new Date(Date.parse(TEST_NOW) + 61 * 60_000);
    clock.set(later);
    await t.client().get(pathOf(link.url));
    expect((await client.get('/api/calendar-feeds/mine/')).json().lastFetchedAt).toBe(later.toISOString());
    clock.set(TEST_NOW);
    await t.db.update(profiles).set({ loginEnabled: false }).where(eq(profiles.id, athlete.profileId));
    expect((await t.client().get(pathOf(link.url))).statusCode).toBe(404);
  });
});

describe('GET /api/calendar-feeds/:token/calendar.ics (issue 16)', () => {
  it("is an athlete's bookings and waitlist places in the window, in UTC, that a real parser reads; never another's", async () => {
    const room = (await t.db.insert(rooms).values({ gymId: w.gym.id, locationId: w.location.id, name: 'Rig 2' }).returning())[0]!;
    const coach = await t.make.staff(w.gym.id, { firstName: 'Casey', lastName: 'Coach' });
    const booked = await t.make.event(w.gym, {
      classTypeId: w.classType.id,
      locationId: w.location.id,
      roomId: room.id,
      coachIds: [coach.staffId],
      daysAhead: 1,
      time: '06:00',
    });
    const waiting = await t.make.event(w.gym, { classTypeId: w.classType.id, daysAhead: 2, time: '07:00', capacity: 1 });
    const lateCancelled = await t.make.event(w.gym, { classTypeId: w.classType.id, daysAhead: 3, time: '08:00' });
    const longAgo = await t.make.event(w.gym, { classTypeId: w.classType.id, daysAhead: -31, time: '09:00' });
    const farAhead = await t.make.event(w.gym, { classTypeId: w.classType.id, daysAhead: 121, time: '09:00' });
    const someoneElses = await t.make.event(w.gym, { classTypeId: w.classType.id, daysAhead: 1, time: '12:00' });
    const others = await t.make.athletes(w.gym.id, 2);
    await t.make.reserve(booked, [me.athleteId]);
    await t.make.reserve(waiting, [others[0]!.athleteId]);
    await t.make.reserve(waiting, [others[1]!.athleteId, me.athleteId], { isWaitlisted: true });
    await t.make.reserve(lateCancelled, [me.athleteId], { isLateCancel: true });
    await t.make.reserve(longAgo, [me.athleteId]);
    await t.make.reserve(farAhead, [me.athleteId]);
    await t.make.reserve(someoneElses, [others[0]!.athleteId]);
    // Another gym's class the same athlete user might have: never in this profile's feed.
    const other = await t.make.kioskGym({ athletes: 0 });
    const foreign = await t.make.event(other.gym, { classTypeId: other.classType.id, daysAhead: 1 });
    await t.make.reserve(foreign, [(await t.make.athlete(other.gym.id)).athleteId]);

    const link = await createLink(await asMe());
    const res = await t.client().get(pathOf(link.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const feed = parseFeed(res.body);
    expect(feed.name).toBe(`Spotter — ${w.gym.title}`);
    expect(feed.events.map((e) => e.uid)).toEqual([`${booked.id}@spotter`, `${waiting.id}@spotter`]);
    const [first, second] = feed.events as [Vevent, Vevent];
    expect(first).toMatchObject({ summary: 'Olympic Lifting', status: 'CONFIRMED', location: 'Main Floor, Rig 2', description: 'Coach: Casey Coach' });
    expect(first.start.toISOString()).toBe(booked.startsAt.toISOString());
    expect(first.end.getTime() - first.start.getTime()).toBe(60 * 60_000);
    expect(second).toMatchObject({ summary: 'Olympic Lifting (waitlist #2)', status: 'TENTATIVE', description: 'You are number 2 on the waitlist.' });
    // Times as UTC instants, which every calendar app reads the same way.
    expect(res.body).toContain(
      `DTSTART:${booked.startsAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
    expect(res.body).not.toMatch(/DTSTART;TZID/);
  });

  it("is a coach's classes and appointments, cancelled ones marked CANCELLED, and not another coach's", async () => {
    const coach = await t.make.staff(w.gym.id, { firstName: 'Jordan', lastName: 'Lee' });
    const otherCoach = await t.make.staff(w.gym.id);
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, coachIds: [coach.staffId], daysAhead: 5, time: '06:00' });
    const appointment = await t.make.event(w.gym, { kind: 'appointment', coachIds: [coach.staffId], daysAhead: 5, time: '10:00' });
    const cancelled = await t.make.event(w.gym, { classTypeId: w.classType.id, coachIds: [coach.staffId], daysAhead: 6, time: '06:00' });
    await t.db.update(events).set({ cancelledAt: new Date(), cancelReason: 'Coach away' }).where(eq(events.id, cancelled.id));
    await t.make.event(w.gym, { classTypeId: w.classType.id, coachIds: [otherCoach.staffId], daysAhead: 5, time: '06:00' });
    const link = await createLink(await t.as(coach));
    const feed = parseFeed((await t.client().get(pathOf(link.url))).body);
    expect(feed.events).toHaveLength(3);
    expect(feed.events.map((e) => [e.uid, e.status])).toEqual([
      [`${cls.id}@spotter`, 'CONFIRMED'],
      [`${appointment.id}@spotter`, 'CONFIRMED'],
      [`${cancelled.id}@spotter`, 'CANCELLED'],
    ]);
    expect(feed.events[1]!.summary).toMatch(/^Appointment type /);
    expect(feed.events[2]!.description).toContain('Cancelled: Coach away');
    expect(feed.events[0]!.start.toISOString()).toBe(cls.startsAt.toISOString());
    // Another gym's owner's feed has none of it.
    const other = await t.make.kioskGym({ athletes: 0 });
    const theirs = parseFeed((await t.client().get(pathOf((await createLink(await t.as(other.owner))).url))).body);
    expect(theirs.events).toEqual([]);
  });

  it('issue 34: an event moved, then cancelled, grows its SEQUENCE each time, so calendar apps take the change', async () => {
    const coach = await t.make.staff(w.gym.id, { firstName: 'Seq', lastName: 'Coach' });
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, coachIds: [coach.staffId], daysAhead: 4, time: '07:00' });
    const link = await createLink(await t.as(coach));
    const read = async () => parseFeed((await t.client().get(pathOf(link.url))).body).events.find((e) => e.uid === `${cls.id}@spotter`)!;
    expect((await read()).sequence).toBe(0);
    const owner = await t.as(w.owner);
    expect((await owner.put(`/api/classes/${cls.id}/`, { scope: 'this', startTime: '08:00' })).statusCode).toBe(200);
    expect((await read()).sequence).toBe(1);
    // A change that moves nothing (the capacity) leaves it.
    expect((await owner.put(`/api/classes/${cls.id}/`, { scope: 'this', capacity: 30 })).statusCode).toBe(200);
    expect((await read()).sequence).toBe(1);
    expect((await owner.post(`/api/classes/${cls.id}/cancel/`, { scope: 'this' })).statusCode).toBe(200);
    const cancelled = await read();
    expect([cancelled.status, cancelled.sequence]).toEqual(['CANCELLED', 2]);
  });

  it('refuses to make a link while impersonating, and platform staff (no gym) have none', async () => {
    const platform = await t.make.platformStaff();
    expect((await (await t.as(platform)).post('/api/calendar-feeds/mine/')).statusCode).toBe(403);
    const athlete = await t.make.athlete(w.gym.id);
    const support = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    await t.db
      .update(sessions)
      .set({ impersonatorUserId: platform.userId, impersonatorProfileId: platform.profileId })
      .where(eq(sessions.userId, athlete.userId!));
    const refused = await support.post('/api/calendar-feeds/mine/');
    expect([refused.statusCode, refused.json().message]).toEqual([403, calendarFeedMessages.impersonating]);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, athlete.profileId))).toEqual([]);
  });
});
