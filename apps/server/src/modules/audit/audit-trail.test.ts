import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { athleteActivityPageSchema } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { auditLog, domainEventConsumers, domainEvents } from '../../db/schema';
import { recordEvent } from '../../lib/domain-events';
import { eventsSettled } from '../../../test/domain-events';
import { AUDIT_CONSUMER, auditIdOf, runAuditTrail } from './audit-trail';

/** Issue 33 (item 5): the audit trail consumes the domain events, durably (its own cursor), at least once, idempotently. */
fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let staff: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  staff = await t.as(w.staff);
});
afterAll(async () => {
  await t.close();
});

const activityOf = async (athleteId: string) =>
  athleteActivityPageSchema
    .parse((await staff.get(`/api/athletes/${athleteId}/activity/?limit=50&offset=0`)).json())
    .results.filter((r) => r.actorName === 'Spotter');
const trailRows = (athleteId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'athlete'), eq(auditLog.entityId, athleteId)));

describe('the audit trail, a consumer of the domain events', () => {
  it('puts each event about an athlete on their Activity once, through the audit.trail job, when it happened', async () => {
    const a = await t.make.athlete(w.gym.id, { login: false });
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, daysAhead: 1, time: '05:00' });
    const booked = await staff.post('/api/athlete-kilo-classes/', { athlete: a.athleteId, kiloClass: cls.id });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().athleteKiloClassId as string;
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true })).statusCode).toBe(200);
    // Nothing on the trail until the consumer has run: it is not written by the booking's request.
    expect(await activityOf(a.athleteId)).toEqual([]);

    await eventsSettled(t.db);
    await t.app.jobs.enqueue(t.db, 'audit.trail', { reason: 'test' });
    expect(await t.drainJobs()).toBeGreaterThanOrEqual(1);
    const recorded = await t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, id)).orderBy(domainEvents.id);
    expect(recorded.map((e) => e.type)).toEqual(['booking.created', 'booking.checked_in']);
    const activity = await activityOf(a.athleteId);
    expect(activity.map((r) => [r.auditId, r.action, r.changes.domainEventId, r.changes.subjectId, r.createdAt]).sort()).toEqual(
      recorded.map((e) => [auditIdOf(String(e.id)), e.type, String(e.id), id, e.occurredAt.toISOString()]).sort(),
    );
    expect(activity.find((r) => r.action === 'booking.checked_in')!.changes).toMatchObject({
      athleteId: a.athleteId,
      eventId: cls.id,
      walkIn: false,
      domainEventId: String(recorded[1]!.id),
    });

    // The cursor moved: a second run reads nothing and writes nothing.
    expect(await runAuditTrail(t.db)).toBe(0);
    expect(await trailRows(a.athleteId)).toHaveLength(2);
  });

  it('writes nothing twice when a batch comes again (a crash before the cursor moved), and skips what recordAudit already wrote', async () => {
    const a = await t.make.athlete(w.gym.id, { login: false });
    await t.db.transaction(async (tx) => {
      await recordEvent(tx, {
        gymId: w.gym.id,
        type: 'package.held',
        subjectId: crypto.randomUUID(),
        payload: { athleteId: a.athleteId, startsOn: '2026-03-10', endsOn: '2026-03-20' },
      });
      await recordEvent(tx, { gymId: w.gym.id, type: 'athlete.archived', subjectId: a.athleteId, payload: {} });
    });
    await eventsSettled(t.db);
    const [cursor] = await t.db.select().from(domainEventConsumers).where(eq(domainEventConsumers.name, AUDIT_CONSUMER));
    expect(await runAuditTrail(t.db)).toBe(2);
    expect((await trailRows(a.athleteId)).map((r) => r.action)).toEqual(['package.held']);
    // As if the process died after writing and before moving the cursor: the same events are handed again.
    await t.db.execute(
      sql`update ${domainEventConsumers} set last_tx_id = ${cursor!.lastTxId}::xid8, last_event_id = ${cursor!.lastEventId} where name = ${AUDIT_CONSUMER}`,
    );
    expect(await runAuditTrail(t.db)).toBe(2);
    expect((await trailRows(a.athleteId)).map((r) => r.action)).toEqual(['package.held']);
  });
});
