import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { seed } from './seed';

describe('seeded email identity, templates, banners and mail history (issue 22)', () => {
  it('gives each real gym a sender, two own wordings, a scheduled and an ended banner, and a mail history with no delivery jobs', async () => {
    const now = new Date('2026-11-24T18:00:00Z');
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, now);
      const gyms = await queryRows<{
        title: string;
        senderName: string;
        replyTo: string;
        locality: string;
        zipCode: string;
        phone: string;
        kinds: string;
        banners: string;
        sent: number;
        failed: number;
        pending: number;
        withFrom: number;
        total: number;
      }>(
        database.db,
        sql`select g.title, g.sender_name as "senderName", g.reply_to as "replyTo", g.locality, g.zip_code as "zipCode", g.phone,
            (select string_agg(m.kind, ',' order by m.kind) from message_templates m where m.gym_id = g.id) as kinds,
            (select string_agg(b.title, ',' order by b.title) from banners b where b.gym_id = g.id) as banners,
            (select count(*)::int from mail_outbox o where o.gym_id = g.id and o.status = 'sent' and o.sent_at is not null) as sent,
            (select count(*)::int from mail_outbox o where o.gym_id = g.id and o.status = 'failed' and o.attempts = 3 and o.last_error is not null) as failed,
            (select count(*)::int from mail_outbox o where o.gym_id = g.id and o.status = 'pending') as pending,
            (select count(*)::int from mail_outbox o where o.gym_id = g.id and o.from_name = g.sender_name and o.reply_to = g.reply_to and o.html like '%<main>%') as "withFrom",
            (select count(*)::int from mail_outbox o where o.gym_id = g.id) as total
          from gyms g where g.title in ('Iron Temple Barbell', 'Northside Strength', 'Maple Athletics') order by g.title`,
      );
      expect(gyms).toHaveLength(3);
      for (const g of gyms) {
        expect(g.senderName, g.title).toBe(`${g.title} Team`);
        expect(g.replyTo, g.title).toMatch(/^frontdesk@\w+\.example\.com$/);
        expect(g.kinds, g.title).toBe('class_cancelled,waitlist_promoted');
        expect([g.locality, g.zipCode, g.phone], g.title).toEqual(
          {
            'Iron Temple Barbell': ['Chicago', '60607', '13125550142'],
            'Northside Strength': ['Manchester', 'M3 2BW', '441614960123'],
            'Maple Athletics': ['Toronto', 'M5H 1K4', '14165550175'],
          }[g.title],
        );
        expect(g.banners, g.title).toBe(`Holiday opening hours,Summer barbell challenge,Welcome to Spotter, ${g.title}`);
        expect(g.sent, g.title).toBeGreaterThanOrEqual(8);
        expect(g.failed, g.title).toBe(1);
        expect(g.pending, g.title).toBe(1);
        expect(g.withFrom, g.title).toBe(g.total);
      }

      // The gym's own wording is what its promotion mail says.
      const [promoted] = await queryRows<{ subject: string }>(database.db, sql`select subject from mail_outbox where kind = 'waitlist_promoted' limit 1`);
      expect(promoted!.subject).toMatch(/^Good news, .+: a spot opened in Olympic Lifting$/);

      // One banner ahead (scheduled), one past its end, besides the gym's current welcome.
      const states = await queryRows<{ title: string; state: string }>(
        database.db,
        sql`select b.title, case when not b.is_active or b.ends_at <= ${now.toISOString()}::timestamptz then 'ended'
                 when b.starts_at > ${now.toISOString()}::timestamptz then 'scheduled' else 'showing' end as state
            from banners b join gyms g on g.id = b.gym_id where g.title = 'Iron Temple Barbell' order by b.title`,
      );
      expect(states).toEqual([
        { title: 'Holiday opening hours', state: 'scheduled' },
        { title: 'Summer barbell challenge', state: 'ended' },
        { title: 'Welcome to Spotter, Iron Temple Barbell', state: 'showing' },
      ]);

      // The demo athlete's Messages tab has mail.
      const [demo] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from mail_outbox where lower(to_address) = 'athlete@example.com'`,
      );
      expect(demo!.n).toBeGreaterThanOrEqual(2);
      // Nothing seeded is ever delivered: the seed has no job queue (pg-boss), so no mail.deliver job names these rows.
    } finally {
      await database.close();
    }
  });
});
