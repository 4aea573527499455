import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  bookingPolicy,
  bulkBookabilityOf,
  eventMessages,
  holdsPlace,
  isBeforePromotionCutoff,
  isFull,
  isLateCancelAt,
  isMarked,
  markRule,
  oneYearAfter,
  reservationMessages,
  selfCheckInWindowOf,
  toZoned,
  type BulkReservationInput,
  type BulkReservationResult,
  type EventKind,
  type SelfCheckInWindow,
  type UpdateReservationInput,
} from '@spotter/shared';
import { appointmentTypes, athletes, charges, classTypes, events, gyms, invoices, reservations, reservationWaitlistSeq, rooms, staff } from '../../db/schema';
import { invoiceCharge } from '../billing';
import { voidInvoice } from '../invoices';
import type { DbOrTx, Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error';
import { classFilter, findEvent, findTaxRate } from '../events';
import { fullName } from '../../lib/sql-text';
import { mailBooked, mailPromoted, type BookingMailContext } from './booking-mail';
import { fastCheckIn, fastWalkIn } from './fast-paths';
import { findReservation, findReservations, toClassReservation, type ReservationRecord } from './reservations.repository';
import { holdsPlaceSql } from '../booking-policy';
import { allowsUncoveredWalkInsSql, athleteRules, refuse } from '../booking-policy';
import { assertSignedBeforeBooking } from '../documents';
import { readKioskSettings } from '../gym-settings';
import { checkEligibility } from '../athlete-packages';
import { creditReservation, deductBooking, restoreCredits, settleMarkCredits } from '../athlete-packages';
import { recordEvents } from '../../lib/domain-events';
import { bookingEvent, checkedInEvent, createdEvent } from './booking-events';

/**
 * Spec 3 and 4: the reservation writes, each rule once. Every write that can change who holds a place in an event
 * (book, walk in, check in or out, late cancel, no show, delete, bulk booking; later a capacity change or a waitlist
 * promotion) runs here in one transaction under withEventLock, whoever calls it (a route, a job). The grouped
 * statements of fast-paths.ts are an optimisation of two of them with the same locks and rules (decision 016).
 */

/** The caller of a reservation write: its gym, who acts, and for athlete profiles their own athlete id. */
export type Writer = { gymId: string; timeZone: string; actorUserId: string; ownAthleteId: string | null };

/** What a schedule write needs: the database and feed, and the job queue and address its mails go out with. */
export type ScheduleContext = WriteContext & BookingMailContext;

export type ReservationsContext = ScheduleContext & {
  /** Decision 016 (FAST_WRITES): check-ins and walk-ins that arrive together run as grouped statements. */
  fastWrites: boolean;
};

/** An event as its lock holds it. */
export type LockedEvent = { id: string; capacity: number; startsAt: Date; endsAt: Date; startDate: string; cancelledAt: Date | null };

export const eventNotFound = (kind: EventKind) => notFound(kind === 'class' ? eventMessages.classNotFound : eventMessages.appointmentNotFound);

type LockTarget = { kind: EventKind; id: string } | { kind: EventKind; where: SQL };

/**
 * The one write path: a transaction that first locks the event(s) of the gym, in id order, FOR NO KEY UPDATE. Writes
 * of one event go one at a time, so a rule read inside (capacity, one reservation per athlete) still holds at commit;
 * the key-share locks that an inserted reservation's foreign keys take do not wait for it. The gym's change is
 * published with the commit (lib/changes.ts), so every process's kept reads of the gym end then.
 */
export async function withEventLock<T>(ctx: WriteContext, w: Writer, target: LockTarget, fn: (tx: Tx, locked: LockedEvent[]) => Promise<T>): Promise<T> {
  return writeTransaction(ctx, async (tx, publish) => {
    const where = 'id' in target ? eq(events.id, target.id) : target.where;
    const locked = await tx
      .select({
        id: events.id,
        capacity: events.capacity,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        startDate: events.startDate,
        cancelledAt: events.cancelledAt,
      })
      .from(events)
      .where(and(eq(events.gymId, w.gymId), eq(events.kind, target.kind), where))
      .orderBy(asc(events.id))
      .for('no key update');
    if ('id' in target && locked.length === 0) throw eventNotFound(target.kind);
    const result = await fn(tx, locked);
    await publish({ kind: 'gym', gymId: w.gymId });
    return result;
  });
}

/**
 * Issue 16: before a write places coaches or rooms in time (a class made, moved or given other coaches, an appointment
 * booked), it locks their rows, in id order, FOR NO KEY UPDATE (which an inserted assignment's foreign keys do not wait
 * for). Two such writes of one coach or room then go one after the other: the second sees the first committed, and the
 * exclusion constraints refuse it cleanly (23P01, a 409), rather than the two deadlocking on each other's deferred
 * check at commit.
 */
export async function lockCoachesAndRooms(
  tx: Tx,
  staffIds: readonly (string | null | undefined)[],
  roomIds: readonly (string | null | undefined)[] = [],
): Promise<void> {
  const ids = (list: readonly (string | null | undefined)[]) => [...new Set(list.filter((id): id is string => Boolean(id)))].sort();
  const coachIds = ids(staffIds);
  const placeIds = ids(roomIds);
  if (coachIds.length > 0) await tx.select({ id: staff.id }).from(staff).where(inArray(staff.id, coachIds)).orderBy(asc(staff.id)).for('no key update');
  if (placeIds.length > 0) await tx.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, placeIds)).orderBy(asc(rooms.id)).for('no key update');
}

