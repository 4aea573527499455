import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DOMAIN_EVENTS, type EventKind } from '@spotter/shared';
import { athletePackages, athletes, creditLedger, domainEvents, events, gyms, reservations } from '../../db/schema';
import { recordEvents } from '../../lib/domain-events';
import { checkedInEvent } from './booking-events';
import { POOL_SIZE, isSoleConnection, sqlState, type Db, type DbOrTx } from '../../db/client';
import { checkEligibilityMany } from '../athlete-packages';
import { groupCommit, type GroupCommit } from '../../lib/group-commit';
import type { Change } from '../../lib/changes';
import { recordFields, type ReservationRecord } from './reservations.repository';
import type { ReservationsContext } from './reservations.service';
import { holdsPlaceSql } from '../booking-policy';
import { allowsUncoveredWalkInsSql, refusesWalkIn, groupedWalkInSql } from '../booking-policy';

/**
 * Decision 016, behind FAST_WRITES: the two writes of a class start, a reserved athlete's check-in and a walk-in,
 * as grouped statements. The requests that arrive together run as ONE statement over a JSON array of them, which
 * applies the same rules as the locked path (reservations.service.ts) and, for walk-ins, which add a place, takes the
 * same event locks as withEventLock (in id order, FOR NO KEY UPDATE); each request is answered with its own row once
 * the statement committed. A request the statement
 * has no row for (a walk-in of an athlete who is already booked, a marked reservation, someone else's, not found, a
 * replay) returns undefined, and the caller takes the locked path, which decides it and answers its refusal. The
 * server's tests run with FAST_WRITES on and off and expect the same answers. An athlete's own check-in or walk-in is
 * never grouped: the service leaves it to the locked path, which applies their self check-in window (issue 32).
 */

/** At most this many requests share one grouped statement: a class start's burst fits in one or two. */
const MAX_GROUP = 200;
/** How long PGlite's next group waits after one ends, for the requests that queued behind it (group-commit.ts). */
const GATHER_MS = 4;
/** While they keep arriving, it waits on (4 ms at a time), up to this long after the last group's end. */
const MAX_GATHER_MS = 25;
const DEADLOCK_DETECTED = '40P01';

const items = sql`${sql.placeholder('items')}::json`;
/** The group's requests as a table `v` with these columns. */
const groupRows = (columns: string) => sql`json_to_recordset(${items}) as v(${sql.raw(columns)})`;
/**
 * One uuid column of the group's requests as an array, computed before the scan: joined only to the function,
 * PostgreSQL plans for 100 rows and may scan a whole table, while `= any(array)` takes the index whatever its size.
 */
const idsOf = (column: string) => sql`array(select w.${sql.raw(column)} from json_to_recordset(${items}) as w(${sql.raw(column)} uuid))`;

export type CheckInRequest = { id: string; kind: EventKind; isCheckedIn: boolean; gymId: string; actorUserId: string; ownAthleteId: string | null; at: Date };
export type WalkInRequest = { id: string; kind: EventKind; eventId: string; gymId: string; athleteId: string; actorUserId: string; at: Date };

/** The change feed's notification of a row's gym (lib/changes.ts gymChangeSql), where there is a feed. */
export type NotifyOf = (gymId: SQL | AnyPgColumn) => SQL | null;
const noNotify: NotifyOf = () => null;

/**
 * A reserved athlete checked in or out. A reservation that holds a place by being reserved holds it whether or not
 * the athlete is checked in (rules holdsPlace), so the toggle changes no one's place and needs no event lock (the
 * reservation's own row lock orders it with the locked path's writes of that row). Marked, waitlisted and walk-in
 * reservations, whose toggle can change a place, are left to the locked path.
 *
 * Issue 33: ONE statement still. `before` (the table again, joined by id) says whether each row was checked in, and its
 * version (xmin); `updated` is the toggle, of the rows still at that version (a row changed by another transaction meanwhile is left
 * to the locked path); `recorded` inserts a `booking.checked_in` domain event for each row it checked in that was not
 * (as the locked path does), so the event exists exactly when the change does, and a repeated tap records none.
 */
