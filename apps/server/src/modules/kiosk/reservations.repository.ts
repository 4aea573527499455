import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import {
  kioskMessages,
  minorToDecimal,
  toZoned,
  type AppointmentReservation,
  type BulkReservationInput,
  type BulkReservationResult,
  type ClassReservation,
  type UpdateReservationInput,
} from '@spotter/shared';
import { athleteClassReservations, athletes, charges, classes, documents, invoices, taxRates } from '../../db/schema';
import { POOL_SIZE, isSoleConnection, sqlState, type Db, type Tx } from '../../db/client';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http-error';
import { groupCommit } from '../../lib/group-commit';
import { runningPer } from '../../lib/in-flight';
import { KINDS, fullName, isActive, type Kind } from './kinds';
import { classFilter, findEvent, type EventRow } from './kiosk.repository';

/** The caller of a reservation write: its gym, who acts, and for athlete profiles their own athlete id. */
export type Writer = { gymId: string; timeZone: string; actorUserId: string; ownAthleteId: string | null };

export type ReservationRecord = {
  id: string;
  eventId: string;
  athleteId: string;
  gymId: string;
  isWaitlisted: boolean;
  isReserved: boolean;
  isCheckedIn: boolean;
  isLateCancel: boolean;
  isNoShow: boolean;
  chargeNow: boolean;
  chargeDate: string | null;
  chargeFeeMinor: number | null;
  taxRateId: string | null;
  deductCredit: boolean;
  isCredited: boolean;
  registrationDatetime: Date;
  hasPastDueBills: boolean;
  hasUnsignedDocuments: boolean;
};

const notFoundOf = (k: Kind) => notFound(k.kind === 'class' ? kioskMessages.classNotFound : kioskMessages.appointmentNotFound);
const fullOf = (k: Kind) => conflict(k.kind === 'class' ? kioskMessages.classFull : kioskMessages.appointmentFull, 'event_full');