/** The places held in each of the events (rules: holdsPlace). */
export async function placesHeld(tx: Tx, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await tx
    .select({ eventId: reservations.eventId, n: count() })
    .from(reservations)
    .where(and(inArray(reservations.eventId, eventIds), holdsPlaceSql()))
    .groupBy(reservations.eventId);
  return new Map(rows.map((r) => [r.eventId, r.n]));
}

/** The athlete of the gym, refused (400) with the first athlete rule of the policy it fails for these events (policy.ts). */
export async function eligibleAthlete(tx: DbOrTx, gymId: string, athleteId: string, eventIds: string[]): Promise<{ fullName: string }> {
  const [athlete] = await tx
    .select({ fullName: fullName(athletes) })
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  if (!athlete) throw notFound(reservationMessages.athleteNotFound);
  if (eventIds.length === 0) return athlete;
  const checks = Object.fromEntries(athleteRules.map((rule, i) => [`rule${i}`, rule.passes(athletes, events)]));
  const rows = await tx.select(checks).from(athletes).innerJoin(events, inArray(events.id, eventIds)).where(eq(athletes.id, athleteId));
  const failed = athleteRules.find((_rule, i) => rows.some((row) => !row[`rule${i}`]));
  refuse(failed ?? null, 400);
  return athlete;
}

const assertOwn = (w: Writer, athleteId: string) => {
  if (w.ownAthleteId !== null && w.ownAthleteId !== athleteId) throw forbidden(reservationMessages.athletesOwnOnly, 'own_reservations_only');
};

async function recordOf(ctx: WriteContext, w: Writer, kind: EventKind, id: string): Promise<ReservationRecord> {
  const record = await findReservation(ctx.db, w.gymId, kind, id);
  if (!record) throw notFound(reservationMessages.reservationNotFound);
  return record;
}

export type ReservationInput = {
  id?: string;
  athleteId: string;
  eventId: string;
  isReserved: boolean;
  isCheckedIn: boolean;
  /** Issue 16: when the class is full, join its waitlist instead of being refused. */
  joinWaitlist?: boolean;
};
export type CreatedReservation = { created: boolean; record: ReservationRecord };

/**
 * Spec 4: a reservation, or a walk-in check-in with the client's own id. The same id again answers the existing
 * record (created false); another id for an athlete who already has a record of this event is a 409. Reserving never
 * goes over capacity; a walk-in check-in may (front-desk override, decision 005).
 */
