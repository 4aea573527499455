import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { toZoned } from '@spotter/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { gyms } from '../apps/server/src/db/schema';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed';
import { athletesOf, makeClass, reserve } from '../apps/server/src/modules/kiosk/kiosk.fixtures';
import { eventDetailSelect } from '../apps/server/src/modules/kiosk/kiosk-detail.repository';
import { KINDS } from '../apps/server/src/modules/kiosk/kinds';
import { kioskListSelect } from '../apps/server/src/modules/kiosk/kiosk-list.repository';
import { groupedCheckInQuery, groupedWalkInQuery } from '../apps/server/src/modules/kiosk/reservations.repository';
import { login } from './kiosk';
import { compare, round, type BenchRow } from './lib';

/**
 * Scale (issue 6): the kiosk read on the demo data alone against the same read with 1,000 gyms x 300 athletes x 50
 * classes a week (three weeks, 8 reservations a class; a bill and a document per athlete, a pinned note for every tenth;
 * per gym also 2 rooms, 6 coaches, a lead coach on every class and two one-to-one appointments a day) in PostgreSQL. Target: the large database keeps at least
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
async function addGyms(database: Database, count: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`create temporary table scale_gyms as select gen_random_uuid() as id, g as n from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into gyms (id, title, time_zone) select id, 'Scale Gym ' || n, 'America/Chicago' from scale_gyms`);
  await db.execute(sql`insert into class_types (gym_id, name) select g.id, 'Type ' || t from scale_gyms g, generate_series(1, 5) t`);
  // What every gym also has, and the kiosk statements join: rooms, coaches, appointment types.
  await db.execute(sql`insert into locations (gym_id, name) select g.id, 'Room ' || l from scale_gyms g, generate_series(1, 2) l`);
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
  await db.execute(sql`insert into classes (id, gym_id, class_type_id, location_id, starts_at, start_date, start_time, duration_minutes, capacity)
    select id, gym_id, class_type_id, (select l.id from locations l where l.gym_id = sc.gym_id order by l.name limit 1),
      (start_date + start_time) at time zone 'America/Chicago', start_date, start_time, 60, 20 from scale_classes sc`);
  // A lead coach on every class, and two one-to-one appointments a day with their coach and athlete.
  await db.execute(sql`insert into event_coaches (gym_id, class_id, staff_id)
    select sc.gym_id, sc.id, st.staff_id from scale_classes sc join scale_staff st on st.gym_id = sc.gym_id and st.s = 1 + sc.c % ${STAFF_PER_GYM}`);
  await db.execute(sql`create temporary table scale_appointments as
    select gen_random_uuid() as id, g.id as gym_id, g.n, a,
      (select t.id from appointment_types t where t.gym_id = g.id order by t.name limit 1) as type_id,
      current_date - 7 + (a % ${7 * WEEKS}) as start_date, make_time(7 + (a % 2) * 6, 30, 0) as start_time
    from scale_gyms g, generate_series(1, ${2 * 7 * WEEKS}) a`);
  await db.execute(sql`insert into appointments (id, gym_id, appointment_type_id, starts_at, start_date, start_time, duration_minutes)
    select id, gym_id, type_id, (start_date + start_time) at time zone 'America/Chicago', start_date, start_time, 60 from scale_appointments`);
  await db.execute(sql`insert into event_coaches (gym_id, appointment_id, staff_id)
    select sa.gym_id, sa.id, st.staff_id from scale_appointments sa join scale_staff st on st.gym_id = sa.gym_id and st.s = 1 + sa.a % ${STAFF_PER_GYM}`);
  await db.execute(sql`insert into athlete_appointments (id, gym_id, appointment_id, athlete_id, is_reserved, is_credited)
    select gen_random_uuid(), sa.gym_id, sa.id, sp.athlete_id, true, true
    from scale_appointments sa join scale_people sp on sp.gym_id = sa.gym_id and sp.p = 1 + (sa.a * 13) % ${ATHLETES_PER_GYM}`);
  await db.execute(sql`insert into athlete_kilo_classes (id, gym_id, class_id, athlete_id, is_reserved, is_credited)
    select gen_random_uuid(), sc.gym_id, sc.id, sp.athlete_id, true, true
    from scale_classes sc join lateral (
      select athlete_id from scale_people p where p.gym_id = sc.gym_id and p.p between ((sc.c * 7) % ${ATHLETES_PER_GYM - RESERVATIONS_PER_CLASS}) + 1
        and ((sc.c * 7) % ${ATHLETES_PER_GYM - RESERVATIONS_PER_CLASS}) + ${RESERVATIONS_PER_CLASS}
    ) sp on true`);
  // Every athlete has a bill and a document (5 % past due, 10 % unsigned); every tenth has a pinned note.
  await db.execute(sql`insert into invoices (gym_id, athlete_id, status, due_date, total_minor)
    select gym_id, athlete_id, (case when p % 20 = 0 then 'past_due' else 'paid' end)::invoice_status, current_date - 10, 5000 from scale_people`);
  await db.execute(sql`insert into documents (gym_id, athlete_id, title, signed_at)
    select gym_id, athlete_id, 'Waiver', case when p % 10 = 0 then null else now() end from scale_people`);
  await db.execute(sql`insert into notes (gym_id, athlete_id, title, content, is_pinned)
    select gym_id, athlete_id, 'Note', 'Shoulder injury', true from scale_people where p % 10 = 0`);
  await db.execute(sql`analyze`);
}

type Side = { database: Database; url: string; detail: string; list: string; headers: Record<string, string>; close: () => Promise<void> };

async function side(databaseUrl: string, grow: boolean): Promise<Side> {
  const database = await openDatabase({ database: { kind: 'postgres', url: databaseUrl } });
  await migrate(database);
  await seedIfEmpty(database.db);
  if (grow) await addGyms(database, GYMS - 1);
  const { db } = database;
  const [gym] = await db.select().from(gyms).where(eq(gyms.title, 'Iron Temple Barbell'));
  const today = toZoned(new Date(), gym!.timeZone).date;
  const cls = await makeClass(db, { capacity: 100, daysAhead: 0, time: '23:00' });
  await reserve(db, gym!.id, cls.id, (await athletesOf(db, gym!.id, 100)).map((a) => a.id));
  // The statements are what grows with the data, so every read computes them (decision 012's cache off).
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATABASE_URL: databaseUrl, READ_CACHE_MS: '0', SESSION_CACHE_MS: '0' }), database, { logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const session = await login(url, 'staff@example.com');
  return {
    database,
    url,
    detail: `${url}/api/events/${cls.id}/kiosk-event/?limit=100&offset=0&eventType=class`,
    list: `${url}/api/events/kiosk-events/?date=${today}`,
    headers: { cookie: session.cookie },
    close: () => app.close(),
  };
}

export async function runScale(smallUrl: string, largeUrl: string): Promise<BenchRow[]> {
  const small = await side(smallUrl, false);
  const large = await side(largeUrl, true);
  try {
    const [counts] = await queryRows<{ gyms: number; athletes: number; classes: number; reservations: number }>(
      large.database.db,
      sql`select (select count(*)::int from gyms) as gyms, (select count(*)::int from athletes) as athletes,
        (select count(*)::int from classes) as classes, (select count(*)::int from athlete_kilo_classes) as reservations`,
    );
    const rows: BenchRow[] = [];
    for (const [name, pick] of [
      ['kiosk-event read (100 athletes)', (s: Side) => s.detail],
      ['kiosk-events list (today)', (s: Side) => s.list],
    ] as const) {
      const result = await compare(() => round(pick(small), seconds, 10, small.headers), () => round(pick(large), seconds, 10, large.headers));
      const ratio = Number(result.ratio.toFixed(2));
      rows.push({
        benchmark: `scale: ${name}, ${counts!.gyms} gyms vs the demo data`,
        value: ratio,
        unit: 'x small',
        target: '>= 0.83 (within 1.2x)',
        pass: ratio >= 1 / 1.2,
        detail: { rps: Math.round(result.subject.rps), p99Ms: result.subject.p99, smallRps: Math.round(result.baseline.rps), smallP99Ms: result.baseline.p99 },
      });
    }
    const [target] = await queryRows<{ id: string; gymId: string; today: string }>(
      large.database.db,
      sql`select c.id, c.gym_id as "gymId", c.start_date::text as today from classes c join gyms g on g.id = c.gym_id
        where g.title = 'Iron Temple Barbell' and c.capacity = 100 limit 1`,
    );
    const client = (large.database.db as unknown as { $client: { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, string>[] }> } }).$client;
    const named: Record<string, unknown> = { gymId: target!.gymId, eventId: target!.id, includeCancelled: false, staffView: true, viewerAthleteId: null, limit: 100, offset: 0, date: target!.today, searching: false, pattern: '%%' };
    /** EXPLAIN ANALYZE of a drizzle statement with its placeholders filled from `named` (a write: EXPLAIN alone). */
    const explain = async (query: { toSQL: () => { sql: string; params: unknown[] } }, analyze = true) => {
      const { sql: text, params } = query.toSQL();
      const values = params.map((p) => {
        const name = (p as { name?: string } | null)?.name;
        return name !== undefined && name in named ? named[name] : p;
      });
      const options = analyze ? 'analyze, costs off, timing off' : 'costs off';
      return (await client.query(`explain (${options}) ${text}`, values)).rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    /**
     * The app runs these as prepared statements, which PostgreSQL plans for their values five times and may then
     * replace by one generic plan for any gym: the EXPLAIN of that generic plan, on a connection of its own.
     */
    const explainGeneric = async (name: string, query: { toSQL: () => { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const literal = (p: unknown) => {
        const n = (p as { name?: string } | null)?.name;
        const v = n !== undefined && n in named ? named[n] : p;
        if (v === null) return 'null';
        return typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
      };
      const pool = client as unknown as { connect: () => Promise<{ query: (text: string) => Promise<{ rows: Record<string, string>[] }>; release: () => void }> };
      const own = await pool.connect();
      try {
        await own.query(`prepare ${name} as ${text}`);
        await own.query('set plan_cache_mode = force_generic_plan');
        const rows = (await own.query(`explain (analyze, costs off, timing off) execute ${name}(${params.map(literal).join(', ')})`)).rows;
        await own.query(`deallocate ${name}`);
        await own.query('reset plan_cache_mode');
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        own.release();
      }
    };
    const detailPlan = await explain(eventDetailSelect(large.database.db, 'class'));
    const listPlan = await explain(kioskListSelect(large.database.db, 'both'));
    const detailGeneric = await explainGeneric('bench_detail', eventDetailSelect(large.database.db, 'class'));
    const listGeneric = await explainGeneric('bench_list', kioskListSelect(large.database.db, 'both'));
    // The class start's grouped writes (decision 016), for 100 requests: the class's check-ins, and walk-ins of 100
    // other athletes of the gym.
    const booked = await queryRows<{ id: string; athleteId: string }>(large.database.db, sql`select id, athlete_id as "athleteId" from athlete_kilo_classes where class_id = ${target!.id} limit 100`);
    const others = await queryRows<{ id: string }>(large.database.db, sql`select id from athletes where gym_id = ${target!.gymId} and id not in (select athlete_id from athlete_kilo_classes where class_id = ${target!.id}) limit 100`);
    named.items = JSON.stringify(booked.map((b) => ({ id: b.id, is_checked_in: true, actor_user_id: randomUUID(), gym_id: target!.gymId, own_athlete_id: null })));
    const checkInPlan = await explain(groupedCheckInQuery(large.database.db, KINDS.class), false);
    named.items = JSON.stringify(others.map((a) => ({ id: randomUUID(), event_id: target!.id, gym_id: target!.gymId, athlete_id: a.id, actor_user_id: randomUUID() })));
    const walkInPlan = await explain(groupedWalkInQuery(large.database.db, KINDS.class), false);
    const out = path.join(import.meta.dirname, 'results', 'scale-explain.txt');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      `${JSON.stringify(counts)}\n\nkiosk-event detail (class):\n${detailPlan}\n\nkiosk-events list (both kinds, no search):\n${listPlan}\n` +
        `\nkiosk-event detail (class), generic plan:\n${detailGeneric}\n\nkiosk-events list (both kinds, no search), generic plan:\n${listGeneric}\n` +
        `\ngrouped check-ins (${booked.length} reservations):\n${checkInPlan}\n\ngrouped walk-ins (${others.length} athletes):\n${walkInPlan}\n`,
    );
    const seqScans = `${detailPlan}\n${listPlan}\n${detailGeneric}\n${listGeneric}\n${checkInPlan}\n${walkInPlan}`.split('\n').filter((line) => /Seq Scan on (athletes|athlete_kilo_classes|athlete_appointments|classes|class_types|appointments|appointment_types|locations|staff|event_coaches|notes|invoices|documents)\b/.test(line));
    rows.push({
      benchmark: 'scale: kiosk-event and kiosk-events statements and the grouped check-ins and walk-ins use indexes only (EXPLAIN in results/scale-explain.txt)',
      value: seqScans.length,
      unit: 'seq scans',
      target: '0 on large tables',
      pass: seqScans.length === 0,
      detail: { ...counts },
    });
    return rows;
  } finally {
    await small.close();
    await large.close();
  }
}
