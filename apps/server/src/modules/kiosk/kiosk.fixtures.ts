import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, fromZoned, toZoned } from '@spotter/shared';
import { athleteClassReservations, classes } from '../../db/schema';
import { queryRows, type Db } from '../../db/client';

/** Records of the seeded demo data the kiosk tests act on (CONTRACT.md "Demo data"). */
export async function ironTemple(db: Db) {
  const [row] = await queryRows<{ gymId: string; classTypeId: string; locationId: string; taxRateId: string; staffUserId: string; athleteId: string; ukGymId: string }>(
    db,
    sql`select
      (select id from gyms where title = 'Iron Temple Barbell') as "gymId",
      (select ct.id from class_types ct join gyms g on g.id = ct.gym_id where g.title = 'Iron Temple Barbell' and ct.name = 'Olympic Lifting') as "classTypeId",
      (select l.id from locations l join gyms g on g.id = l.gym_id where g.title = 'Iron Temple Barbell' and l.name = 'Main Floor') as "locationId",
      (select t.id from tax_rates t join gyms g on g.id = t.gym_id where g.title = 'Iron Temple Barbell' and t.name = 'Sales Tax') as "taxRateId",
      (select id from users where email = 'staff@example.com') as "staffUserId",
      (select a.id from athletes a join gyms g on g.id = a.gym_id where a.email = 'athlete@example.com' and g.title = 'Iron Temple Barbell') as "athleteId",
      (select id from gyms where title = 'Northside Strength') as "ukGymId"`,
  );
  return row!;
}

export const TIME_ZONE = 'America/Chicago';
export const todayIn = (timeZone = TIME_ZONE) => toZoned(new Date(), timeZone).date;

/** Active athletes of a gym, by name (the seed has about 120 per gym). */
export async function athletesOf(db: Db, gymId: string, n: number, offset = 0): Promise<{ id: string; fullName: string }[]> {
  return queryRows(db, sql`select id, first_name || ' ' || last_name as "fullName" from athletes where gym_id = ${gymId} and is_active
    order by lower(first_name), lower(last_name), id limit ${n} offset ${offset}`);
}

/** A class of Iron Temple's Olympic Lifting on a day ahead (default tomorrow, 05:00 local, capacity 10), with no reservations. */
export async function makeClass(db: Db, opts: { capacity?: number; daysAhead?: number; time?: string; locationId?: string | null; rootId?: string | null } = {}) {
  const ids = await ironTemple(db);
  const date = addDays(todayIn(), opts.daysAhead ?? 1);
  const time = opts.time ?? '05:00';
  const id = randomUUID();
  await db.insert(classes).values({
    id,
    gymId: ids.gymId,
    classTypeId: ids.classTypeId,
    locationId: opts.locationId === undefined ? ids.locationId : opts.locationId,
    rootId: opts.rootId ?? null,
    startsAt: fromZoned(date, time, TIME_ZONE),
    startDate: date,
    startTime: `${time}:00`,
    durationMinutes: 60,
    capacity: opts.capacity ?? 10,
    taxRateId: ids.taxRateId,
    cancellationFeeMinor: 1500,
    noShowFeeMinor: 3000,
    cancellationCreditDeduction: 1,
    noShowCreditDeduction: 2,
  });
  return { id, date, time: `${time}:00`, ...ids };
}

export async function reserve(db: Db, gymId: string, classId: string, athleteIds: string[], values: Partial<typeof athleteClassReservations.$inferInsert> = {}) {
  const rows = athleteIds.map((athleteId, i) => ({
    id: randomUUID(),
    gymId,
    classId,
    athleteId,
    isReserved: true,
    isCredited: true,
    registrationDatetime: new Date(Date.now() - (athleteIds.length - i) * 60_000),
    ...values,
  }));
  if (rows.length) await db.insert(athleteClassReservations).values(rows);
  return rows.map((r) => r.id);
}
