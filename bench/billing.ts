import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { createChangeFeed } from '../apps/server/src/lib/changes';
import { runBilling } from '../apps/server/src/modules/billing/billing-run';
import { isMain, report, type BenchRow } from './lib';

/**
 * Issue 19: a billing run over 10,000 memberships due today (20 gyms × 500 members, monthly, taxed), on PostgreSQL
 * (or PGlite without DATABASE_URL): the wall time of `runBilling` (each package its own transaction: lock, invoice with
 * its gap-free number and line, next billing date), reported per 1,000 invoices. A second run the same day must bill
 * nothing. Target: at most 10 s per 1,000 invoices on 2 shared cores (an hourly job must finish well within its hour).
 */
const GYMS = 20;
const PER_GYM = 500;
const TARGET_SECONDS_PER_1000 = 10;

async function fill(db: Db, today: string): Promise<void> {
  await db.execute(sql`
    with g as (
      insert into gyms (title, country, time_zone, created_at)
      select 'Billing bench gym ' || n, 'US', case when n % 2 = 0 then 'America/Chicago' else 'America/New_York' end, now() from generate_series(1, ${GYMS}) n
      returning id
    ), tr as (
      insert into tax_rates (gym_id, name, percent) select id, 'Sales Tax', 8.25 from g returning id, gym_id
    ), p as (
      insert into packages (gym_id, name, kind, tax_rate_id) select tr.gym_id, 'Unlimited', 'membership', tr.id from tr returning id, gym_id
    )
    insert into billing_plans (gym_id, package_id, name, price_minor) select gym_id, id, 'Monthly', 14900 from p`);
  await db.execute(sql`
    with people as (
      select g.id as gym_id, i, gen_random_uuid() as user_id, gen_random_uuid() as profile_id, gen_random_uuid() as athlete_id
      from gyms g cross join generate_series(1, ${PER_GYM}) i where g.title like 'Billing bench gym %'
    ), u as (
      insert into users (id, email) select user_id, 'bench-' || athlete_id || '@example.com' from people returning id
    ), pr as (
      insert into profiles (id, user_id, gym_id, role) select profile_id, user_id, gym_id, 'athlete' from people where exists (select 1 from u where u.id = people.user_id) returning id
    ), a as (
      insert into athletes (id, profile_id, gym_id, first_name, last_name, email)
      select athlete_id, profile_id, gym_id, 'Member', 'No ' || i, 'bench-' || athlete_id || '@example.com' from people where exists (select 1 from pr where pr.id = people.profile_id)
      returning id, gym_id
    )
    insert into athlete_packages (gym_id, athlete_id, package_id, billing_plan_id, status, start_date, price_minor, next_billing_date, source)
    select a.gym_id, a.id, bp.package_id, bp.id, 'active', ${today}::date - 30, bp.price_minor, ${today}::date, 'seed'
    from a join billing_plans bp on bp.gym_id = a.gym_id`);
}

export async function runBillingBench(databaseUrl?: string): Promise<BenchRow[]> {
  const database = await openDatabase({ database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'memory' } });
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    await migrate(database);
    const now = new Date();
    // Every bench gym is in a US zone; 'today' there is at most a day behind UTC.
    const today = new Date(now.getTime() - 6 * 3600_000).toISOString().slice(0, 10);
    await fill(database.db, today);
    const [{ due }] = (
      (await database.db.execute(sql`select count(*)::int as due from athlete_packages where next_billing_date <= ${today}`)) as unknown as {
        rows: { due: number }[];
      }
    ).rows as [{ due: number }];
    const started = performance.now();
    const result = await runBilling({ db: database.db, changes: createChangeFeed(database) }, null, { now });
    const seconds = (performance.now() - started) / 1000;
    const again = await runBilling({ db: database.db, changes: createChangeFeed(database) }, null, { now });
    const [{ invoices, gaps }] = (
      (await database.db.execute(sql`
      select count(*)::int as invoices,
        (select count(*)::int from (select gym_id, max(number) - count(*) as gap from invoices group by gym_id) x where gap <> 0) as gaps
      from invoices`)) as unknown as { rows: { invoices: number; gaps: number }[] }
    ).rows as [{ invoices: number; gaps: number }];
    const per1000 = Number(((seconds * 1000) / Math.max(result.invoices, 1)).toFixed(2));
    return [
      {
        benchmark: `${kind}: billing run over ${due.toLocaleString('en-US')} memberships due today (${GYMS} gyms), seconds per 1,000 invoices`,
        value: per1000,
        unit: 's / 1,000 invoices',
        target: `<= ${TARGET_SECONDS_PER_1000}; every one billed once, numbers gap-free, a second run bills none`,
        pass: per1000 <= TARGET_SECONDS_PER_1000 && result.invoices === due && invoices === due && gaps === 0 && again.invoices === 0,
        detail: {
          memberships: due,
          invoices: result.invoices,
          seconds: Number(seconds.toFixed(1)),
          invoicesPerSecond: Math.round(result.invoices / seconds),
          secondRun: again.invoices,
          gymsWithGaps: gaps,
        },
      },
    ];
  } finally {
    await database.close().catch(() => undefined);
  }
}

if (isMain(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  report(url ? 'billing-postgres' : 'billing-pglite', { database: url ? 'postgres' : 'pglite' }, await runBillingBench(url));
}
