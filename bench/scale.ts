import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, dayOfWeek, toZoned } from '@spotter/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed';
import { groupedCheckInQuery, groupedWalkInQuery } from '../apps/server/src/modules/reservations/fast-paths';
import { athletesOf, ironTemple, makeClass, reserve } from './fixtures';
import { explainStatements, statementsOf, type Statement } from './explain';
import { login } from './kiosk';
import { compare, round, type BenchRow } from './lib';

/**
 * Scale (issue 6): the kiosk read on the demo data alone against the same read with 1,000 gyms x 300 athletes x 50
 * classes a week (three weeks, 8 reservations a class; a bill and a document per athlete, a pinned note for every tenth;
 * per gym also 2 locations with 2 rooms each, 2 tax rates, 6 coaches, a lead coach on every class and two one-to-one appointments a day) in PostgreSQL. Target: the large database keeps at least
 * 1/1.2 of the small one's throughput. The EXPLAIN of the hot statement on the large database goes to
 * bench/results/scale-explain.txt.
 */
const GYMS = Number(process.env.BENCH_SCALE_GYMS ?? 1000);
const ATHLETES_PER_GYM = 300;
const CLASSES_PER_WEEK = 50;
const WEEKS = 3;
const RESERVATIONS_PER_CLASS = 8;
const STAFF_PER_GYM = 6;
const seconds = Number(process.env.BENCH_SECONDS ?? 3);