export async function createReservation(ctx: ReservationsContext, w: Writer, kind: EventKind, input: ReservationInput): Promise<CreatedReservation> {
  assertOwn(w, input.athleteId);
  const id = input.id ?? randomUUID();
  // The grouped walk-in is the front desk's: an athlete's own (their self check-in window) takes the locked path.
  if (ctx.fastWrites && input.id && !input.isReserved && input.isCheckedIn && w.ownAthleteId === null) {
    const { record, joined } = await fastWalkIn(ctx, {
      id,
      kind,
      eventId: input.eventId,
      gymId: w.gymId,
      athleteId: input.athleteId,
      actorUserId: w.actorUserId,
      at: new Date(),
    });
    if (record) return { created: !joined, record };
    // The commonest reason for no row is the same request again (two tablets, a retry): answer it without a lock.
    const existing = await findReservation(ctx.db, w.gymId, kind, id);
    if (existing && existing.eventId === input.eventId && existing.athleteId === input.athleteId) return { created: false, record: existing };
  }
  // What the lock does not guard is read before it (the athlete, their eligibility, the class type's settings), so the
  // event's lock is held only for the rules about its places: one writer of a class at a time, briefly.
  const athlete = await eligibleAthlete(ctx.db, w.gymId, input.athleteId, [input.eventId]);
  // Issue 20: an athlete's own booking waits for the documents required before booking to be signed.
  if (w.ownAthleteId !== null && input.isReserved) await assertSignedBeforeBooking(ctx.db, w.gymId, input.athleteId);
  const settings = kind === 'class' ? await classSettingsOf(ctx.db, input.eventId) : null;
  const isWalkIn = !input.isReserved && input.isCheckedIn;
  const selfCheckIn = w.ownAthleteId !== null && input.isCheckedIn ? await selfCheckInWindow(ctx.db, w.gymId) : null;
  const created = await withEventLock(ctx, w, { kind, id: input.eventId }, async (tx, [event]) => {
    const r = reservations;
    // The same id again (a retry, a second tablet) answers the record; another id of this athlete here is a conflict.
    const existing = await tx
      .select({ id: r.id, gymId: r.gymId, eventId: r.eventId, athleteId: r.athleteId })
      .from(r)
      .where(or(eq(r.id, id), and(eq(r.eventId, input.eventId), eq(r.athleteId, input.athleteId))));
    const same = existing.find((e) => e.id === id);
    if (same) {
      if (same.gymId === w.gymId && same.eventId === input.eventId && same.athleteId === input.athleteId) return false;
      throw conflict(reservationMessages.reservationIdTaken, 'reservation_id_taken');
    }
    if (existing.length > 0) throw conflict(reservationMessages.alreadyReserved(athlete.fullName, kind), 'already_reserved');
    // The booking policy (shared rules/booking-policy.ts), in the order its refusals are answered.
    refuse(bookingPolicy.eventOpen.check(event!));
    if (selfCheckIn) refuse(bookingPolicy.selfCheckIn.check({ event: event!, now: new Date(), window: selfCheckIn }));
    if (input.isReserved && !input.isCheckedIn && w.ownAthleteId !== null && settings) {
      refuse(
        bookingPolicy.bookingWindow.check({
          startsAt: event!.startsAt,
          now: new Date(),
          window: { opensDays: settings.bookingOpensDays, closesMinutes: settings.bookingClosesMinutes },
        }),
      );
    }
    const waits = input.isReserved && !input.isCheckedIn && isFull((await placesHeld(tx, [event!.id])).get(event!.id) ?? 0, event!.capacity);
    if (waits) await assertWaitlistHasRoom(tx, kind, settings, event!, input.joinWaitlist === true);
    // Issue 18: the package that credits it (locked, so the last credit goes once). An athlete's own booking, of a
    // class or an appointment, needs one; the front desk books anyway, uncredited. A place in line is credited when promoted.
    const credit = await checkEligibility(tx, w.gymId, input.athleteId, event!.id, { lock: !waits, of: kind });
    if (w.ownAthleteId !== null) refuse(bookingPolicy.packageEligibility.check(credit));
    // Issue 22: the gym may refuse a class walk-in with no covering package (kiosk settings), at the desk and kiosk alike.
    if (isWalkIn && settings)
      refuse(
        bookingPolicy.walkInSetting.check({
          allowWalkInsWithoutPackage: settings.allowWalkInsWithoutPackage,
          covered: credit.eligible,
          athleteName: athlete.fullName,
        }),
      );
    const credited = credit.eligible && !waits;
    const now = new Date();
    await tx.insert(r).values({
      id,
      gymId: w.gymId,
      eventId: input.eventId,
      athleteId: input.athleteId,
      isReserved: input.isReserved && !waits,
      isWaitlisted: waits,
      // Drawn under the event's lock: the order of the line is the order the joins were made in.
      waitlistSeq: waits ? sql`nextval(${reservationWaitlistSeq.seqName})` : null,
      isCheckedIn: input.isCheckedIn,
      checkedInAt: input.isCheckedIn ? now : null,
      isCredited: credited,
      athletePackageId: credited ? credit.athletePackageId : null,
      registrationDatetime: now,
      updatedAt: now,
      updatedByUserId: w.actorUserId,
    });
    if (credited) await deductBooking(tx, id, credit, w.actorUserId);
    // Issue 33: a booking (or place in line) is booking.created, a walk-in only booking.checked_in (as the grouped walk-in's).
    const subject = { id, gymId: w.gymId, athleteId: input.athleteId, eventId: input.eventId };
    await recordEvents(tx, [...(isWalkIn ? [] : [createdEvent(subject, waits)]), ...(input.isCheckedIn ? [checkedInEvent(subject, !input.isReserved)] : [])]);
    // Issue 22: a class booked (not a place in line, not a walk-in) is confirmed by mail, in this transaction.
    if (kind === 'class' && input.isReserved && !waits && !input.isCheckedIn) await mailBooked(tx, ctx, [id]);
    return true;
  });
  return { created, record: await recordOf(ctx, w, kind, id) };
}

/**
 * PUT of a reservation (spec 4, 5): check-in toggles, late cancel / no show with their charge. isReserved and
 * registrationDatetime are kept. A late cancel or no show records one charge (replaced when its terms change,
 * removed when the mark is cleared).
 */
