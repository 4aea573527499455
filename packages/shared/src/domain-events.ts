import { z } from 'zod';

/**
 * Issue 33 (item 5): the catalogue of domain events. A command records one in its own transaction
 * (apps/server/src/lib/domain-events.ts), so an event exists exactly when its change committed; consumers (the
 * automation flows, webhooks and integrations of later issues) read them in order, at least once, each with its own
 * cursor. Each type says what happened to which subject, with the facts a consumer needs that the subject's row may no
 * longer hold; the payload is checked against its schema when recorded. A change of a payload's shape is a new
 * `schemaVersion`, never a silent edit.
 */
const id = z.string().uuid();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const money = z.number().int();

export const DOMAIN_EVENTS = {
  'booking.created': { subject: 'reservation', version: 1, payload: z.object({ athleteId: id, eventId: id, waitlisted: z.boolean() }) },
  /** The booking (or place in line) was removed: cancelled in time by the athlete or the desk, or its class cancelled by the gym. */
  'booking.cancelled': { subject: 'reservation', version: 1, payload: z.object({ athleteId: id, eventId: id }) },
  'booking.late_cancelled': { subject: 'reservation', version: 1, payload: z.object({ athleteId: id, eventId: id }) },
  'booking.no_show': { subject: 'reservation', version: 1, payload: z.object({ athleteId: id, eventId: id }) },
  /** A walk-in (not reserved, checked in at once, `walkIn`) or a booking checked in; a walk-in records no `booking.created`. */
  'booking.checked_in': { subject: 'reservation', version: 1, payload: z.object({ athleteId: id, eventId: id, walkIn: z.boolean() }) },
  /** A place in line became a booking (a place freed, or a raised capacity). */
  'booking.promoted': { subject: 'reservation', version: 1, payload: z.object({ athleteId: id, eventId: id }) },
  'athlete.created': { subject: 'athlete', version: 1, payload: z.object({ source: z.string() }) },
  'athlete.archived': { subject: 'athlete', version: 1, payload: z.object({}) },
  'package.sold': { subject: 'athlete_package', version: 1, payload: z.object({ athleteId: id, packageId: id, startDate: day }) },
  'package.held': { subject: 'athlete_package', version: 1, payload: z.object({ athleteId: id, startsOn: day, endsOn: day }) },
  'package.cancelled': { subject: 'athlete_package', version: 1, payload: z.object({ athleteId: id, effective: z.enum(['now', 'period_end']) }) },
  /** Its end date has passed (the daily job): ended, or cancelled at its period end. "Ending in N days" is a flow's timer over `package.sold`. */
  'package.ended': { subject: 'athlete_package', version: 1, payload: z.object({ athleteId: id, status: z.enum(['ended', 'cancelled']) }) },
  'invoice.issued': {
    subject: 'invoice',
    version: 1,
    payload: z.object({ athleteId: id.nullable(), number: z.number().int(), totalMinor: money, dueDate: day }),
  },
  'invoice.past_due': { subject: 'invoice', version: 1, payload: z.object({ athleteId: id.nullable() }) },
  'invoice.paid': { subject: 'invoice', version: 1, payload: z.object({ athleteId: id.nullable(), totalMinor: money }) },
  'payment.failed': {
    subject: 'payment',
    version: 1,
    payload: z.object({ invoiceId: id, athleteId: id.nullable(), amountMinor: money, message: z.string().nullable() }),
  },
  'payment.refunded': { subject: 'payment', version: 1, payload: z.object({ invoiceId: id, amountMinor: money }) },
  'document.issued': { subject: 'document', version: 1, payload: z.object({ athleteId: id, title: z.string() }) },
  'document.signed': { subject: 'document', version: 1, payload: z.object({ athleteId: id, title: z.string() }) },
  'lead.created': { subject: 'athlete', version: 1, payload: z.object({ email: z.string() }) },
} as const satisfies Record<string, { subject: string; version: number; payload: z.ZodType<Record<string, unknown>> }>;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]['payload']>;
export const domainEventTypes = Object.keys(DOMAIN_EVENTS) as DomainEventType[];

/** One recorded event as a consumer reads it. */
export type DomainEvent = {
  id: string;
  gymId: string | null;
  type: DomainEventType;
  subjectId: string;
  payload: Record<string, unknown>;
  schemaVersion: number;
  occurredAt: string;
};
