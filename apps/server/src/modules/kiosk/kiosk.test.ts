import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { addDays, dayOfWeek, kioskEventDetailSchema, kioskEventPageSchema, kioskMessages } from '@spotter/shared';
import { countDriverQueries, createTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/client';
import { athletesOf, ironTemple, makeClass, reserve, todayIn } from './kiosk.fixtures';

let t: TestApp;
let ids: Awaited<ReturnType<typeof ironTemple>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await ironTemple(t.db);
});
afterAll(async () => {
  await t.close();
});

type Ev = { eventId: string; eventType: string; eventName: string; startsAt: string; attendeeCount: number; athletesAttended: number; capacity: number; coaches: { role: string; fullName: string }[]; firstAttendee: string | null; athleteKiloClasses: { athlete: { fullName: string } }[]; athleteAppointments: unknown[] };

/** A class of today at Iron Temple with reservations, some of them late-cancelled or no-show. */
async function busyClassToday() {
  const [row] = await queryRows<{ id: string }>(t.db, sql`select c.id from classes c where c.gym_id = ${ids.gymId} and c.start_date = ${todayIn()}::date
    and exists (select 1 from athlete_kilo_classes r where r.class_id = c.id) order by c.starts_at limit 1`);
  return row!.id;
}

describe('GET /api/events/kiosk-events/', () => {
  it("lists today's classes and appointments of the caller's gym, in start order, with the card fields", async () => {
    const c = await t.login('staff@example.com');
    const res = await c.get(`/api/events/kiosk-events/?limit=100&offset=0&search=&date=${todayIn()}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    // The route sends JSON.stringify's text, not the zod encode (decision 012): it must still be exactly the documented shape.
    expect(kioskEventPageSchema.parse(page)).toEqual(page);
    const [expected] = await queryRows<{ n: number }>(t.db, sql`select
      (select count(*) from classes where gym_id = ${ids.gymId} and start_date = ${todayIn()}::date)::int +
      (select count(*) from appointments where gym_id = ${ids.gymId} and start_date = ${todayIn()}::date)::int as n`);
    expect(page.count).toBe(expected!.n);
    expect(page.results).toHaveLength(expected!.n);
    const results = page.results as Ev[];
    expect(results.map((e) => e.startsAt)).toEqual([...results.map((e) => e.startsAt)].sort());
    expect(new Set(results.map((e) => e.eventType))).toEqual(new Set(['kilo_class_type', 'appointment_type']));
    for (const e of results) {
      const [counts] = await queryRows<{ active: number; attended: number }>(t.db, sql`select
        count(*) filter (where (is_reserved or is_checked_in) and not is_late_cancel and not is_no_show)::int as active,
        count(*) filter (where is_checked_in and not is_late_cancel and not is_no_show)::int as attended
        from (select * from athlete_kilo_classes where class_id = ${e.eventId} union all
              select id, gym_id, appointment_id, athlete_id, false, is_reserved, is_checked_in, is_late_cancel, is_no_show, charge_now, charge_date,
                charge_fee_minor, tax_rate_id, deduct_credit, is_credited, registration_datetime, checked_in_at, updated_at, updated_by_user_id
              from athlete_appointments where appointment_id = ${e.eventId}) r`);
      expect(e.attendeeCount, e.eventName).toBe(counts!.active);
      expect(e.athletesAttended).toBe(counts!.attended);
      const list = e.eventType === 'kilo_class_type' ? e.athleteKiloClasses : e.athleteAppointments;
      expect(list).toHaveLength(counts!.active);
      if (e.eventType === 'kilo_class_type' && e.athleteKiloClasses.length) expect(e.firstAttendee).toBe(e.athleteKiloClasses[0]!.athlete.fullName);
      expect(e.coaches[0]?.role).toBe('lead');
    }
    const first = results[0]!;
    expect(first).toMatchObject({ genesisEventType: first.eventType, duration: expect.any(Number), location: { locationId: expect.any(String), name: expect.any(String) } });
    expect(new Date((first as unknown as { endsAt: string }).endsAt).getTime() - new Date(first.startsAt).getTime()).toBe((first as unknown as { duration: number }).duration * 60_000);
  });

  it('defaults to today, takes another date, filters by eventType and pages with next', async () => {
    const c = await t.login('staff@example.com');
    const today = (await c.get('/api/events/kiosk-events/')).json();
    expect(today.count).toBe((await c.get(`/api/events/kiosk-events/?date=${todayIn()}`)).json().count);
    const tomorrow = (await c.get(`/api/events/kiosk-events/?date=${addDays(todayIn(), 1)}`)).json();
    expect(tomorrow.results.every((e: { startDate: string }) => e.startDate === addDays(todayIn(), 1))).toBe(true);
    const onlyAppointments = (await c.get('/api/events/kiosk-events/?eventType=appointment')).json();
    expect(onlyAppointments.count).toBeGreaterThan(0);
    expect(onlyAppointments.results.every((e: Ev) => e.eventType === 'appointment_type')).toBe(true);
    const page1 = (await c.get('/api/events/kiosk-events/?limit=2')).json();
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toContain('offset=2');
    const page2 = (await c.get(page1.next)).json();
    expect(page2.results[0].eventId).toBe(today.results[2].eventId);
    const empty = (await c.get(`/api/events/kiosk-events/?date=${addDays(todayIn(), 200)}`)).json();
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('searches class and appointment types, coaches and athletes, case-insensitively', async () => {
    const c = await t.login('staff@example.com');
    const all = (await c.get('/api/events/kiosk-events/')).json().results as Ev[];
    const byType = (await c.get('/api/events/kiosk-events/?search=PERSONAL%20train')).json().results as Ev[];
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((e) => e.eventName === 'Personal Training')).toBe(true);
    const coach = all.find((e) => e.coaches.length)!.coaches[0]!.fullName;
    const byCoach = (await c.get(`/api/events/kiosk-events/?search=${encodeURIComponent(coach.toLowerCase())}`)).json().results as Ev[];
    expect(byCoach.length).toBeGreaterThan(0);
    expect(byCoach.every((e) => e.coaches.some((x) => x.fullName === coach) || e.eventName.toLowerCase().includes(coach.toLowerCase()))).toBe(true);
    const withAthlete = all.find((e) => e.athleteKiloClasses.length)!;
    const athlete = withAthlete.athleteKiloClasses[0]!.athlete.fullName;
    const byAthlete = (await c.get(`/api/events/kiosk-events/?search=${encodeURIComponent(athlete.toUpperCase())}`)).json().results as Ev[];
    expect(byAthlete.map((e) => e.eventId)).toContain(withAthlete.eventId);
    const none = (await c.get('/api/events/kiosk-events/?search=%25_')).json();
    expect(none.count).toBe(0);
  });

  it('refuses a bad date with a clear message and shows another gym only its own events', async () => {
    const c = await t.login('staff@example.com');
    const bad = await c.get('/api/events/kiosk-events/?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(kioskMessages.dateInvalid);
    expect((await c.get('/api/events/kiosk-events/?date=tomorrow')).json().message).toBe(kioskMessages.dateFormat);
    const iron = (await c.get('/api/events/kiosk-events/')).json().results.map((e: Ev) => e.eventId);
    const uk = await t.login('uk-owner@example.com');
    const theirs = (await uk.get(`/api/events/kiosk-events/?date=${todayIn('Europe/London')}`)).json().results.map((e: Ev) => e.eventId);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((id: string) => iron.includes(id))).toEqual([]);
  });
});

describe('GET /api/events/{eventId}/kiosk-event/', () => {
  it('answers the event and its active athletes with reservation, notes and warnings', async () => {
    const eventId = await busyClassToday();
    const c = await t.login('staff@example.com');
    const res = await c.get(`/api/events/${eventId}/kiosk-event/?limit=100&offset=0&eventType=class`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(kioskEventDetailSchema.parse(body)).toEqual(body);
    expect(body.event).toMatchObject({ eventId, eventType: 'kilo_class_type', startsAt: expect.any(String), endsAt: expect.any(String) });
    const [active] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from athlete_kilo_classes where class_id = ${eventId}
      and (is_reserved or is_checked_in) and not is_late_cancel and not is_no_show`);
    expect(body.count).toBe(active!.n);
    expect(body.event.attendeeCount).toBe(active!.n);
    for (const a of body.results) {
      expect(a).toMatchObject({ reservationId: expect.any(String), isLateCancel: false, isNoShow: false, fullName: `${a.firstName} ${a.lastName}` });
      expect(a.isReserved || a.isCheckedIn).toBe(true);
    }
  });

  it('shows pinned notes and warnings to staff; late-cancelled and no-show athletes only with includeCancelled', async () => {
    const cls = await makeClass(t.db, { capacity: 10 });
    const [noted] = await queryRows<{ id: string }>(t.db, sql`select athlete_id as id from notes where gym_id = ${ids.gymId} and is_pinned limit 1`);
    const [pastDue] = await queryRows<{ id: string }>(t.db, sql`select athlete_id as id from invoices where gym_id = ${ids.gymId} and status = 'past_due' limit 1`);
    const [unsigned] = await queryRows<{ id: string }>(t.db, sql`select athlete_id as id from documents where gym_id = ${ids.gymId} and signed_at is null limit 1`);
    const others = (await athletesOf(t.db, ids.gymId, 40)).map((a) => a.id).filter((id) => ![noted!.id, pastDue!.id, unsigned!.id].includes(id));
    await reserve(t.db, ids.gymId, cls.id, [...new Set([noted!.id, pastDue!.id, unsigned!.id])]);
    await reserve(t.db, ids.gymId, cls.id, [others[0]!], { isLateCancel: true });
    await reserve(t.db, ids.gymId, cls.id, [others[1]!], { isNoShow: true });
    await reserve(t.db, ids.gymId, cls.id, [others[2]!], { isReserved: false, isCheckedIn: true });
    // An unpinned note and a second, older pinned one on the noted athlete.
    await t.db.execute(sql`insert into notes (id, gym_id, athlete_id, title, content, is_pinned, updated_at) values
      (gen_random_uuid(), ${ids.gymId}, ${noted!.id}, 'Not pinned', '<p>Hidden</p>', false, now()),
      (gen_random_uuid(), ${ids.gymId}, ${noted!.id}, 'Older pinned', '<p>Old</p>', true, now() - interval '30 days')`);
    const staff = await t.login('staff@example.com');
    const body = (await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json();
    expect(kioskEventDetailSchema.parse(body)).toEqual(body);
    const byId = new Map(body.results.map((a: { athleteId: string }) => [a.athleteId, a]));
    expect(body.count).toBe(new Set([noted!.id, pastDue!.id, unsigned!.id]).size + 1);
    expect(byId.has(others[0]!)).toBe(false);
    expect(byId.has(others[1]!)).toBe(false);
    expect(byId.get(others[2]!)).toMatchObject({ isReserved: false, isCheckedIn: true });
    expect((byId.get(noted!.id) as { notes: unknown[] }).notes[0]).toMatchObject({ noteId: expect.any(String), title: expect.any(String), content: expect.stringContaining('<p>'), updatedAt: expect.any(String) });
    // Exactly the athlete's pinned notes, newest first; everyone else without pinned notes has none.
    const pinned = await queryRows<{ id: string }>(t.db, sql`select id from notes where gym_id = ${ids.gymId} and athlete_id = ${noted!.id} and is_pinned order by updated_at desc, id`);
    expect(pinned.length).toBeGreaterThanOrEqual(2);
    expect((byId.get(noted!.id) as { notes: { noteId: string }[] }).notes.map((n) => n.noteId)).toEqual(pinned.map((n) => n.id));
    const withPinned = new Set((await queryRows<{ id: string }>(t.db, sql`select distinct athlete_id as id from notes where gym_id = ${ids.gymId} and is_pinned`)).map((r) => r.id));
    for (const a of body.results as { athleteId: string; notes: unknown[] }[]) expect(a.notes.length > 0).toBe(withPinned.has(a.athleteId));
    expect(byId.get(pastDue!.id)).toMatchObject({ hasPastDueBills: true });
    // Timestamps are formatted by PostgreSQL as Date#toISOString would.
    const [stamps] = await queryRows<{ registered: Date | string; noteUpdated: Date | string }>(t.db, sql`select
      (select registration_datetime from athlete_kilo_classes where class_id = ${cls.id} and athlete_id = ${others[2]!}) as registered,
      (select max(updated_at) from notes where athlete_id = ${noted!.id} and is_pinned) as "noteUpdated"`);
    expect(byId.get(others[2]!)).toMatchObject({ registrationDatetime: new Date(stamps!.registered).toISOString() });
    expect((byId.get(noted!.id) as { notes: { updatedAt: string }[] }).notes[0]!.updatedAt).toBe(new Date(stamps!.noteUpdated).toISOString());
    expect(byId.get(unsigned!.id)).toMatchObject({ hasUnsignedDocuments: true });

    const all = (await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class&includeCancelled=True`)).json();
    expect(all.count).toBe(body.count + 2);
    expect(all.results.find((a: { athleteId: string }) => a.athleteId === others[0])).toMatchObject({ isLateCancel: true, isReserved: false, isCheckedIn: false });
    expect(all.results.find((a: { athleteId: string }) => a.athleteId === others[1])).toMatchObject({ isNoShow: true });

    // An athlete profile sees neither notes nor anyone else's warnings.
    const athlete = await t.login('athlete@example.com');
    const [profile] = await queryRows<{ id: string }>(t.db, sql`select p.id from profiles p join athletes a on a.profile_id = p.id where a.id = ${ids.athleteId}`);
    await athlete.post('/api/auth/select-profile/', { profileId: profile!.id });
    const seen = (await athlete.get(`/api/events/${cls.id}/kiosk-event/`)).json();
    expect(seen.results.every((a: { notes: unknown[]; hasPastDueBills: boolean; hasUnsignedDocuments: boolean }) => a.notes.length === 0 && !a.hasPastDueBills && !a.hasUnsignedDocuments)).toBe(true);
  });

  it('writes each athlete exactly as the Eligible tab does (toKioskAthlete), as compact JSON, to staff and to an athlete profile', async () => {
    // The statement writes the athletes' JSON itself (row_to_json); the Eligible tab builds the same objects in
    // TypeScript. Every state: pinned notes, warnings, reserved, walk-in, late cancel, no-show, and the viewer's own row.
    const cls = await makeClass(t.db, { capacity: 20 });
    const [noted] = await queryRows<{ id: string }>(t.db, sql`select athlete_id as id from notes n join athletes a on a.id = n.athlete_id
      where n.gym_id = ${ids.gymId} and n.is_pinned and a.is_active and a.id <> ${ids.athleteId} limit 1`);
    const [pastDue] = await queryRows<{ id: string }>(t.db, sql`select athlete_id as id from invoices i join athletes a on a.id = i.athlete_id
      where i.gym_id = ${ids.gymId} and i.status = 'past_due' and a.is_active and a.id <> ${ids.athleteId} limit 1`);
    const [unsigned] = await queryRows<{ id: string }>(t.db, sql`select athlete_id as id from documents d join athletes a on a.id = d.athlete_id
      where d.gym_id = ${ids.gymId} and d.signed_at is null and a.is_active and a.id <> ${ids.athleteId} limit 1`);
    const special = [...new Set([noted!.id, pastDue!.id, unsigned!.id, ids.athleteId])];
    const others = (await athletesOf(t.db, ids.gymId, 40)).map((a) => a.id).filter((id) => !special.includes(id));
    await reserve(t.db, ids.gymId, cls.id, special);
    await reserve(t.db, ids.gymId, cls.id, [others[0]!], { isLateCancel: true });
    await reserve(t.db, ids.gymId, cls.id, [others[1]!], { isNoShow: true });
    await reserve(t.db, ids.gymId, cls.id, [others[2]!], { isReserved: false, isCheckedIn: true });
    // The viewer's own row has a warning to show it.
    await t.db.execute(sql`insert into documents (id, gym_id, athlete_id, title) values (gen_random_uuid(), ${ids.gymId}, ${ids.athleteId}, 'Waiver')`);

    const compare = async (c: Awaited<ReturnType<TestApp['login']>>) => {
      const res = await c.get(`/api/events/${cls.id}/kiosk-event/?eventType=class&includeCancelled=True&limit=100`);
      expect(res.statusCode).toBe(200);
      // The text is what JSON.stringify writes: compact, same escapes, same key order.
      expect(res.body).toBe(JSON.stringify(res.json()));
      const detail = kioskEventDetailSchema.parse(res.json());
      expect(detail.count).toBe(special.length + 3);
      const eligible = new Map<string, unknown>();
      for (let offset = 0; ; offset += 100) {
        const page = (await c.get(`/api/athletes/eligible-athletes/?class=${cls.id}&limit=100&offset=${offset}`)).json();
        for (const a of page.results) eligible.set(a.athleteId, a);
        if (!page.next) break;
      }
      for (const a of detail.results) expect(a).toEqual(eligible.get(a.athleteId));
      return detail.results;
    };
    const seenByStaff = await compare(await t.login('staff@example.com'));
    expect(seenByStaff.find((a) => a.athleteId === noted!.id)!.notes.length).toBeGreaterThan(0);
    expect(seenByStaff.find((a) => a.athleteId === pastDue!.id)!.hasPastDueBills).toBe(true);
    expect(seenByStaff.find((a) => a.athleteId === others[0])).toMatchObject({ isLateCancel: true, isReserved: false, isCheckedIn: false });

    const athlete = await t.login('athlete@example.com');
    const [profile] = await queryRows<{ id: string }>(t.db, sql`select p.id from profiles p join athletes a on a.profile_id = p.id where a.id = ${ids.athleteId}`);
    expect((await athlete.post('/api/auth/select-profile/', { profileId: profile!.id })).statusCode).toBe(200);
    const seenByAthlete = await compare(athlete);
    expect(seenByAthlete.find((a) => a.athleteId === ids.athleteId)).toMatchObject({ hasUnsignedDocuments: true, notes: [] });
    expect(seenByAthlete.find((a) => a.athleteId === pastDue!.id)).toMatchObject({ hasPastDueBills: false });
  });

  it('finds appointments with or without eventType, and answers 404 for the wrong type, unknown ids and other gyms', async () => {
    const [appointment] = await queryRows<{ id: string }>(t.db, sql`select id from appointments where gym_id = ${ids.gymId} and start_date = ${todayIn()}::date limit 1`);
    const c = await t.login('staff@example.com');
    const typed = (await c.get(`/api/events/${appointment!.id}/kiosk-event/?eventType=appointment`)).json();
    expect(typed.event).toMatchObject({ eventType: 'appointment_type', capacity: expect.any(Number) });
    expect(typed.results.length).toBeGreaterThan(0);
    expect((await c.get(`/api/events/${appointment!.id}/kiosk-event/`)).json().event.eventId).toBe(appointment!.id);
    const wrong = await c.get(`/api/events/${appointment!.id}/kiosk-event/?eventType=class`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(kioskMessages.eventNotFound);
    expect((await c.get('/api/events/00000000-0000-4000-8000-000000000000/kiosk-event/')).statusCode).toBe(404);
    expect((await c.get('/api/events/not-an-id/kiosk-event/')).json().message).toBe('Must be a valid id.');
    const uk = await t.login('uk-owner@example.com');
    expect((await uk.get(`/api/events/${appointment!.id}/kiosk-event/?eventType=appointment`)).statusCode).toBe(404);
    expect((await uk.get(`/api/events/${await busyClassToday()}/kiosk-event/`)).statusCode).toBe(404);
  });

  it('reads 100 athletes in the same number of queries as 1: the session and one prepared statement', async () => {
    const cls = await makeClass(t.db, { capacity: 100 });
    await reserve(t.db, ids.gymId, cls.id, (await athletesOf(t.db, ids.gymId, 100)).map((a) => a.id));
    const c = await t.login('staff@example.com');
    const counts: number[] = [];
    // Three different pages, so none of them is answered from the read cache (decision 012; tested below).
    for (const limit of [1, 100, 50]) {
      const { count, result: res } = await countDriverQueries(t.db, () => c.get(`/api/events/${cls.id}/kiosk-event/?limit=${limit}&offset=0&eventType=class`));
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toHaveLength(limit);
      counts.push(count);
    }
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(3);
  });

  it('lists a day of events in the same number of queries whatever the page size: the session and one prepared statement', async () => {
    const c = await t.login('staff@example.com');
    const counts: number[] = [];
    for (const url of ['/api/events/kiosk-events/?limit=1&search=a', '/api/events/kiosk-events/?limit=100&search=a', '/api/events/kiosk-events/?limit=100', '/api/events/kiosk-events/?eventType=class']) {
      const { count, result: res } = await countDriverQueries(t.db, () => c.get(url));
      expect(res.statusCode).toBe(200);
      expect(res.json().results.length).toBeGreaterThan(0);
      counts.push(count);
    }
    expect(counts).toEqual([2, 2, 2, 2]);
  });
});

describe('the read cache of the kiosk reads (decision 012)', () => {
  it("answers a repeated read without the statement until a write of the caller's gym, and never across gyms or viewers", async () => {
    const cls = await makeClass(t.db, { capacity: 20 });
    const members = (await athletesOf(t.db, ids.gymId, 40)).filter((a) => a.id !== ids.athleteId);
    const [first] = await reserve(t.db, ids.gymId, cls.id, members.slice(0, 5).map((a) => a.id));
    // A pinned note on a reserved athlete: staff see it, an athlete profile must not, whoever read first.
    await t.db.execute(sql`insert into notes (id, gym_id, athlete_id, title, content, is_pinned) values (gen_random_uuid(), ${ids.gymId}, ${members[0]!.id}, 'Knee', '<p>Go easy</p>', true)`);
    const athlete = await t.login('athlete@example.com');
    const [profile] = await queryRows<{ id: string }>(t.db, sql`select p.id from profiles p join athletes a on a.profile_id = p.id where a.id = ${ids.athleteId}`);
    expect((await athlete.post('/api/auth/select-profile/', { profileId: profile!.id })).statusCode).toBe(200);
    const staff = await t.login('staff@example.com');
    // Logins are writes by no gym yet (they clear every entry), so every client logs in before the first read.
    const [ukWriter, ukReader] = [await t.login('uk-owner@example.com'), await t.login('uk-owner@example.com')];
    const url = `/api/events/${cls.id}/kiosk-event/?eventType=class`;
    const read = (c = staff) => countDriverQueries(t.db, () => c.get(url));

    const filled = await read();
    expect(filled.count).toBe(2);
    const noted = filled.result.json().results.find((a: { athleteId: string }) => a.athleteId === members[0]!.id);
    // The seed (or another test) may have pinned notes on this member too; the one made here must be among them.
    expect(noted.notes.map((n: { title: string }) => n.title)).toContain('Knee');
    const hit = await read();
    // The session only.
    expect(hit.count).toBe(1);
    expect(hit.result.json()).toEqual(filled.result.json());
    // An athlete profile has its own entry: no notes, no one else's warnings.
    const seen = (await read(athlete)).result.json();
    expect(seen.results.every((a: { notes: unknown[] }) => a.notes.length === 0)).toBe(true);
    expect(seen.count).toBe(filled.result.json().count);

    // Another gym's write leaves the entry; a write of this gym (the check-in) is seen by the very next read.
    expect((await ukWriter.post('/api/auth/logout/', {})).statusCode).toBeLessThan(300);
    expect((await read()).count).toBe(1);
    expect((await staff.put(`/api/athlete-kilo-classes/${first}/`, { isCheckedIn: true })).statusCode).toBe(200);
    const after = await read();
    expect(after.count).toBe(2);
    expect(after.result.json().event.athletesAttended).toBe(1);
    expect(after.result.json().results.find((a: { reservationId: string }) => a.reservationId === first)).toMatchObject({ isCheckedIn: true });
    // The same id in another gym is still not found: the entry belongs to Iron Temple.
    expect((await ukReader.get(url)).statusCode).toBe(404);

    // A write by no gym (here a refused login) may change any gym's data: every entry is read again.
    expect((await read()).count).toBe(1);
    expect((await t.client().post('/api/auth/login/', { email: 'staff@example.com', password: 'not the password' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await read()).count).toBe(2);
  });

  it('sends the kept answer gzipped to clients that take it, the same JSON either way', async () => {
    const cls = await makeClass(t.db, { capacity: 30 });
    await reserve(t.db, ids.gymId, cls.id, (await athletesOf(t.db, ids.gymId, 30)).map((a) => a.id));
    const staff = await t.login('staff@example.com');
    const url = `/api/events/${cls.id}/kiosk-event/?eventType=class`;
    const plain = await staff.request('GET', url, undefined, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    for (let i = 0; i < 2; i++) {
      const zipped = await staff.request('GET', url, undefined, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    }
    const list = await staff.request('GET', `/api/events/kiosk-events/?limit=100&date=${todayIn()}`, undefined, { headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(kioskEventPageSchema.parse(JSON.parse(gunzipSync(list.rawPayload).toString())).count).toBeGreaterThan(0);
  });

  it('shares one statement between identical reads that arrive together, and keeps the day list the same way', async () => {
    const cls = await makeClass(t.db, { capacity: 10 });
    await reserve(t.db, ids.gymId, cls.id, (await athletesOf(t.db, ids.gymId, 10)).map((a) => a.id));
    const staff = await t.login('staff@example.com');
    // A write of this gym (a refused one counts too), so nothing read before this test is still kept for it.
    expect((await staff.post('/api/auth/select-profile/', { profileId: 'not-an-id' })).statusCode).toBe(400);
    const together = await countDriverQueries(t.db, () => Promise.all([1, 2, 3, 4, 5].map(() => staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class&limit=7`))));
    expect(together.result.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.result.map((r) => r.body)).size).toBe(1);
    // One session lookup (shared too: plugins/session.ts), one statement.
    expect(together.count).toBe(2);

    const list = (c = staff) => countDriverQueries(t.db, () => c.get(`/api/events/kiosk-events/?limit=100&date=${todayIn()}`));
    expect((await list()).count).toBe(2);
    const again = await list();
    expect(again.count).toBe(1);
    await makeClass(t.db, { capacity: 5, daysAhead: 0 });
    // A write outside the API (here the test's own insert) is not seen until the entry's time is up (READ_CACHE_MS):
    // only this process's answered writes move the generations.
    expect((await list()).result.json().count).toBe(again.result.json().count);
    expect((await staff.post('/api/auth/select-profile/', { profileId: 'not-an-id' })).statusCode).toBe(400);
    expect((await list()).result.json().count).toBe(again.result.json().count + 1);
  });
});

