import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { holdsPlace, type ReservationFlags } from '@spotter/shared';
import { TEST_NOW, fixClock, openTestDatabase } from '../../../test/helper';
import { factories } from '../../../test/factories';
import type { Database } from '../../db/client';
import { athletes, events, reservations } from '../../db/schema';
import { hasPastDueBillSql, hasUnsignedDocumentSql, holdsPlaceSql } from './rules';
import { eligibleSql } from './policy';

fixClock(TEST_NOW);
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const combinations: Required<ReservationFlags>[] = Array.from({ length: 32 }, (_, bits) => ({
  isReserved: (bits & 1) !== 0,
  isCheckedIn: (bits & 2) !== 0,
  isLateCancel: (bits & 4) !== 0,
  isNoShow: (bits & 8) !== 0,
  isWaitlisted: (bits & 16) !== 0,
}));

describe('holdsPlaceSql', () => {
  it('agrees with holdsPlace for all 32 combinations of the five flags', async () => {
    const make = factories(database.db);
    const gym = await make.gym();
    const event = await make.event(gym);
    const members = await make.athletes(gym.id, combinations.length);
    const ids = combinations.map(() => randomUUID());
    const seen = new Map<string, boolean>();
    // A late cancel that is also a no show (or a waitlisted one that holds a place) is refused by a constraint; the rule must still say what it would mean, so
    // the rows are written where the constraint is dropped, and the transaction is rolled back.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table reservations drop constraint reservations_late_cancel_xor_no_show`);
        await tx.execute(sql`alter table reservations drop constraint reservations_waitlisted_holds_no_place`);
        await tx.insert(reservations).values(
          combinations.map((flags, i) => ({
            id: ids[i]!,
            gymId: gym.id,
            eventId: event.id,
            athleteId: members[i]!.athleteId,
            registrationDatetime: new Date(),
            ...flags,
          })),
        );
        const rows = await tx
          .select({ id: reservations.id, holds: sql<boolean>`${holdsPlaceSql()}` })
          .from(reservations)
          .where(eq(reservations.eventId, event.id))
          .orderBy(asc(reservations.id));
        for (const row of rows) seen.set(row.id, row.holds);
        tx.rollback();
      })
      .catch((err) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(seen.size).toBe(32);
    const disagreements = combinations.filter((flags, i) => seen.get(ids[i]!) !== holdsPlace(flags));
    expect(disagreements).toEqual([]);
    // Both answers occur: the comparison is not vacuous.
    expect(new Set(seen.values())).toEqual(new Set([true, false]));
  });
});

describe('the account flags and eligibility', () => {
  it("flag only the athlete's own past-due bills and unsigned documents in the gym, and refuse inactive athletes", async () => {
    const make = factories(database.db);
    const gym = await make.gym();
    const other = await make.gym();
    const event = await make.event(gym);
    const [billed, unsigned, clear, inactive] = await make.athletes(gym.id, 4);
    await make.invoice(gym.id, billed!.athleteId);
    await make.invoice(gym.id, clear!.athleteId, { status: 'paid' });
    await make.document(gym.id, unsigned!.athleteId);
    await make.document(gym.id, clear!.athleteId, { signedAt: new Date() });
    await database.db.update(athletes).set({ isActive: false }).where(eq(athletes.id, inactive!.athleteId));
    // The same athletes' flags asked about another gym: none (every query names the gym).
    const rows = await database.db
      .select({
        id: athletes.id,
        pastDue: hasPastDueBillSql(athletes.id, gym.id),
        unsigned: hasUnsignedDocumentSql(athletes.id, gym.id),
        pastDueElsewhere: hasPastDueBillSql(athletes.id, other.id),
        eligible: eligibleSql(athletes, events),
      })
      .from(athletes)
      .innerJoin(events, eq(events.id, event.id))
      .where(eq(athletes.gymId, gym.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(billed!.athleteId)).toMatchObject({ pastDue: true, unsigned: false, pastDueElsewhere: false, eligible: true });
    expect(byId.get(unsigned!.athleteId)).toMatchObject({ pastDue: false, unsigned: true, eligible: true });
    expect(byId.get(clear!.athleteId)).toMatchObject({ pastDue: false, unsigned: false, eligible: true });
    expect(byId.get(inactive!.athleteId)).toMatchObject({ eligible: false });
  });
});
