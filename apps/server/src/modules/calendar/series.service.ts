import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  calendarMessages,
  eventMessages,
  fromZoned,
  holdsPlace,
  toZoned,
  type CancelClassInput,
  type ClassChangeAnswer,
  type CreateClassInput,
  type CreateSeriesInput,
  type UpdateClassInput,
} from '@spotter/shared';
import { fromRRuleText, occurrencesBetween, toRRuleText, type WeekdayNumber, type WeeklyPattern } from '@spotter/shared/recurrence';
import { classSeries, classSeriesCoaches, classTypes, eventCoaches, events, gyms, locations, reservations, rooms, staff } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/client';
import { writeTransaction } from '../../lib/changes';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { cancelledMail, changedMail, queueBookingMails, recipientsOf } from '../reservations';
import { holdsPlaceSql } from '../booking-policy';
import { lockCoachesAndRooms, placesHeld, promoteFromWaitlist, releaseBookings, withEventLock, type ScheduleContext, type Writer } from '../reservations';

/**
 * Issue 16 (decision 026): the schedule's writes, each one transaction. A series is a weekly RRULE in the gym's zone
 * (decision 024); its classes are rows of `events` made ahead over a rolling window of MATERIALIZE_DAYS, which the
 * `schedule.extend` job moves on every hour. A class, once made, is an ordinary class: the kiosk, the booking core and
 * the reports read it like any other. Changes and cancellations of several classes lock them all first
 * (withEventLock), so a booking racing a change sees the class before or after it, never between.
 */

/** How far ahead a series' classes exist (decision 026): 12 weeks, more than any booking window a gym sets. */
export const MATERIALIZE_DAYS = 84;

/** ISO weekday (1 = Monday … 7 = Sunday) as the rule counts it (0 = Sunday). */
const ruleWeekday = (iso: number) => (iso % 7) as WeekdayNumber;

type Placement = { coachIds: string[]; locationId: string | null; roomId: string | null };

/** A class type's terms that its classes copy (fees, credit deductions, the tax rate: its own or the gym's), and whether it is archived. */
async function classTypeTerms(tx: DbOrTx, where: SQL) {
  const [type] = await tx
    .select({
      id: classTypes.id,
      archivedAt: classTypes.archivedAt,
      cancellationFeeMinor: classTypes.cancellationFeeMinor,
      noShowFeeMinor: classTypes.noShowFeeMinor,
      cancellationCreditDeduction: classTypes.cancellationCreditDeduction,
      noShowCreditDeduction: classTypes.noShowCreditDeduction,
      taxRateId: sql<string | null>`coalesce(${classTypes.taxRateId}, ${gyms.classTaxRateId})`,
    })
    .from(classTypes)
    .innerJoin(gyms, eq(gyms.id, classTypes.gymId))
    .where(where);
  return type ?? null;
}

/** The class type, if the gym's and not archived (a person scheduling is told otherwise). */
async function activeClassType(tx: Tx, gymId: string, classTypeId: string) {
  const type = await classTypeTerms(tx, and(eq(classTypes.id, classTypeId), eq(classTypes.gymId, gymId))!);
  if (!type) throw fieldError('classTypeId', eventMessages.classTypeNotFound);
  if (type.archivedAt) throw fieldError('classTypeId', calendarMessages.classTypeArchived);
  return type;
}
type ClassTypeTerms = NonNullable<Awaited<ReturnType<typeof classTypeTerms>>>;

/**
 * Coaches are the gym's coaches, each once (the first leads); a room is the gym's and, with a location, at it (a room
 * alone gives its location); neither archived. Answers the placement to store.
 */