export async function updateReservation(
  ctx: ReservationsContext,
  w: Writer,
  kind: EventKind,
  id: string,
  input: UpdateReservationInput,
): Promise<ReservationRecord> {
  const onlyCheckIn = input.isCheckedIn !== undefined && Object.entries(input).every(([key, value]) => key === 'isCheckedIn' || value === undefined);
  // The grouped toggle is the front desk's: an athlete's own (their self check-in window) takes the locked path.
  if (ctx.fastWrites && onlyCheckIn && w.ownAthleteId === null) {
    const { record } = await fastCheckIn(ctx, {
      id,
      kind,
      isCheckedIn: input.isCheckedIn!,
      gymId: w.gymId,
      actorUserId: w.actorUserId,
      ownAthleteId: w.ownAthleteId,
      at: new Date(),
    });
    // Anything else (a walk-in, a marked reservation, someone else's, not found) takes the locked path and its rules.
    if (record) return record;
  }
  const eventId = await eventOfReservation(ctx, w, kind, id);
  const selfCheckIn = w.ownAthleteId !== null && input.isCheckedIn === true ? await selfCheckInWindow(ctx.db, w.gymId) : null;
  await withEventLock(ctx, w, { kind, id: eventId }, async (tx, [event]) => {
    const r = reservations;
    const [row] = await tx
      .select()
      .from(r)
      .where(and(eq(r.id, id), eq(r.gymId, w.gymId)))
      .for('update');
    if (!row) throw notFound(reservationMessages.reservationNotFound);
    assertOwn(w, row.athleteId);
    if (selfCheckIn && !row.isCheckedIn) refuse(bookingPolicy.selfCheckIn.check({ event: event!, now: new Date(), window: selfCheckIn }));

    const next = {
      isCheckedIn: input.isCheckedIn ?? row.isCheckedIn,
      isLateCancel: input.isLateCancel ?? row.isLateCancel,
      isNoShow: input.isNoShow ?? row.isNoShow,
    };
    if (next.isLateCancel && next.isNoShow) throw fieldError(input.isNoShow ? 'isNoShow' : 'isLateCancel', reservationMessages.lateCancelXorNoShow);
    const wasMarked = isMarked(row);
    const marked = isMarked(next);
    const newlyMarked = (next.isLateCancel && !row.isLateCancel) || (next.isNoShow && !row.isNoShow);
    if (newlyMarked) {
      if (w.ownAthleteId !== null) throw forbidden(reservationMessages.staffOnlyCharges, 'staff_only');
      const mark = markRule({ isCredited: row.isCredited, isCheckedIn: next.isCheckedIn });
      const field = next.isLateCancel ? 'isLateCancel' : 'isNoShow';
      if (!mark.offered) throw fieldError(field, reservationMessages.notCredited, 'not_credited');
      if (!mark.enabled) throw fieldError(field, reservationMessages.checkedInCannotBeMarked, 'checked_in');
    } else if (marked && next.isCheckedIn) {
      throw fieldError('isCheckedIn', reservationMessages.clearMarkBeforeCheckIn, 'marked');
    }
    // Clearing a mark makes a reservation hold a place again: it must fit (a walk-in check-in may overfill).
    const wasHolding = holdsPlace(row);
    const willHold = holdsPlace({ ...row, ...next });
    if (!wasHolding && willHold && row.isReserved)
      refuse(bookingPolicy.capacity.check({ kind, placesHeld: (await placesHeld(tx, [event!.id])).get(event!.id) ?? 0, capacity: event!.capacity }));

    const eventRow = marked ? await findEvent(tx, w.gymId, kind, event!.id) : null;
    const charge = eventRow
      ? await chargeTerms(tx, w, eventRow, row, next.isLateCancel ? 'late_cancel' : 'no_show', input, wasMarked && row.isLateCancel === next.isLateCancel)
      : null;
    const now = new Date();
    // The front desk checking in someone waiting takes them off the line, as a walk-in (it may overfill).
    const leavesLine = row.isWaitlisted && next.isCheckedIn;
    await tx
      .update(r)
      .set({
        isCheckedIn: next.isCheckedIn,
        isWaitlisted: leavesLine ? false : row.isWaitlisted,
        waitlistSeq: leavesLine ? null : row.waitlistSeq,
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
    // Issue 33: what changed, as domain events (a check-out or a cleared mark has none).
    await recordEvents(tx, [
      ...(next.isCheckedIn && !row.isCheckedIn ? [checkedInEvent(row, !row.isReserved)] : []),
      ...(next.isLateCancel && !row.isLateCancel ? [bookingEvent('booking.late_cancelled', row)] : []),
      ...(next.isNoShow && !row.isNoShow ? [bookingEvent('booking.no_show', row)] : []),
    ]);
    // A late cancel or no show frees its place for the first in line.
    if (wasHolding && !willHold) await promoteFromWaitlist(tx, ctx, kind, event!);
    // Issue 18: the mark keeps the booking's credit and, with deductCredit, takes the event's deduction more.
    const markCredits =
      charge && eventRow && charge.deductCredit
        ? charge.reason === 'late_cancel'
          ? eventRow.fees.cancellationCreditDeduction
          : eventRow.fees.noShowCreditDeduction
        : 0;
    await settleMarkCredits(tx, row, marked && charge ? { reason: charge.reason, credits: markCredits } : null, w.actorUserId);
    const unchanged =
      charge !== null &&
      wasMarked &&
      row.isLateCancel === next.isLateCancel &&
      charge.chargeNow === row.chargeNow &&
      charge.chargeDate === row.chargeDate &&
      charge.chargeFeeMinor === row.chargeFeeMinor &&
      charge.taxRateId === row.taxRateId &&
      charge.deductCredit === row.deductCredit;
    if (unchanged || (!marked && !wasMarked)) return;
    // Issue 19: a charge already invoiced keeps its invoice when the mark is cleared (staff may void it). New terms
    // (a waived or changed fee) void its invoice while nothing is paid on it, and the new charge is billed instead;
    // once paid, they are refused (refund first): never billed twice.
    if (marked && wasMarked) await voidInvoicedCharge(tx, w.gymId, id);
    await tx.delete(charges).where(and(eq(charges.reservationId, id), eq(charges.gymId, w.gymId)));
    if (charge && eventRow) await recordCharge(tx, ctx, w, row, eventRow, charge);
  });
  return recordOf(ctx, w, kind, id);
}

/** The one charge of a late cancel or no show of a reservation (spec 2.12), with the event's credit deduction. */
async function recordCharge(
  tx: Tx,
  ctx: ScheduleContext,
  w: Writer,
  row: { id: string; athleteId: string },
  eventRow: NonNullable<Awaited<ReturnType<typeof findEvent>>>,
  charge: ChargeValues,
) {
  const credits = charge.reason === 'late_cancel' ? eventRow.fees.cancellationCreditDeduction : eventRow.fees.noShowCreditDeduction;
  const [recorded] = await tx
    .insert(charges)
    .values({
      gymId: w.gymId,
      athleteId: row.athleteId,
      reservationId: row.id,
      reason: charge.reason,
      amountMinor: charge.chargeFeeMinor,
      taxRateId: charge.taxRateId,
      collectOn: charge.chargeDate,
      chargeNow: charge.chargeNow,
      creditDeduction: charge.deductCredit ? credits : 0,
      createdByUserId: w.actorUserId,
    })
    .returning({ id: charges.id });
  // Issue 19: Charge Now bills it at once (and charges a saved method); otherwise the billing run does on its date.
  if (charge.chargeNow) await invoiceCharge(tx, ctx.jobs, recorded!.id, new Date());
}

/** Issue 19: the invoice of a reservation's charge, voided before its terms change; refused once money is on it. */
async function voidInvoicedCharge(tx: Tx, gymId: string, reservationId: string): Promise<void> {
  const [row] = await tx
    .select({ id: invoices.id, status: invoices.status, paymentsMinor: invoices.paymentsMinor, refundsMinor: invoices.refundsMinor })
    .from(charges)
    .innerJoin(invoices, eq(invoices.chargeId, charges.id))
    .where(and(eq(charges.reservationId, reservationId), eq(charges.gymId, gymId)))
    .limit(1);
  if (!row || row.status === 'void') return;
  if (row.paymentsMinor - row.refundsMinor > 0) throw conflict(reservationMessages.chargeInvoiced, 'charge_invoiced');
  await voidInvoice(tx, gymId, row.id, { reason: 'The charge was changed at the front desk.' });
}

/** The event of a reservation of the gym and kind (it never moves to another event). */
async function eventOfReservation(ctx: WriteContext, w: Writer, kind: EventKind, id: string): Promise<string> {
  const [located] = await ctx.db
    .select({ eventId: reservations.eventId })
    .from(reservations)
    .innerJoin(events, and(eq(events.id, reservations.eventId), eq(events.kind, kind)))
    .where(and(eq(reservations.id, id), eq(reservations.gymId, w.gymId)));
  if (!located) throw notFound(reservationMessages.reservationNotFound);
  return located.eventId;
}

type ChargeValues = {
  reason: 'late_cancel' | 'no_show';
  chargeNow: boolean;
  chargeDate: string;
  chargeFeeMinor: number;
  taxRateId: string | null;
  deductCredit: boolean;
};

/**
 * The charge of a late cancel or no show (spec 2.12 charge dialog, spec 5): Charge Now collects today; a
 * collection date is not before today in the gym's zone; the fee and tax rate default to the event's settings.
 * When the same mark is already set, absent fields keep their stored values.
 */
async function chargeTerms(
  tx: Tx,
  w: Writer,
  event: NonNullable<Awaited<ReturnType<typeof findEvent>>>,
  row: typeof reservations.$inferSelect,
  reason: ChargeValues['reason'],
  input: UpdateReservationInput,
  keep: boolean,
): Promise<ChargeValues> {
  const today = toZoned(new Date(), w.timeZone).date;
  const chargeNow = input.chargeNow ?? (keep ? row.chargeNow : false);
  let chargeDate = today;
  if (!chargeNow) {
    const given = input.chargeDate ?? (keep ? row.chargeDate : null) ?? today;
    if (given < today && given !== (keep ? row.chargeDate : undefined)) throw fieldError('chargeDate', reservationMessages.chargeDateBeforeToday);
    chargeDate = given;
  }
  const defaultFee = reason === 'late_cancel' ? event.fees.cancellationFeeMinor : event.fees.noShowFeeMinor;
  const chargeFeeMinor =
    input.chargeFee !== undefined && input.chargeFee !== null ? input.chargeFee : keep && row.chargeFeeMinor !== null ? row.chargeFeeMinor : defaultFee;
  let taxRateId = input.taxRate !== undefined ? input.taxRate : keep ? row.taxRateId : (event.taxRate?.taxRateId ?? null);
  if (input.taxRate) {
    const rate = await findTaxRate(tx, w.gymId, input.taxRate);
    if (!rate) throw fieldError('taxRate', reservationMessages.taxRateNotFound);
    taxRateId = rate.id;
  }
  return { reason, chargeNow, chargeDate, chargeFeeMinor, taxRateId, deductCredit: input.deductCredit ?? (keep ? row.deductCredit : false) };
}

/** DELETE of a reservation: its place is free at once (a recorded charge stays). */
export async function deleteReservation(ctx: ReservationsContext, w: Writer, kind: EventKind, id: string): Promise<void> {
  const eventId = await eventOfReservation(ctx, w, kind, id);
  await withEventLock(ctx, w, { kind, id: eventId }, async (tx, [event]) => {
    const r = reservations;
    const [row] = await tx
      .select()
      .from(r)
      .where(and(eq(r.id, id), eq(r.gymId, w.gymId)))
      .for('update');
    if (!row) throw notFound(reservationMessages.reservationNotFound);
    assertOwn(w, row.athleteId);
    if (w.ownAthleteId !== null && (await isLateForAthlete(tx, kind, event!, row))) {
      // Issue 16: an athlete cancelling inside the type's late-cancel cut-off makes a late cancel with the class's or
      // appointment's fee (collected today, with its tax rate), as the cancel confirmation told them; the place frees.
      // Issue 18 (spec 3): it keeps the booking's credit and takes the event's cancellationCreditDeduction more, as a
      // late cancel marked at the desk with Deduct Credit does (capped at the balance).
      const eventRow = (await findEvent(tx, w.gymId, kind, event!.id))!;
      const deduction = eventRow.fees.cancellationCreditDeduction;
      const charge = { ...(await chargeTerms(tx, w, eventRow, row, 'late_cancel', {}, false)), deductCredit: deduction > 0 };
      const now = new Date();
      await tx
        .update(r)
        .set({
          isLateCancel: true,
          chargeNow: false,
          chargeDate: charge.chargeDate,
          chargeFeeMinor: charge.chargeFeeMinor,
          taxRateId: charge.taxRateId,
          deductCredit: charge.deductCredit,
          updatedAt: now,
          updatedByUserId: w.actorUserId,
        })
        .where(eq(r.id, id));
      await settleMarkCredits(tx, row, { reason: 'late_cancel', credits: deduction }, w.actorUserId);
      await recordCharge(tx, ctx, w, row, eventRow, charge);
      await recordEvents(tx, [bookingEvent('booking.late_cancelled', row)]);
    } else {
      // Issue 18: a cancel gives its credits back (a late cancel keeps them).
      await restoreCredits(tx, [id], w.actorUserId);
      await tx.delete(r).where(eq(r.id, id));
      await recordEvents(tx, [bookingEvent('booking.cancelled', row)]);
    }
    // A cancelled booking frees its place for the first in line (leaving the line frees none).
    if (holdsPlace(row)) await promoteFromWaitlist(tx, ctx, kind, event!);
    // Issue 16: an appointment nobody holds a place in any more is cancelled with it, so its coach is free again.
    if (kind === 'appointment') await cancelIfEmpty(tx, w, event!.id);
  });
}

/** Cancels an appointment that no reservation holds a place in (its coach's time frees: event_coaches follows). */
async function cancelIfEmpty(tx: Tx, w: Writer, eventId: string): Promise<void> {
  const r = reservations;
  const holders = tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.eventId, eventId), holdsPlaceSql(r)));
  await tx
    .update(events)
    .set({ cancelledAt: new Date(), cancelReason: 'No one is booked any more.', updatedAt: new Date() })
    .where(and(eq(events.id, eventId), eq(events.gymId, w.gymId), eq(events.kind, 'appointment'), isNull(events.cancelledAt), notExists(holders)));
}

