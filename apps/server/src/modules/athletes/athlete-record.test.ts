import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DUPLICATE_ATHLETE_EMAIL,
  RESET_LINK_INVALID_MESSAGE,
  athleteActivityPageSchema,
  athleteAttendancePageSchema,
  athleteBookingsPageSchema,
  athleteFamilySchema,
  athleteNoteSchema,
  athleteOverviewSchema,
  athleteRecordMessages,
  athleteRecordSchema,
  messages,
  scheduleDaySchema,
} from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';
import { issueToken } from '../accounts';
import * as s from '../../db/schema';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let staff: ApiClient;
let owner: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 2 });
  staff = await t.as(w.staff);
  owner = await t.as(w.owner);
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const create = async (body: Record<string, unknown> = {}, client = staff) => {
  const res = await client.post('/api/athletes/', { firstName: 'Dana', lastName: `Lopez${++serial}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return athleteRecordSchema.parse(res.json());
};

describe('create and edit an athlete (issue 17)', () => {
  it('creates an athlete with the rules applied (phone for the gym country, zip upper-cased) and an audit row', async () => {
    const a = await create({
      email: 'Dana.New@Example.com',
      phone: '(312) 555-0142',
      address: { addressLines: ['1 Main St'], locality: 'Chicago', region: 'Illinois', zipCode: '60601', country: 'US' },
    });
    expect(a).toMatchObject({ email: 'dana.new@example.com', phone: '13125550142', membershipState: 'none', isArchived: false, hasLogin: false, tags: [] });
    const activity = athleteActivityPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/activity/`)).json());
    expect(activity.results.map((r) => r.action)).toEqual(['athlete.created']);
    expect(activity.results[0]!.actorName).toMatch(/^Staff\d+ Member$/);
  });

  it('refuses invalid fields with their messages: phone per country, zip, a birthday in the future, names', async () => {
    const bad = await staff.post('/api/athletes/', { firstName: '', lastName: 'X', phone: '12', dob: '2099-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.firstName).toEqual([messages.nameRequired]);
    const phone = await staff.post('/api/athletes/', { firstName: 'A', lastName: 'B', phone: 'call me' });
    expect([phone.statusCode, phone.json().fields]).toEqual([400, { phone: [messages.phoneInvalid] }]);
    const dob = await staff.post('/api/athletes/', { firstName: 'A', lastName: 'B', dob: '2099-01-01' });
    expect(dob.json().fields).toEqual({ dob: ['Date of birth cannot be in the future.'] });
    const zip = await staff.post('/api/athletes/', {
      firstName: 'A',
      lastName: 'B',
      address: { addressLines: [], locality: '', region: '', zipCode: 'ABC', country: 'US' },
    });
    expect(zip.statusCode).toBe(400);
    expect(Object.keys(zip.json().fields)).toEqual(['address.zipCode']);
    // A UK gym reads UK numbers; a Canadian gym Canadian ones.
    const uk = await t.make.gym({ country: 'GB', timeZone: 'Europe/London' });
    const ukOwner = await t.as(await t.make.owner(uk.id));
    expect((await create({ phone: '020 7946 0958' }, ukOwner)).phone).toBe('442079460958');
    const ca = await t.make.gym({ country: 'CA', timeZone: 'America/Toronto' });
    const caOwner = await t.as(await t.make.owner(ca.id));
    expect(
      (await create({ phone: '(416) 555-0199', address: { addressLines: [], locality: '', region: 'Ontario', zipCode: 'm5v 2t6', country: 'CA' } }, caOwner))
        .address.zipCode,
    ).toBe('M5V 2T6');
  });

  it('refuses a duplicate email in the gym (any case) on its field, and allows it in another gym', async () => {
    await create({ email: 'twin@example.com' });
    const twin = await staff.post('/api/athletes/', { firstName: 'T', lastName: 'W', email: 'TWIN@example.com' });
    expect([twin.statusCode, twin.json().fields]).toEqual([400, { email: [DUPLICATE_ATHLETE_EMAIL] }]);
    const other = await t.make.kioskGym({ athletes: 0 });
    await create({ email: 'twin@example.com' }, await t.as(other.owner));
    // Changing an email to one taken is refused too.
    const a = await create({ email: 'single@example.com' });
    const edit = await staff.put(`/api/athletes/${a.athleteId}/record/`, { firstName: 'D', lastName: 'L', email: 'twin@example.com' });
    expect([edit.statusCode, edit.json().fields]).toEqual([400, { email: [DUPLICATE_ATHLETE_EMAIL] }]);
  });

  it('is idempotent with a client-sent id', async () => {
    const id = crypto.randomUUID();
    const first = await staff.post('/api/athletes/', { athleteId: id, firstName: 'Idem', lastName: 'Potent' });
    const again = await staff.post('/api/athletes/', { athleteId: id, firstName: 'Idem', lastName: 'Potent' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect((await t.db.select().from(s.athletes).where(eq(s.athletes.id, id))).length).toBe(1);
  });

  it('mails an invitation through the activation flow, in the same transaction, and resends on request', async () => {
    const before = t.mail.length;
    const a = await create({ email: 'invited@example.com', sendInvitation: true });
    await t.drainJobs();
    const mail = t.mail.slice(before);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([['invited@example.com', 'Activate your Spotter account']]);
    expect(mail[0]!.text).toMatch(/\/activate\/[0-9a-f-]+\//);
    // Again at once: the resend interval refuses it with a message.
    const soon = await staff.post(`/api/athletes/${a.athleteId}/invite/`);
    expect([soon.statusCode, soon.json().message]).toEqual([409, athleteRecordMessages.invitationRecent]);
    // Without an email there is nothing to send.
    const none = await create();
    expect((await staff.post(`/api/athletes/${none.athleteId}/invite/`)).json().message).toBe(athleteRecordMessages.noEmail);
    // No invitation unless asked.
    const quiet = t.mail.length;
    await create({ email: 'quiet@example.com' });
    await t.drainJobs();
    expect(t.mail.length).toBe(quiet);
  });

  it('edits the record, writes the diff to the audit trail with medical notes redacted, and moves a pending sign-in email', async () => {
    const a = await create({ medicalNotes: 'Asthma' });
    const res = await staff.put(`/api/athletes/${a.athleteId}/record/`, {
      firstName: 'Dana',
      lastName: 'Smith',
      email: 'dana.smith@example.com',
      medicalNotes: 'Asthma, knee',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(athleteRecordSchema.parse(res.json())).toMatchObject({ lastName: 'Smith', email: 'dana.smith@example.com', medicalNotes: 'Asthma, knee' });
    // Rows of one test instant tie on their time: found by action.
    const audit = athleteActivityPageSchema
      .parse((await staff.get(`/api/athletes/${a.athleteId}/activity/`)).json())
      .results.find((r) => r.action === 'athlete.updated');
    expect(audit!.changes).toEqual({ lastName: [a.lastName, 'Smith'], email: [null, 'dana.smith@example.com'], medicalNotes: ['(hidden)', '(changed)'] });
    // Now the athlete can be invited at that email.
    const before = t.mail.length;
    expect((await staff.post(`/api/athletes/${a.athleteId}/invite/`)).statusCode).toBe(200);
    await t.drainJobs();
    expect(t.mail.slice(before).map((m) => m.to)).toEqual(['dana.smith@example.com']);
  });

  it('keeps the athlete self-edit endpoint working', async () => {
    const me = await t.make.athlete(w.gym.id);
    const client = await t.as({ userId: me.userId!, profileId: me.profileId });
    const res = await client.put(`/api/athletes/${me.athleteId}/`, { firstName: 'Self', lastName: 'Edited', phone: '', dob: null, gender: null });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('archives and unarchives, with audit rows; the athlete stays readable', async () => {
    const a = await create();
    expect(athleteRecordSchema.parse((await staff.post(`/api/athletes/${a.athleteId}/archive/`)).json()).isArchived).toBe(true);
    expect((await staff.get(`/api/athletes/${a.athleteId}/record/`)).json().isArchived).toBe(true);
    expect((await staff.get(`/api/athletes/search/?search=${a.lastName}`)).json().count).toBe(0);
    expect(athleteRecordSchema.parse((await staff.post(`/api/athletes/${a.athleteId}/unarchive/`)).json()).isArchived).toBe(false);
    expect((await staff.get(`/api/athletes/search/?search=${a.lastName}`)).json().count).toBe(1);
    const actions = athleteActivityPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/activity/`)).json()).results.map((r) => r.action);
    expect(actions.sort()).toEqual(['athlete.archived', 'athlete.created', 'athlete.unarchived']);
  });
});

describe('the athlete detail tabs (issue 17)', () => {
  it('overview: membership state, current packages, next bookings, flags, last visit, counts', async () => {
    const a = w.members[0]!;
    const [pack] = await t.db.insert(s.packages).values({ gymId: w.gym.id, name: 'Unlimited', kind: 'membership' }).returning();
    await t.db.insert(s.athletePackages).values({ gymId: w.gym.id, athleteId: a.athleteId, packageId: pack!.id, status: 'active', startDate: '2026-01-01' });
    const past = await t.make.event(w.gym, { daysAhead: -2, classTypeId: w.classType.id });
    await t.make.reserve(past, [a.athleteId], { isCheckedIn: true, checkedInAt: new Date(past.startsAt) });
    const next = await t.make.event(w.gym, { daysAhead: 1, classTypeId: w.classType.id });
    await t.make.reserve(next, [a.athleteId]);
    await t.make.invoice(w.gym.id, a.athleteId);
    const o = athleteOverviewSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/overview/`)).json());
    expect(o).toMatchObject({
      membershipState: 'active',
      flags: { hasPastDueBills: true, hasUnsignedDocuments: false, hasMedicalNote: false },
      lastVisit: new Date(past.startsAt).toISOString(),
    });
    expect(o.packages.map((p) => [p.name, p.kind, p.status])).toEqual([['Unlimited', 'membership', 'active']]);
    expect(o.nextBookings.map((b) => b.eventId)).toEqual([next.id]);
    expect(o.attendance).toMatchObject({ attended: 1, attendedLast30Days: 1, upcoming: 1 });

    const att = athleteAttendancePageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/attendance/`)).json());
    expect(att.results.map((r) => [r.eventId, r.myBooking?.isCheckedIn])).toEqual([[past.id, true]]);
    expect(att.counts.attended).toBe(1);
    const bookings = athleteBookingsPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/bookings/`)).json());
    expect(bookings.results.map((r) => r.eventId)).toEqual([next.id]);
  });

  it('attendance: lists only the marked visits (checked in, late cancel, no show), never a past booking left unmarked', async () => {
    const a = await create();
    const ev = async (daysAhead: number) => t.make.event(w.gym, { daysAhead, classTypeId: w.classType.id });
    const [came, late, missed, unmarked] = [await ev(-1), await ev(-2), await ev(-3), await ev(-4)];
    await t.make.reserve(came, [a.athleteId], { isCheckedIn: true, checkedInAt: new Date(came.startsAt) });
    await t.make.reserve(late, [a.athleteId], { isLateCancel: true, isReserved: false });
    await t.make.reserve(missed, [a.athleteId], { isNoShow: true });
    await t.make.reserve(unmarked, [a.athleteId]);
    const att = athleteAttendancePageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/attendance/`)).json());
    expect(att.count).toBe(3);
    expect(att.results.map((r) => [r.eventId, r.myBooking?.isCheckedIn, r.myBooking?.isLateCancel, r.myBooking?.isNoShow])).toEqual([
      [came.id, true, false, false],
      [late.id, false, true, false],
      [missed.id, false, false, true],
    ]);
    expect(att.counts).toMatchObject({ attended: 1, lateCancels: 1, noShows: 1 });
  });

  it('bookings: staff book and cancel through the reservations rules (capacity, one per athlete)', async () => {
    const a = await create();
    const later = await t.make.event(w.gym, { daysAhead: 2, classTypeId: w.classType.id, capacity: 1 });
    const day = scheduleDaySchema.parse((await staff.get(`/api/athletes/${a.athleteId}/bookable-classes/?date=${later.startDate}`)).json());
    expect(day.results.map((c) => c.eventId)).toContain(later.id);
    expect(day.results.find((c) => c.eventId === later.id)?.bookability).toEqual({ action: 'book', reason: null });
    const booked = await staff.post(`/api/athletes/${a.athleteId}/bookings/`, { eventId: later.id });
    expect(booked.statusCode, booked.body).toBe(201);
    const again = await staff.post(`/api/athletes/${a.athleteId}/bookings/`, { eventId: later.id });
    expect(again.statusCode).toBe(409);
    // Issue 33: the record's reads answer the bookability of the athlete in question, not the caller's.
    const theirs = athleteBookingsPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/bookings/`)).json());
    expect(theirs.results.find((c) => c.eventId === later.id)?.bookability).toEqual({ action: 'cancel', reason: null });
    const b = await create();
    const forB = scheduleDaySchema.parse((await staff.get(`/api/athletes/${b.athleteId}/bookable-classes/?date=${later.startDate}`)).json());
    expect(forB.results.find((c) => c.eventId === later.id)).toMatchObject({ myBooking: null, bookability: { action: 'join_waitlist', reason: null } });
    const forA = scheduleDaySchema.parse((await staff.get(`/api/athletes/${a.athleteId}/bookable-classes/?date=${later.startDate}`)).json());
    expect(forA.results.find((c) => c.eventId === later.id)?.bookability.action).toBe('cancel');
    // Full: another athlete is refused (the class type has no waitlist).
    expect((await staff.post(`/api/athletes/${b.athleteId}/bookings/`, { eventId: later.id })).statusCode).toBe(409);
    const id = booked.json().reservationId as string;
    // Another athlete's path does not reach this booking.
    expect((await staff.delete(`/api/athletes/${b.athleteId}/bookings/${id}/`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/athletes/${a.athleteId}/bookings/${id}/`)).statusCode).toBe(200);
    expect((await t.db.select().from(s.reservations).where(eq(s.reservations.id, id))).length).toBe(0);
  });

  it('bookings: staff book an appointment for the athlete through the appointment booking endpoints; it is listed and cancelled from the record', async () => {
    const a = await create();
    const coach = await t.make.staff(w.gym.id, { firstName: 'Casey', lastName: 'Coach' });
    const type = await t.make.appointmentType(w.gym.id, { name: 'Personal Training', durationMinutes: 60, capacity: 1 });
    await t.make.offer(w.gym.id, type.id, [coach.staffId]);
    await t.make.coachHours(w.gym.id, coach.staffId, [[4, '09:00', '11:00']]);
    // The appointment types and their slots, as the record's picker reads them.
    const types = await staff.get('/api/appointment-types/?limit=100');
    expect(types.statusCode, types.body).toBe(200);
    expect(types.json().results.map((r: { appointmentTypeId: string }) => r.appointmentTypeId)).toContain(type.id);
    const slots = await staff.get(`/api/appointment-slots/?appointmentTypeId=${type.id}&date=2026-03-05`);
    expect(slots.statusCode, slots.body).toBe(200);
    const slot = slots.json().slots[0] as { staffId: string; startsAt: string; startTime: string };
    expect(slot).toMatchObject({ staffId: coach.staffId, startTime: '09:00' });

    const booked = await staff.post('/api/appointment-bookings/', {
      appointmentTypeId: type.id,
      staffId: slot.staffId,
      startsAt: slot.startsAt,
      athleteId: a.athleteId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const list = athleteBookingsPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/bookings/`)).json());
    const mine = list.results.find((r) => r.kind === 'appointment');
    expect(mine).toMatchObject({ name: 'Personal Training', startDate: '2026-03-05', startTime: '09:00', myBooking: { isReserved: true } });
    // The slot is gone for everyone else.
    expect(
      (await staff.get(`/api/appointment-slots/?appointmentTypeId=${type.id}&date=2026-03-05`)).json().slots.map((x: { startTime: string }) => x.startTime),
    ).not.toContain('09:00');

    const cancelled = await staff.delete(`/api/athletes/${a.athleteId}/bookings/${mine!.myBooking!.reservationId}/`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      athleteBookingsPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/bookings/`)).json()).results.filter((r) => r.kind === 'appointment'),
    ).toEqual([]);
  });

  it("tags: put a tag on and take it off one athlete, idempotently, with audit rows; another gym's tag is unknown", async () => {
    const a = await create();
    const [vip] = await t.db.insert(s.tags).values({ gymId: w.gym.id, name: 'Competitor', color: 'grape' }).returning();
    const other = await t.make.kioskGym({ athletes: 0 });
    const [foreign] = await t.db.insert(s.tags).values({ gymId: other.gym.id, name: 'Theirs' }).returning();
    const put = await staff.put(`/api/athletes/${a.athleteId}/tags/${vip!.id}/`);
    expect(put.statusCode, put.body).toBe(200);
    expect(athleteRecordSchema.parse(put.json()).tags).toEqual([{ tagId: vip!.id, name: 'Competitor', color: 'grape' }]);
    // Again: no change, no second audit row.
    expect((await staff.put(`/api/athletes/${a.athleteId}/tags/${vip!.id}/`)).statusCode).toBe(200);
    const foreignPut = await staff.put(`/api/athletes/${a.athleteId}/tags/${foreign!.id}/`);
    expect(foreignPut.statusCode).toBe(404);
    expect(foreignPut.json().message).toBe('Tag not found.');
    const del = await staff.delete(`/api/athletes/${a.athleteId}/tags/${vip!.id}/`);
    expect(del.statusCode, del.body).toBe(200);
    expect(athleteRecordSchema.parse(del.json()).tags).toEqual([]);
    expect((await staff.delete(`/api/athletes/${a.athleteId}/tags/${vip!.id}/`)).statusCode).toBe(200);
    const activity = athleteActivityPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/activity/`)).json()).results;
    const tagRows = activity.filter((r) => r.action.startsWith('athlete.tag_')).map((r) => [r.action, r.changes]);
    expect(tagRows.sort()).toEqual([
      ['athlete.tag_added', { tag: 'Competitor' }],
      ['athlete.tag_removed', { tag: 'Competitor' }],
    ]);
  });

  it('notes: create (sanitised, spec 5 empty rule), pin, edit, delete; the kiosk sees pinned ones', async () => {
    const a = await create();
    const empty = await staff.post(`/api/athletes/${a.athleteId}/notes/`, { title: 'Empty', content: '<p><br></p>' });
    expect([empty.statusCode, empty.json().fields]).toEqual([400, { content: [athleteRecordMessages.noteContentRequired] }]);
    const made = await staff.post(`/api/athletes/${a.athleteId}/notes/`, {
      title: 'Knee',
      content: '<p>Careful<script>alert(1)</script></p>',
      isPinned: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    const note = athleteNoteSchema.parse(made.json());
    expect(note.content).not.toContain('script');
    const [author] = await t.db.select().from(s.staff).where(eq(s.staff.id, w.staff.staffId));
    expect(note.createdBy).toBe(`${author!.firstName} ${author!.lastName}`);
    const pinned = await staff.put(`/api/athletes/${a.athleteId}/notes/${note.noteId}/`, { title: 'Knee', content: note.content, isPinned: true });
    expect(athleteNoteSchema.parse(pinned.json()).isPinned).toBe(true);
    const list = (await staff.get(`/api/athletes/${a.athleteId}/notes/`)).json().results;
    expect(list.map((n: { noteId: string }) => n.noteId)).toEqual([note.noteId]);
    const actions = athleteActivityPageSchema.parse((await staff.get(`/api/athletes/${a.athleteId}/activity/`)).json()).results.map((r) => r.action);
    expect(actions.sort()).toEqual(['athlete.created', 'note.created', 'note.pinned']);
    expect((await staff.delete(`/api/athletes/${a.athleteId}/notes/${note.noteId}/`)).statusCode).toBe(200);
    expect((await staff.get(`/api/athletes/${a.athleteId}/notes/`)).json().results).toEqual([]);
  });

  it('family: links a dependant to a parent account, refuses self-links, duplicates, cycles and no-email parents, unlinks', async () => {
    const parent = await create({ email: 'parent@example.com' });
    const kid = await create();
    const res = await staff.post(`/api/athletes/${parent.athleteId}/family/`, { dependantAthleteId: kid.athleteId });
    expect(res.statusCode, res.body).toBe(200);
    expect(athleteFamilySchema.parse(res.json()).dependants.map((d) => d.athleteId)).toEqual([kid.athleteId]);
    const kidFamily = athleteFamilySchema.parse((await staff.get(`/api/athletes/${kid.athleteId}/family/`)).json());
    expect(kidFamily.parents.map((p) => p.athleteId)).toEqual([parent.athleteId]);
    expect((await staff.post(`/api/athletes/${parent.athleteId}/family/`, { dependantAthleteId: kid.athleteId })).statusCode).toBe(409);
    expect((await staff.post(`/api/athletes/${parent.athleteId}/family/`, { dependantAthleteId: parent.athleteId })).json().fields).toEqual({
      dependantAthleteId: [athleteRecordMessages.selfLink],
    });
    // The kid has no email: they cannot be a parent.
    expect((await staff.post(`/api/athletes/${kid.athleteId}/family/`, { dependantAthleteId: parent.athleteId })).json().fields).toEqual({
      dependantAthleteId: [athleteRecordMessages.parentNeedsEmail],
    });
    // A cycle: grandparent -> parent -> grandparent.
    const grand = await create({ email: 'grand@example.com' });
    expect((await staff.post(`/api/athletes/${grand.athleteId}/family/`, { dependantAthleteId: parent.athleteId })).statusCode).toBe(200);
    expect((await staff.post(`/api/athletes/${parent.athleteId}/family/`, { dependantAthleteId: grand.athleteId })).json().fields).toEqual({
      dependantAthleteId: [athleteRecordMessages.familyCycle],
    });
    // Another gym's athlete is unknown here.
    const other = await t.make.kioskGym({ athletes: 1 });
    expect((await staff.post(`/api/athletes/${parent.athleteId}/family/`, { dependantAthleteId: other.members[0]!.athleteId })).statusCode).toBe(400);
    const unlinked = await staff.delete(`/api/athletes/${parent.athleteId}/family/${kid.athleteId}/`);
    expect(athleteFamilySchema.parse(unlinked.json()).dependants).toEqual([]);
    expect((await staff.delete(`/api/athletes/${parent.athleteId}/family/${kid.athleteId}/`)).statusCode).toBe(404);
  });
});

