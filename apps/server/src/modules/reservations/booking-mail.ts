import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { formatDate, formatTime, toZoned, type GymCountry } from '@spotter/shared';
import { athletes, classTypes, events, gyms, locations, reservations } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { queueMail } from '../../lib/outbox';
import { composeMails, type ComposeItem } from '../messages';
import { fullName } from '../../lib/sql-text';

/**
 * Issue 16: the mails a booking gets when the gym's side changes it: a place from the waitlist, a class cancelled by
 * the gym, a class moved, and (issue 22) a class booked. Written to the outbox in the transaction of the change
 * (decision 027), each through the gym's message template of its kind (modules/messages/compose.ts).
 */

export type BookingMailContext = { jobs: Jobs; appUrl: string };

/** A booking mail to compose: one of the gym's template kinds, with its merge values. */
export type BookingMail = ComposeItem & { gymId: string };

/** Who to tell about a class: the athlete (with an email) and the class as the gym tells time. */
export type BookingRecipient = {
  reservationId: string;
  gymId: string;
  athleteId: string;
  athleteName: string;
  firstName: string;
  email: string;
  eventId: string;
  className: string;
  locationName: string | null;
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
      firstName: athletes.firstName,
      email: athletes.email,
      eventId: events.id,
      className: classTypes.name,
      locationName: locations.name,
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
    .leftJoin(locations, eq(locations.id, events.locationId))
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

/** The common values of a recipient (the gym's come from compose). */
const whoValues = (r: BookingRecipient) => ({
  firstName: r.firstName,
  fullName: r.athleteName,
  className: r.className,
  when: whenText(r.startsAt, r.timeZone, r.country),
});

export function promotedMail(ctx: BookingMailContext, r: BookingRecipient): BookingMail {
  return {
    gymId: r.gymId,
    kind: 'waitlist_promoted',
    to: r.email,
    values: { ...whoValues(r), link: classLink(ctx, r.eventId) },
    dedupeKey: `waitlist_promoted:${r.reservationId}:${r.startsAt.toISOString()}`,
  };
}

/** Issue 22: the confirmation of a class booked (by the athlete, or by staff for them). */
export function bookedMail(ctx: BookingMailContext, r: BookingRecipient): BookingMail {
  return {
    gymId: r.gymId,
    kind: 'class_booked',
    to: r.email,
    values: { ...whoValues(r), location: r.locationName ?? '', link: classLink(ctx, r.eventId) },
    dedupeKey: `class_booked:${r.reservationId}`,
  };
}

export function cancelledMail(ctx: BookingMailContext, r: BookingRecipient, reason: string, wasWaitlisted: boolean): BookingMail {
  return {
    gymId: r.gymId,
    kind: 'class_cancelled',
    to: r.email,
    values: {
      ...whoValues(r),
      reason: reason ? `The gym says: ${reason}` : '',
      bookingOutcome: wasWaitlisted ? 'Your place on its waitlist is removed' : 'Your booking is removed, and any credit it used is given back',
      link: `${ctx.appUrl}/`,
    },
    dedupeKey: `class_cancelled:${r.eventId}:${r.athleteId}`,
  };
}

export function changedMail(ctx: BookingMailContext, r: BookingRecipient, before: Date): BookingMail {
  return {
    gymId: r.gymId,
    kind: 'class_changed',
    to: r.email,
    values: { ...whoValues(r), previousWhen: whenText(before, r.timeZone, r.country), link: classLink(ctx, r.eventId) },
    dedupeKey: `class_changed:${r.reservationId}:${r.startsAt.toISOString()}`,
  };
}

/**
 * Writes booking mails through the gym's templates (modules/messages/compose.ts) to the outbox, in the transaction in
 * progress: two reads per gym whatever the number of mails. Answers the ids of the rows written (a repeated dedupe key
 * writes nothing).
 */
export async function queueBookingMails(tx: Tx, ctx: BookingMailContext, mails: BookingMail[]): Promise<string[]> {
  const byGym = new Map<string, BookingMail[]>();
  for (const m of mails) byGym.set(m.gymId, [...(byGym.get(m.gymId) ?? []), m]);
  const ids: string[] = [];
  for (const [gymId, items] of byGym) {
    const composed = await composeMails(tx, gymId, items, { appUrl: ctx.appUrl });
    ids.push(...(await queueMail(tx, ctx.jobs, composed)));
  }
  return ids;
}

/** Tells the promoted athletes their place (in the promoting write's transaction). */
export async function mailPromoted(tx: Tx, ctx: BookingMailContext, reservationIds: string[]): Promise<void> {
  const recipients = await recipientsOf(tx, reservationIds);
  await queueBookingMails(
    tx,
    ctx,
    recipients.map((r) => promotedMail(ctx, r)),
  );
}

/**
 * Issue 22: confirms classes booked (reserved, not waitlisted, not walk-ins), in the booking's transaction. The kiosk's
 * fast paths never call it (walk-ins there are not bookings).
 */
export async function mailBooked(tx: Tx, ctx: BookingMailContext, reservationIds: string[]): Promise<void> {
  if (reservationIds.length === 0) return;
  const recipients = await recipientsOf(tx, reservationIds);
  await queueBookingMails(
    tx,
    ctx,
    recipients.map((r) => bookedMail(ctx, r)),
  );
}
