import type { DomainEventPayload } from '@spotter/shared';

/**
 * Issue 33 (item 5): the booking domain events (catalogue: packages/shared domain-events.ts), as every reservation
 * writer records them in its own transaction (recordEvents), the locked path, the grouped fast paths, the waitlist,
 * the bulk booking, a class cancelled by the gym and an appointment booked. One event per change: a booking made
 * (`booking.created`, `waitlisted` for a place in line), a walk-in or a check-in (`booking.checked_in`; a walk-in
 * makes no `booking.created`), a late cancel or no show marked, a booking cancelled (its row removed), a place in
 * line promoted. A repeated request changes nothing and records nothing; a refused one rolls back with its write.
 */

/** The reservation an event is about. */
export type BookingSubject = { id: string; gymId: string; athleteId: string; eventId: string };

type Plain = 'booking.cancelled' | 'booking.late_cancelled' | 'booking.no_show' | 'booking.promoted';

export const createdEvent = (r: BookingSubject, waitlisted: boolean) => ({
  gymId: r.gymId,
  type: 'booking.created' as const,
  subjectId: r.id,
  payload: { athleteId: r.athleteId, eventId: r.eventId, waitlisted } satisfies DomainEventPayload<'booking.created'>,
});

export const checkedInEvent = (r: BookingSubject, walkIn: boolean) => ({
  gymId: r.gymId,
  type: 'booking.checked_in' as const,
  subjectId: r.id,
  payload: { athleteId: r.athleteId, eventId: r.eventId, walkIn } satisfies DomainEventPayload<'booking.checked_in'>,
});

export const bookingEvent = (type: Plain, r: BookingSubject) => ({
  gymId: r.gymId,
  type,
  subjectId: r.id,
  payload: { athleteId: r.athleteId, eventId: r.eventId } satisfies DomainEventPayload<Plain>,
});
