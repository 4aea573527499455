import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { TEST_NOW, fixClock } from '../../test/helper';
import { factories } from '../../test/factories';
import { newPglite, openPglite, queryRows, type Database } from './client';
import { migrate, migrationsFolder } from './migrate';

fixClock(TEST_NOW);

/** A copy of the migrations folder whose journal lists only the first `n` migrations. */
function migrationsUpTo(n: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, n);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * Today's factories insert every column of today's schema. For the tables a later migration widens (people, issue 17),
 * (and gyms, issue 20) the columns are added for the factories' inserts and dropped again before the migrations under test run on.
 */
const LATER_COLUMNS = fs
  .readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('.sql') && Number(f.slice(0, 4)) >= 9)
  .flatMap((f) => fs.readFileSync(path.join(migrationsFolder, f), 'utf8').split('--> statement-breakpoint'))
  .map((s) => /ALTER TABLE "(staff|athletes|gyms)" ADD COLUMN "(\w+)" (.*?);/.exec(s.trim()))
  .filter((m): m is RegExpExecArray => m !== null);

async function withLaterColumns<T>(db: Parameters<typeof factories>[0], fn: () => Promise<T>): Promise<T> {
  for (const [, table, column, type] of LATER_COLUMNS) await db.execute(sql.raw(`alter table "${table}" add column "${column}" ${type}`));
  const result = await fn();
  for (const [, table, column] of LATER_COLUMNS) await db.execute(sql.raw(`alter table "${table}" drop column "${column}"`));
  return result;
}

const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