/** The other 999 gyms, generated in PostgreSQL itself (a few statements, no round trip per row). */
export async function addGyms(database: Database, count: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`create temporary table scale_gyms as select gen_random_uuid() as id, g as n from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into gyms (id, title, time_zone) select id, 'Scale Gym ' || n, 'America/Chicago' from scale_gyms`);
  await db.execute(sql`insert into class_types (gym_id, name) select g.id, 'Type ' || t from scale_gyms g, generate_series(1, 5) t`);
  // What every gym also has, and the kiosk statements join: rooms, coaches, appointment types.
  await db.execute(sql`insert into locations (gym_id, name) select g.id, 'Room ' || l from scale_gyms g, generate_series(1, 2) l`);
  await db.execute(
    sql`insert into rooms (gym_id, location_id, name) select l.gym_id, l.id, 'Area ' || r from locations l join scale_gyms g on g.id = l.gym_id, generate_series(1, 2) r`,
  );
  await db.execute(sql`insert into tax_rates (gym_id, name, percent) select g.id, 'Tax ' || t, 5 * t from scale_gyms g, generate_series(1, 2) t`);
  await db.execute(sql`insert into appointment_types (gym_id, name) select g.id, 'Session ' || t from scale_gyms g, generate_series(1, 3) t`);
  await db.execute(sql`create temporary table scale_staff as
    select g.id as gym_id, gen_random_uuid() as user_id, gen_random_uuid() as profile_id, gen_random_uuid() as staff_id, g.n, s
    from scale_gyms g, generate_series(1, ${STAFF_PER_GYM}) s`);
  await db.execute(sql`insert into users (id, email, password_hash) select user_id, 'scale-staff-' || n || '-' || s || '@example.com', 'x' from scale_staff`);
  await db.execute(sql`insert into profiles (id, user_id, gym_id, role) select profile_id, user_id, gym_id, 'staff' from scale_staff`);
  await db.execute(sql`insert into staff (id, profile_id, gym_id, first_name, last_name, email, is_coach)
    select staff_id, profile_id, gym_id, 'Coach' || s, 'Gym' || n, 'scale-staff-' || n || '-' || s || '@example.com', true from scale_staff`);
  await db.execute(sql`create temporary table scale_people as
    select g.id as gym_id, gen_random_uuid() as user_id, gen_random_uuid() as profile_id, gen_random_uuid() as athlete_id, g.n, p
    from scale_gyms g, generate_series(1, ${ATHLETES_PER_GYM}) p`);
  await db.execute(sql`insert into users (id, email, password_hash) select user_id, 'scale-' || n || '-' || p || '@example.com', 'x' from scale_people`);
  await db.execute(sql`insert into profiles (id, user_id, gym_id, role) select profile_id, user_id, gym_id, 'athlete' from scale_people`);
  await db.execute(sql`insert into athletes (id, profile_id, gym_id, first_name, last_name)
    select athlete_id, profile_id, gym_id, 'Athlete' || p, 'Gym' || n from scale_people`);
  // 50 classes a week for three weeks around today, each with 8 reservations of the gym's athletes.
  await db.execute(sql`create temporary table scale_classes as
    select gen_random_uuid() as id, g.id as gym_id, g.n, c,
      (select ct.id from class_types ct where ct.gym_id = g.id order by ct.name limit 1) as class_type_id,
      current_date - 7 + (c % ${7 * WEEKS}) as start_date, make_time(5 + (c % 14), 0, 0) as start_time
    from scale_gyms g, generate_series(1, ${CLASSES_PER_WEEK * WEEKS}) c`);
  await db.execute(sql`insert into events (id, gym_id, kind, class_type_id, location_id, starts_at, start_date, start_time, duration_minutes, capacity)
    select id, gym_id, 'class', class_type_id, (select l.id from locations l where l.gym_id = sc.gym_id order by l.name limit 1),
      (start_date + start_time) at time zone 'America/Chicago', start_date, start_time, 60, 20 from scale_classes sc`);
  // A lead coach on every class, and two one-to-one appointments a day with their coach and athlete.
  // Classes c and c + 42 share a day and an hour: they get different coaches (a coach is never in two places at once,
  // migration 0008), out of the first five; the sixth coaches the appointments.
  await db.execute(sql`insert into event_coaches (gym_id, event_id, staff_id)
    select sc.gym_id, sc.id, st.staff_id from scale_classes sc join scale_staff st on st.gym_id = sc.gym_id and st.s = 1 + (sc.c / 42) % ${STAFF_PER_GYM - 1}`);
  await db.execute(sql`create temporary table scale_appointments as
    select gen_random_uuid() as id, g.id as gym_id, g.n, a,
      (select t.id from appointment_types t where t.gym_id = g.id order by t.name limit 1) as type_id,
      current_date - 7 + (a % ${7 * WEEKS}) as start_date, make_time(7 + (a % 2) * 6, 30, 0) as start_time
    from scale_gyms g, generate_series(1, ${2 * 7 * WEEKS}) a`);
  await db.execute(sql`insert into events (id, gym_id, kind, appointment_type_id, starts_at, start_date, start_time, duration_minutes, capacity)
    select id, gym_id, 'appointment', type_id, (start_date + start_time) at time zone 'America/Chicago', start_date, start_time, 60, 1 from scale_appointments`);
  await db.execute(sql`insert into event_coaches (gym_id, event_id, staff_id)
    select sa.gym_id, sa.id, st.staff_id from scale_appointments sa join scale_staff st on st.gym_id = sa.gym_id and st.s = ${STAFF_PER_GYM}`);
  await db.execute(sql`insert into reservations (id, gym_id, event_id, athlete_id, is_reserved, is_credited)
    select gen_random_uuid(), sa.gym_id, sa.id, sp.athlete_id, true, true
    from scale_appointments sa join scale_people sp on sp.gym_id = sa.gym_id and sp.p = 1 + (sa.a * 13) % ${ATHLETES_PER_GYM}`);
  // Classes before today were attended: their athletes are checked in (the athletes list's last visit).
  await db.execute(sql`insert into reservations (id, gym_id, event_id, athlete_id, is_reserved, is_credited, is_checked_in)
    select gen_random_uuid(), sc.gym_id, sc.id, sp.athlete_id, true, true, sc.start_date < current_date
    from scale_classes sc join lateral (
      select athlete_id from scale_people p where p.gym_id = sc.gym_id and p.p between ((sc.c * 7) % ${ATHLETES_PER_GYM - RESERVATIONS_PER_CLASS}) + 1
        and ((sc.c * 7) % ${ATHLETES_PER_GYM - RESERVATIONS_PER_CLASS}) + ${RESERVATIONS_PER_CLASS}
    ) sp on true`);
  // Every athlete has a bill and a document (5 % past due, 10 % unsigned); every tenth has a pinned note.
  // Issue 19: numbered per gym, issued over the last two months, paid ones with their payment figure (the invoice list).
  await db.execute(sql`insert into invoices (gym_id, athlete_id, number, status, source, issue_date, due_date, net_minor, total_minor, payments_minor)
    select gym_id, athlete_id, p, (case when p % 20 = 0 then 'past_due' else 'paid' end)::invoice_status, 'billing_period', current_date - 10 - (p % 60), current_date - 10, 5000, 5000,
      case when p % 20 = 0 then 0 else 5000 end from scale_people`);
  await db.execute(sql`insert into documents (gym_id, athlete_id, title, signed_at)
    select gym_id, athlete_id, 'Waiver', case when p % 10 = 0 then null else now() end from scale_people`);
  await db.execute(sql`insert into notes (gym_id, athlete_id, title, content, is_pinned)
    select gym_id, athlete_id, 'Note', 'Shoulder injury', true from scale_people where p % 10 = 0`);
  // Issue 17: per gym 6 tags on 40% of the athletes, 3 packages, and a package held by 90% of the athletes (the
  // athletes list's tags and membership state).
  await db.execute(sql`insert into tags (gym_id, name) select g.id, 'Tag ' || t from scale_gyms g, generate_series(1, 6) t`);
  await db.execute(sql`insert into athlete_tags (athlete_id, tag_id, gym_id)
    select sp.athlete_id, t.id, sp.gym_id from scale_people sp join tags t on t.gym_id = sp.gym_id and t.name = 'Tag ' || (1 + sp.p % 6) where sp.p % 5 < 2`);
  await db.execute(
    sql`insert into packages (gym_id, name, kind) select g.id, k::text, k from scale_gyms g, unnest(array['membership', 'class_pack', 'trial']::package_kind[]) k`,
  );
  await db.execute(sql`insert into athlete_packages (gym_id, athlete_id, package_id, status, start_date)
    select sp.gym_id, sp.athlete_id, pk.id, (case when sp.p % 10 = 1 then 'on_hold' when sp.p % 10 = 2 then 'cancelled' else 'active' end)::athlete_package_status, current_date - 100
    from scale_people sp join packages pk on pk.gym_id = sp.gym_id and pk.kind = (case when sp.p % 10 = 3 then 'trial' when sp.p % 10 = 4 then 'class_pack' else 'membership' end)::package_kind
    where sp.p % 10 <> 0`);
  await addYearOfHistory(database);
  await db.execute(sql`analyze`);
}