async function checkPlacement(tx: Tx, gymId: string, p: Partial<Placement>): Promise<Partial<Placement>> {
  const out: Partial<Placement> = {};
  if (p.coachIds !== undefined) {
    if (new Set(p.coachIds).size !== p.coachIds.length) throw fieldError('coachIds', calendarMessages.coachTwice);
    if (p.coachIds.length > 0) {
      const found = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.gymId, gymId), eq(staff.isCoach, true), inArray(staff.id, p.coachIds)));
      if (found.length !== p.coachIds.length) throw fieldError('coachIds', calendarMessages.coachNotFound);
    }
    out.coachIds = p.coachIds;
  }
  if (p.roomId !== undefined && p.roomId !== null) {
    const [room] = await tx
      .select({ id: rooms.id, locationId: rooms.locationId, archivedAt: rooms.archivedAt })
      .from(rooms)
      .where(and(eq(rooms.id, p.roomId), eq(rooms.gymId, gymId)));
    if (!room) throw fieldError('roomId', calendarMessages.roomNotFound);
    if (room.archivedAt) throw fieldError('roomId', calendarMessages.roomArchived);
    if (p.locationId && p.locationId !== room.locationId) throw fieldError('roomId', calendarMessages.roomNotAtLocation);
    out.roomId = room.id;
    out.locationId = room.locationId;
  } else if (p.roomId === null) {
    out.roomId = null;
  }
  if (p.locationId !== undefined && out.locationId === undefined) {
    if (p.locationId !== null) {
      const [location] = await tx
        .select({ id: locations.id, archivedAt: locations.archivedAt })
        .from(locations)
        .where(and(eq(locations.id, p.locationId), eq(locations.gymId, gymId)));
      if (!location) throw fieldError('locationId', eventMessages.locationNotFound);
      if (location.archivedAt) throw fieldError('locationId', calendarMessages.locationArchived);
    }
    out.locationId = p.locationId;
  }
  return out;
}

const coachRows = (gymId: string, eventId: string, coachIds: string[]) =>
  coachIds.map((staffId, i) => ({ gymId, eventId, staffId, role: i === 0 ? 'lead' : 'assistant' }));

/** The class row of an occurrence, with the type's fees and tax rate as they are now. */
function classRow(
  gymId: string,
  type: ClassTypeTerms,
  o: { date: string; startsAt: Date },
  timeZone: string,
  p: { durationMinutes: number; capacity: number; locationId: string | null; roomId: string | null },
) {
  // What people see is the local time the class actually starts (a time a spring-forward gap skips moves on).
  const local = toZoned(o.startsAt, timeZone);
  return {
    id: randomUUID(),
    gymId,
    kind: 'class' as const,
    classTypeId: type.id,
    locationId: p.locationId,
    roomId: p.roomId,
    startsAt: o.startsAt,
    startDate: local.date,
    startTime: local.time,
    durationMinutes: p.durationMinutes,
    capacity: p.capacity,
    taxRateId: type.taxRateId,
    cancellationFeeMinor: type.cancellationFeeMinor,
    noShowFeeMinor: type.noShowFeeMinor,
    cancellationCreditDeduction: type.cancellationCreditDeduction,
    noShowCreditDeduction: type.noShowCreditDeduction,
  };
}

type SeriesRow = typeof classSeries.$inferSelect;

/**
 * Makes a series' classes for the dates of its rule after `materializedThrough`, up to `through` (and its last date),
 * once each (the unique (series, occurrence date) index: two runs at once make each class once). `onBusy`: `refuse`
 * lets the database refuse a coach or room already taken (a person creating the series is told); `skip` (the
 * window's job, weeks later) makes the class without that coach or room instead, so one clash never stops a series.
 */