describe('migration 0004: classes and appointments become events, their reservations one table (decision 018)', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo(4);
    database = openPglite(newPglite());
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('moves every row keeping its id and values; appointments take their type’s fees and tax rate', async () => {
    const { db } = database;
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    const tables = async () =>
      (await queryRows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public'`)).map((r) => r.name);
    expect(await tables()).toEqual(expect.arrayContaining(['classes', 'appointments', 'athlete_kilo_classes', 'athlete_appointments']));
    expect(await tables()).not.toContain('events');

    // The tables 0004 leaves alone, made as today's factories make them.
    const make = factories(db);
    const gym = await withLaterColumns(db, () => make.gym());
    const { staff, coach, a1, a2, a3 } = await withLaterColumns(db, async () => {
      const [a1, a2, a3] = await make.athletes(gym.id, 3);
      return { staff: await make.staff(gym.id), coach: await make.staff(gym.id), a1: a1!, a2: a2!, a3: a3! };
    });
    const classRate = await make.taxRate(gym.id, { name: 'Class tax', percent: '5.0000' });
    const typeRate = await make.taxRate(gym.id, { name: 'PT tax', percent: '20.0000' });
    // Raw SQL: the factories write every column of today's tables, which this older schema does not have yet.
    const [location] = await queryRows<{ id: string }>(db, sql`insert into locations (gym_id, name) values (${gym.id}, 'Main Floor') returning id`);
    const [classType] = await queryRows<{ id: string }>(db, sql`insert into class_types (gym_id, name) values (${gym.id}, 'WOD') returning id`);
    const [ptType] = await queryRows<{ id: string }>(
      db,
      sql`insert into appointment_types (gym_id, name, tax_rate_id, cancellation_fee_minor, no_show_fee_minor, cancellation_credit_deduction, no_show_credit_deduction)
        values (${gym.id}, 'Personal Training', ${typeRate.id}, 3000, 4500, 1, 2) returning id`,
    );
    const [introType] = await queryRows<{ id: string }>(db, sql`insert into appointment_types (gym_id, name) values (${gym.id}, 'Intro') returning id`);

    // The old shape: two tables of events, two of reservations, charges and coaches pointing at either.
    const [classId, rootClassId] = ids(2);
    const [ptId, introId] = ids(2);
    await db.execute(sql`insert into classes (id, gym_id, class_type_id, location_id, root_id, starts_at, start_date, start_time, duration_minutes, capacity,
        tax_rate_id, cancellation_fee_minor, no_show_fee_minor, cancellation_credit_deduction, no_show_credit_deduction, created_at) values
      (${rootClassId}, ${gym.id}, ${classType!.id}, null, null, '2026-03-04T12:00:00Z', '2026-03-04', '06:00:00', 45, 12, null, 0, 0, 0, 0, '2026-01-01T00:00:00Z'),
      (${classId}, ${gym.id}, ${classType!.id}, ${location!.id}, ${rootClassId}, '2026-03-05T12:00:00Z', '2026-03-05', '06:00:00', 60, 10, ${classRate.id}, 1500, 3000, 1, 2, '2026-01-02T00:00:00Z')`);
    await db.execute(sql`insert into appointments (id, gym_id, appointment_type_id, location_id, starts_at, start_date, start_time, duration_minutes, capacity, created_at) values
      (${ptId}, ${gym.id}, ${ptType!.id}, ${location!.id}, '2026-03-06T15:30:00Z', '2026-03-06', '09:30:00', 30, 1, '2026-01-03T00:00:00Z'),
      (${introId}, ${gym.id}, ${introType!.id}, null, '2026-03-07T16:00:00Z', '2026-03-07', '10:00:00', 60, 3, '2026-01-04T00:00:00Z')`);
    const [r1, r2, r3] = ids(3);
    const [p1, p2] = ids(2);
    await db.execute(sql`insert into athlete_kilo_classes (id, gym_id, class_id, athlete_id, is_waitlisted, is_reserved, is_checked_in, is_late_cancel, is_no_show,
        charge_now, charge_date, charge_fee_minor, tax_rate_id, deduct_credit, is_credited, registration_datetime, checked_in_at, updated_at, updated_by_user_id) values
      (${r1}, ${gym.id}, ${classId}, ${a1!.athleteId}, false, true, true, false, false, false, null, null, null, false, true, '2026-02-01T10:00:00Z', '2026-03-05T11:55:00Z', '2026-03-05T11:55:00Z', ${staff.userId}),
      (${r2}, ${gym.id}, ${classId}, ${a2!.athleteId}, false, true, false, true, false, false, '2026-03-10', 1500, ${classRate.id}, true, true, '2026-02-02T10:00:00Z', null, '2026-03-05T09:00:00Z', ${staff.userId}),
      (${r3}, ${gym.id}, ${rootClassId}, ${a3!.athleteId}, true, false, false, false, false, false, null, null, null, false, false, '2026-02-03T10:00:00Z', null, '2026-02-03T10:00:00Z', null)`);
    await db.execute(sql`insert into athlete_appointments (id, gym_id, appointment_id, athlete_id, is_reserved, is_checked_in, is_late_cancel, is_no_show,
        charge_now, charge_date, charge_fee_minor, tax_rate_id, deduct_credit, is_credited, registration_datetime, checked_in_at, updated_at, updated_by_user_id) values
      (${p1}, ${gym.id}, ${ptId}, ${a1!.athleteId}, true, false, false, true, true, '2026-03-06', 4500, ${typeRate.id}, true, true, '2026-02-04T10:00:00Z', null, '2026-03-06T17:00:00Z', ${staff.userId}),
      (${p2}, ${gym.id}, ${introId}, ${a2!.athleteId}, true, false, false, false, false, null, null, null, false, false, '2026-02-05T10:00:00Z', null, '2026-02-05T10:00:00Z', null)`);
    const [classCharge, appointmentCharge, looseCharge] = ids(3);
    await db.execute(sql`insert into charges (id, gym_id, athlete_id, class_reservation_id, appointment_reservation_id, reason, amount_minor, tax_rate_id, collect_on,
        charge_now, credit_deduction, created_by_user_id, created_at) values
      (${classCharge}, ${gym.id}, ${a2!.athleteId}, ${r2}, null, 'late_cancel', 1500, ${classRate.id}, '2026-03-10', false, 1, ${staff.userId}, '2026-03-05T09:00:00Z'),
      (${appointmentCharge}, ${gym.id}, ${a1!.athleteId}, null, ${p1}, 'no_show', 4500, ${typeRate.id}, '2026-03-06', true, 2, ${staff.userId}, '2026-03-06T17:00:00Z'),
      (${looseCharge}, ${gym.id}, ${a3!.athleteId}, null, null, 'no_show', 700, null, '2026-02-20', false, 0, null, '2026-02-20T00:00:00Z')`);
    const [classLead, classAssistant, ptLead] = ids(3);
    await db.execute(sql`insert into event_coaches (id, gym_id, class_id, appointment_id, staff_id, role) values
      (${classLead}, ${gym.id}, ${classId}, null, ${staff.staffId}, 'lead'),
      (${classAssistant}, ${gym.id}, ${classId}, null, ${coach.staffId}, 'assistant'),
      (${ptLead}, ${gym.id}, null, ${ptId}, ${coach.staffId}, 'lead')`);

    await migrate(database);
    const after = await tables();
    expect(after).toEqual(expect.arrayContaining(['events', 'reservations', 'charges', 'event_coaches']));
    for (const gone of ['classes', 'appointments', 'athlete_kilo_classes', 'athlete_appointments']) expect(after).not.toContain(gone);

    const events = await queryRows<Record<string, unknown>>(
      db,
      sql`select id, gym_id as "gymId", kind, class_type_id as "classTypeId", appointment_type_id as "appointmentTypeId", location_id as "locationId",
        root_id as "rootId", starts_at as "startsAt", start_date::text as "startDate", start_time::text as "startTime", duration_minutes as "duration",
        capacity, tax_rate_id as "taxRateId", cancellation_fee_minor as "cancellationFee", no_show_fee_minor as "noShowFee",
        cancellation_credit_deduction as "cancellationCredits", no_show_credit_deduction as "noShowCredits", created_at as "createdAt"
      from events order by created_at`,
    );
    const at = (iso: string) => new Date(iso);
    const common = { gymId: gym.id };
    expect(events.map((e) => ({ ...e, startsAt: new Date(e.startsAt as string), createdAt: new Date(e.createdAt as string) }))).toEqual([
      {
        ...common,
        id: rootClassId,
        kind: 'class',
        classTypeId: classType!.id,
        appointmentTypeId: null,
        locationId: null,
        rootId: null,
        startsAt: at('2026-03-04T12:00:00Z'),
        startDate: '2026-03-04',
        startTime: '06:00:00',
        duration: 45,
        capacity: 12,
        taxRateId: null,
        cancellationFee: 0,
        noShowFee: 0,
        cancellationCredits: 0,
        noShowCredits: 0,
        createdAt: at('2026-01-01T00:00:00Z'),
      },
      {
        ...common,
        id: classId,
        kind: 'class',
        classTypeId: classType!.id,
        appointmentTypeId: null,
        locationId: location!.id,
        rootId: rootClassId,
        startsAt: at('2026-03-05T12:00:00Z'),
        startDate: '2026-03-05',
        startTime: '06:00:00',
        duration: 60,
        capacity: 10,
        taxRateId: classRate.id,
        cancellationFee: 1500,
        noShowFee: 3000,
        cancellationCredits: 1,
        noShowCredits: 2,
        createdAt: at('2026-01-02T00:00:00Z'),
      },
      // An appointment had no fee settings of its own: it takes its type's, and its type's tax rate.
      {
        ...common,
        id: ptId,
        kind: 'appointment',
        classTypeId: null,
        appointmentTypeId: ptType!.id,
        locationId: location!.id,
        rootId: null,
        startsAt: at('2026-03-06T15:30:00Z'),
        startDate: '2026-03-06',
        startTime: '09:30:00',
        duration: 30,
        capacity: 1,
        taxRateId: typeRate.id,
        cancellationFee: 3000,
        noShowFee: 4500,
        cancellationCredits: 1,
        noShowCredits: 2,
        createdAt: at('2026-01-03T00:00:00Z'),
      },
      {
        ...common,
        id: introId,
        kind: 'appointment',
        classTypeId: null,
        appointmentTypeId: introType!.id,
        locationId: null,
        rootId: null,
        startsAt: at('2026-03-07T16:00:00Z'),
        startDate: '2026-03-07',
        startTime: '10:00:00',
        duration: 60,
        capacity: 3,
        taxRateId: null,
        cancellationFee: 0,
        noShowFee: 0,
        cancellationCredits: 0,
        noShowCredits: 0,
        createdAt: at('2026-01-04T00:00:00Z'),
      },
    ]);

    const reservations = await queryRows<Record<string, unknown>>(
      db,
      sql`select id, gym_id as "gymId", event_id as "eventId", athlete_id as "athleteId", is_waitlisted as "isWaitlisted", is_reserved as "isReserved",
        is_checked_in as "isCheckedIn", is_late_cancel as "isLateCancel", is_no_show as "isNoShow", charge_now as "chargeNow", charge_date::text as "chargeDate",
        charge_fee_minor as "chargeFee", tax_rate_id as "taxRateId", deduct_credit as "deductCredit", is_credited as "isCredited",
        registration_datetime as "registered", checked_in_at as "checkedInAt", updated_at as "updatedAt", updated_by_user_id as "updatedBy"
      from reservations order by registration_datetime`,
    );
    const time = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());
    expect(reservations.map((r) => ({ ...r, registered: time(r.registered), checkedInAt: time(r.checkedInAt), updatedAt: time(r.updatedAt) }))).toEqual([
      {
        id: r1,
        gymId: gym.id,
        eventId: classId,
        athleteId: a1!.athleteId,
        isWaitlisted: false,
        isReserved: true,
        isCheckedIn: true,
        isLateCancel: false,
        isNoShow: false,
        chargeNow: false,
        chargeDate: null,
        chargeFee: null,
        taxRateId: null,
        deductCredit: false,
        isCredited: true,
        registered: '2026-02-01T10:00:00.000Z',
        checkedInAt: '2026-03-05T11:55:00.000Z',
        updatedAt: '2026-03-05T11:55:00.000Z',
        updatedBy: staff.userId,
      },
      {
        id: r2,
        gymId: gym.id,
        eventId: classId,
        athleteId: a2!.athleteId,
        isWaitlisted: false,
        isReserved: true,
        isCheckedIn: false,
        isLateCancel: true,
        isNoShow: false,
        chargeNow: false,
        chargeDate: '2026-03-10',
        chargeFee: 1500,
        taxRateId: classRate.id,
        deductCredit: true,
        isCredited: true,
        registered: '2026-02-02T10:00:00.000Z',
        checkedInAt: null,
        updatedAt: '2026-03-05T09:00:00.000Z',
        updatedBy: staff.userId,
      },
      {
        id: r3,
        gymId: gym.id,
        eventId: rootClassId,
        athleteId: a3!.athleteId,
        isWaitlisted: true,
        isReserved: false,
        isCheckedIn: false,
        isLateCancel: false,
        isNoShow: false,
        chargeNow: false,
        chargeDate: null,
        chargeFee: null,
        taxRateId: null,
        deductCredit: false,
        isCredited: false,
        registered: '2026-02-03T10:00:00.000Z',
        checkedInAt: null,
        updatedAt: '2026-02-03T10:00:00.000Z',
        updatedBy: null,
      },
      {
        id: p1,
        gymId: gym.id,
        eventId: ptId,
        athleteId: a1!.athleteId,
        isWaitlisted: false,
        isReserved: true,
        isCheckedIn: false,
        isLateCancel: false,
        isNoShow: true,
        chargeNow: true,
        chargeDate: '2026-03-06',
        chargeFee: 4500,
        taxRateId: typeRate.id,
        deductCredit: true,
        isCredited: true,
        registered: '2026-02-04T10:00:00.000Z',
        checkedInAt: null,
        updatedAt: '2026-03-06T17:00:00.000Z',
        updatedBy: staff.userId,
      },
      {
        id: p2,
        gymId: gym.id,
        eventId: introId,
        athleteId: a2!.athleteId,
        isWaitlisted: false,
        isReserved: true,
        isCheckedIn: false,
        isLateCancel: false,
        isNoShow: false,
        chargeNow: false,
        chargeDate: null,
        chargeFee: null,
        taxRateId: null,
        deductCredit: false,
        isCredited: false,
        registered: '2026-02-05T10:00:00.000Z',
        checkedInAt: null,
        updatedAt: '2026-02-05T10:00:00.000Z',
        updatedBy: null,
      },
    ]);

    const charges = await queryRows<Record<string, unknown>>(
      db,
      sql`select id, gym_id as "gymId", athlete_id as "athleteId", reservation_id as "reservationId", reason, amount_minor as "amount", tax_rate_id as "taxRateId",
        collect_on::text as "collectOn", charge_now as "chargeNow", credit_deduction as "credits", created_by_user_id as "createdBy", created_at as "createdAt"
      from charges order by created_at`,
    );
    expect(charges.map((c) => ({ ...c, createdAt: time(c.createdAt) }))).toEqual([
      {
        id: looseCharge,
        gymId: gym.id,
        athleteId: a3!.athleteId,
        reservationId: null,
        reason: 'no_show',
        amount: 700,
        taxRateId: null,
        collectOn: '2026-02-20',
        chargeNow: false,
        credits: 0,
        createdBy: null,
        createdAt: '2026-02-20T00:00:00.000Z',
      },
      {
        id: classCharge,
        gymId: gym.id,
        athleteId: a2!.athleteId,
        reservationId: r2,
        reason: 'late_cancel',
        amount: 1500,
        taxRateId: classRate.id,
        collectOn: '2026-03-10',
        chargeNow: false,
        credits: 1,
        createdBy: staff.userId,
        createdAt: '2026-03-05T09:00:00.000Z',
      },
      {
        id: appointmentCharge,
        gymId: gym.id,
        athleteId: a1!.athleteId,
        reservationId: p1,
        reason: 'no_show',
        amount: 4500,
        taxRateId: typeRate.id,
        collectOn: '2026-03-06',
        chargeNow: true,
        credits: 2,
        createdBy: staff.userId,
        createdAt: '2026-03-06T17:00:00.000Z',
      },
    ]);

    const coaches = await queryRows<{ id: string; eventId: string; staffId: string; role: string }>(
      db,
      sql`select id, event_id as "eventId", staff_id as "staffId", role from event_coaches`,
    );
    expect(new Set(coaches.map((c) => JSON.stringify(c)))).toEqual(
      new Set(
        [
          { id: classLead, eventId: classId, staffId: staff.staffId, role: 'lead' },
          { id: ptLead, eventId: ptId, staffId: coach.staffId, role: 'lead' },
          { id: classAssistant, eventId: classId, staffId: coach.staffId, role: 'assistant' },
        ].map((c) => JSON.stringify(c)),
      ),
    );

    // The new constraints hold over the moved rows: one reservation per athlete and event, the charge's key.
    await expect(
      db.execute(sql`insert into reservations (id, gym_id, event_id, athlete_id) values (${randomUUID()}, ${gym.id}, ${classId}, ${a1!.athleteId})`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from reservations where id = ${r2}`)).resolves.toBeDefined();
    const [kept] = await queryRows<{ reservationId: string | null }>(db, sql`select reservation_id as "reservationId" from charges where id = ${classCharge}`);
    expect(kept).toEqual({ reservationId: null });
  });
});

describe('migration 0005: every banner names its audiences (issue 23)', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo(5);
    database = openPglite(newPglite());
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("gives the banners already there to gyms' staff and owners, and a new banner must name its own", async () => {
    const { db } = database;
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    const gym = await withLaterColumns(db, () => factories(db).gym());
    const [globalId, gymId] = ids(2);
    await db.execute(sql`insert into banners (id, gym_id, title, message) values
      (${globalId}, null, 'New: self check-in kiosk', '<p>Open Kiosk.</p>'),
      (${gymId}, ${gym.id}, 'Welcome to Spotter', '<p>Ready.</p>')`);

    await migrate(database);
    const rows = await queryRows<{ id: string; audiences: string }>(db, sql`select id, audiences::text as audiences from banners order by title`);
    expect(rows).toEqual([
      { id: globalId, audiences: '{gym_staff}' },
      { id: gymId, audiences: '{gym_staff}' },
    ]);
    await expect(db.execute(sql`insert into banners (gym_id, title, message) values (null, 'For whom?', '<p>?</p>')`)).rejects.toThrow();
    await expect(db.execute(sql`insert into banners (gym_id, title, message, audiences) values (null, 'For nobody', '<p>?</p>', '{}')`)).rejects.toThrow();
    await db.execute(sql`insert into banners (gym_id, title, message, audiences) values (null, 'For the console', '<p>!</p>', '{platform_staff}')`);
  });
});

describe('migration 0006: a waitlisted reservation has its place in line and holds no place (issue 16)', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo(6);
    database = openPglite(newPglite());
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('puts the rows already marked waitlisted in line by registration time, and a checked-in one out of it', async () => {
    const { db } = database;
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    const make = factories(db);
    const gym = await withLaterColumns(db, () => make.gym());
    // Raw SQL: the factory writes every column of today's class_types, which this older schema does not have yet.
    const [type] = await queryRows<{ id: string }>(db, sql`insert into class_types (gym_id, name) values (${gym.id}, 'WOD') returning id`);
    const [event] = await queryRows<{ id: string }>(
      db,
      sql`insert into events (gym_id, kind, class_type_id, starts_at, start_date, start_time, duration_minutes, capacity)
        values (${gym.id}, 'class', ${type!.id}, '2026-03-05T00:00:00Z', '2026-03-04', '18:00', 60, 10) returning id`,
    );
    const [a, b, c, d] = await withLaterColumns(db, () => make.athletes(gym.id, 4));
    const [held, second, first, walkedIn] = ids(4);
    await db.execute(sql`insert into reservations (id, gym_id, event_id, athlete_id, is_waitlisted, is_reserved, is_checked_in, registration_datetime) values
      (${held}, ${gym.id}, ${event!.id}, ${a!.athleteId}, false, true, false, '2026-02-01T10:00:00Z'),
      (${second}, ${gym.id}, ${event!.id}, ${b!.athleteId}, true, true, false, '2026-02-03T10:00:00Z'),
      (${first}, ${gym.id}, ${event!.id}, ${c!.athleteId}, true, true, false, '2026-02-02T10:00:00Z'),
      (${walkedIn}, ${gym.id}, ${event!.id}, ${d!.athleteId}, true, false, true, '2026-02-04T10:00:00Z')`);

    await migrate(database);
    const rows = await queryRows<{ id: string; is_waitlisted: boolean; is_reserved: boolean; waitlist_seq: string | null }>(
      db,
      sql`select id, is_waitlisted, is_reserved, waitlist_seq::text as waitlist_seq from reservations order by registration_datetime`,
    );
    expect(rows).toEqual([
      { id: held, is_waitlisted: false, is_reserved: true, waitlist_seq: null },
      { id: first, is_waitlisted: true, is_reserved: false, waitlist_seq: '1' },
      { id: second, is_waitlisted: true, is_reserved: false, waitlist_seq: '2' },
      { id: walkedIn, is_waitlisted: false, is_reserved: false, waitlist_seq: null },
    ]);
    // The next to join comes after them; a waiting row that holds a place is refused.
    const [next] = await queryRows<{ n: string }>(db, sql`select nextval('reservation_waitlist_seq')::text as n`);
    expect(next!.n).toBe('3');
    await expect(db.execute(sql`update reservations set is_reserved = true where id = ${first}`)).rejects.toThrow();
  });
});

describe('migration 0008: classes know when they end, and a coach or a room is never booked twice (issue 16)', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo(8);
    database = openPglite(newPglite());
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('computes ends, drops the later of two overlapping coach assignments, gives class types their fees, and refuses new overlaps', async () => {
    const { db } = database;
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    const make = factories(db);
    const gym = await withLaterColumns(db, () => make.gym());
    const coach = await withLaterColumns(db, () => make.staff(gym.id));
    const rate = await make.taxRate(gym.id);
    const [type] = await queryRows<{ id: string }>(db, sql`insert into class_types (gym_id, name) values (${gym.id}, 'WOD') returning id`);
    const [early, overlapping, later] = ids(3);
    await db.execute(sql`insert into events (id, gym_id, kind, class_type_id, starts_at, start_date, start_time, duration_minutes, capacity,
        tax_rate_id, cancellation_fee_minor, no_show_fee_minor, cancellation_credit_deduction, no_show_credit_deduction) values
      (${early}, ${gym.id}, 'class', ${type!.id}, '2026-03-05T12:00:00Z', '2026-03-05', '06:00', 60, 10, null, 500, 900, 1, 1),
      (${overlapping}, ${gym.id}, 'class', ${type!.id}, '2026-03-05T12:45:00Z', '2026-03-05', '06:45', 60, 10, null, 500, 900, 1, 1),
      (${later}, ${gym.id}, 'class', ${type!.id}, '2026-03-06T12:00:00Z', '2026-03-06', '06:00', 45, 10, ${rate.id}, 1500, 3000, 1, 2)`);
    const [a, b, c] = ids(3);
    await db.execute(sql`insert into event_coaches (id, gym_id, event_id, staff_id, role) values
      (${a}, ${gym.id}, ${early}, ${coach.staffId}, 'lead'), (${b}, ${gym.id}, ${overlapping}, ${coach.staffId}, 'lead'), (${c}, ${gym.id}, ${later}, ${coach.staffId}, 'lead')`);

    await migrate(database);
    const ends = await queryRows<{ id: string; ends: string; busy: string }>(
      db,
      sql`select id, ends_at as ends, busy_until as busy from events order by starts_at`,
    );
    expect(ends.map((e) => [e.id, new Date(e.ends).toISOString(), new Date(e.busy).toISOString()])).toEqual([
      [early, '2026-03-05T13:00:00.000Z', '2026-03-05T13:00:00.000Z'],
      [overlapping, '2026-03-05T13:45:00.000Z', '2026-03-05T13:45:00.000Z'],
      [later, '2026-03-06T12:45:00.000Z', '2026-03-06T12:45:00.000Z'],
    ]);
    const kept = await queryRows<{ id: string }>(db, sql`select id from event_coaches order by starts_at`);
    expect(kept.map((k) => k.id)).toEqual([a, c]);
    const [fees] = await queryRows<Record<string, unknown>>(
      db,
      sql`select cancellation_fee_minor as "fee", no_show_fee_minor as "noShow", no_show_credit_deduction as "credits", tax_rate_id as "rate" from class_types`,
    );
    expect(fees).toEqual({ fee: 1500, noShow: 3000, credits: 2, rate: rate.id });

    // The coach cannot take the overlapping class again; once it moves clear, they can; a cancelled class frees them.
    await expect(
      db.execute(sql`insert into event_coaches (gym_id, event_id, staff_id) values (${gym.id}, ${overlapping}, ${coach.staffId})`),
    ).rejects.toMatchObject({ cause: { code: '23P01', constraint: 'event_coaches_no_overlap' } });
    await db.execute(sql`update events set starts_at = '2026-03-05T13:00:00Z' where id = ${overlapping}`);
    await db.execute(sql`insert into event_coaches (gym_id, event_id, staff_id) values (${gym.id}, ${overlapping}, ${coach.staffId})`);
    await expect(db.execute(sql`update events set duration_minutes = 90 where id = ${early}`)).rejects.toMatchObject({
      cause: { code: '23P01', constraint: 'event_coaches_no_overlap' },
    });
    await db.execute(sql`update events set cancelled_at = now() where id = ${early}`);
    await db.execute(sql`update events set duration_minutes = 90 where id = ${early}`);
    const [synced] = await queryRows<{ cancelled: boolean; busy: string }>(
      db,
      sql`select is_cancelled as cancelled, busy_until as busy from event_coaches where id = ${a}`,
    );
    expect({ ...synced, busy: new Date(synced!.busy).toISOString() }).toEqual({ cancelled: true, busy: '2026-03-05T13:30:00.000Z' });
  });
});