const HISTORY_PAYERS = Number(process.env.BENCH_SCALE_PAYERS ?? 30);
const HISTORY_CLASSES_PER_WEEK = 2;
const HISTORY_CHECK_INS_PER_CLASS = 6;
const HISTORY_PACKAGES = 60;

/**
 * Issue 21: a year of what the reports read, for every scale gym, so their tables are as big as a year makes them
 * (each set-based, a few statements for all the gyms): 30 members a gym paid a monthly bill each of the last 12 months
 * (invoice, line and payment on its issue date; every 25th refunded in part), 60 memberships started across the year
 * (a quarter cancelled 60 days in, some trials ended, some on a past hold), class-pack grants in the credit ledger,
 * and two past classes a week over the year with 6 check-ins each. The gym the rows measure (the demo's Iron Temple)
 * has its own year from the demo seed (seed/report-history.ts), the same on both databases.
 */
export async function addYearOfHistory(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`create temporary table scale_bills as
    select gen_random_uuid() as invoice_id, gen_random_uuid() as payment_id, sp.gym_id, sp.athlete_id, sp.p, m,
      (date_trunc('month', current_date) - make_interval(months => m))::date + (sp.p % 28) as issue_date
    from scale_people sp, generate_series(1, 12) m where sp.p <= ${HISTORY_PAYERS}`);
  await db.execute(sql`insert into invoices (id, gym_id, athlete_id, number, status, source, issue_date, due_date, net_minor, tax_minor, total_minor, payments_minor, refunds_minor, created_at)
    select invoice_id, gym_id, athlete_id, 1000 + p * 12 + m, (case when (p * 12 + m) % 25 = 0 then 'partially_refunded' else 'paid' end)::invoice_status, 'billing_period',
      issue_date, issue_date, 14900, 0, 14900, 14900, case when (p * 12 + m) % 25 = 0 then 2000 else 0 end, issue_date + time '09:00'
    from scale_bills`);
  await db.execute(sql`insert into invoice_lines (gym_id, invoice_id, position, description, item_price_minor, quantity, net_minor, tax_minor, total_minor)
    select gym_id, invoice_id, 0, 'Membership', 14900, 1, 14900, 0, 14900 from scale_bills`);
  await db.execute(sql`insert into payments (id, gym_id, invoice_id, athlete_id, kind, channel, status, amount_minor, refunded_minor, created_at, updated_at)
    select payment_id, gym_id, invoice_id, athlete_id, 'payment', 'card', 'succeeded', 14900, case when (p * 12 + m) % 25 = 0 then 2000 else 0 end,
      issue_date + time '09:00', issue_date + time '09:00' from scale_bills`);
  await db.execute(sql`insert into payments (gym_id, invoice_id, athlete_id, kind, channel, status, amount_minor, refund_of_payment_id, created_at, updated_at)
    select gym_id, invoice_id, athlete_id, 'refund', 'card', 'succeeded', 2000, payment_id, issue_date + time '09:00' + interval '5 days', issue_date + time '09:00' + interval '5 days'
    from scale_bills where (p * 12 + m) % 25 = 0`);
  await db.execute(sql`insert into athlete_packages (gym_id, athlete_id, package_id, status, start_date, end_date, cancelled_at, hold_starts_on, hold_ends_on, price_minor)
    select sp.gym_id, sp.athlete_id, pk.id,
      (case when sp.p % 4 = 0 then 'cancelled' when pk.kind = 'trial' then 'ended' else 'active' end)::athlete_package_status,
      current_date - 6 * sp.p,
      case when sp.p % 4 = 0 then current_date - 6 * sp.p + 60 when pk.kind = 'trial' then current_date - 6 * sp.p + 14 end,
      case when sp.p % 4 = 0 then (current_date - 6 * sp.p + 60)::timestamptz end,
      case when sp.p % 4 = 1 and sp.p > 20 then current_date - 6 * sp.p + 30 end,
      case when sp.p % 4 = 1 and sp.p > 20 then current_date - 6 * sp.p + 44 end,
      14900
    from scale_people sp join packages pk on pk.gym_id = sp.gym_id and pk.kind = (case when sp.p % 5 = 2 then 'trial' else 'membership' end)::package_kind
    where sp.p <= ${HISTORY_PACKAGES}`);
  await db.execute(sql`insert into credit_ledger (gym_id, athlete_package_id, athlete_id, delta, reason, created_at)
    select ap.gym_id, ap.id, ap.athlete_id, 10, 'grant', ap.start_date::timestamptz
    from athlete_packages ap join packages pk on pk.id = ap.package_id and pk.kind = 'class_pack' join scale_gyms g on g.id = ap.gym_id`);
  await db.execute(sql`create temporary table scale_past_classes as
    select gen_random_uuid() as id, g.id as gym_id, c,
      (select ct.id from class_types ct where ct.gym_id = g.id order by ct.name limit 1) as class_type_id,
      current_date - (${7 * WEEKS}::int + 7 * (c / ${HISTORY_CLASSES_PER_WEEK}::int) + 3 * (c % ${HISTORY_CLASSES_PER_WEEK}::int)) as start_date,
      make_time(6 + (c % 13), 0, 0) as start_time
    from scale_gyms g, generate_series(0, ${52 * HISTORY_CLASSES_PER_WEEK - 1}) c`);
  await db.execute(sql`insert into events (id, gym_id, kind, class_type_id, starts_at, start_date, start_time, duration_minutes, capacity)
    select id, gym_id, 'class', class_type_id, (start_date + start_time) at time zone 'America/Chicago', start_date, start_time, 60, 20 from scale_past_classes`);
  await db.execute(sql`insert into reservations (id, gym_id, event_id, athlete_id, is_reserved, is_credited, is_checked_in)
    select gen_random_uuid(), pc.gym_id, pc.id, sp.athlete_id, true, true, true
    from scale_past_classes pc join scale_people sp on sp.gym_id = pc.gym_id
      and sp.p between (pc.c * 5) % ${ATHLETES_PER_GYM - HISTORY_CHECK_INS_PER_CLASS} + 1 and (pc.c * 5) % ${ATHLETES_PER_GYM - HISTORY_CHECK_INS_PER_CLASS} + ${HISTORY_CHECK_INS_PER_CLASS}`);
}