export async function materialize(tx: Tx, series: SeriesRow, through: string, onBusy: 'refuse' | 'skip'): Promise<number> {
  const from = series.materializedThrough >= series.firstDate ? addDays(series.materializedThrough, 1) : series.firstDate;
  const to = series.lastDate && series.lastDate < through ? series.lastDate : through;
  if (to < from) return 0;
  const pattern = fromRRuleText(series.rrule);
  const occurrences = occurrencesBetween(pattern, from, to);
  // An archived type still runs the classes of its series.
  const type = (await classTypeTerms(tx, eq(classTypes.id, series.classTypeId)))!;
  const coaches = await tx
    .select({ staffId: classSeriesCoaches.staffId, role: classSeriesCoaches.role })
    .from(classSeriesCoaches)
    .where(eq(classSeriesCoaches.seriesId, series.id))
    .orderBy(sql`${classSeriesCoaches.role} <> 'lead'`, asc(classSeriesCoaches.staffId));
  await lockCoachesAndRooms(
    tx,
    coaches.map((c) => c.staffId),
    [series.roomId],
  );
  const [root] = await tx.select({ id: events.id }).from(events).where(eq(events.seriesId, series.id)).orderBy(asc(events.occurrenceDate)).limit(1);
  let rootId = root?.id ?? null;
  const rows = occurrences.map((o) => {
    const row = { ...classRow(series.gymId, type, o, pattern.timeZone, series), seriesId: series.id, occurrenceDate: o.date, rootId };
    rootId ??= row.id;
    return row;
  });
  const busy =
    onBusy === 'skip' && rows.length > 0
      ? await busyRanges(
          tx,
          series,
          coaches.map((c) => c.staffId),
          rows[0]!.startsAt,
          to,
        )
      : null;
  const taken = (key: string, start: Date, end: Date) => (busy?.get(key) ?? []).some(([a, b]) => a < end.getTime() && start.getTime() < b);
  const made: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200).map((row) => {
      const end = new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);
      return row.roomId && taken(`room:${row.roomId}`, row.startsAt, end) ? { ...row, roomId: null } : row;
    });
    made.push(
      ...(await tx
        .insert(events)
        .values(chunk)
        .onConflictDoNothing({ target: [events.seriesId, events.occurrenceDate], where: sql`${events.seriesId} is not null` })
        .returning({ id: events.id })),
    );
  }
  const madeIds = new Set(made.map((m) => m.id));
  const coachValues = rows
    .filter((row) => madeIds.has(row.id))
    .flatMap((row) => {
      const end = new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);
      return coaches
        .filter((c) => !taken(`coach:${c.staffId}`, row.startsAt, end))
        .map((c) => ({ gymId: series.gymId, eventId: row.id, staffId: c.staffId, role: c.role }));
    });
  for (let i = 0; i < coachValues.length; i += 500) await tx.insert(eventCoaches).values(coachValues.slice(i, i + 500));
  await tx.update(classSeries).set({ materializedThrough: to }).where(eq(classSeries.id, series.id));
  return made.length;
}

/** When the series' coaches and room are taken between two instants, by key `coach:<id>` / `room:<id>` (two statements). */
async function busyRanges(tx: Tx, series: SeriesRow, coachIds: string[], from: Date, toDate: string): Promise<Map<string, [number, number][]>> {
  const until = new Date(`${addDays(toDate, 2)}T00:00:00Z`);
  const out = new Map<string, [number, number][]>();
  const add = (key: string, a: Date, b: Date) => out.set(key, [...(out.get(key) ?? []), [new Date(a).getTime(), new Date(b).getTime()]]);
  if (coachIds.length > 0) {
    const taken = await tx
      .select({ staffId: eventCoaches.staffId, startsAt: eventCoaches.startsAt, busyUntil: eventCoaches.busyUntil })
      .from(eventCoaches)
      .where(
        and(
          inArray(eventCoaches.staffId, coachIds),
          eq(eventCoaches.isCancelled, false),
          sql`${eventCoaches.busyUntil} > ${from}`,
          sql`${eventCoaches.startsAt} < ${until}`,
        ),
      );
    for (const t of taken) add(`coach:${t.staffId}`, t.startsAt, t.busyUntil);
  }
  if (series.roomId) {
    const taken = await tx
      .select({ startsAt: events.startsAt, busyUntil: events.busyUntil })
      .from(events)
      .where(and(eq(events.roomId, series.roomId), isNull(events.cancelledAt), sql`${events.busyUntil} > ${from}`, sql`${events.startsAt} < ${until}`));
    for (const t of taken) add(`room:${series.roomId}`, t.startsAt, t.busyUntil);
  }
  return out;
}

const todayIn = (timeZone: string, now = new Date()) => toZoned(now, timeZone).date;

