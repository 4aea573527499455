import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { DomainEvent, DomainEventType } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { auditLog, invoices } from '../../db/schema';
import { consumeEventBatch } from '../../lib/domain-events';

/**
 * Issue 33 (item 5): the audit trail as a consumer of the domain events (decision 047). The `audit.trail` job
 * (every minute) reads the events after its cursor (`domain_event_consumers` row `audit-trail`) in transaction order
 * and writes one `audit_log` row per event about an athlete onto that athlete's trail (their Activity tab): a
 * booking made, cancelled, marked, checked in or promoted, a package sold, held, cancelled or ended, an invoice issued,
 * past due or paid, a payment failed or refunded, a document issued or signed, each at the time it happened.
 *
 * At least once, idempotent: the batch's rows are written in one statement before the cursor moves; an audit row's
 * id is derived from its event's id, so a batch handed again (a crash between the two) adds nothing.
 *
 * Not from events: the changes staff make to a record (an athlete created, edited, archived; notes; family; staff),
 * which `recordAudit` writes in the change's own transaction with the person who made it and the fields it changed, facts
 * a domain event does not carry. So `athlete.created`, `athlete.archived` and `lead.created` are not repeated here.
 */
export const AUDIT_CONSUMER = 'audit-trail';
const BATCH = 500;
/** At most this many batches a run: the next minute's run goes on where this one stopped. */
const MAX_BATCHES = 20;
/** Who the trail names for an event: the system that recorded it (events carry no actor). */
const ACTOR_NAME = 'Spotter';

/** Events already on the trail by `recordAudit`, with their actor. */
const AUDITED_AT_THE_SOURCE: ReadonlySet<DomainEventType> = new Set(['athlete.created', 'athlete.archived', 'lead.created']);

/** The audit row's id for an event: a name-based UUID of the event's id (the same event, the same row). */
export function auditIdOf(eventId: string): string {
  const hex = createHash('sha1').update(`domain-event:${eventId}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The events' audit rows (those about an athlete), written once each. */
async function writeTrail(db: DbOrTx, events: DomainEvent[]): Promise<void> {
  // A refund names its invoice, not the athlete: theirs is the invoice's.
  const refundInvoices = events.filter((e) => e.type === 'payment.refunded').map((e) => String(e.payload.invoiceId));
  const invoiceAthletes = new Map(
    refundInvoices.length > 0
      ? (
          await db
            .select({ id: invoices.id, athleteId: invoices.athleteId })
            .from(invoices)
            .where(inArray(invoices.id, [...new Set(refundInvoices)]))
        ).map((i) => [i.id, i.athleteId])
      : [],
  );
  const rows = events.flatMap((e) => {
    if (e.gymId === null || AUDITED_AT_THE_SOURCE.has(e.type)) return [];
    const athleteId =
      (e.payload.athleteId as string | null | undefined) ?? (e.type === 'payment.refunded' ? invoiceAthletes.get(String(e.payload.invoiceId)) : null) ?? null;
    if (!athleteId) return [];
    return [
      {
        id: auditIdOf(e.id),
        gymId: e.gymId,
        entityType: 'athlete',
        entityId: athleteId,
        action: e.type,
        actorProfileId: null,
        actorName: ACTOR_NAME,
        changes: { ...e.payload, subjectId: e.subjectId, domainEventId: e.id },
        createdAt: new Date(e.occurredAt),
      },
    ];
  });
  if (rows.length > 0) await db.insert(auditLog).values(rows).onConflictDoNothing({ target: auditLog.id });
}

/** The `audit.trail` job: the events since the trail's cursor onto the trail; answers how many events it read. */
export async function runAuditTrail(db: DbOrTx): Promise<number> {
  let read = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const n = await consumeEventBatch(db, AUDIT_CONSUMER, (events) => writeTrail(db, events), { limit: BATCH });
    read += n;
    if (n < BATCH) break;
  }
  return read;
}