describe('GET /api/kilo-classes/{id}/ and /api/appointments/{id}/', () => {
  it('answers a class with its type, location, fee settings as money, tax rate and reservations', async () => {
    const cls = await makeClass(t.db, { capacity: 12 });
    await reserve(t.db, ids.gymId, cls.id, (await athletesOf(t.db, ids.gymId, 3)).map((a) => a.id));
    const c = await t.login('staff@example.com');
    const res = await c.get(`/api/kilo-classes/${cls.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kiloClassId: cls.id,
      kiloClassType: { kiloClassTypeId: ids.classTypeId, name: 'Olympic Lifting' },
      startDate: cls.date,
      startTime: cls.time,
      capacity: 12,
      attendeeCount: 3,
      isFull: false,
      location: { locationId: ids.locationId, name: 'Main Floor' },
      reservationAndCancellationSettings: { cancellationFee: '15.00', noShowFee: '30.00', cancellationCreditDeduction: 1, noShowCreditDeduction: 2 },
      taxRate: { taxRateId: ids.taxRateId, name: 'Sales Tax', percent: '8.25' },
    });
    expect(res.json().athleteKiloClasses).toHaveLength(3);
    const uk = await t.login('uk-owner@example.com');
    const foreign = await uk.get(`/api/kilo-classes/${cls.id}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(kioskMessages.classNotFound);
  });

  it('answers an appointment with its type and cancellation settings', async () => {
    const [appointment] = await queryRows<{ id: string }>(t.db, sql`select id from appointments where gym_id = ${ids.gymId} order by starts_at limit 1`);
    const c = await t.login('staff@example.com');
    const res = await c.get(`/api/appointments/${appointment!.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      appointmentId: appointment!.id,
      appointmentType: { appointmentTypeId: expect.any(String), name: expect.stringMatching(/Personal Training|Intro Session/) },
      cancellationSettings: { cancellationFee: '30.00', noShowFee: '45.00', cancellationCreditDeduction: 1, noShowCreditDeduction: 1 },
      taxRate: { name: 'Sales Tax' },
    });
    expect(res.json().athleteAppointments.length).toBeGreaterThan(0);
    const uk = await t.login('uk-owner@example.com');
    expect((await uk.get(`/api/appointments/${appointment!.id}/`)).statusCode).toBe(404);
  });
});

describe('GET /api/kilo-classes/ (bulk preview)', () => {
  it('lists classes on the weekdays between the dates at the start time, type and location', async () => {
    const start = addDays(todayIn(), 1);
    const end = addDays(todayIn(), 14);
    const code = dayOfWeek(start) + 1;
    const c = await t.login('staff@example.com');
    const res = await c.get(`/api/kilo-classes/?days=${code},${(code % 7) + 1}&start=${start}&end=${end}&start_time=06:00&kilo_class_type=${ids.classTypeId}&exclude_root=True`);
    expect(res.statusCode).toBe(200);
    const [expected] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from classes where gym_id = ${ids.gymId} and start_date between ${start}::date and ${end}::date
      and start_time = '06:00:00' and class_type_id = ${ids.classTypeId} and extract(dow from start_date)::int + 1 in (${code}, ${(code % 7) + 1})`);
    expect(res.json().count).toBe(expected!.n);
    for (const k of res.json().results) {
      expect(k).toMatchObject({ startTime: '06:00:00', kiloClassType: { kiloClassTypeId: ids.classTypeId }, isReserved: false });
      expect([code, (code % 7) + 1]).toContain(dayOfWeek(k.startDate) + 1);
      expect(k.startDate >= start && k.startDate <= end).toBe(true);
    }
    const none = (await c.get(`/api/kilo-classes/?days=1,2,3,4,5,6,7&start=${start}&end=${end}&location=None`)).json();
    expect(none.count).toBe(0);
    const noLocation = await makeClass(t.db, { daysAhead: 3, locationId: null });
    const withNone = (await c.get(`/api/kilo-classes/?start=${noLocation.date}&end=${noLocation.date}&location=None`)).json();
    expect(withNone.results.map((k: { kiloClassId: string }) => k.kiloClassId)).toEqual([noLocation.id]);
    const located = (await c.get(`/api/kilo-classes/?start=${start}&end=${end}&location=${ids.locationId}`)).json();
    expect(located.results.every((k: { location: { locationId: string } }) => k.location.locationId === ids.locationId)).toBe(true);
  });

  it("marks the athlete's reserved classes and refuses bad ranges and weekdays", async () => {
    const cls = await makeClass(t.db, { daysAhead: 2, time: '05:15' });
    await reserve(t.db, ids.gymId, cls.id, [ids.athleteId]);
    const c = await t.login('staff@example.com');
    const marked = (await c.get(`/api/kilo-classes/?start=${cls.date}&end=${cls.date}&start_time=05:15&athlete=${ids.athleteId}`)).json();
    expect(marked.results).toHaveLength(1);
    expect(marked.results[0]).toMatchObject({ kiloClassId: cls.id, isReserved: true, attendeeCount: 1 });
    const backwards = await c.get(`/api/kilo-classes/?start=${cls.date}&end=${addDays(cls.date, -1)}`);
    expect(backwards.json()).toMatchObject({ message: kioskMessages.endBeforeStart, fields: { end: [kioskMessages.endBeforeStart] } });
    expect((await c.get(`/api/kilo-classes/?start=${cls.date}&end=${addDays(cls.date, 400)}`)).json().message).toBe(kioskMessages.rangeOverOneYear);
    expect((await c.get('/api/kilo-classes/?days=0,8')).json().message).toBe(kioskMessages.weekdaysInvalid);
    expect((await c.get('/api/kilo-classes/?days=')).json().message).toBe(kioskMessages.weekdaysRequired);
    expect((await c.get('/api/kilo-classes/?start_time=25:00')).json().message).toBe(kioskMessages.timeFormat);
  });
});

describe('GET /api/athletes/eligible-athletes', () => {
  it("searches the gym's active athletes, labels them Reserved for the class, and pages by 10", async () => {
    const cls = await makeClass(t.db, { daysAhead: 4 });
    await reserve(t.db, ids.gymId, cls.id, [ids.athleteId]);
    const c = await t.login('staff@example.com');
    const res = await c.get(`/api/athletes/eligible-athletes?limit=10&offset=0&class=${cls.id}&search=MORGAN`);
    expect(res.statusCode).toBe(200);
    const names = res.json().results.map((a: { fullName: string; isReserved: boolean }) => [a.fullName, a.isReserved]);
    expect(names).toContainEqual(['Alex Morgan', true]);
    expect(names).toContainEqual(['Sam Morgan', false]);
    const alex = res.json().results.find((a: { fullName: string }) => a.fullName === 'Alex Morgan');
    expect(alex.reservationId).toEqual(expect.any(String));
    const [reserved] = await queryRows<{ at: Date | string }>(t.db, sql`select registration_datetime as at from athlete_kilo_classes where id = ${alex.reservationId}`);
    expect(alex.registrationDatetime).toBe(new Date(reserved!.at).toISOString());
    expect(res.json().results.find((a: { fullName: string }) => a.fullName === 'Sam Morgan').registrationDatetime).toBeNull();

    const page1 = (await c.get(`/api/athletes/eligible-athletes?class=${cls.id}`)).json();
    expect(page1.results).toHaveLength(10);
    const [active] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from athletes where gym_id = ${ids.gymId} and is_active`);
    expect(page1.count).toBe(active!.n);
    expect(page1.next).toContain('offset=10');
    const slash = (await c.get(`/api/athletes/eligible-athletes/?class=${cls.id}&offset=10`)).json();
    expect(slash.results[0].athleteId).not.toBe(page1.results[0].athleteId);
    expect((await c.get('/api/athletes/eligible-athletes?search=alex%20morgan')).json().results.map((a: { fullName: string }) => a.fullName)).toEqual(['Alex Morgan']);

    const uk = await t.login('uk-owner@example.com');
    expect((await uk.get(`/api/athletes/eligible-athletes?class=${cls.id}`)).statusCode).toBe(404);
    const ukAthletes = (await uk.get('/api/athletes/eligible-athletes?search=morgan')).json().results.map((a: { fullName: string }) => a.fullName);
    expect(ukAthletes).not.toContain('Alex Morgan');
  });
});

describe('GET /api/tax-rates/', () => {
  it("lists the gym's tax rates with their percent, searched by name", async () => {
    const c = await t.login('staff@example.com');
    const res = (await c.get('/api/tax-rates/?limit=100&offset=0&search=')).json();
    expect(res.results).toEqual([
      { taxRateId: expect.any(String), name: 'No tax', percent: '0' },
      { taxRateId: ids.taxRateId, name: 'Sales Tax', percent: '8.25' },
    ]);
    expect((await c.get('/api/tax-rates/?search=SALES')).json().results.map((r: { name: string }) => r.name)).toEqual(['Sales Tax']);
    const uk = await t.login('uk-owner@example.com');
    expect((await uk.get('/api/tax-rates/')).json().results.map((r: { name: string }) => r.name)).toEqual(['No tax', 'VAT']);
  });
});