/** Issue 16: a weekly series and its classes over the window (a coach or room already taken: 409, nothing made). */
export async function createSeries(ctx: ScheduleContext, w: Writer, input: CreateSeriesInput): Promise<{ seriesId: string; created: number }> {
  const today = todayIn(w.timeZone);
  if (input.firstDate < today) throw fieldError('firstDate', calendarMessages.firstDateInPast);
  if (input.lastDate && input.lastDate < input.firstDate) throw fieldError('lastDate', calendarMessages.lastBeforeFirst);
  return writeTransaction(ctx, async (tx, publish) => {
    await activeClassType(tx, w.gymId, input.classTypeId);
    const placement = await checkPlacement(tx, w.gymId, input);
    const pattern: WeeklyPattern = {
      weekdays: [...new Set(input.weekdays)].map(ruleWeekday),
      startTime: input.startTime,
      firstDate: input.firstDate,
      lastDate: input.lastDate,
      interval: input.interval,
      timeZone: w.timeZone,
    };
    const [series] = await tx
      .insert(classSeries)
      .values({
        gymId: w.gymId,
        classTypeId: input.classTypeId,
        locationId: placement.locationId ?? null,
        roomId: placement.roomId ?? null,
        rrule: toRRuleText(pattern),
        startTime: input.startTime,
        durationMinutes: input.durationMinutes,
        capacity: input.capacity,
        firstDate: input.firstDate,
        lastDate: input.lastDate,
        materializedThrough: addDays(input.firstDate, -1),
      })
      .returning();
    const coachIds = placement.coachIds ?? [];
    if (coachIds.length > 0)
      await tx
        .insert(classSeriesCoaches)
        .values(coachIds.map((staffId, i) => ({ gymId: w.gymId, seriesId: series!.id, staffId, role: i === 0 ? 'lead' : 'assistant' })));
    const created = await materialize(tx, series!, addDays(today, MATERIALIZE_DAYS), 'refuse');
    await publish({ kind: 'gym', gymId: w.gymId });
    return { seriesId: series!.id, created };
  });
}

/** Issue 16: a one-off class (a coach or room already taken: 409). */
export async function createClass(ctx: ScheduleContext, w: Writer, input: CreateClassInput): Promise<string> {
  const startsAt = fromZoned(input.date, input.startTime, w.timeZone);
  if (startsAt.getTime() <= Date.now()) throw fieldError('date', calendarMessages.dateInPast);
  return writeTransaction(ctx, async (tx, publish) => {
    const type = await activeClassType(tx, w.gymId, input.classTypeId);
    const placement = await checkPlacement(tx, w.gymId, input);
    await lockCoachesAndRooms(tx, placement.coachIds ?? [], [placement.roomId]);
    const row = classRow(w.gymId, type, { date: input.date, startsAt }, w.timeZone, {
      durationMinutes: input.durationMinutes,
      capacity: input.capacity,
      locationId: placement.locationId ?? null,
      roomId: placement.roomId ?? null,
    });
    await tx.insert(events).values(row);
    if (placement.coachIds?.length) await tx.insert(eventCoaches).values(coachRows(w.gymId, row.id, placement.coachIds));
    await publish({ kind: 'gym', gymId: w.gymId });
    return row.id;
  });
}

/** A class of the gym that a change or a cancellation starts from. */
async function anchorClass(ctx: ScheduleContext, w: Writer, eventId: string) {
  const [anchor] = await ctx.db
    .select({ id: events.id, seriesId: events.seriesId, occurrenceDate: events.occurrenceDate, startsAt: events.startsAt, cancelledAt: events.cancelledAt })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.gymId, w.gymId), eq(events.kind, 'class')));
  if (!anchor) throw notFound(eventMessages.classNotFound);
  if (anchor.cancelledAt) throw conflict(calendarMessages.cancelled, 'cancelled');
  return anchor;
}

/** The classes a scope reaches from an anchor: this one, or its series' classes from it or all, not started nor cancelled. */
async function scopeTargets(
  ctx: ScheduleContext,
  w: Writer,
  anchor: Awaited<ReturnType<typeof anchorClass>>,
  scope: UpdateClassInput['scope'],
  now: Date,
): Promise<string[]> {
  if (scope === 'this') {
    if (new Date(anchor.startsAt) <= now) throw conflict(calendarMessages.started, 'started');
    return [anchor.id];
  }
  if (!anchor.seriesId) throw fieldError('scope', calendarMessages.notInSeries);
  const rows = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.gymId, w.gymId),
        eq(events.seriesId, anchor.seriesId),
        isNull(events.cancelledAt),
        sql`${events.startsAt} > ${now}`,
        scope === 'following' ? gte(events.occurrenceDate, anchor.occurrenceDate!) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Issue 16: change a class, this and the following classes of its series, or all of them (from now on). A new start
 * time keeps each class on its date; a substitute coach is a change of coaches; a lower capacity may not go under the
 * places held, a higher one promotes the waitlist at once. Booked athletes are emailed when the time moves. With a
 * series scope the series itself changes too, so the classes the window makes later follow.
 */