export function groupedCheckInQuery(db: Db, notifyOf: NotifyOf = noNotify) {
  const r = reservations;
  // The row as the statement read it, joined by id (a second scan of the table, by its primary key).
  const before = sql.identifier('before');
  const toggle = db
    .update(r)
    .set({
      isCheckedIn: sql`v.is_checked_in`,
      checkedInAt: sql`case when v.is_checked_in then (case when ${r.isCheckedIn} then ${r.checkedInAt} else v.at end) else null end`,
      chargeNow: false,
      chargeDate: null,
      chargeFeeMinor: null,
      taxRateId: null,
      deductCredit: false,
      updatedAt: sql`v.at`,
      updatedByUserId: sql`v.actor_user_id`,
    })
    .from(
      sql`${groupRows('id uuid, kind event_kind, is_checked_in boolean, gym_id uuid, actor_user_id uuid, own_athlete_id uuid, at timestamptz')} join ${r} ${before} on ${before}.id = v.id`,
    )
    .where(
      and(
        sql`${r.id} = v.id`,
        sql`${r.id} = any(${idsOf('id')})`,
        sql`${r.gymId} = v.gym_id`,
        sql`exists (select 1 from ${events} where ${events.id} = ${r.eventId} and ${events.kind} = v.kind)`,
        eq(r.isReserved, true),
        holdsPlaceSql(r),
        sql`(v.own_athlete_id is null or ${r.athleteId} = v.own_athlete_id)`,
        // The row as `before` read it: a row another transaction changed since (which the UPDATE re-reads, `before`
        // not) is left to the locked path, so `was_checked_in` is always the value this toggle replaced.
        sql`${r}.xmin = ${before}.xmin`,
      ),
    )
    .returning({ ...getTableColumns(r), wasCheckedIn: sql<boolean>`${before}.is_checked_in`.as('was_checked_in') });
  // The CTE's columns are the table's (and was_checked_in): read them as an alias of it, named as the CTE.
  const u = alias(reservations, 'updated') as unknown as typeof reservations;
  const updated = db.$with('updated', { id: u.id }).as(toggle.getSQL());
  const spec = DOMAIN_EVENTS['booking.checked_in'];
  const recorded = db.$with('recorded', { n: sql<number>`1` }).as(sql`
    insert into ${domainEvents} (gym_id, type, subject_id, payload, schema_version)
    select ${u.gymId}, 'booking.checked_in', ${u.id}, json_build_object('athleteId', ${u.athleteId}, 'eventId', ${u.eventId}, 'walkIn', false)::jsonb, ${spec.version}::int
    from ${sql.identifier('updated')}
    where ${u.isCheckedIn} and not ${sql.identifier('updated')}.was_checked_in
    returning 1`);
  return (
    db
      .with(updated, recorded)
      .select(withNotify(recordFields(u), notifyOf(u.gymId)))
      .from(updated)
      // A select of one source leaves its columns unqualified, and the record's subqueries need them qualified.
      .crossJoin(sql`(values (1)) as ${sql.identifier('one')}(n)`)
  );
}

/**
 * Walk-ins (spec 4: not reserved, checked in) as ONE INSERT … SELECT: a row only where the event of the kind, open
 * (not cancelled), and an eligible athlete of the caller's gym exist (policy.ts groupedWalkInSql, the locked path's
 * rules as SQL). A walk-in takes no capacity check (decision 005).
 * ON CONFLICT DO NOTHING leaves a replay of the same id, or an athlete who already has a record of the event, to the
 * locked path. Issue 18: the package that credits each walk-in (`v.package_id`, null: uncredited) was chosen before the
 * statement by the one eligibility rule for the whole group (`checkEligibilityMany`, in the same transaction, under
 * the events' and the packages' locks); `walkInGroup` then writes the bookings' ledger rows.
 */
export function groupedWalkInQuery(db: DbOrTx, notifyOf: NotifyOf = noNotify) {
  const r = reservations;
  const a = athletes;
  const locked = db.$with('locked').as(
    db
      .select({ id: events.id })
      .from(events)
      .where(sql`${events.id} = any(${idsOf('event_id')})`)
      .orderBy(events.id)
      .for('no key update'),
  );
  const byKey: Record<string, SQL> = {
    id: sql`v.id`,
    gymId: sql`${events.gymId}`,
    eventId: sql`${events.id}`,
    athleteId: sql`${a.id}`,
    isWaitlisted: sql`false`,
    waitlistSeq: sql`null::bigint`,
    isReserved: sql`false`,
    isCheckedIn: sql`true`,
    isLateCancel: sql`false`,
    isNoShow: sql`false`,
    chargeNow: sql`false`,
    chargeDate: sql`null::date`,
    chargeFeeMinor: sql`null::integer`,
    taxRateId: sql`null::uuid`,
    deductCredit: sql`false`,
    isCredited: sql`(v.package_id is not null)`,
    athletePackageId: sql`v.package_id`,
    registrationDatetime: sql`v.at`,
    checkedInAt: sql`v.at`,
    updatedAt: sql`v.at`,
    updatedByUserId: sql`v.actor_user_id`,
  };
  // INSERT … SELECT lists every column of the table in its order (drizzle's buildInsertQuery).
  const values = Object.keys(getTableColumns(r)).map((key) => {
    const value = byKey[key];
    if (!value) throw new Error(`walk-in insert: no value for reservation column ${key}`);
    return value;
  });
  const rows = sql`select ${sql.join(values, sql`, `)}
    from ${groupRows('id uuid, kind event_kind, event_id uuid, gym_id uuid, athlete_id uuid, actor_user_id uuid, at timestamptz, package_id uuid')}
    join ${locked} on ${locked.id} = v.event_id
    join ${events} on ${events.id} = v.event_id and ${events.gymId} = v.gym_id and ${events.kind} = v.kind
    join ${a} on ${a.id} = v.athlete_id and ${a.gymId} = ${events.gymId} and ${a.id} = any(${idsOf('athlete_id')})
    where ${groupedWalkInSql(a, events)}`;
  return db
    .with(locked)
    .insert(r)
    .select(rows)
    .onConflictDoNothing()
    .returning(withNotify(recordFields(r), notifyOf(r.gymId)));
}

