import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { invoiceStateOf } from '@spotter/shared';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { createChangeFeed } from '../../lib/changes';
import { runBilling } from '../../modules/billing/billing-run';
import { seed } from './seed';

describe('seeded invoice history (issue 19)', () => {
  it('gives each real gym gap-free numbered invoices whose figures agree with their payments, every state, past-due members (never the demo athlete), and memberships the first billing run bills', async () => {
    const now = new Date('2026-11-24T18:00:00Z');
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, now);
      const gyms = await queryRows<{ id: string; title: string; time_zone: string }>(
        database.db,
        sql`select id, title, time_zone from gyms where exists (select 1 from products p where p.gym_id = gyms.id) order by title`,
      );
      expect(gyms).toHaveLength(3);
      for (const g of gyms) {
        const numbers = await queryRows<{ n: number }>(database.db, sql`select number as n from invoices where gym_id = ${g.id} order by number`);
        expect(numbers.map((r) => r.n)).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
        // Numbered in the order they were issued.
        const outOfOrder = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from invoices a join invoices b on b.gym_id = a.gym_id and b.number > a.number where a.gym_id = ${g.id} and b.issue_date < a.issue_date`,
        );
        expect(outOfOrder[0]!.n).toBe(0);
        expect(numbers.length).toBeGreaterThan(100);
        const [counter] = await queryRows<{ last: number }>(database.db, sql`select last_number as last from invoice_counters where gym_id = ${g.id}`);
        expect(counter!.last).toBe(numbers.length);
        const states = await queryRows<{ status: string; n: number }>(
          database.db,
          sql`select status::text, count(*)::int as n from invoices where gym_id = ${g.id} group by status`,
        );
        const count = new Map(states.map((s) => [s.status, s.n]));
        for (const status of ['paid', 'past_due', 'void', 'refunded', 'partially_refunded'])
          expect(count.get(status), `${g.title} ${status}`).toBeGreaterThan(0);
        // paid = payments − refunds from the rows; total = the lines; state = the shared rule.
        const bad = await queryRows<{ id: string }>(
          database.db,
          sql`select i.id from invoices i
            where i.gym_id = ${g.id} and (
              i.total_minor <> (select coalesce(sum(l.total_minor), 0) from invoice_lines l where l.invoice_id = i.id)
              or i.payments_minor <> (select coalesce(sum(p.amount_minor), 0) from payments p where p.invoice_id = i.id and p.kind = 'payment' and p.status = 'succeeded')
              or i.refunds_minor <> (select coalesce(sum(p.amount_minor), 0) from payments p where p.invoice_id = i.id and p.kind = 'refund' and p.status = 'succeeded'))`,
        );
        expect(bad).toEqual([]);
        const rows = await queryRows<{
          status: string;
          total_minor: number;
          payments_minor: number;
          refunds_minor: number;
          due_date: string;
          failed_attempts: number;
          today: string;
        }>(
          database.db,
          sql`select status::text, total_minor, payments_minor, refunds_minor, due_date::text, failed_attempts, (${now.toISOString()}::timestamptz at time zone ${g.time_zone})::date::text as today from invoices where gym_id = ${g.id}`,
        );
        for (const r of rows) {
          if (r.status === 'void') continue;
          expect(
            invoiceStateOf({
              totalMinor: r.total_minor,
              paymentsMinor: r.payments_minor,
              refundsMinor: r.refunds_minor,
              isVoid: false,
              isDraft: false,
              dueDate: r.due_date,
              today: r.today,
              hasFailedCharge: r.failed_attempts > 0,
            }),
          ).toBe(r.status);
        }
        const [demo] = await queryRows<{ past_due: number; invoices: number }>(
          database.db,
          sql`select count(*) filter (where i.status = 'past_due')::int as past_due, count(*)::int as invoices from invoices i join athletes a on a.id = i.athlete_id where i.gym_id = ${g.id} and a.email = 'athlete@example.com'`,
        );
        expect(demo!.past_due).toBe(0);
      }
      // The demo gyms' kiosks show past-due bills too.
      const [demoGyms] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(distinct i.gym_id)::int as n from invoices i join demo_gyms d on d.gym_id = i.gym_id where i.status = 'past_due'`,
      );
      expect(demoGyms!.n).toBe(2);
      // The first billing run bills the memberships left due today, and nothing twice.
      const first = await runBilling({ db: database.db, changes: createChangeFeed(database) }, null, { now });
      expect(first.invoices).toBeGreaterThanOrEqual(2 * gyms.length);
      expect((await runBilling({ db: database.db, changes: createChangeFeed(database) }, null, { now })).invoices).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