export async function updateClass(ctx: ScheduleContext, w: Writer, eventId: string, input: UpdateClassInput, now = new Date()): Promise<ClassChangeAnswer> {
  const anchor = await anchorClass(ctx, w, eventId);
  if (input.date !== undefined && input.scope !== 'this') throw fieldError('date', calendarMessages.dateOnlyThis);
  const fields = ['date', 'startTime', 'durationMinutes', 'capacity', 'coachIds', 'locationId', 'roomId'] as const;
  if (fields.every((f) => input[f] === undefined)) throw badInput(calendarMessages.nothingToChange);
  const targetIds = await scopeTargets(ctx, w, anchor, input.scope, now);
  let notified = 0;
  let promoted = 0;
  await withEventLock(ctx, w, { kind: 'class', where: inArray(events.id, targetIds) }, async (tx, locked) => {
    const placement = await checkPlacement(tx, w.gymId, input);
    const current = await tx
      .select({
        id: events.id,
        startDate: events.startDate,
        startTime: events.startTime,
        startsAt: events.startsAt,
        capacity: events.capacity,
        cancelledAt: events.cancelledAt,
        roomId: events.roomId,
      })
      .from(events)
      .where(
        inArray(
          events.id,
          locked.map((l) => l.id),
        ),
      );
    // The coaches and rooms these classes take now and will take: a move or a new coach is checked against their other
    // bookings one writer at a time.
    const assigned =
      locked.length > 0
        ? await tx
            .select({ staffId: eventCoaches.staffId })
            .from(eventCoaches)
            .where(
              inArray(
                eventCoaches.eventId,
                locked.map((l) => l.id),
              ),
            )
        : [];
    await lockCoachesAndRooms(tx, [...assigned.map((a) => a.staffId), ...(placement.coachIds ?? [])], [...current.map((e) => e.roomId), placement.roomId]);
    const held = await placesHeld(
      tx,
      locked.map((l) => l.id),
    );
    if (input.capacity !== undefined) {
      const most = Math.max(0, ...held.values());
      if (input.capacity < most) throw fieldError('capacity', calendarMessages.capacityBelowBooked(most));
    }
    const moved: { id: string; before: Date }[] = [];
    for (const e of current) {
      const date = input.date ?? e.startDate;
      const time = input.startTime ?? e.startTime;
      const startsAt = date !== e.startDate || time !== e.startTime ? fromZoned(date, time, w.timeZone) : new Date(e.startsAt);
      if (startsAt.getTime() !== new Date(e.startsAt).getTime()) {
        if (startsAt <= now) throw fieldError(input.date ? 'date' : 'startTime', calendarMessages.dateInPast);
        moved.push({ id: e.id, before: new Date(e.startsAt) });
      }
      const local = toZoned(startsAt, w.timeZone);
      await tx
        .update(events)
        .set({
          startsAt,
          startDate: local.date,
          startTime: local.time,
          ...(input.durationMinutes !== undefined ? { durationMinutes: input.durationMinutes } : {}),
          ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
          ...(placement.locationId !== undefined ? { locationId: placement.locationId } : {}),
          ...(placement.roomId !== undefined ? { roomId: placement.roomId } : {}),
          updatedAt: now,
        })
        .where(eq(events.id, e.id));
    }
    if (placement.coachIds !== undefined) {
      const ids = locked.map((l) => l.id);
      if (ids.length > 0) await tx.delete(eventCoaches).where(inArray(eventCoaches.eventId, ids));
      const values = ids.flatMap((id) => coachRows(w.gymId, id, placement.coachIds!));
      if (values.length > 0) await tx.insert(eventCoaches).values(values);
    }
    if (input.scope !== 'this' && anchor.seriesId) await changeSeries(tx, w, anchor.seriesId, input, placement);
    if (input.capacity !== undefined) {
      for (const e of locked) {
        if (input.capacity > e.capacity) promoted += (await promoteFromWaitlist(tx, ctx, 'class', { ...e, capacity: input.capacity }, now)).length;
      }
    }
    if (moved.length > 0) {
      const booked = await tx
        .select({ id: reservations.id, eventId: reservations.eventId })
        .from(reservations)
        .where(
          and(
            inArray(
              reservations.eventId,
              moved.map((m) => m.id),
            ),
            or(holdsPlaceSql(reservations), eq(reservations.isWaitlisted, true)),
          ),
        );
      const recipients = await recipientsOf(
        tx,
        booked.map((b) => b.id),
      );
      const before = new Map(moved.map((m) => [m.id, m.before]));
      notified = (
        await queueBookingMails(
          tx,
          ctx,
          recipients.map((r) => changedMail(ctx, r, before.get(r.eventId)!)),
        )
      ).length;
    }
  });
  return { changed: targetIds.length, notified, promoted };
}