/** The columns of a ReservationRecord, with the athlete's warnings in the reservation's gym. */
function recordFields(k: Kind) {
  const r = k.reservations;
  // Named with their table: Drizzle writes an INSERT's RETURNING columns bare, and a bare athlete_id inside the
  // subqueries below would be the invoice's or document's own column (every athlete flagged by anyone's bill).
  const own = (column: 'athlete_id' | 'gym_id') => sql`${sql.identifier(getTableName(r))}.${sql.identifier(column)}`;
  const [athleteId, gymId] = [own('athlete_id'), own('gym_id')];
  return {
    id: r.id,
    eventId: k.eventColumn,
    athleteId: r.athleteId,
    gymId: r.gymId,
    isWaitlisted: k.kind === 'class' ? athleteClassReservations.isWaitlisted : sql<boolean>`false`,
    isReserved: r.isReserved,
    isCheckedIn: r.isCheckedIn,
    isLateCancel: r.isLateCancel,
    isNoShow: r.isNoShow,
    chargeNow: r.chargeNow,
    chargeDate: r.chargeDate,
    chargeFeeMinor: r.chargeFeeMinor,
    taxRateId: r.taxRateId,
    deductCredit: r.deductCredit,
    isCredited: r.isCredited,
    registrationDatetime: r.registrationDatetime,
    hasPastDueBills: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.athleteId} = ${athleteId} and ${invoices.gymId} = ${gymId} and ${invoices.status} = 'past_due')`,
    hasUnsignedDocuments: sql<boolean>`exists (select 1 from ${documents} where ${documents.athleteId} = ${athleteId} and ${documents.gymId} = ${gymId} and ${documents.signedAt} is null)`,
  };
}

/** Reservations of the gym by id, with the athlete's warnings (one query). */
export async function findReservations(db: Db | Tx, k: Kind, gymId: string, ids: string[]): Promise<ReservationRecord[]> {
  const r = k.reservations;
  const rows = await db
    .select(recordFields(k))
    .from(r)
    .where(and(eq(r.gymId, gymId), inArray(r.id, ids)))
    .orderBy(asc(r.registrationDatetime), asc(r.id));
  return rows;
}

export async function findReservation(db: Db | Tx, k: Kind, gymId: string, id: string): Promise<ReservationRecord | null> {
  return (await findReservations(db, k, gymId, [id]))[0] ?? null;
}

const stateOf = (r: ReservationRecord) => ({
  athlete: r.athleteId,
  gym: r.gymId,
  isReserved: r.isReserved,
  isCheckedIn: r.isCheckedIn,
  isLateCancel: r.isLateCancel,
  isNoShow: r.isNoShow,
  chargeNow: r.chargeNow,
  chargeDate: r.chargeDate,
  chargeFee: r.chargeFeeMinor === null ? null : minorToDecimal(r.chargeFeeMinor),
  taxRate: r.taxRateId,
  deductCredit: r.deductCredit,
  isCredited: r.isCredited,
  registrationDatetime: new Date(r.registrationDatetime).toISOString(),
  hasPastDueBills: r.hasPastDueBills,
  hasUnsignedDocuments: r.hasUnsignedDocuments,
});
export const toClassReservation = (r: ReservationRecord): ClassReservation => ({ athleteKiloClassId: r.id, kiloClass: r.eventId, isWaitlisted: r.isWaitlisted, ...stateOf(r) });
export const toAppointmentReservation = (r: ReservationRecord): AppointmentReservation => ({ athleteAppointmentId: r.id, appointment: r.eventId, ...stateOf(r) });

/**
 * Lock the event row: every write that can change its attendance for this event goes one at a time. FOR NO KEY UPDATE
 * conflicts with itself but not with the key-share locks that the foreign keys of an inserted reservation take, so a
 * walk-in never waits for a reservation in progress (nor the two for each other, which could deadlock).
 */
async function lockEvent(tx: Tx, k: Kind, gymId: string, eventId: string, lock = true): Promise<{ capacity: number }> {
  const query = tx
    .select({ capacity: k.events.capacity })
    .from(k.events)
    .where(and(eq(k.events.id, eventId), eq(k.events.gymId, gymId)));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw notFoundOf(k);
  return row;
}

async function activeCount(tx: Tx, k: Kind, eventId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(k.reservations).where(and(eq(k.eventColumn, eventId), isActive(k.reservations)));
  return row?.n ?? 0;
}

async function gymAthlete(db: Db | Tx, gymId: string, athleteId: string) {
  const [a] = await db.select({ id: athletes.id, isActive: athletes.isActive, fullName: fullName() }).from(athletes).where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  if (!a) throw notFound(kioskMessages.athleteNotFound);
  if (!a.isActive) throw badRequest(kioskMessages.athleteInactive, 'athlete_inactive');
  return a;
}

const assertOwn = (w: Writer, athleteId: string) => {
  if (w.ownAthleteId !== null && w.ownAthleteId !== athleteId) throw forbidden(kioskMessages.athletesOwnOnly, 'own_reservations_only');
};

/** One prepared statement (or batcher) per database and kind, made on first use. */
function preparedOnce<T>(make: (db: Db, k: Kind) => T): (db: Db, k: Kind) => T {
  const cache = new WeakMap<Db, Map<Kind['kind'], T>>();
  return (db, k) => {
    let byKind = cache.get(db);
    if (!byKind) {
      byKind = new Map();
      cache.set(db, byKind);
    }
    let query = byKind.get(k.kind);
    if (query === undefined) {
      query = make(db, k);
      byKind.set(k.kind, query);
    }
    return query;
  };
}

/** At most this many requests share one grouped statement (decision 016): a class start's burst fits in one or two. */
const MAX_GROUP = 200;
/** The rows of a grouped statement: one JSON array of the requests, read as a table `v` with the given columns. */
const groupRows = (columns: string) => sql`json_to_recordset(${sql.placeholder('items')}::json) as v(${sql.raw(columns)})`;
/**
 * `= any(…)` of one uuid column of the group's rows. Joined to a function, PostgreSQL plans for 100 rows and may scan
 * a whole table; the same ids as an array (computed once, before the scan) let it take the table's index whatever size.
 */
const inGroup = (column: string) => sql`any(array(select w.${sql.raw(column)} from json_to_recordset(${sql.placeholder('items')}::json) as w(${sql.raw(column)} uuid)))`;
/** A grouped statement's records answered to its requests, by reservation id (a group holds each id once). */
const byRequestId = <I extends { id: string }>(items: I[], records: ReservationRecord[]) => {
  const found = new Map(records.map((record) => [record.id, record]));
  return items.map((item) => found.get(item.id));
};

type RecordStatement<P> = { execute: (values: P) => Promise<ReservationRecord[]> };

/**
 * A fast-path write of one reservation, answering its record (undefined where the full path must decide), grouped
 * with the requests that arrive with it (decision 016): one statement over a JSON array of their rows, each row's
 * columns named by `rowOf`. One group runs at a time on PGlite (one connection); on PostgreSQL as many as the pool has
 * connections, never two with a reservation (or, for walk-ins, an athlete and event) in common. If PostgreSQL ends a
 * group in a deadlock (another server's group holding the same rows in another order), each of its requests runs
 * its own statement instead.
 */
function fastWrite<Q extends { id: string }>(statements: {
  single: (db: Db, k: Kind) => RecordStatement<Q>;
  grouped: (db: Db, k: Kind) => RecordStatement<{ items: string }>;
  rowOf: (request: Q) => Record<string, unknown>;
  keysOf: (request: Q) => string[];
}): (db: Db, k: Kind, request: Q) => Promise<ReservationRecord | undefined> {
  const single = preparedOnce(statements.single);
  const alone = async (db: Db, k: Kind, request: Q) => (await single(db, k).execute(request))[0];
  const group = preparedOnce((db, k) => {
    const statement = statements.grouped(db, k);
    return groupCommit<Q, ReservationRecord>({
      keysOf: statements.keysOf,
      maxBatch: MAX_GROUP,
      concurrency: isSoleConnection(db) ? 1 : POOL_SIZE,
      // PGlite's batches block the event loop; PostgreSQL's run beside it, and Node accepts connections meanwhile.
      gatherMs: isSoleConnection(db) ? GATHER_MS : 0,
      run: async (requests) => {
        try {
          return byRequestId(requests, await statement.execute({ items: JSON.stringify(requests.map(statements.rowOf)) }));
        } catch (err) {
          if (sqlState(err) !== DEADLOCK_DETECTED) throw err;
          return Promise.all(requests.map((request) => alone(db, k, request)));
        }
      },
    });
  });
  return (db, k, request) => group(db, k)(request);
}
const DEADLOCK_DETECTED = '40P01';
/** How long PGlite's next group waits after one ends, for the requests that queued behind it (group-commit.ts). */
const GATHER_MS = 4;

type CheckInRequest = { id: string; isCheckedIn: boolean; actorUserId: string; gymId: string; ownAthleteId: string | null };

/**
 * The front desk's commonest write: a reserved athlete, neither late-cancelled nor a no-show, checked in or out. Its
 * attendance count does not change (a reservation counts whether or not the athlete is checked in), so the event
 * lock the other writes take is not needed: one UPDATE, atomic on its rows, answers the records. No row means the full
 * path in updateReservation decides (walk-ins, marks, another athlete's reservation, not found). `v` gives each
 * request's values: the placeholders of one request, or a row of a group's requests.
 */
function checkInToggleUpdate(db: Db, k: Kind, v: Record<keyof CheckInRequest, SQL>) {
  const r = k.reservations;
  return db
    .update(r)
    .set({
      isCheckedIn: v.isCheckedIn,
      checkedInAt: sql`case when ${v.isCheckedIn} then (case when ${r.isCheckedIn} then ${r.checkedInAt} else now() end) else null end`,
      chargeNow: false,
      chargeDate: null,
      chargeFeeMinor: null,
      taxRateId: null,
      deductCredit: false,
      updatedAt: sql`now()`,
      updatedByUserId: v.actorUserId,
    });
}

function checkInToggleWhere(k: Kind, v: Record<keyof CheckInRequest, SQL>) {
  const r = k.reservations;
  return and(
    sql`${r.id} = ${v.id}`,
    sql`${r.gymId} = ${v.gymId}`,
    eq(r.isReserved, true),
    eq(r.isLateCancel, false),
    eq(r.isNoShow, false),
    sql`(${v.ownAthleteId} is null or ${r.athleteId} = ${v.ownAthleteId})`,
  );
}

/** Many requests' check-in toggles as one UPDATE … FROM their rows (exported for the scale bench's EXPLAIN). */
export function groupedCheckInQuery(db: Db, k: Kind) {
  const v = { id: sql`v.id`, isCheckedIn: sql`v.is_checked_in`, actorUserId: sql`v.actor_user_id`, gymId: sql`v.gym_id`, ownAthleteId: sql`v.own_athlete_id` };
  return checkInToggleUpdate(db, k, v)
    .from(groupRows('id uuid, is_checked_in boolean, actor_user_id uuid, gym_id uuid, own_athlete_id uuid'))
    .where(and(checkInToggleWhere(k, v), sql`${k.reservations.id} = ${inGroup('id')}`))
    .returning(recordFields(k));
}

/** The check-in toggle of a reserved athlete: its record, or undefined where the full path must decide. */
const runCheckInToggle = fastWrite<CheckInRequest>({
  // One request's toggle as a prepared UPDATE (a deadlocked group's requests, one by one).
  single: (db, k) => {
    const placeholder = (name: keyof CheckInRequest, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
    const v = {
      id: placeholder('id', 'uuid'),
      isCheckedIn: placeholder('isCheckedIn', 'boolean'),
      actorUserId: placeholder('actorUserId', 'uuid'),
      gymId: placeholder('gymId', 'uuid'),
      ownAthleteId: placeholder('ownAthleteId', 'uuid'),
    };
    return checkInToggleUpdate(db, k, v).where(checkInToggleWhere(k, v)).returning(recordFields(k)).prepare(`kiosk_check_in_${k.kind}`);
  },
  grouped: (db, k) => groupedCheckInQuery(db, k).prepare(`kiosk_check_in_group_${k.kind}`),
  rowOf: (q) => ({ id: q.id, is_checked_in: q.isCheckedIn, actor_user_id: q.actorUserId, gym_id: q.gymId, own_athlete_id: q.ownAthleteId }),
  keysOf: (q) => [q.id],
});

type WalkInRequest = { id: string; eventId: string; gymId: string; athleteId: string; actorUserId: string };

/**
 * A walk-in check-in (spec 4: not reserved, checked in) as ONE INSERT … SELECT: it inserts only when the event and an
 * active athlete of the caller's gym exist, and answers the record with its warnings. A walk-in takes no capacity
 * check (decision 005), so nothing else needs to be read first. ON CONFLICT DO NOTHING leaves a replay of the same
 * id, an athlete who already has a record of the event, or a missing event or athlete to the full path in
 * createReservation, which answers each of them. `v` gives each request's values, `from` its rows and `also` more
 * conditions (neither for one request).
 */
function walkInInsertQuery(db: Db, k: Kind, v: Record<keyof WalkInRequest, SQL>, from: SQL, also: SQL) {
  const r = k.reservations;
  const now = sql`now()`;
  const byKey: Record<string, SQL> = {
    id: v.id,
    gymId: sql`e.gym_id`,
    classId: sql`e.id`,
    appointmentId: sql`e.id`,
    athleteId: sql`a.id`,
    isWaitlisted: sql`false`,
    isReserved: sql`false`,
    isCheckedIn: sql`true`,
    isLateCancel: sql`false`,
    isNoShow: sql`false`,
    chargeNow: sql`false`,
    chargeDate: sql`null::date`,
    chargeFeeMinor: sql`null::integer`,
    taxRateId: sql`null::uuid`,
    deductCredit: sql`false`,
    isCredited: sql`false`,
    registrationDatetime: now,
    checkedInAt: now,
    updatedAt: now,
    updatedByUserId: v.actorUserId,
  };
  // INSERT … SELECT lists every column of the table in its order (drizzle's buildInsertQuery).
  const values = Object.keys(getTableColumns(r)).map((key) => {
    const value = byKey[key];
    if (!value) throw new Error(`walk-in insert: no value for ${k.kind} reservation column ${key}`);
    return value;
  });
  const rows = sql`select ${sql.join(values, sql`, `)} from ${from} ${k.events} e join ${athletes} a on a.gym_id = e.gym_id
    where e.id = ${v.eventId} and e.gym_id = ${v.gymId} and a.id = ${v.athleteId} and a.is_active ${also}`;
  return db.insert(r).select(rows).onConflictDoNothing().returning(recordFields(k));
}

/** Many requests' walk-ins as one INSERT … SELECT from their rows (exported for the scale bench's EXPLAIN). */
export function groupedWalkInQuery(db: Db, k: Kind) {
  const v = { id: sql`v.id`, eventId: sql`v.event_id`, gymId: sql`v.gym_id`, athleteId: sql`v.athlete_id`, actorUserId: sql`v.actor_user_id` };
  const from = sql`${groupRows('id uuid, event_id uuid, gym_id uuid, athlete_id uuid, actor_user_id uuid')},`;
  const also = sql`and e.id = ${inGroup('event_id')} and a.id = ${inGroup('athlete_id')}`;
  return walkInInsertQuery(db, k, v, from, also);
}

/** A walk-in check-in: its record, or undefined where the full path must decide. */
const runWalkInInsert = fastWrite<WalkInRequest>({
  // One request's walk-in as a prepared INSERT … SELECT (a deadlocked group's requests, one by one).
  single: (db, k) => {
    const placeholder = (name: keyof WalkInRequest) => sql`${sql.placeholder(name)}::uuid`;
    const v = { id: placeholder('id'), eventId: placeholder('eventId'), gymId: placeholder('gymId'), athleteId: placeholder('athleteId'), actorUserId: placeholder('actorUserId') };
    return walkInInsertQuery(db, k, v, sql``, sql``).prepare(`kiosk_walk_in_${k.kind}`);
  },
  grouped: (db, k) => groupedWalkInQuery(db, k).prepare(`kiosk_walk_in_group_${k.kind}`),
  rowOf: (q) => ({ id: q.id, event_id: q.eventId, gym_id: q.gymId, athlete_id: q.athleteId, actor_user_id: q.actorUserId }),
  // Two walk-ins of one athlete and event wait on each other's row in the unique index: never in two running groups.
  keysOf: (q) => [q.id, `${q.eventId} ${q.athleteId}`],
});

/**
 * Spec 4: a reservation, or a walk-in check-in with the client's own id. The same id again answers the
 * existing record (created false); another id for an athlete who already has a record of this event is a
 * 409. Reserving never goes over capacity; a walk-in check-in may (front-desk override, decision 005).
 */
export async function createReservation(db: Db, k: Kind, w: Writer, input: ReservationInput): Promise<CreatedReservation> {
  assertOwn(w, input.athleteId);
  if (!input.id || input.isReserved || !input.isCheckedIn) return insertReservation(db, k, w, input);
  const key = requestKey(k, w, input.id, input.eventId, input.athleteId);
  const { result, joined } = walkInsRunning(db, key, () => insertReservation(db, k, w, input));
  return joined ? { created: false, record: (await result).record } : result;
}

type ReservationInput = { id?: string; athleteId: string; eventId: string; isReserved: boolean; isCheckedIn: boolean };
type CreatedReservation = { created: boolean; record: ReservationRecord };

/**
 * The same walk-in sent again while the first is still running (two tablets, a double tap, a retry at a class start)
 * waits for the first and answers its record as a replay (200). On its own it would INSERT, wait on the unique index
 * for the first's commit, insert nothing and then read the record: a pool connection held for nothing.
 */
const walkInsRunning = runningPer<Db, CreatedReservation>();

/** Everything a shared reservation write's answer depends on: the kind, the caller (gym, user, athlete profile), the request. */
const requestKey = (k: Kind, w: Writer, ...request: (string | boolean)[]) => [k.kind, w.gymId, w.actorUserId, w.ownAthleteId ?? '', ...request].join(' ');

async function insertReservation(db: Db, k: Kind, w: Writer, input: ReservationInput): Promise<CreatedReservation> {
  const id = input.id ?? randomUUID();
  const r = k.reservations;
  if (!input.isReserved && input.isCheckedIn) {
    const record = await runWalkInInsert(db, k, { id, eventId: input.eventId, gymId: w.gymId, athleteId: input.athleteId, actorUserId: w.actorUserId });
    if (record) return { created: true, record };
    // The commonest reason for no row is the same request again (two tablets, a retry): answer it without a transaction.
    const existing = await findReservation(db, k, w.gymId, id);
    if (existing && existing.eventId === input.eventId && existing.athleteId === input.athleteId) return { created: false, record: existing };
  }
  const created = await db.transaction(async (tx) => {
    // A walk-in check-in takes no capacity check (it may overfill, decision 005), so it needs no event lock: a class
    // start's burst of walk-ins runs side by side, and the unique constraints keep one record per id and athlete.
    const event = await lockEvent(tx, k, w.gymId, input.eventId, input.isReserved);
    const athlete = await gymAthlete(tx, w.gymId, input.athleteId);
    const sameId = async () => {
      const [existing] = await tx.select({ gymId: r.gymId, eventId: k.eventColumn, athleteId: r.athleteId }).from(r).where(eq(r.id, id));
      if (!existing) return null;
      if (existing.gymId === w.gymId && existing.eventId === input.eventId && existing.athleteId === input.athleteId) return false;
      throw conflict(kioskMessages.reservationIdTaken, 'reservation_id_taken');
    };
    const replay = await sameId();
    if (replay !== null) return replay;
    const [other] = await tx.select({ id: r.id }).from(r).where(and(eq(k.eventColumn, input.eventId), eq(r.athleteId, input.athleteId)));
    if (other?.id === id) return false;
    if (other) throw conflict(kioskMessages.alreadyReserved(athlete.fullName, k.label), 'already_reserved');
    if (input.isReserved && (await activeCount(tx, k, input.eventId)) >= event.capacity) throw fullOf(k);
    const now = new Date();
    const inserted = await tx
      .insert(r)
      .values({
        id,
        gymId: w.gymId,
        [k.kind === 'class' ? 'classId' : 'appointmentId']: input.eventId,
        athleteId: input.athleteId,
        isReserved: input.isReserved,
        isCheckedIn: input.isCheckedIn,
        checkedInAt: input.isCheckedIn ? now : null,
        registrationDatetime: now,
        updatedAt: now,
        updatedByUserId: w.actorUserId,
      } as typeof r.$inferInsert)
      .onConflictDoNothing()
      .returning({ id: r.id });
    if (inserted.length) return true;
    // Lost a race to a concurrent insert (the same id, or the same athlete and event): the same id is a replay.
    const again = await sameId();
    if (again === false) return false;
    throw conflict(kioskMessages.alreadyReserved(athlete.fullName, k.label), 'already_reserved');
  });
  const record = await findReservation(db, k, w.gymId, id);
  if (!record) throw notFound(kioskMessages.reservationNotFound);
  return { created, record };
}

type ChargeValues = { reason: 'late_cancel' | 'no_show'; chargeNow: boolean; chargeDate: string; chargeFeeMinor: number; taxRateId: string | null; deductCredit: boolean };

/**
 * PUT of a reservation (spec 4, 5): check-in toggles, late cancel / no show with their charge. isReserved and
 * registrationDatetime are kept. A late cancel or no show records one charge (replaced when its terms change,
 * removed when the mark is cleared).
 */
export async function updateReservation(db: Db, k: Kind, w: Writer, id: string, input: UpdateReservationInput): Promise<ReservationRecord> {
  const isCheckedIn = input.isCheckedIn;
  if (isCheckedIn === undefined || !Object.entries(input).every(([key, value]) => key === 'isCheckedIn' || value === undefined)) {
    return changeReservation(db, k, w, id, input);
  }
  return checkInsRunning(db, requestKey(k, w, id, isCheckedIn), () => toggleCheckIn(db, k, w, id, isCheckedIn)).result;
}

/**
 * The same check-in tap sent again while the first is still running (each request sent twice at a class start, two
 * tablets, a retry) waits for the first and answers its record: the two are concurrent, so both answer as of the one
 * UPDATE. On its own the second would queue on the row lock for the first's commit and then write the same values.
 */
const checkInsRunning = runningPer<Db, ReservationRecord>();

async function toggleCheckIn(db: Db, k: Kind, w: Writer, id: string, isCheckedIn: boolean): Promise<ReservationRecord> {
  const done = await runCheckInToggle(db, k, { isCheckedIn, actorUserId: w.actorUserId, id, gymId: w.gymId, ownAthleteId: w.ownAthleteId });
  // Anything else (a walk-in, a marked reservation, someone else's, not found) takes the full path and its rules.
  return done ?? changeReservation(db, k, w, id, { isCheckedIn });
}

async function changeReservation(db: Db, k: Kind, w: Writer, id: string, input: UpdateReservationInput): Promise<ReservationRecord> {
  const r = k.reservations;
  await db.transaction(async (tx) => {
    const [located] = await tx.select({ eventId: k.eventColumn }).from(r).where(and(eq(r.id, id), eq(r.gymId, w.gymId)));
    if (!located) throw notFound(kioskMessages.reservationNotFound);
    const { capacity } = await lockEvent(tx, k, w.gymId, located.eventId);
    const [row] = await tx.select().from(r).where(and(eq(r.id, id), eq(r.gymId, w.gymId))).for('update');
    if (!row) throw notFound(kioskMessages.reservationNotFound);
    assertOwn(w, row.athleteId);

    const next = {
      isCheckedIn: input.isCheckedIn ?? row.isCheckedIn,
      isLateCancel: input.isLateCancel ?? row.isLateCancel,
      isNoShow: input.isNoShow ?? row.isNoShow,
    };
    if (next.isLateCancel && next.isNoShow) throw fieldError(input.isNoShow ? 'isNoShow' : 'isLateCancel', kioskMessages.lateCancelXorNoShow);
    const wasMarked = row.isLateCancel || row.isNoShow;
    const marked = next.isLateCancel || next.isNoShow;
    const newlyMarked = (next.isLateCancel && !row.isLateCancel) || (next.isNoShow && !row.isNoShow);
    if (newlyMarked) {
      if (w.ownAthleteId !== null) throw forbidden(kioskMessages.staffOnlyCharges, 'staff_only');
      if (!row.isCredited) throw fieldError(next.isLateCancel ? 'isLateCancel' : 'isNoShow', kioskMessages.notCredited, 'not_credited');
      if (next.isCheckedIn) throw fieldError(next.isLateCancel ? 'isLateCancel' : 'isNoShow', kioskMessages.checkedInCannotBeMarked, 'checked_in');
    } else if (marked && next.isCheckedIn) {
      throw fieldError('isCheckedIn', kioskMessages.clearMarkBeforeCheckIn, 'marked');
    }
    // Clearing a mark makes a reservation count again: it must fit (a walk-in check-in may overfill).
    const wasActive = !wasMarked && (row.isReserved || row.isCheckedIn);
    const willBeActive = !marked && (row.isReserved || next.isCheckedIn);
    if (!wasActive && willBeActive && row.isReserved && (await activeCount(tx, k, located.eventId)) >= capacity) throw fullOf(k);

    let charge: ChargeValues | null = null;
    const event = marked ? (await findEvent(tx as unknown as Db, w.gymId, k.kind, located.eventId))! : null;
    if (event) {
      charge = await chargeTerms(tx, w, event, row, next.isLateCancel ? 'late_cancel' : 'no_show', input, wasMarked && (row.isLateCancel === next.isLateCancel));
    }
    const now = new Date();
    await tx
      .update(r)
      .set({
        isCheckedIn: next.isCheckedIn,
        checkedInAt: next.isCheckedIn ? (row.isCheckedIn ? row.checkedInAt : now) : null,
        isLateCancel: next.isLateCancel,
        isNoShow: next.isNoShow,
        chargeNow: charge?.chargeNow ?? false,
        chargeDate: charge?.chargeDate ?? null,
        chargeFeeMinor: charge?.chargeFeeMinor ?? null,
        taxRateId: charge?.taxRateId ?? null,
        deductCredit: charge?.deductCredit ?? false,
        updatedAt: now,
        updatedByUserId: w.actorUserId,
      })
      .where(eq(r.id, id));
    const unchanged =
      charge !== null && wasMarked && row.isLateCancel === next.isLateCancel &&
      charge.chargeNow === row.chargeNow && charge.chargeDate === row.chargeDate && charge.chargeFeeMinor === row.chargeFeeMinor &&
      charge.taxRateId === row.taxRateId && charge.deductCredit === row.deductCredit;
    if (unchanged || (!marked && !wasMarked)) return;
    const reservationColumn = k.kind === 'class' ? charges.classReservationId : charges.appointmentReservationId;
    await tx.delete(charges).where(and(eq(reservationColumn, id), eq(charges.gymId, w.gymId)));
    if (charge && event) {
      const credits = charge.reason === 'late_cancel' ? event.fees.cancellationCreditDeduction : event.fees.noShowCreditDeduction;
      await tx.insert(charges).values({
        gymId: w.gymId,
        athleteId: row.athleteId,
        [k.kind === 'class' ? 'classReservationId' : 'appointmentReservationId']: id,
        reason: charge.reason,
        amountMinor: charge.chargeFeeMinor,
        taxRateId: charge.taxRateId,
        collectOn: charge.chargeDate,
        chargeNow: charge.chargeNow,
        creditDeduction: charge.deductCredit ? credits : 0,
        createdByUserId: w.actorUserId,
      } as typeof charges.$inferInsert);
    }
  });
  const record = await findReservation(db, k, w.gymId, id);
  if (!record) throw notFound(kioskMessages.reservationNotFound);
  return record;
}

/**
 * The charge of a late cancel or no show (spec 2.12 charge dialog, spec 5): Charge Now collects today; a
 * collection date is not before today in the gym's zone; the fee and tax rate default to the event's settings.
 * When the same mark is already set, absent fields keep their stored values.
 */
async function chargeTerms(
  tx: Tx,
  w: Writer,
  event: EventRow,
  row: typeof athleteClassReservations.$inferSelect,
  reason: ChargeValues['reason'],
  input: UpdateReservationInput,
  keep: boolean,
): Promise<ChargeValues> {
  const today = toZoned(new Date(), w.timeZone).date;
  const chargeNow = input.chargeNow ?? (keep ? row.chargeNow : false);
  let chargeDate = today;
  if (!chargeNow) {
    const given = input.chargeDate ?? (keep ? row.chargeDate : null) ?? today;
    if (given < today && given !== (keep ? row.chargeDate : undefined)) throw fieldError('chargeDate', kioskMessages.chargeDateBeforeToday);
    chargeDate = given;
  }
  const defaultFee = reason === 'late_cancel' ? event.fees.cancellationFeeMinor : event.fees.noShowFeeMinor;
  const chargeFeeMinor = input.chargeFee !== undefined && input.chargeFee !== null ? input.chargeFee : keep && row.chargeFeeMinor !== null ? row.chargeFeeMinor : defaultFee;
  let taxRateId = input.taxRate !== undefined ? input.taxRate : keep ? row.taxRateId : (event.taxRate?.taxRateId ?? null);
  if (input.taxRate) {
    const [rate] = await tx.select({ id: taxRates.id }).from(taxRates).where(and(eq(taxRates.id, input.taxRate), eq(taxRates.gymId, w.gymId)));
    if (!rate) throw fieldError('taxRate', kioskMessages.taxRateNotFound);
    taxRateId = rate.id;
  }
  return { reason, chargeNow, chargeDate, chargeFeeMinor, taxRateId, deductCredit: input.deductCredit ?? (keep ? row.deductCredit : false) };
}

export async function deleteReservation(db: Db, k: Kind, w: Writer, id: string): Promise<void> {
  const r = k.reservations;
  const [row] = await db.select({ athleteId: r.athleteId }).from(r).where(and(eq(r.id, id), eq(r.gymId, w.gymId)));
  if (!row) throw notFound(kioskMessages.reservationNotFound);
  assertOwn(w, row.athleteId);
  await db.delete(r).where(and(eq(r.id, id), eq(r.gymId, w.gymId)));
}

/** One year from a date, same month and day (29 February: 28 February or 1 March by the calendar). */
export function oneYearAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Spec 7.3 create-bulk: reserve every class of the type at the start time and location on the weekdays between
 * the dates, skipping those the athlete already has, full ones and ones already started. The classes are locked
 * in one statement (start order), so it cannot overfill a class that a kiosk is reserving at the same moment (the
 * lock of lockEvent, which walk-ins' foreign-key checks do not wait for).
 */
export async function createBulkReservations(db: Db, w: Writer, input: BulkReservationInput): Promise<BulkReservationResult> {
  assertOwn(w, input.athlete);
  const today = toZoned(new Date(), w.timeZone).date;
  if (input.startDate < today) throw fieldError('startDate', kioskMessages.startBeforeToday);
  if (input.endDate < input.startDate) throw fieldError('endDate', kioskMessages.endBeforeStart);
  if (input.endDate > oneYearAfter(today)) throw fieldError('endDate', kioskMessages.endAfterOneYear);
  const k = KINDS.class;
  const r = athleteClassReservations;
  const ids = await db.transaction(async (tx) => {
    await gymAthlete(tx, w.gymId, input.athlete);
    const where = and(eq(classes.gymId, w.gymId), classFilter(input.startDate, input.endDate, input.days, input.startTime, input.kiloClassType, input.location));
    const targets = await tx
      .select({ id: classes.id, startDate: classes.startDate, startsAt: classes.startsAt, capacity: classes.capacity })
      .from(classes)
      .where(where)
      .orderBy(asc(classes.startsAt), asc(classes.id))
      .for('no key update');
    const targetIds = targets.map((c) => c.id);
    const counts = new Map(
      (await tx.select({ classId: r.classId, n: count() }).from(r).where(and(inArray(r.classId, targetIds), isActive(r))).groupBy(r.classId)).map((c) => [c.classId, c.n]),
    );
    const mine = new Set((await tx.select({ classId: r.classId }).from(r).where(and(inArray(r.classId, targetIds), eq(r.athleteId, input.athlete)))).map((c) => c.classId));
    const now = new Date();
    const skipped: BulkReservationResult['skipped'] = [];
    const rows: (typeof r.$inferInsert)[] = [];
    for (const c of targets) {
      const reason = mine.has(c.id) ? 'already_reserved' : new Date(c.startsAt) <= now ? 'started' : (counts.get(c.id) ?? 0) >= c.capacity ? 'full' : null;
      if (reason) skipped.push({ kiloClassId: c.id, startDate: c.startDate, reason });
      else rows.push({ id: randomUUID(), gymId: w.gymId, classId: c.id, athleteId: input.athlete, isReserved: true, registrationDatetime: now, updatedAt: now, updatedByUserId: w.actorUserId });
    }
    const inserted = rows.length ? await tx.insert(r).values(rows).onConflictDoNothing().returning({ id: r.id }) : [];
    return { ids: inserted.map((i) => i.id), skipped };
  });
  const results = ids.ids.length ? await findReservations(db, k, w.gymId, ids.ids) : [];
  return { count: results.length, results: results.map(toClassReservation), skipped: ids.skipped };
}