/** The record's columns, and the change feed's notification of its gym (lib/changes.ts gymChangeSql) where there is one. */
const withNotify = <F extends object>(fields: F, notify: SQL | null) => (notify ? { ...fields, notified: notify } : fields);

type Statement = { execute: (values: { items: string }) => Promise<ReservationRecord[]> };

/** A grouped write's answer: the record (undefined: the locked path decides), and whether an identical request in flight answered it. */
export type FastAnswer = { record: ReservationRecord | undefined; joined: boolean };

/**
 * One batcher per database and statement, made on first use. A request identical to one still in flight (the same
 * tap sent by two tablets, a double tap, a retry: every request of a class start arrives twice in bench:kiosk) takes
 * that one's answer instead of a statement of its own; they are concurrent, so both answer as of the one statement.
 */
function batcherPer<Q extends { id: string; gymId: string; at: Date }>(options: {
  statement: (db: Db, notifyOf: NotifyOf) => Statement;
  rowOf: (request: Q) => Record<string, unknown>;
  keysOf: (request: Q) => string[];
}): (ctx: ReservationsContext, request: Q) => Promise<FastAnswer> {
  const batchers = new WeakMap<Db, { group: GroupCommit<Q, ReservationRecord>; inFlight: Map<string, Promise<ReservationRecord | undefined>> }>();
  const make = (ctx: ReservationsContext) => {
    const statement = options.statement(ctx.db, (gymId) => ctx.changes.gymChangeSql(gymId));
    const sole = isSoleConnection(ctx.db);
    return groupCommit<Q, ReservationRecord>({
      keysOf: options.keysOf,
      maxBatch: MAX_GROUP,
      // PGlite runs one statement at a time, and its groups block the event loop; PostgreSQL's run beside it.
      concurrency: sole ? 1 : POOL_SIZE,
      gatherMs: sole ? GATHER_MS : 0,
      maxGatherMs: sole ? MAX_GATHER_MS : 0,
      run: async (requests) => {
        let records: ReservationRecord[];
        try {
          records = await statement.execute({ items: JSON.stringify(requests.map(options.rowOf)) });
        } catch (err) {
          // Another server's group held the same rows in another order: each request takes the locked path.
          if (sqlState(err) === DEADLOCK_DETECTED) return requests.map(() => undefined);
          throw err;
        }
        // The other processes heard of each row's gym with the statement's commit (its RETURNING notifies); this one now.
        const gyms = [...new Set(records.map((record) => record.gymId))];
        ctx.changes.apply(gyms.map((gymId): Change => ({ kind: 'gym', gymId })));
        const byId = new Map(records.map((record) => [record.id, record]));
        return requests.map((request) => byId.get(request.id));
      },
    });
  };
  return async (ctx, request) => {
    let batcher = batchers.get(ctx.db);
    if (!batcher) {
      batcher = { group: make(ctx), inFlight: new Map() };
      batchers.set(ctx.db, batcher);
    }
    const { at: _at, ...same } = options.rowOf(request);
    const key = JSON.stringify(same);
    const running = batcher.inFlight.get(key);
    if (running) return { record: await running, joined: true };
    const answer = batcher.group(request);
    batcher.inFlight.set(key, answer);
    const inFlight = batcher.inFlight;
    const done = () => inFlight.delete(key);
    answer.then(done, done);
    return { record: await answer, joined: false };
  };
}

/** A reserved athlete's check-in toggle: its record, or undefined where the locked path must decide. */
export const fastCheckIn = batcherPer<CheckInRequest>({
  statement: (db, notifyOf) => groupedCheckInQuery(db, notifyOf).prepare('reservation_check_in_group'),
  rowOf: (q) => ({
    id: q.id,
    kind: q.kind,
    is_checked_in: q.isCheckedIn,
    gym_id: q.gymId,
    actor_user_id: q.actorUserId,
    own_athlete_id: q.ownAthleteId,
    at: q.at.toISOString(),
  }),
  keysOf: (q) => [q.id],
});

type WalkInRow = { id: string; kind: EventKind; event_id: string; gym_id: string; athlete_id: string; actor_user_id: string; at: string };