/** Issue 16: a class's booking and waitlist settings, its class type's (appointments: none). */
export type ClassBookingSettings = {
  bookingOpensDays: number | null;
  bookingClosesMinutes: number;
  waitlistEnabled: boolean;
  waitlistSize: number | null;
  promotionCutoffMinutes: number;
  /** Issue 22: the gym's kiosk setting, read with them (a walk-in without a covering package is refused when false). */
  allowWalkInsWithoutPackage: boolean;
};
async function classSettingsOf(tx: DbOrTx, eventId: string): Promise<ClassBookingSettings | null> {
  const [row] = await tx
    .select({
      bookingOpensDays: classTypes.bookingOpensDays,
      bookingClosesMinutes: classTypes.bookingClosesMinutes,
      waitlistEnabled: classTypes.waitlistEnabled,
      waitlistSize: classTypes.waitlistSize,
      promotionCutoffMinutes: classTypes.promotionCutoffMinutes,
      allowWalkInsWithoutPackage: allowsUncoveredWalkInsSql(gyms),
    })
    .from(events)
    .innerJoin(classTypes, eq(classTypes.id, events.classTypeId))
    .innerJoin(gyms, eq(gyms.id, events.gymId))
    .where(eq(events.id, eventId));
  return row ?? null;
}

/**
 * Whether an athlete's own cancel of a place-holding booking now is a late cancel: inside the cut-off of the class's
 * class type, or of the appointment's appointment type.
 */
