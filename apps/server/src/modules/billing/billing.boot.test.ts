import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toZoned } from '@spotter/shared';
import { openTestDatabase, testConfig } from '../../../test/helper';
import { factories } from '../../../test/factories';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { athletePackages, invoices } from '../../db/schema';

/**
 * Issue 19: a server that starts runs the billing once (the job is enqueued at boot), so a membership that fell due
 * while it was down, or a seeded one due today, is billed without waiting for the hourly schedule. Real clock: the
 * workers run the job.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance | undefined;
beforeAll(async () => {
  // The real, moving clock: the job workers poll on it (a fixed clock left by another file would stop them).
  vi.useRealTimers();
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await app?.close();
  await database.close();
  await drop();
});

describe('the billing run at boot', () => {
  it('bills a membership due today once the server has started', async () => {
    const make = factories(database.db);
    const gym = await make.gym({ timeZone: 'America/Chicago' });
    const athlete = await make.athlete(gym.id, { login: false });
    const pkg = await make.package(gym.id);
    const plan = await make.billingPlan(gym.id, pkg.id, { priceMinor: 9900 });
    const today = toZoned(new Date(), gym.timeZone).date;
    const ap = await make.athletePackage(gym.id, athlete.athleteId, { packageId: pkg.id, billingPlanId: plan.id, priceMinor: 9900, nextBillingDate: today });
    app = await buildApp(testConfig({ JOBS: 'on' }), { ...database, close: async () => {} }, { logger: false });
    const started = performance.now();
    let billed: (typeof invoices.$inferSelect)[] = [];
    while (billed.length === 0 && performance.now() - started < 60_000) {
      await sleep(100);
      billed = await database.db.select().from(invoices).where(eq(invoices.athletePackageId, ap.id));
    }
    expect(billed.map((i) => [i.periodStart, i.totalMinor, i.source])).toEqual([[today, 9900, 'billing_period']]);
    const [row] = await database.db.select({ next: athletePackages.nextBillingDate }).from(athletePackages).where(eq(athletePackages.id, ap.id));
    expect(row!.next! > today).toBe(true);
  });
});