/** The Monday of the week of a date. */
const weekStart = (date: string) => addDays(date, -((dayOfWeek(date) + 6) % 7));

export type Side = {
  database: Database;
  url: string;
  detail: string;
  list: string;
  calendar: string;
  athletes: string;
  athleteSearch: string;
  invoices: string;
  headers: Record<string, string>;
  ownerHeaders: Record<string, string>;
  classId: string;
  gymId: string;
  close: () => Promise<void>;
};

export async function side(databaseUrl: string, grow: boolean): Promise<Side> {
  const database = await openDatabase({ database: { kind: 'postgres', url: databaseUrl } });
  await migrate(database);
  await seedIfEmpty(database.db);
  if (grow) await addGyms(database, GYMS - 1);
  const { db } = database;
  const { gym } = await ironTemple(db);
  const today = toZoned(new Date(), gym.timeZone).date;
  const cls = await makeClass(db, { capacity: 100, daysAhead: 0, time: '23:00' });
  await reserve(db, cls, await athletesOf(db, gym.id, 100));
  // The statements are what grows with the data, so every read computes them (decision 012's cache off).
  const app = await buildApp(
    loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATABASE_URL: databaseUrl, READ_CACHE_MS: '0', SESSION_CACHE_MS: '0' }),
    database,
    { logger: false },
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const session = await login(url, 'staff@example.com');
  // Issue 19: /invoices needs InvoiceReportsView, which the demo owner holds.
  const owner = await login(url, 'owner@example.com');
  return {
    database,
    url,
    detail: `${url}/api/events/${cls.id}/kiosk-event/?limit=100&offset=0&eventType=class`,
    list: `${url}/api/events/kiosk-events/?date=${today}`,
    // Issue 16: the staff calendar's week (Monday to Sunday around today), every class and appointment of the gym.
    calendar: `${url}/api/calendar/?start=${weekStart(today)}&end=${addDays(weekStart(today), 6)}`,
    // Issue 17: the athletes list's first page, and a search by name.
    athletes: `${url}/api/athletes/?limit=25&offset=0`,
    athleteSearch: `${url}/api/athletes/?search=mor&limit=25&offset=0`,
    // Issue 19: the invoice list's first page (25, newest first) with the totals of the gym's invoices.
    invoices: `${url}/api/invoices/?limit=25&offset=0`,
    headers: { cookie: session.cookie },
    ownerHeaders: { cookie: owner.cookie },
    classId: cls.id,
    gymId: gym.id,
    close: () => app.close(),
  };
}