async function isLateForAthlete(tx: Tx, kind: EventKind, event: LockedEvent, row: typeof reservations.$inferSelect, now = new Date()): Promise<boolean> {
  if (!holdsPlace(row) || row.isCheckedIn) return false;
  const [type] =
    kind === 'class'
      ? await tx
          .select({ cutoff: classTypes.lateCancelCutoffMinutes })
          .from(events)
          .innerJoin(classTypes, eq(classTypes.id, events.classTypeId))
          .where(eq(events.id, event.id))
      : await tx
          .select({ cutoff: appointmentTypes.lateCancelCutoffMinutes })
          .from(events)
          .innerJoin(appointmentTypes, eq(appointmentTypes.id, events.appointmentTypeId))
          .where(eq(events.id, event.id));
  return type !== undefined && isLateCancelAt(event.startsAt, now, type.cutoff);
}

/** Issue 32: the gym's self check-in window (its kiosk settings). */
async function selfCheckInWindow(db: DbOrTx, gymId: string): Promise<SelfCheckInWindow> {
  return selfCheckInWindowOf(await readKioskSettings(db, gymId));
}

/** A full class: joining its line must be asked for, allowed, and within the line's size (policy waitlistRoom). */
async function assertWaitlistHasRoom(tx: Tx, kind: EventKind, settings: ClassBookingSettings | null, event: LockedEvent, asked: boolean): Promise<void> {
  const waitlistSize = settings?.waitlistSize ?? null;
  const counted = kind === 'class' && asked && waitlistSize !== null;
  const [line] = counted
    ? await tx
        .select({ n: count() })
        .from(reservations)
        .where(and(eq(reservations.eventId, event.id), eq(reservations.isWaitlisted, true)))
    : [];
  refuse(bookingPolicy.waitlistRoom.check({ kind, asked, waitlistEnabled: settings?.waitlistEnabled ?? true, waitlistSize, lineLength: line?.n ?? 0 }));
}