/**
 * A group of walk-ins in one transaction of four statements whatever its size: the events' locks (id order, as
 * withEventLock), the one eligibility rule for every walk-in under its packages' locks (checkEligibilityMany), the
 * grouped INSERT with the chosen packages, and the 'booking' ledger rows of the credited ones (as deductBooking).
 */
function walkInGroup(db: Db, notifyOf: NotifyOf): Statement {
  return {
    execute: ({ items: json }) =>
      db.transaction(async (tx) => {
        const rows = JSON.parse(json) as WalkInRow[];
        const eventIds = [...new Set(rows.map((r) => r.event_id))].sort();
        await tx.execute(sql`select id from ${events} where id in (select unnest(${`{${eventIds.join(',')}}`}::uuid[])) order by id for no key update`);
        // Each request's own gym (the caller's): the rule runs per gym, in the order the requests came.
        const chosen = new Map<string, { packageId: string; credits: number }>();
        const uncovered: WalkInRow[] = [];
        for (const gymId of new Set(rows.map((r) => r.gym_id))) {
          const mine = rows.filter((r) => r.gym_id === gymId);
          const verdicts = await checkEligibilityMany(
            tx,
            gymId,
            mine.map((r) => ({ athleteId: r.athlete_id, eventId: r.event_id })),
          );
          verdicts.forEach((v, i) => {
            if (v.eligible) chosen.set(mine[i]!.id, { packageId: v.athletePackageId, credits: v.credits });
            else if (mine[i]!.kind === 'class') uncovered.push(mine[i]!);
          });
        }
        // Issue 22: a class walk-in with no covering package, in a gym whose kiosk settings refuse it. Read only when
        // the group holds such a walk-in (a group of covered walk-ins costs nothing more).
        const strict = uncovered.length > 0 ? await gymsRefusingUncoveredWalkIns(tx, [...new Set(uncovered.map((r) => r.gym_id))]) : new Set<string>();
        const refused = new Set(uncovered.filter((r) => refusesWalkIn(!strict.has(r.gym_id), false)).map((r) => r.id));
        // A refused walk-in gets no row here: the locked path decides it again and answers its refusal (409).
        const withPackages = rows.filter((r) => !refused.has(r.id)).map((r) => ({ ...r, package_id: chosen.get(r.id)?.packageId ?? null }));
        const records = (await groupedWalkInQuery(tx, notifyOf)
          .prepare('reservation_walk_in_group')
          .execute({ items: JSON.stringify(withPackages) })) as ReservationRecord[];
        // Issue 33: each walk-in's booking.checked_in domain event, in the group's transaction (as the locked path's).
        await recordEvents(
          tx,
          records.map((record) => checkedInEvent(record, true)),
        );
        const debits = records.flatMap((record) => {
          const c = chosen.get(record.id);
          const actor = rows.find((r) => r.id === record.id)!.actor_user_id;
          return c && c.credits > 0 ? [{ reservation_id: record.id, package_id: c.packageId, delta: -c.credits, actor_user_id: actor }] : [];
        });
        if (debits.length > 0) {
          await tx.execute(sql`insert into ${creditLedger} (gym_id, athlete_package_id, athlete_id, delta, reason, reservation_id, note, created_by_user_id, created_at)
            select ap.gym_id, ap.id, ap.athlete_id, d.delta, 'booking'::credit_reason, d.reservation_id, 'Booking', d.actor_user_id, clock_timestamp()
            from json_to_recordset(${JSON.stringify(debits)}::json) as d(reservation_id uuid, package_id uuid, delta int, actor_user_id uuid)
            join ${athletePackages} ap on ap.id = d.package_id`);
        }
        return records;
      }),
  };
}

/** The gyms among these whose kiosk settings say a class walk-in needs a covering package (issue 22). */
async function gymsRefusingUncoveredWalkIns(tx: DbOrTx, gymIds: string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(sql`${gyms.id} = any(${`{${gymIds.join(',')}}`}::uuid[])`, sql`not ${allowsUncoveredWalkInsSql(gyms)}`));
  return new Set(rows.map((r) => r.id));
}

/** A walk-in check-in: its record, or undefined where the locked path must decide. */
export const fastWalkIn = batcherPer<WalkInRequest>({
  statement: walkInGroup,
  rowOf: (q) => ({
    id: q.id,
    kind: q.kind,
    event_id: q.eventId,
    gym_id: q.gymId,
    athlete_id: q.athleteId,
    actor_user_id: q.actorUserId,
    at: q.at.toISOString(),
  }),
  // Two walk-ins of one athlete and event wait on each other's row in the unique index: never in two running groups.
  // One athlete's walk-ins (to two classes) are never in one group: each reads the packages the other may debit.
  keysOf: (q) => [q.id, `${q.eventId} ${q.athleteId}`, `athlete ${q.athleteId}`],
});
