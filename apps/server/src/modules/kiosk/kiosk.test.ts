import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, eventMessages, kioskAthletePageSchema, kioskEventDetailSchema, kioskEventPageSchema } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { TEST_PASSWORD, todayOf, type Athlete } from '../../../test/factories';
import { eventCoaches, reservations } from '../../db/schema';

fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let uk: KioskGym;
let staff: ApiClient;
let me: Athlete;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  uk = await t.make.kioskGym({ timeZone: 'Europe/London', country: 'GB', athletes: 2 });
  staff = await t.as(w.staff);
  me = await t.make.athlete(w.gym.id, { firstName: 'Alex', lastName: 'Morgan' });
});
afterAll(async () => {
  await t.close();
});

type Card = {
  eventId: string;
  eventType: string;
  eventName: string;
  startsAt: string;
  endsAt: string;
  duration: number;
  attendeeCount: number;
  athletesAttended: number;
  capacity: number;
  coaches: { staffId: string; role: string; fullName: string }[];
  firstAttendee: string | null;
  athleteKiloClasses: { reservationId: string; athlete: { athleteId: string; fullName: string } }[];
  athleteAppointments: { reservationId: string; athlete: { athleteId: string; fullName: string } }[];
};
type Row = {
  athleteId: string;
  reservationId: string | null;
  notes: { noteId: string }[];
  isReserved: boolean;
  isCheckedIn: boolean;
  hasPastDueBills: boolean;
  hasUnsignedDocuments: boolean;
};

const asMe = () => t.as({ userId: me.userId!, profileId: me.profileId });
const member = (o: Parameters<TestApp['make']['athlete']>[1] = {}) => t.make.athlete(w.gym.id, { login: false, ...o });
/** A class of the gym's type and room with its tax rate, tomorrow at 05:00 unless told (capacity 10). */
const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
  t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, taxRateId: w.taxRate.id, daysAhead: 1, time: '05:00', ...o });

/**
 * A gym of its own (the day list is kept per gym, so no other test's reads are kept for it) with today's events: the
 * 06:00 class with every kind of reservation and two coaches, the 09:00 class empty, an 11:00 Personal Training
 * appointment, the 18:00 class with three reserved; and a class tomorrow.
 */
async function busyDay() {
  const g = await t.make.kioskGym({ athletes: 0 });
  const make = (o: Parameters<TestApp['make']['event']>[1]) =>
    t.make.event(g.gym, { classTypeId: g.classType.id, locationId: g.location.id, taxRateId: g.taxRate.id, ...o });
  const lead = await t.make.staff(g.gym.id, { firstName: 'Robin', lastName: 'Lead' });
  const assistant = await t.make.staff(g.gym.id, { firstName: 'Casey', lastName: 'Assist' });
  const early = await make({ time: '06:00', coachIds: [lead.staffId] });
  await t.db.insert(eventCoaches).values({ gymId: g.gym.id, eventId: early.id, staffId: assistant.staffId, role: 'assistant' });
  const people = await Promise.all(
    ['Dana', 'Eli', 'Fay', 'Gus', 'Hal'].map((firstName) => t.make.athlete(g.gym.id, { login: false, firstName, lastName: 'Early' })),
  );
  const [dana, eli, fay, gus, hal] = people;
  await t.make.reserve(early, [dana!.athleteId, eli!.athleteId]);
  await t.make.reserve(early, [fay!.athleteId], { isCheckedIn: true });
  await t.make.reserve(early, [gus!.athleteId], { isLateCancel: true });
  await t.make.reserve(early, [hal!.athleteId], { isNoShow: true });
  const walkIn = await t.make.athlete(g.gym.id, { login: false, firstName: 'Ivy', lastName: 'Walk' });
  await t.make.reserve(early, [walkIn.athleteId], { isReserved: false, isCheckedIn: true });
  const empty = await make({ time: '09:00', coachIds: [assistant.staffId] });
  const pt = await t.make.appointmentType(g.gym.id, { name: 'Personal Training' });
  const appointment = await t.make.event(g.gym, {
    kind: 'appointment',
    appointmentTypeId: pt.id,
    locationId: g.location.id,
    time: '11:00',
    capacity: 1,
    coachIds: [lead.staffId],
  });
  const client = await t.make.athlete(g.gym.id, { login: false, firstName: 'Jo', lastName: 'Client' });
  await t.make.reserve(appointment, [client.athleteId]);
  const evening = await make({ time: '18:00' });
  const regulars = await t.make.athletes(g.gym.id, 3, { lastName: 'Evening' });
  await t.make.reserve(
    evening,
    regulars.map((a) => a.athleteId),
  );
  const tomorrow = await make({ daysAhead: 1, time: '06:00' });
  return { ...g, lead, assistant, early, empty, appointment, evening, tomorrow, people, walkIn, client, regulars, desk: await t.as(g.staff) };
}