/**
 * Issue 16: while the class has free places and its promotion cut-off has not passed, the first in line (lowest
 * waitlistSeq) becomes reserved and is emailed (the outbox, in the same transaction). Runs inside the write that freed
 * the place (a cancel, a late cancel or no show, a raised capacity), under the event's lock, so two frees never promote
 * the same athlete and nobody skips the line. Answers the promoted reservations' ids.
 */
export async function promoteFromWaitlist(tx: Tx, ctx: BookingMailContext, kind: EventKind, event: LockedEvent, now = new Date()): Promise<string[]> {
  if (kind !== 'class' || event.cancelledAt) return [];
  const cutoff = (await classSettingsOf(tx, event.id))?.promotionCutoffMinutes ?? 0;
  if (!isBeforePromotionCutoff(event.startsAt, now, cutoff)) return [];
  const free = event.capacity - ((await placesHeld(tx, [event.id])).get(event.id) ?? 0);
  if (free <= 0) return [];
  const r = reservations;
  const first = tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.eventId, event.id), eq(r.isWaitlisted, true)))
    .orderBy(asc(r.waitlistSeq))
    .limit(free);
  const promoted = await tx
    .update(r)
    .set({ isWaitlisted: false, waitlistSeq: null, isReserved: true, updatedAt: now })
    .where(inArray(r.id, first))
    .returning({ id: r.id, gymId: r.gymId, athleteId: r.athleteId, eventId: r.eventId });
  await recordEvents(
    tx,
    promoted.map((p) => bookingEvent('booking.promoted', p)),
  );
  // Issue 18: a promoted booking is credited when a package of the athlete covers it (else it stays uncredited).
  for (const p of promoted) {
    const credit = await checkEligibility(tx, p.gymId, p.athleteId, event.id, { lock: true });
    if (credit.eligible) await creditReservation(tx, p.id, credit, null);
  }
  const ids = promoted.map((p) => p.id);
  await mailPromoted(tx, ctx, ids);
  return ids;
}