/**
 * The two databases of the scale rows (issue 21's report rows measure on them too, bench/reports.ts): the demo data
 * alone, and the demo data with the other 999 gyms. close() stops both apps (each closes its database).
 */
export async function openScale(smallUrl: string, largeUrl: string): Promise<{ small: Side; large: Side; close: () => Promise<void> }> {
  const small = await side(smallUrl, false);
  const large = await side(largeUrl, true);
  return {
    small,
    large,
    // Each app closes its database as it stops.
    close: async () => {
      await small.close();
      await large.close();
    },
  };
}

export async function runScale(small: Side, large: Side): Promise<BenchRow[]> {
  const [counts] = await queryRows<{ gyms: number; athletes: number; classes: number; reservations: number }>(
    large.database.db,
    sql`select (select count(*)::int from gyms) as gyms, (select count(*)::int from athletes) as athletes,
      (select count(*)::int from events) as classes, (select count(*)::int from reservations) as reservations`,
  );
  const rows: BenchRow[] = [];
  // BENCH_SCALE_ONLY=kiosk,list,calendar,athletes,search,invoices measures a subset of the rows (the EXPLAIN row covers all).
  const measure = new Set((process.env.BENCH_SCALE_ONLY ?? 'kiosk,list,calendar,athletes,search,invoices').split(',').map((k) => k.trim()));
  /** The invoice list is the owner's (InvoiceReportsView); the other reads are the staff member's. */
  const headersFor = (s: Side, pick: (s: Side) => string) => (pick(s) === s.invoices ? s.ownerHeaders : s.headers);
  const statementsPerRequest = async (pick: (s: Side) => string) =>
    // The job queue's own polling (pg-boss) runs beside the request: not the request's.
    (await statementsOf(large.database.db, () => fetch(pick(large), { headers: headersFor(large, pick) }).then((r) => r.text()))).filter(
      (st) => !/pgboss/i.test(st.text),
    ).length;
  const counted: [BenchRow, (s: Side) => string][] = [];
  for (const [key, name, pick, within] of [
    ['kiosk', 'kiosk-event read (100 athletes)', (s: Side) => s.detail, 1.2],
    ['list', 'kiosk-events list (today)', (s: Side) => s.list, 1.2],
    // Issue 16: within 1.5x of the small database.
    ['calendar', 'week calendar read (staff)', (s: Side) => s.calendar, 1.5],
    // Issue 17: a gym's athletes list (its first page of 25) and a search by name, within 1.5x.
    ['athletes', 'athletes list page (25 of the gym)', (s: Side) => s.athletes, 1.5],
    ['search', 'athletes search by name', (s: Side) => s.athleteSearch, 1.5],
    // Issue 19: /invoices' first page with the totals of the gym's invoices (300 per gym at scale), within 1.5x.
    ['invoices', 'invoice list page (25, with totals)', (s: Side) => s.invoices, 1.5],
  ] as const) {
    if (!measure.has(key)) continue;
    const result = await compare(
      () => round(pick(small), seconds, 10, headersFor(small, pick)),
      () => round(pick(large), seconds, 10, headersFor(large, pick)),
    );
    const ratio = Number(result.ratio.toFixed(2));
    rows.push({
      benchmark: `scale: ${name}, ${counts!.gyms} gyms vs the demo data`,
      value: ratio,
      unit: 'x small',
      target: `>= ${(1 / within).toFixed(2)} (within ${within}x)`,
      pass: ratio >= 1 / within,
      detail: {
        rps: Math.round(result.subject.rps),
        p99Ms: result.subject.p99,
        smallRps: Math.round(result.baseline.rps),
        smallP99Ms: result.baseline.p99,
      },
    });
    counted.push([rows.at(-1)!, pick]);
  }
  // Every statement the two reads run (captured as the app sends them), and the class start's grouped writes
  // (decision 016) for 100 requests: the class's check-ins, and walk-ins of 100 other athletes of the gym.
  // After the rounds' last requests have been answered; each statement once.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Statements per request (the session lookup included), counted once the rounds' requests have all been answered.
  for (const [row, pick] of counted) row.detail = { ...row.detail, queriesPerRequest: await statementsPerRequest(pick) };
  const captured = [
    ...(await statementsOf(large.database.db, () => fetch(large.detail, { headers: large.headers }).then((r) => r.text()))),
    ...(await statementsOf(large.database.db, () => fetch(large.list, { headers: large.headers }).then((r) => r.text()))),
    ...(await statementsOf(large.database.db, () => fetch(large.calendar, { headers: large.headers }).then((r) => r.text()))),
    ...(await statementsOf(large.database.db, () => fetch(large.athletes, { headers: large.headers }).then((r) => r.text()))),
    ...(await statementsOf(large.database.db, () => fetch(large.athleteSearch, { headers: large.headers }).then((r) => r.text()))),
    ...(await statementsOf(large.database.db, () => fetch(large.invoices, { headers: large.ownerHeaders }).then((r) => r.text()))),
  ].filter((st) => !/from "sessions"/.test(st.text));
  const reads: Statement[] = [...new Map(captured.map((st) => [st.text, st])).values()];
  const booked = await queryRows<{ id: string }>(large.database.db, sql`select id from reservations where event_id = ${large.classId} limit 100`);
  const others = await queryRows<{ id: string }>(
    large.database.db,
    sql`select id from athletes where gym_id = ${large.gymId} and id not in (select athlete_id from reservations where event_id = ${large.classId}) limit 100`,
  );
  const at = new Date().toISOString();
  const grouped = (query: { toSQL: () => { sql: string; params: unknown[] } }, items: unknown[]): Statement => {
    const { sql: text, params } = query.toSQL();
    return { text, values: params.map((p) => ((p as { name?: string } | null)?.name === 'items' ? JSON.stringify(items) : p)) };
  };
  const writes: Statement[] = [
    grouped(
      groupedCheckInQuery(large.database.db),
      booked.map((b) => ({ id: b.id, kind: 'class', is_checked_in: true, actor_user_id: randomUUID(), gym_id: large.gymId, own_athlete_id: null, at })),
    ),
    grouped(
      groupedWalkInQuery(large.database.db),
      others.map((a) => ({ id: randomUUID(), kind: 'class', event_id: large.classId, gym_id: large.gymId, athlete_id: a.id, actor_user_id: randomUUID(), at })),
    ),
  ];
  const plans = await explainStatements(large.database.db, [
    ...reads.map((st) => ({ ...st, analyze: true })),
    // Writes are explained without running them.
    ...writes.map((st) => ({ ...st, analyze: false })),
  ]);
  const out = path.join(import.meta.dirname, 'results', 'scale-explain.txt');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(counts)}\n\n${plans.map((p) => `${p.text}\n\n${p.plan}\n\ngeneric plan:\n${p.generic}`).join('\n\n----\n\n')}\n`);
  const seqScans = plans
    .flatMap((p) => `${p.plan}\n${p.generic}`.split('\n'))
    .filter((line) =>
      /Seq Scan on (athletes|reservations|events|class_types|appointment_types|locations|rooms|staff|event_coaches|notes|invoices|documents|tax_rates|tags|athlete_tags|packages|athlete_packages)\b/.test(
        line,
      ),
    );
  rows.push({
    benchmark: `scale: the ${reads.length} statements of the kiosk-event, kiosk-events, week calendar, athletes list and invoice list reads and the grouped check-ins and walk-ins use indexes only (EXPLAIN in results/scale-explain.txt)`,
    value: seqScans.length,
    unit: 'seq scans',
    target: '0 on large tables',
    pass: seqScans.length === 0,
    detail: { ...counts },
  });
  return rows;
}