describe('GET /api/events/kiosk-events/', () => {
  it("lists today's classes and appointments of the caller's gym, in start order, with the card fields", async () => {
    const d = await busyDay();
    const res = await d.desk.get(`/api/events/kiosk-events/?limit=100&offset=0&search=&date=${todayOf(d.gym)}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    // The route sends JSON.stringify's text, not the zod encode (decision 012): it must still be exactly the documented shape.
    expect(kioskEventPageSchema.parse(page)).toEqual(page);
    expect(page).toMatchObject({ count: 4, next: null, previous: null });
    const cards = page.results as Card[];
    expect(cards.map((e) => e.eventId)).toEqual([d.early.id, d.empty.id, d.appointment.id, d.evening.id]);
    expect(cards.map((e) => e.eventType)).toEqual(['kilo_class_type', 'kilo_class_type', 'appointment_type', 'kilo_class_type']);
    // Reserved, checked in and walked in hold a place; the late cancel and the no show do not (rules holdsPlace).
    expect(cards.map((e) => [e.attendeeCount, e.athletesAttended])).toEqual([
      [4, 2],
      [0, 0],
      [1, 0],
      [3, 0],
    ]);
    const [early, empty, appointment, evening] = cards;
    expect(early!.athleteKiloClasses.map((a) => a.athlete.fullName).sort()).toEqual(['Dana Early', 'Eli Early', 'Fay Early', 'Ivy Walk']);
    expect(early!.athleteAppointments).toEqual([]);
    expect(appointment!.athleteKiloClasses).toEqual([]);
    expect(appointment!.athleteAppointments.map((a) => a.athlete.athleteId)).toEqual([d.client.athleteId]);
    expect(appointment).toMatchObject({ eventName: 'Personal Training', capacity: 1, firstAttendee: 'Jo Client' });
    // The first attendee is the earliest reservation that holds a place.
    expect(evening!.firstAttendee).toBe(d.regulars[0]!.fullName);
    expect(evening!.athleteKiloClasses.map((a) => a.athlete.athleteId)).toEqual(d.regulars.map((a) => a.athleteId));
    expect(empty).toMatchObject({
      firstAttendee: null,
      athleteKiloClasses: [],
      coaches: [{ staffId: d.assistant.staffId, role: 'lead', fullName: 'Casey Assist' }],
    });
    // Lead coaches first.
    expect(early!.coaches).toEqual([
      { staffId: d.lead.staffId, fullName: 'Robin Lead', role: 'lead' },
      { staffId: d.assistant.staffId, fullName: 'Casey Assist', role: 'assistant' },
    ]);
    expect(early).toMatchObject({
      genesisEventType: 'kilo_class_type',
      eventName: d.classType.name,
      startDate: '2026-03-04',
      startTime: '06:00:00',
      startsAt: '2026-03-04T12:00:00.000Z',
      endsAt: '2026-03-04T13:00:00.000Z',
      duration: 60,
      capacity: 10,
      location: { locationId: d.location.id, name: 'Main Floor' },
    });
    for (const e of cards) expect(new Date(e.endsAt).getTime() - new Date(e.startsAt).getTime()).toBe(e.duration * 60_000);
  });

  it('defaults to today, takes another date, filters by eventType and pages with next', async () => {
    const d = await busyDay();
    const c = d.desk;
    const today = (await c.get('/api/events/kiosk-events/')).json();
    expect(today.count).toBe(4);
    expect((await c.get(`/api/events/kiosk-events/?date=${todayOf(d.gym)}`)).json()).toEqual(today);
    const tomorrow = (await c.get(`/api/events/kiosk-events/?date=${addDays(todayOf(d.gym), 1)}`)).json();
    expect(tomorrow.results.map((e: Card) => e.eventId)).toEqual([d.tomorrow.id]);
    const onlyAppointments = (await c.get('/api/events/kiosk-events/?eventType=appointment')).json();
    expect(onlyAppointments.results.map((e: Card) => e.eventId)).toEqual([d.appointment.id]);
    expect((await c.get('/api/events/kiosk-events/?eventType=kilo_class_type')).json().count).toBe(3);
    const page1 = (await c.get('/api/events/kiosk-events/?limit=2')).json();
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toContain('offset=2');
    expect(page1.previous).toBeNull();
    const page2 = (await c.get(page1.next)).json();
    expect(page2.results.map((e: Card) => e.eventId)).toEqual([today.results[2].eventId, today.results[3].eventId]);
    expect(page2.previous).toContain('offset=0');
    const empty = (await c.get(`/api/events/kiosk-events/?date=${addDays(todayOf(d.gym), 200)}`)).json();
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('searches class and appointment types, coaches and athletes holding a place, case-insensitively', async () => {
    const d = await busyDay();
    const ids = async (search: string) =>
      (await d.desk.get(`/api/events/kiosk-events/?search=${encodeURIComponent(search)}`)).json().results.map((e: Card) => e.eventId);
    expect(await ids('PERSONAL train')).toEqual([d.appointment.id]);
    expect(await ids(d.classType.name.toUpperCase())).toEqual([d.early.id, d.empty.id, d.evening.id]);
    expect(await ids('robin lead')).toEqual([d.early.id, d.appointment.id]);
    expect(await ids('casey')).toEqual([d.early.id, d.empty.id]);
    expect(await ids('IVY WALK')).toEqual([d.early.id]);
    expect(await ids('jo client')).toEqual([d.appointment.id]);
    // The late cancel and the no show hold no place: their names find nothing.
    expect(await ids('Gus Early')).toEqual([]);
    expect(await ids('hal early')).toEqual([]);
    expect(await ids('%_')).toEqual([]);
  });

  it('refuses a bad date with a clear message and shows another gym only its own events', async () => {
    const d = await busyDay();
    const bad = await d.desk.get('/api/events/kiosk-events/?date=2026-02-30');
    expect([bad.statusCode, bad.json().message]).toEqual([400, eventMessages.dateInvalid]);
    expect((await d.desk.get('/api/events/kiosk-events/?date=tomorrow')).json().message).toBe(eventMessages.dateFormat);
    const ours = (await d.desk.get('/api/events/kiosk-events/')).json().results.map((e: Card) => e.eventId);
    const theirEvent = await t.make.event(uk.gym, { classTypeId: uk.classType.id, time: '18:00' });
    const ukOwner = await t.as(uk.owner);
    const theirs = (await ukOwner.get(`/api/events/kiosk-events/?date=${todayOf(uk.gym)}`)).json().results.map((e: Card) => e.eventId);
    expect(theirs).toEqual([theirEvent.id]);
    expect((await ukOwner.get(`/api/events/kiosk-events/?date=${todayOf(d.gym)}`)).json().results.filter((e: Card) => ours.includes(e.eventId))).toEqual([]);
  });

  it('lists a day in the same number of statements whatever the page size, the search or the kind', async () => {
    const d = await busyDay();
    // A coach of their own for these 30 short classes (a coach is never in two classes at once).
    const coach = await t.make.staff(d.gym.id);
    for (let i = 0; i < 30; i++)
      await t.make.event(d.gym, {
        classTypeId: d.classType.id,
        time: `${String(7 + (i % 10)).padStart(2, '0')}:${String(i).padStart(2, '0')}`,
        coachIds: [coach.staffId],
        durationMinutes: 1,
      });
    const counts: number[] = [];
    // Different addresses, so none is answered from the read cache.
    for (const url of [
      '/api/events/kiosk-events/?limit=1&search=a',
      '/api/events/kiosk-events/?limit=100&search=a',
      '/api/events/kiosk-events/?limit=100',
      '/api/events/kiosk-events/?eventType=class',
    ]) {
      const { count, result: res } = await countDriverQueries(t.db, () => d.desk.get(url));
      expect(res.statusCode).toBe(200);
      expect(res.json().results.length).toBeGreaterThan(0);
      counts.push(count);
    }
    // The session, the count, the page with its coaches, and its attendees.
    expect(counts).toEqual([4, 4, 4, 4]);
  });
});

describe('GET /api/events/{eventId}/kiosk-event/', () => {
  it('answers the event and the athletes holding a place, with their reservation', async () => {
    const cls = await makeClass({ daysAhead: 0, time: '15:00' });
    const [reserved1, reserved2, checkedIn, late, noShow, walkIn] = await Promise.all(Array.from({ length: 6 }, () => member()));
    await t.make.reserve(cls, [reserved1!.athleteId, reserved2!.athleteId]);
    await t.make.reserve(cls, [checkedIn!.athleteId], { isCheckedIn: true });
    await t.make.reserve(cls, [late!.athleteId], { isLateCancel: true });
    await t.make.reserve(cls, [noShow!.athleteId], { isNoShow: true });
    await t.make.reserve(cls, [walkIn!.athleteId], { isReserved: false, isCheckedIn: true });
    const res = await staff.get(`/api/events/${cls.id}/kiosk-event/?limit=100&offset=0&eventType=class`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(kioskEventDetailSchema.parse(body)).toEqual(body);
    expect(body.event).toMatchObject({
      eventId: cls.id,
      eventType: 'kilo_class_type',
      startsAt: '2026-03-04T21:00:00.000Z',
      endsAt: '2026-03-04T22:00:00.000Z',
      attendeeCount: 4,
      athletesAttended: 2,
    });
    expect(body.count).toBe(4);
    expect(new Set(body.results.map((a: Row) => a.athleteId))).toEqual(new Set([reserved1, reserved2, checkedIn, walkIn].map((a) => a!.athleteId)));
    for (const a of body.results) {
      expect(a).toMatchObject({ reservationId: expect.any(String), isLateCancel: false, isNoShow: false, fullName: `${a.firstName} ${a.lastName}` });
      expect(a.isReserved || a.isCheckedIn).toBe(true);
    }
    expect(body.results.find((a: Row) => a.athleteId === walkIn!.athleteId)).toMatchObject({ isReserved: false, isCheckedIn: true, isCredited: true });
    // By name: first name, then last name, case-insensitively.
    const names = body.results.map((a: { firstName: string; lastName: string }) => `${a.firstName.toLowerCase()} ${a.lastName.toLowerCase()}`);
    expect(names).toEqual([...names].sort());
  });

  it('shows pinned notes and warnings to staff; late-cancelled and no-show athletes only with includeCancelled', async () => {
    const cls = await makeClass({ capacity: 10 });
    const [noted, pastDue, unsigned, late, noShow, walkIn] = await Promise.all(Array.from({ length: 6 }, () => member()));
    const newer = await t.make.note(w.gym.id, noted!.athleteId, { title: 'Knee', updatedAt: new Date('2026-03-01T10:00:00Z') });
    const older = await t.make.note(w.gym.id, noted!.athleteId, { title: 'Older pinned', updatedAt: new Date('2026-02-01T10:00:00Z') });
    await t.make.note(w.gym.id, noted!.athleteId, { title: 'Not pinned', isPinned: false });
    await t.make.note(w.gym.id, pastDue!.athleteId, { title: 'Unpinned only', isPinned: false });
    await t.make.invoice(w.gym.id, pastDue!.athleteId);
    await t.make.document(w.gym.id, unsigned!.athleteId);
    await t.make.reserve(cls, [noted!.athleteId, pastDue!.athleteId, unsigned!.athleteId]);
    await t.make.reserve(cls, [late!.athleteId], { isLateCancel: true });
    await t.make.reserve(cls, [noShow!.athleteId], { isNoShow: true });
    const [walkInId] = await t.make.reserve(cls, [walkIn!.athleteId], { isReserved: false, isCheckedIn: true });
    const body = (await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json();
    expect(kioskEventDetailSchema.parse(body)).toEqual(body);
    const byId = new Map<string, Row & { registrationDatetime: string; notes: { noteId: string; title: string; updatedAt: string; content: string }[] }>(
      body.results.map((a: Row) => [a.athleteId, a]),
    );
    expect(body.count).toBe(4);
    expect(byId.has(late!.athleteId)).toBe(false);
    expect(byId.has(noShow!.athleteId)).toBe(false);
    expect(byId.get(walkIn!.athleteId)).toMatchObject({ isReserved: false, isCheckedIn: true, notes: [] });
    // Exactly the athlete's pinned notes, newest first; everyone else has none.
    expect(byId.get(noted!.athleteId)!.notes).toEqual([
      { noteId: newer.id, title: 'Knee', content: '<p>Note</p>', updatedAt: '2026-03-01T10:00:00.000Z' },
      { noteId: older.id, title: 'Older pinned', content: '<p>Note</p>', updatedAt: '2026-02-01T10:00:00.000Z' },
    ]);
    for (const a of body.results as Row[]) if (a.athleteId !== noted!.athleteId) expect(a.notes).toEqual([]);
    expect(byId.get(pastDue!.athleteId)).toMatchObject({ hasPastDueBills: true, hasUnsignedDocuments: false });
    expect(byId.get(unsigned!.athleteId)).toMatchObject({ hasPastDueBills: false, hasUnsignedDocuments: true });
    expect(byId.get(noted!.athleteId)).toMatchObject({ hasPastDueBills: false, hasUnsignedDocuments: false });
    const [stored] = await t.db.select({ at: reservations.registrationDatetime }).from(reservations).where(eq(reservations.id, walkInId!));
    expect(byId.get(walkIn!.athleteId)!.registrationDatetime).toBe(stored!.at.toISOString());

    const all = (await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class&includeCancelled=True`)).json();
    expect(all.count).toBe(6);
    expect(all.event.attendeeCount).toBe(4);
    expect(all.results.find((a: Row) => a.athleteId === late!.athleteId)).toMatchObject({
      isLateCancel: true,
      isNoShow: false,
      isReserved: false,
      isCheckedIn: false,
    });
    expect(all.results.find((a: Row) => a.athleteId === noShow!.athleteId)).toMatchObject({ isNoShow: true, isReserved: false, isCheckedIn: false });

    // An athlete profile sees neither notes nor anyone else's warnings.
    const seen = (await (await asMe()).get(`/api/events/${cls.id}/kiosk-event/`)).json();
    expect(seen.count).toBe(4);
    expect(seen.results.every((a: Row) => a.notes.length === 0 && !a.hasPastDueBills && !a.hasUnsignedDocuments)).toBe(true);
  });

  it('writes each athlete exactly as the Eligible tab does, as compact JSON, to staff and to an athlete profile', async () => {
    const cls = await makeClass({ capacity: 20 });
    const [noted, pastDue, unsigned, late, noShow, walkIn] = await Promise.all(Array.from({ length: 6 }, () => member()));
    await t.make.note(w.gym.id, noted!.athleteId, { title: 'Shoulder' });
    await t.make.invoice(w.gym.id, pastDue!.athleteId);
    await t.make.document(w.gym.id, unsigned!.athleteId);
    // The viewer's own row has a warning to show it.
    await t.make.document(w.gym.id, me.athleteId);
    await t.make.reserve(cls, [noted!.athleteId, pastDue!.athleteId, unsigned!.athleteId, me.athleteId]);
    await t.make.reserve(cls, [late!.athleteId], { isLateCancel: true });
    await t.make.reserve(cls, [noShow!.athleteId], { isNoShow: true });
    await t.make.reserve(cls, [walkIn!.athleteId], { isReserved: false, isCheckedIn: true });

    const compare = async (c: ApiClient) => {
      const res = await c.get(`/api/events/${cls.id}/kiosk-event/?eventType=class&includeCancelled=True&limit=100`);
      expect(res.statusCode).toBe(200);
      // The text is what JSON.stringify writes: compact, same escapes, same key order.
      expect(res.body).toBe(JSON.stringify(res.json()));
      const detail = kioskEventDetailSchema.parse(res.json());
      expect(detail.count).toBe(7);
      const eligible = new Map<string, unknown>();
      for (let offset = 0; ; offset += 100) {
        const page = (await c.get(`/api/athletes/eligible-athletes/?class=${cls.id}&limit=100&offset=${offset}`)).json();
        for (const a of kioskAthletePageSchema.parse(page).results) eligible.set(a.athleteId, a);
        if (!page.next) break;
      }
      // The Eligible tab lists active athletes; every one of the event's is active here.
      for (const a of detail.results) expect(a).toEqual(eligible.get(a.athleteId));
      return detail.results;
    };
    const seenByStaff = await compare(staff);
    expect(seenByStaff.find((a) => a.athleteId === noted!.athleteId)!.notes.map((n) => n.title)).toEqual(['Shoulder']);
    expect(seenByStaff.find((a) => a.athleteId === pastDue!.athleteId)!.hasPastDueBills).toBe(true);
    expect(seenByStaff.find((a) => a.athleteId === late!.athleteId)).toMatchObject({ isLateCancel: true, isReserved: false, isCheckedIn: false });

    const seenByAthlete = await compare(await asMe());
    expect(seenByAthlete.find((a) => a.athleteId === me.athleteId)).toMatchObject({ hasUnsignedDocuments: true, notes: [] });
    expect(seenByAthlete.find((a) => a.athleteId === pastDue!.athleteId)).toMatchObject({ hasPastDueBills: false });
    expect(seenByAthlete.find((a) => a.athleteId === noted!.athleteId)).toMatchObject({ notes: [] });
  });

  it('finds appointments with or without eventType, and answers 404 for the wrong type, unknown ids and other gyms', async () => {
    const appointment = await t.make.event(w.gym, { kind: 'appointment', time: '16:00', capacity: 2 });
    await t.make.reserve(appointment, [(await member()).athleteId]);
    const cls = await makeClass({ daysAhead: 0 });
    const typed = (await staff.get(`/api/events/${appointment.id}/kiosk-event/?eventType=appointment`)).json();
    expect(typed.event).toMatchObject({ eventId: appointment.id, eventType: 'appointment_type', capacity: 2, attendeeCount: 1 });
    expect(typed.results).toHaveLength(1);
    expect((await staff.get(`/api/events/${appointment.id}/kiosk-event/`)).json().event.eventId).toBe(appointment.id);
    expect((await staff.get(`/api/events/${appointment.id}/kiosk-event/?eventType=appointment_type`)).statusCode).toBe(200);
    const wrong = await staff.get(`/api/events/${appointment.id}/kiosk-event/?eventType=class`);
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, eventMessages.eventNotFound]);
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=appointment`)).statusCode).toBe(404);
    expect((await staff.get('/api/events/00000000-0000-4000-8000-000000000000/kiosk-event/')).statusCode).toBe(404);
    expect((await staff.get('/api/events/not-an-id/kiosk-event/')).json().message).toBe('Must be a valid id.');
    const ukOwner = await t.as(uk.owner);
    expect((await ukOwner.get(`/api/events/${appointment.id}/kiosk-event/?eventType=appointment`)).statusCode).toBe(404);
    expect((await ukOwner.get(`/api/events/${cls.id}/kiosk-event/`)).statusCode).toBe(404);
  });

  it('reads 100 athletes in the same number of statements as 1', async () => {
    const cls = await makeClass({ capacity: 100 });
    const many = await t.make.athletes(w.gym.id, 100);
    await t.make.reserve(
      cls,
      many.map((a) => a.athleteId),
    );
    for (const a of many.slice(0, 10)) await t.make.note(w.gym.id, a.athleteId);
    const counts: number[] = [];
    // Three different pages, so none of them is answered from the read cache (decision 012; tested below).
    for (const limit of [1, 100, 50]) {
      const { count, result: res } = await countDriverQueries(t.db, () =>
        staff.get(`/api/events/${cls.id}/kiosk-event/?limit=${limit}&offset=0&eventType=class`),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toHaveLength(limit);
      counts.push(count);
    }
    // The session, and one statement: the event with its counts and coaches, and the page of athletes with their notes.
    expect(counts).toEqual([2, 2, 2]);
  });
});

describe('the read cache of the kiosk reads (decision 012)', () => {
  it("answers a repeated read without statements until a write of the caller's gym is published, and never across gyms or viewers", async () => {
    const cls = await makeClass({ capacity: 20 });
    const five = await t.make.athletes(w.gym.id, 5);
    const [first] = await t.make.reserve(
      cls,
      five.map((a) => a.athleteId),
    );
    // A pinned note on a reserved athlete: staff see it, an athlete profile must not, whoever read first.
    await t.make.note(w.gym.id, five[0]!.athleteId, { title: 'Knee' });
    const athlete = await asMe();
    const url = `/api/events/${cls.id}/kiosk-event/?eventType=class`;
    const read = (c = staff) => countDriverQueries(t.db, () => c.get(url));

    const filled = await read();
    expect(filled.count).toBeGreaterThan(1);
    expect(
      filled.result
        .json()
        .results.find((a: Row) => a.athleteId === five[0]!.athleteId)
        .notes.map((n: { title: string }) => n.title),
    ).toEqual(['Knee']);
    const hit = await read();
    // The session only.
    expect(hit.count).toBe(1);
    expect(hit.result.body).toBe(filled.result.body);
    // An athlete profile has its own entry: no notes, no one else's warnings.
    const seen = (await read(athlete)).result.json();
    expect(seen.results.every((a: Row) => a.notes.length === 0)).toBe(true);
    expect(seen.count).toBe(5);

    // Another gym's write leaves the entry; a write of this gym (the check-in) is seen by the very next read.
    const ukOwner = await t.as(uk.owner);
    const ukClass = await t.make.event(uk.gym, { classTypeId: uk.classType.id, daysAhead: 1 });
    expect((await ukOwner.post('/api/athlete-kilo-classes/', { athlete: uk.members[0]!.athleteId, kiloClass: ukClass.id })).statusCode).toBe(201);
    expect((await read()).count).toBe(1);
    expect((await staff.put(`/api/athlete-kilo-classes/${first}/`, { isCheckedIn: true })).statusCode).toBe(200);
    const after = await read();
    expect(after.count).toBe(filled.count);
    expect(after.result.json().event.athletesAttended).toBe(1);
    expect(after.result.json().results.find((a: { reservationId: string }) => a.reservationId === first)).toMatchObject({ isCheckedIn: true });
    // The same id in another gym is still not found: the entry belongs to this gym.
    expect((await ukOwner.get(url)).statusCode).toBe(404);

    // A write with no gym (a login, here from a browser whose old session it ends) changes no gym's data: the entry stays.
    const someone = await t.make.owner((await t.make.gym()).id);
    expect((await (await t.as(someone)).post('/api/auth/login/', { email: someone.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await t.client().post('/api/auth/login/', { email: w.staff.email, password: 'not the password' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await read()).count).toBe(1);

    // A write nobody publishes (SQL by hand) is not seen until the entry's time is up; a published change of the gym is.
    await t.db.update(reservations).set({ isCheckedIn: true }).where(eq(reservations.athleteId, five[1]!.athleteId));
    expect((await read()).result.json().event.athletesAttended).toBe(1);
    await t.app.changes.published(t.db, [{ kind: 'gym', gymId: w.gym.id }]);
    expect((await read()).result.json().event.athletesAttended).toBe(2);
  });

  it('sends the kept answer gzipped to clients that take it, the same JSON either way', async () => {
    const d = await busyDay();
    const cls = await makeClass({ capacity: 30 });
    await t.make.reserve(
      cls,
      (await t.make.athletes(w.gym.id, 30)).map((a) => a.athleteId),
    );
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
    const list = await d.desk.request('GET', `/api/events/kiosk-events/?limit=100&date=${todayOf(d.gym)}`, undefined, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(kioskEventPageSchema.parse(JSON.parse(gunzipSync(list.rawPayload).toString())).count).toBe(4);
  });

  it('shares one read between identical reads that arrive together, and keeps the day list the same way', async () => {
    const d = await busyDay();
    const c = d.desk;
    const detail = (limit: number) => `/api/events/${d.early.id}/kiosk-event/?eventType=class&limit=${limit}`;
    const alone = await countDriverQueries(t.db, () => c.get(detail(8)));
    const together = await countDriverQueries(t.db, () => Promise.all([1, 2, 3, 4, 5].map(() => c.get(detail(7)))));
    expect(together.result.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.result.map((r) => r.body)).size).toBe(1);
    // One session lookup (shared too: plugins/session.ts), one read.
    expect(together.count).toBe(alone.count);

    const list = () => countDriverQueries(t.db, () => c.get(`/api/events/kiosk-events/?limit=100&date=${todayOf(d.gym)}`));
    const missed = await list();
    expect(missed.count).toBeGreaterThan(1);
    const again = await list();
    expect(again.count).toBe(1);
    expect(again.result.body).toBe(missed.result.body);
    await t.make.event(d.gym, { classTypeId: d.classType.id, time: '20:00' });
    // A write outside the domain (the test's own insert) is not seen until the entry's time is up (READ_CACHE_MS) ...
    expect((await list()).result.json().count).toBe(4);
    // ... or until a write of the gym is published.
    await t.app.changes.published(t.db, [{ kind: 'gym', gymId: d.gym.id }]);
    expect((await list()).result.json().count).toBe(5);
  });
});

describe('GET /api/athletes/eligible-athletes', () => {
  it("searches the gym's active athletes, labels them Reserved for the class, and pages by 10", async () => {
    const g = await t.make.kioskGym({ athletes: 12 });
    const cls = await t.make.event(g.gym, { classTypeId: g.classType.id, daysAhead: 4 });
    const alex = await t.make.athlete(g.gym.id, { login: false, firstName: 'Alex', lastName: 'Morgan' });
    await t.make.athlete(g.gym.id, { login: false, firstName: 'Sam', lastName: 'Morgan' });
    await t.make.athlete(g.gym.id, { login: false, firstName: 'Pat', lastName: 'Morgan', isActive: false });
    const cancelled = await t.make.athlete(g.gym.id, { login: false, firstName: 'Lee', lastName: 'Morgan' });
    const [reservationId] = await t.make.reserve(cls, [alex.athleteId]);
    await t.make.reserve(cls, [cancelled.athleteId], { isLateCancel: true });
    const c = await t.as(g.staff);
    const res = await c.get(`/api/athletes/eligible-athletes?limit=10&offset=0&class=${cls.id}&search=MORGAN`);
    expect(res.statusCode).toBe(200);
    expect(kioskAthletePageSchema.parse(res.json())).toEqual(res.json());
    const found = res.json().results.map((a: { fullName: string; isReserved: boolean; isLateCancel: boolean }) => [a.fullName, a.isReserved, a.isLateCancel]);
    expect(found).toEqual([
      ['Alex Morgan', true, false],
      ['Lee Morgan', false, true],
      ['Sam Morgan', false, false],
    ]);
    const row = res.json().results[0];
    expect(row.reservationId).toBe(reservationId);
    const [stored] = await t.db.select({ at: reservations.registrationDatetime }).from(reservations).where(eq(reservations.id, reservationId!));
    expect(row.registrationDatetime).toBe(stored!.at.toISOString());
    expect(res.json().results[2]).toMatchObject({ reservationId: null, registrationDatetime: null });

    const page1 = (await c.get(`/api/athletes/eligible-athletes?class=${cls.id}`)).json();
    expect(page1.results).toHaveLength(10);
    expect(page1.count).toBe(15);
    expect(page1.next).toContain('offset=10');
    const slash = (await c.get(`/api/athletes/eligible-athletes/?class=${cls.id}&offset=10`)).json();
    expect(slash.results).toHaveLength(5);
    expect(slash.results.map((a: Row) => a.athleteId)).not.toContain(page1.results[0].athleteId);
    expect((await c.get('/api/athletes/eligible-athletes?search=alex%20morgan')).json().results.map((a: { fullName: string }) => a.fullName)).toEqual([
      'Alex Morgan',
    ]);
    // Without a class, no one is labelled.
    expect((await c.get('/api/athletes/eligible-athletes?search=alex')).json().results[0]).toMatchObject({ isReserved: false, reservationId: null });

    const ukOwner = await t.as(uk.owner);
    const missing = await ukOwner.get(`/api/athletes/eligible-athletes?class=${cls.id}`);
    expect([missing.statusCode, missing.json().message]).toEqual([404, eventMessages.classNotFound]);
    expect((await ukOwner.get('/api/athletes/eligible-athletes?search=morgan')).json().results).toEqual([]);
  });

  it('lists a page in the same number of statements whatever its size', async () => {
    const g = await t.make.kioskGym({ athletes: 40 });
    const cls = await t.make.event(g.gym, { classTypeId: g.classType.id });
    await t.make.reserve(
      cls,
      g.members.slice(0, 20).map((m) => m.athleteId),
    );
    for (const m of g.members.slice(0, 5)) await t.make.note(g.gym.id, m.athleteId);
    const c = await t.as(g.staff);
    const counts: number[] = [];
    for (const limit of [1, 40, 100]) {
      const { count, result } = await countDriverQueries(t.db, () => c.get(`/api/athletes/eligible-athletes/?class=${cls.id}&limit=${limit}`));
      expect(result.json().results).toHaveLength(Math.min(limit, 40));
      counts.push(count);
    }
    // The session, the class, the count, and the page with its pinned notes.
    expect(counts).toEqual([4, 4, 4]);
  });
});