describe('subject access and anonymising (issue 17)', () => {
  it('exports everything the gym holds about the athlete as a JSON download', async () => {
    const a = await create({ email: 'export@example.com', medicalNotes: 'Peanuts' });
    await t.make.note(w.gym.id, a.athleteId, { title: 'Hello' });
    await t.make.invoice(w.gym.id, a.athleteId, { status: 'paid' });
    const res = await staff.get(`/api/athletes/${a.athleteId}/export.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`attachment; filename="athlete-${a.athleteId}.json"`);
    const doc = res.json();
    expect(doc.record).toMatchObject({ email: 'export@example.com', medicalNotes: 'Peanuts' });
    expect(doc.notes.map((n: { title: string }) => n.title)).toEqual(['Hello']);
    expect(doc.invoices).toHaveLength(1);
    expect(doc.activity.map((r: { action: string }) => r.action)).toEqual(['athlete.created']);
  });

  it('anonymises on a typed confirmation: personal fields blanked, notes, tags and login gone, invoices and reservations kept; then refuses edits', async () => {
    const person = await t.make.athlete(w.gym.id, { email: 'leaving@example.com' });
    const session = await t.as({ userId: person.userId!, profileId: person.profileId });
    expect((await session.session())?.athlete?.athleteId).toBe(person.athleteId);
    await t.make.note(w.gym.id, person.athleteId);
    const invoice = await t.make.invoice(w.gym.id, person.athleteId, { status: 'paid' });
    const ev = await t.make.event(w.gym, { daysAhead: -1, classTypeId: w.classType.id });
    const [reservation] = await t.make.reserve(ev, [person.athleteId], { isCheckedIn: true });
    const [tag] = await t.db.insert(s.tags).values({ gymId: w.gym.id, name: 'VIP' }).returning();
    await t.db.insert(s.athleteTags).values({ gymId: w.gym.id, athleteId: person.athleteId, tagId: tag!.id });
    // A reset link mailed before (issue 32): it must not set a password on the anonymised login.
    const resetToken = (await issueToken(t.db, person.userId!, 'password_reset'))!;

    const refused = await staff.post(`/api/athletes/${person.athleteId}/anonymise/`, { confirm: 'yes' });
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { confirm: [athleteRecordMessages.confirmAnonymise] }]);
    const res = await staff.post(`/api/athletes/${person.athleteId}/anonymise/`, { confirm: 'ANONYMISE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(athleteRecordSchema.parse(res.json())).toMatchObject({
      fullName: 'Anonymised Athlete',
      email: null,
      phone: '',
      dob: null,
      medicalNotes: '',
      tags: [],
      isAnonymised: true,
      hasLogin: false,
    });
    expect(await t.db.select().from(s.notes).where(eq(s.notes.athleteId, person.athleteId))).toEqual([]);
    expect((await t.db.select().from(s.invoices).where(eq(s.invoices.id, invoice.id))).length).toBe(1);
    expect((await t.db.select().from(s.reservations).where(eq(s.reservations.id, reservation!))).length).toBe(1);
    const [user] = await t.db.select().from(s.users).where(eq(s.users.id, person.userId!));
    expect(user!.email).not.toContain('leaving');
    expect(await session.session()).toBeNull();
    const reset = await t
      .client()
      .post('/api/auth/users/reset_password_confirm/', { uid: person.userId, token: resetToken, newPassword: 'Back12345', reNewPassword: 'Back12345' });
    expect([reset.statusCode, reset.json().message]).toEqual([400, RESET_LINK_INVALID_MESSAGE]);
    expect((await t.db.select().from(s.users).where(eq(s.users.id, person.userId!)))[0]!.passwordHash).toBeNull();
    const edit = await staff.put(`/api/athletes/${person.athleteId}/record/`, { firstName: 'Back', lastName: 'Again' });
    expect([edit.statusCode, edit.json().message]).toEqual([409, athleteRecordMessages.anonymised]);
    const activity = athleteActivityPageSchema.parse((await staff.get(`/api/athletes/${person.athleteId}/activity/`)).json()).results;
    expect(activity.map((r) => r.action)).toContain('athlete.anonymised');
    expect(activity.every((r) => Object.keys(r.changes).length === 0)).toBe(true);
  });
});

describe('who may reach the athlete record (issue 17)', () => {
  it("refuses another gym's staff with 404 on every route and changes nothing", async () => {
    const a = await create({ email: 'private@example.com' });
    const note = await t.make.note(w.gym.id, a.athleteId);
    const [tag] = await t.db.insert(s.tags).values({ gymId: w.gym.id, name: 'Private tag' }).returning();
    await t.db.insert(s.athleteTags).values({ gymId: w.gym.id, athleteId: a.athleteId, tagId: tag!.id });
    const other = await t.make.kioskGym({ athletes: 1 });
    const stranger = await t.as(other.staff);
    const strangerOwner = await t.as(other.owner);
    const before = await databaseDigest(t.db, ['sessions']);
    const id = a.athleteId;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/athletes/${id}/record/`],
      ['PUT', `/api/athletes/${id}/record/`, { firstName: 'X', lastName: 'Y' }],
      ['POST', `/api/athletes/${id}/archive/`],
      ['POST', `/api/athletes/${id}/unarchive/`],
      ['POST', `/api/athletes/${id}/invite/`],
      ['GET', `/api/athletes/${id}/export.json`],
      ['POST', `/api/athletes/${id}/anonymise/`, { confirm: 'ANONYMISE' }],
      ['GET', `/api/athletes/${id}/overview/`],
      ['GET', `/api/athletes/${id}/attendance/`],
      ['GET', `/api/athletes/${id}/bookings/`],
      ['GET', `/api/athletes/${id}/bookable-classes/`],
      ['GET', `/api/athletes/${id}/notes/`],
      ['POST', `/api/athletes/${id}/notes/`, { title: 'x', content: '<p>x</p>' }],
      ['PUT', `/api/athletes/${id}/notes/${note.id}/`, { title: 'x', content: '<p>x</p>' }],
      ['DELETE', `/api/athletes/${id}/notes/${note.id}/`],
      ['GET', `/api/athletes/${id}/family/`],
      ['POST', `/api/athletes/${id}/family/`, { dependantAthleteId: other.members[0]!.athleteId }],
      ['GET', `/api/athletes/${id}/activity/`],
      ['PUT', `/api/athletes/${id}/tags/${tag!.id}/`],
      ['DELETE', `/api/athletes/${id}/tags/${tag!.id}/`],
    ];
    for (const client of [stranger, strangerOwner]) {
      for (const [method, url, body] of calls) {
        const res = await client.request(method as 'GET', url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      }
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it('refuses staff without AthleteView and athletes (403), changing nothing', async () => {
    const a = await create();
    const [tag] = await t.db.insert(s.tags).values({ gymId: w.gym.id, name: 'Refused tag' }).returning();
    const noView = await t.as(await t.make.staff(w.gym.id, { permissions: ['Kiosk'] }));
    const member = await t.make.athlete(w.gym.id);
    const athlete = await t.as({ userId: member.userId!, profileId: member.profileId });
    const before = await databaseDigest(t.db, ['sessions']);
    for (const client of [noView, athlete]) {
      expect((await client.get(`/api/athletes/${a.athleteId}/record/`)).statusCode).toBe(403);
      expect((await client.post('/api/athletes/', { firstName: 'No', lastName: 'Way' })).statusCode).toBe(403);
      expect((await client.post(`/api/athletes/${a.athleteId}/archive/`)).statusCode).toBe(403);
      expect((await client.get(`/api/athletes/${a.athleteId}/export.json`)).statusCode).toBe(403);
      expect((await client.put(`/api/athletes/${a.athleteId}/tags/${tag!.id}/`)).statusCode).toBe(403);
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
    // Owners need no permission.
    expect((await owner.get(`/api/athletes/${a.athleteId}/record/`)).statusCode).toBe(200);
  });
});
