import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { formatDate, formatTime, toZoned, type GymCountry } from '@spotter/shared';
import { athletes, classTypes, events, gyms, reservations } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { queueMail, type OutgoingMail } from '../../lib/outbox';
import { fullName } from '../../lib/sql-text';

/**
 * Issue 16: the mails a booking gets when the gym's side changes it: a place from the waitlist, a class cancelled by
 * the gym, a class moved. Written to the outbox in the transaction of the change (decision 027). Message templates
 * per gym arrive with issue 22; these are the defaults.
 */

export type BookingMailContext = { jobs: Jobs; appUrl: string };

/** Who to tell about a class: the athlete (with an email) and the class as the gym tells time. */
export type BookingRecipient = {
  reservationId: string;
  gymId: string;
  athleteId: string;
  athleteName: string;
  email: string;
  eventId: string;
  className: string;
  startsAt: Date;
  gymTitle: string;
  timeZone: string;
  country: GymCountry;
};

/** The athletes with an email of these reservations, with their class and gym (one statement). */
export async function recipientsOf(tx: Tx, reservationIds: string[]): Promise<BookingRecipient[]> {
  if (reservationIds.length === 0) return [];
  const rows = await tx
    .select({
      reservationId: reservations.id,
      gymId: events.gymId,
      athleteId: athletes.id,
      athleteName: fullName(athletes),
      email: athletes.email,
      eventId: events.id,
      className: classTypes.name,
      startsAt: events.startsAt,
      gymTitle: gyms.title,
      timeZone: gyms.timeZone,
      country: gyms.country,
    })
    .from(reservations)
    .innerJoin(athletes, eq(athletes.id, reservations.athleteId))
    .innerJoin(events, eq(events.id, reservations.eventId))
    .innerJoin(classTypes, eq(classTypes.id, events.classTypeId))
    .innerJoin(gyms, eq(gyms.id, events.gymId))
    .where(and(inArray(reservations.id, reservationIds), isNotNull(athletes.email)));
  return rows.map((r) => ({ ...r, email: r.email!, startsAt: new Date(r.startsAt) }));
}

/** "Monday 03/09/2026 at 6:00 AM", as the gym's country writes dates and times (spec 9). */
export function whenText(startsAt: Date, timeZone: string, country: GymCountry): string {
  const local = toZoned(startsAt, timeZone);
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(startsAt);
  return `${weekday} ${formatDate(local.date, country)} at ${formatTime(local.time, country)}`;
}

const classLink = (ctx: BookingMailContext, eventId: string) => `${ctx.appUrl}/classes/${eventId}`;

export function promotedMail(ctx: BookingMailContext, r: BookingRecipient): OutgoingMail {
  const when = whenText(r.startsAt, r.timeZone, r.country);
  return {
    kind: 'waitlist_promoted',
    gymId: r.gymId,
    to: r.email,
    subject: `You're in: ${r.className}, ${when}`,
    text: `Hi ${r.athleteName},\n\nA place opened in ${r.className} on ${when} at ${r.gymTitle}, and it is yours: you were next on the waitlist, so you are now booked.\n\nIf you can no longer come, please cancel so the next person can take it:\n${classLink(ctx, r.eventId)}\n\n${r.gymTitle}`,
    dedupeKey: `waitlist_promoted:${r.reservationId}:${r.startsAt.toISOString()}`,
  };
}

export function cancelledMail(ctx: BookingMailContext, r: BookingRecipient, reason: string, wasWaitlisted: boolean): OutgoingMail {
  const when = whenText(r.startsAt, r.timeZone, r.country);
  const why = reason ? `\n\nThe gym says: ${reason}` : '';
  const booking = wasWaitlisted ? 'Your place on its waitlist is removed' : 'Your booking is removed, and any credit it used is given back';
  return {
    kind: 'class_cancelled',
    gymId: r.gymId,
    to: r.email,
    subject: `Cancelled: ${r.className}, ${when}`,
    text: `Hi ${r.athleteName},\n\n${r.gymTitle} has cancelled ${r.className} on ${when}.${why}\n\n${booking}. You do not need to do anything. See the schedule to book another class:\n${ctx.appUrl}/\n\n${r.gymTitle}`,
    dedupeKey: `class_cancelled:${r.eventId}:${r.athleteId}`,
  };
}

export function changedMail(ctx: BookingMailContext, r: BookingRecipient, before: Date): OutgoingMail {
  const when = whenText(r.startsAt, r.timeZone, r.country);
  return {
    kind: 'class_changed',
    gymId: r.gymId,
    to: r.email,
    subject: `New time: ${r.className}, ${when}`,
    text: `Hi ${r.athleteName},\n\n${r.className} at ${r.gymTitle}, which you booked for ${whenText(before, r.timeZone, r.country)}, now starts ${when}. Your booking stays.\n\nIf the new time does not suit you, you can cancel here:\n${classLink(ctx, r.eventId)}\n\n${r.gymTitle}`,
    dedupeKey: `class_changed:${r.reservationId}:${r.startsAt.toISOString()}`,
  };
}

/** Tells the promoted athletes their place (in the promoting write's transaction). */
export async function mailPromoted(tx: Tx, ctx: BookingMailContext, reservationIds: string[]): Promise<void> {
  const recipients = await recipientsOf(tx, reservationIds);
  await queueMail(
    tx,
    ctx.jobs,
    recipients.map((r) => promotedMail(ctx, r)),
  );
}
