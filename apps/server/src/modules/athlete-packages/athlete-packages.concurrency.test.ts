import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { creditLedger, reservations } from '../../db/schema';

fixClock(TEST_NOW);
/** Real races need PostgreSQL (PGlite runs one transaction at a time): the bookings meet in the package row's lock. */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('bookings racing for the last credit of a class pack on PostgreSQL', () => {
  type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let t: TestApp;
  let w: KioskGym;
  let kiosks: ApiClient[];
  beforeAll(async () => {
    t = await createTestApp();
    w = await t.make.kioskGym({ athletes: 0 });
    kiosks = [await t.as(w.staff), await t.as(w.owner)];
    for (const k of kiosks) await k.get('/api/auth/csrf/');
  });
  afterAll(async () => {
    await t?.close();
  });

  const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
    t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, daysAhead: 1, time: '06:00', ...o });
  const balanceOf = async (athletePackageId: string) =>
    (
      await t.db
        .select({ n: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.athletePackageId, athletePackageId))
    )[0]!.n;
  const creditedOn = async (athletePackageId: string) =>
    (await t.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.athletePackageId, athletePackageId))).length;
  const onePack = async (athleteId: string, o: { familySharing?: boolean } = {}) =>
    t.make.athletePackage(w.gym.id, athleteId, {
      pkg: { kind: 'class_pack', credits: 1, familySharing: o.familySharing ?? false, name: `Last credit ${randomUUID().slice(0, 6)}` },
    });

  it('two kiosks booking two athletes of one family into two classes on a shared pack at once: both booked, exactly one credited, balance 0', async () => {
    for (let round = 0; round < 5; round++) {
      const parent = await t.make.athlete(w.gym.id);
      const child = await t.make.athlete(w.gym.id, { login: false });
      await t.make.profileLink(child.profileId, parent.userId!);
      const pack = await onePack(parent.athleteId, { familySharing: true });
      // Two classes: the event locks do not order them, only the package row's lock does.
      const classes = [await makeClass({ time: `0${round + 1}:00` }), await makeClass({ time: `0${round + 1}:30` })];
      const answers = await Promise.all(
        [parent, child].map((a, i) =>
          kiosks[i]!.post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: a.athleteId, kiloClass: classes[i]!.id }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(answers.filter((r) => r.json().isCredited)).toHaveLength(1);
      expect(await creditedOn(pack.id)).toBe(1);
      expect(await balanceOf(pack.id)).toBe(0);
    }
  });

  it('two kiosks walking one athlete into two classes at once: one credited walk-in, balance 0', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await t.make.athlete(w.gym.id, { login: false });
      const pack = await onePack(a.athleteId);
      const classes = [await makeClass({ daysAhead: 0, time: '15:00' }), await makeClass({ daysAhead: 0, time: '16:00' })];
      const answers = await Promise.all(
        classes.map((c, i) =>
          kiosks[i]!.post('/api/athlete-kilo-classes/', {
            athleteKiloClassId: randomUUID(),
            athlete: a.athleteId,
            kiloClass: c.id,
            isReserved: false,
            isCheckedIn: true,
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(answers.filter((r) => r.json().isCredited)).toHaveLength(1);
      expect(await balanceOf(pack.id)).toBe(0);
    }
  });

  it('one athlete booking two classes at once with one credit left: one booked, the other refused for no credits', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await t.make.athlete(w.gym.id);
      const me = [await t.as({ userId: a.userId!, profileId: a.profileId }), await t.as({ userId: a.userId!, profileId: a.profileId })];
      for (const c of me) await c.get('/api/auth/csrf/');
      const pack = await onePack(a.athleteId);
      const classes = [await makeClass({ daysAhead: 2 + round, time: '07:00' }), await makeClass({ daysAhead: 2 + round, time: '08:00' })];
      const answers = await Promise.all(classes.map((c, i) => me[i]!.post('/api/athlete-kilo-classes/', { athlete: a.athleteId, kiloClass: c.id })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('no_credits');
      expect(await creditedOn(pack.id)).toBe(1);
      expect(await balanceOf(pack.id)).toBe(0);
    }
  });
});