const badInput = (message: string) => fieldError('nonFieldErrors', message);

/** A series takes a change of its classes, so the classes made later follow it (its rule keeps its dates). */
async function changeSeries(tx: Tx, w: Writer, seriesId: string, input: UpdateClassInput, placement: Partial<Placement>): Promise<void> {
  const [series] = await tx
    .select()
    .from(classSeries)
    .where(and(eq(classSeries.id, seriesId), eq(classSeries.gymId, w.gymId)))
    .for('update');
  if (!series) return;
  const pattern = fromRRuleText(series.rrule);
  const startTime = input.startTime ?? series.startTime;
  await tx
    .update(classSeries)
    .set({
      startTime,
      rrule: toRRuleText({ ...pattern, startTime }),
      ...(input.durationMinutes !== undefined ? { durationMinutes: input.durationMinutes } : {}),
      ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
      ...(placement.locationId !== undefined ? { locationId: placement.locationId } : {}),
      ...(placement.roomId !== undefined ? { roomId: placement.roomId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(classSeries.id, seriesId));
  if (placement.coachIds !== undefined) {
    await tx.delete(classSeriesCoaches).where(eq(classSeriesCoaches.seriesId, seriesId));
    if (placement.coachIds.length > 0) {
      await tx
        .insert(classSeriesCoaches)
        .values(placement.coachIds.map((staffId, i) => ({ gymId: w.gymId, seriesId, staffId, role: i === 0 ? 'lead' : 'assistant' })));
    }
  }
}

/**
 * Issue 16: cancel a class, this and the following classes of its series (the series ends before it), or all of them.
 * Each athlete booked or waiting is emailed and their booking released (credits restored with the packages issue); the
 * class stays, cancelled, so the history and the series' dates keep it. Late cancels and no shows already recorded
 * stay with their charges.
 */
export async function cancelClass(ctx: ScheduleContext, w: Writer, eventId: string, input: CancelClassInput, now = new Date()): Promise<ClassChangeAnswer> {
  const anchor = await anchorClass(ctx, w, eventId);
  const targetIds = await scopeTargets(ctx, w, anchor, input.scope, now);
  let notified = 0;
  await withEventLock(ctx, w, { kind: 'class', where: inArray(events.id, targetIds) }, async (tx, locked) => {
    const ids = locked.map((l) => l.id);
    if (ids.length > 0) {
      const bookings = await tx
        .select({
          id: reservations.id,
          isWaitlisted: reservations.isWaitlisted,
          isReserved: reservations.isReserved,
          isCheckedIn: reservations.isCheckedIn,
          isLateCancel: reservations.isLateCancel,
          isNoShow: reservations.isNoShow,
        })
        .from(reservations)
        .where(and(inArray(reservations.eventId, ids), eq(reservations.isLateCancel, false), eq(reservations.isNoShow, false)));
      const waiting = new Set(bookings.filter((b) => b.isWaitlisted).map((b) => b.id));
      const recipients = await recipientsOf(
        tx,
        bookings.filter((b) => holdsPlace(b) || b.isWaitlisted).map((b) => b.id),
      );
      notified = (
        await queueBookingMails(
          tx,
          ctx,
          recipients.map((r) => cancelledMail(ctx, r, input.reason, waiting.has(r.reservationId))),
        )
      ).length;
      await releaseBookings(
        tx,
        w.gymId,
        bookings.map((b) => b.id),
      );
      await tx
        .update(events)
        .set({ cancelledAt: now, cancelReason: input.reason || null, updatedAt: now })
        .where(inArray(events.id, ids));
    }
    if (input.scope !== 'this' && anchor.seriesId) await endSeriesBefore(tx, w, anchor.seriesId, input.scope === 'all' ? null : anchor.occurrenceDate);
  });
  return { changed: targetIds.length, notified, promoted: 0 };
}

/**
 * A series stops making classes: from a date on (`following`), or after the classes that have started (`all`, date
 * null). Its rule gets the same last date, so the feed and the window agree.
 */
async function endSeriesBefore(tx: Tx, w: Writer, seriesId: string, fromDate: string | null): Promise<void> {
  const [series] = await tx
    .select()
    .from(classSeries)
    .where(and(eq(classSeries.id, seriesId), eq(classSeries.gymId, w.gymId)))
    .for('update');
  if (!series) return;
  let end: string;
  if (fromDate) end = addDays(fromDate, -1);
  else {
    const [last] = await tx
      .select({ date: sql<string | null>`max(${events.occurrenceDate})` })
      .from(events)
      .where(and(eq(events.seriesId, seriesId), isNull(events.cancelledAt)));
    end = last?.date ?? addDays(series.firstDate, -1);
  }
  // The rule may not end before it begins: a series that never ran ends on its first date (its classes are cancelled).
  const lastDate = end < series.firstDate ? series.firstDate : end;
  if (series.lastDate && series.lastDate <= lastDate) return;
  const pattern = fromRRuleText(series.rrule);
  await tx
    .update(classSeries)
    .set({
      lastDate,
      rrule: toRRuleText({ ...pattern, lastDate }),
      materializedThrough: series.materializedThrough > lastDate ? series.materializedThrough : lastDate,
      updatedAt: new Date(),
    })
    .where(eq(classSeries.id, seriesId));
}

/**
 * Issue 34: the farthest a read may look ahead and find a series' classes made for it (two years): beyond the rolling
 * window, a calendar, an athlete's day or a feed asking for later dates makes them then, so every week a series
 * covers shows its classes; the bound keeps one look at year 3000 from writing a thousand years of classes.
 */
export const ON_DEMAND_DAYS = 731;

/**
 * Issue 34: makes the gym's open series' classes through `through` (at most ON_DEMAND_DAYS ahead) before a read of
 * dates past the window. The same write as the job's (each series in its own transaction holding its row, a coach or
 * room taken meanwhile left off that class); a read inside the window finds nothing to do in one indexed select.
 */
export async function materializeThrough(ctx: ScheduleContext, gymId: string, timeZone: string, through: string, now = new Date()): Promise<number> {
  const cap = addDays(todayIn(timeZone, now), ON_DEMAND_DAYS);
  const until = through < cap ? through : cap;
  const behind = await ctx.db
    .select({ id: classSeries.id })
    .from(classSeries)
    .where(
      and(
        eq(classSeries.gymId, gymId),
        lt(classSeries.materializedThrough, until),
        or(isNull(classSeries.lastDate), sql`${classSeries.materializedThrough} < ${classSeries.lastDate}`),
      ),
    );
  let made = 0;
  for (const s of behind) {
    made += await writeTransaction(ctx, async (tx, publish) => {
      const [series] = await tx.select().from(classSeries).where(eq(classSeries.id, s.id)).for('update');
      if (!series || series.materializedThrough >= until) return 0;
      const n = await materialize(tx, series, until, 'skip');
      if (n > 0) await publish({ kind: 'gym', gymId });
      return n;
    });
  }
  return made;
}

/**
 * The `schedule.extend` job (decision 026): every open series' classes are made up to MATERIALIZE_DAYS after today in
 * its gym's zone. Each series in its own transaction holding its row, so two processes never make one twice; a
 * coach or room taken meanwhile is left off that class (onBusy skip). Answers the classes made.
 */
export async function extendSchedules(ctx: ScheduleContext, now = new Date()): Promise<number> {
  // Series whose window may end before today + MATERIALIZE_DAYS in any zone (a day of slack for the zones).
  const horizon = addDays(now.toISOString().slice(0, 10), MATERIALIZE_DAYS + 1);
  const open = await ctx.db
    .select({ id: classSeries.id, gymId: classSeries.gymId, timeZone: gyms.timeZone })
    .from(classSeries)
    .innerJoin(gyms, eq(gyms.id, classSeries.gymId))
    .where(
      and(lte(classSeries.materializedThrough, horizon), or(isNull(classSeries.lastDate), sql`${classSeries.materializedThrough} < ${classSeries.lastDate}`)),
    );
  let made = 0;
  for (const s of open) {
    const through = addDays(todayIn(s.timeZone, now), MATERIALIZE_DAYS);
    made += await writeTransaction(ctx, async (tx, publish) => {
      const [series] = await tx.select().from(classSeries).where(eq(classSeries.id, s.id)).for('update');
      if (!series || series.materializedThrough >= through) return 0;
      const n = await materialize(tx, series, through, 'skip');
      if (n > 0) await publish({ kind: 'gym', gymId: s.gymId });
      return n;
    });
  }
  return made;
}