/**
 * The bookings of a class the gym cancels (issue 16): removed, so nothing points at a class that will not run. This is
 * the one place where a booking is given up on the gym's side; the packages issue's credit ledger restores the credits
 * they used here, in the same transaction (issue 18).
 */
export async function releaseBookings(tx: Tx, gymId: string, reservationIds: string[]): Promise<void> {
  if (reservationIds.length === 0) return;
  await restoreCredits(tx, reservationIds, null, 'Class cancelled by the gym');
  const released = await tx
    .delete(reservations)
    .where(and(eq(reservations.gymId, gymId), inArray(reservations.id, reservationIds)))
    .returning({ id: reservations.id, gymId: reservations.gymId, athleteId: reservations.athleteId, eventId: reservations.eventId });
  await recordEvents(
    tx,
    released.map((row) => bookingEvent('booking.cancelled', row)),
  );
}

/**
 * Spec 7.3 create-bulk: reserve every class of the type at the start time and location on the weekdays between
 * the dates, skipping those the athlete already has, full ones and ones already started. The classes are locked
 * together (withEventLock), so it cannot overfill a class that a kiosk is reserving at the same moment.
 */
export async function createBulkReservations(ctx: ReservationsContext, w: Writer, input: BulkReservationInput): Promise<BulkReservationResult> {
  assertOwn(w, input.athlete);
  // A front-desk tool (spec 2.12): it books past the booking window and the package rule, uncredited, which an
  // athlete's own booking may not (issue 18).
  if (w.ownAthleteId !== null) throw forbidden(reservationMessages.staffOnlyBulk, 'staff_only');
  const today = toZoned(new Date(), w.timeZone).date;
  if (input.startDate < today) throw fieldError('startDate', reservationMessages.startBeforeToday);
  if (input.endDate < input.startDate) throw fieldError('endDate', eventMessages.endBeforeStart);
  if (input.endDate > oneYearAfter(today)) throw fieldError('endDate', reservationMessages.endAfterOneYear);
  const where = classFilter(input.startDate, input.endDate, input.days, input.startTime, input.kiloClassType, input.location);
  const { ids, skipped } = await withEventLock(ctx, w, { kind: 'class', where }, async (tx, locked) => {
    const targets = [...locked].sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime() || (a.id < b.id ? -1 : 1));
    const targetIds = targets.map((c) => c.id);
    await eligibleAthlete(tx, w.gymId, input.athlete, targetIds);
    const held = await placesHeld(tx, targetIds);
    const r = reservations;
    const mine = new Set(
      targetIds.length
        ? (
            await tx
              .select({ eventId: r.eventId })
              .from(r)
              .where(and(inArray(r.eventId, targetIds), eq(r.athleteId, input.athlete)))
          ).map((c) => c.eventId)
        : [],
    );
    const now = new Date();
    const skipped: BulkReservationResult['skipped'] = [];
    const rows: (typeof r.$inferInsert)[] = [];
    for (const c of targets) {
      // Issue 33: the preview's answer (bulkBookabilityOf); classFilter keeps no cancelled class.
      const { reason } = bulkBookabilityOf({
        isCancelled: false,
        hasStarted: new Date(c.startsAt) <= now,
        isReserved: mine.has(c.id),
        capacity: c.capacity,
        placesHeld: held.get(c.id) ?? 0,
      });
      if (reason) {
        if (reason.code !== 'cancelled') skipped.push({ kiloClassId: c.id, startDate: c.startDate, reason: reason.code });
      } else
        rows.push({
          id: randomUUID(),
          gymId: w.gymId,
          eventId: c.id,
          athleteId: input.athlete,
          isReserved: true,
          registrationDatetime: now,
          updatedAt: now,
          updatedByUserId: w.actorUserId,
        });
    }
    const inserted = rows.length ? await tx.insert(r).values(rows).onConflictDoNothing().returning({ id: r.id, eventId: r.eventId }) : [];
    await recordEvents(
      tx,
      inserted.map((i) => createdEvent({ ...i, gymId: w.gymId, athleteId: input.athlete }, false)),
    );
    // Issue 18: credited in date order while the athlete's packages allow; the rest stay booked, uncredited (spec 8:
    // "If credits are available, they will be assigned later today").
    const byEvent = new Map(inserted.map((i) => [i.eventId, i.id]));
    for (const c of targets) {
      const reservationId = byEvent.get(c.id);
      if (!reservationId) continue;
      const credit = await checkEligibility(tx, w.gymId, input.athlete, c.id, { lock: true });
      if (credit.eligible) await creditReservation(tx, reservationId, credit, w.actorUserId);
    }
    return { ids: inserted.map((i) => i.id), skipped };
  });
  const results = await findReservations(ctx.db, w.gymId, 'class', ids);
  return { count: results.length, results: results.map(toClassReservation), skipped };
}
