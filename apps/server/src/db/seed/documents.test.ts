import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { seed } from './seed';

describe('seeded documents (issue 20)', () => {
  it('gives each real gym a waiver and a contract, mostly signed, some unsigned, a couple voided; the demo athlete signed all', async () => {
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, new Date('2026-11-24T18:00:00Z'));
      const gyms = await queryRows<{
        title: string;
        templates: string;
        signed: number;
        unsigned: number;
        voided: number;
        athletes: number;
        contractPackages: number;
      }>(
        database.db,
        sql`select g.title,
            (select string_agg(t.title || ':' || t.required_on_sign_up || ':' || t.required_before_booking, ',' order by t.title) from document_templates t where t.gym_id = g.id) as templates,
            (select count(*)::int from documents d where d.gym_id = g.id and d.signed_at is not null) as signed,
            (select count(*)::int from documents d where d.gym_id = g.id and d.signed_at is null and d.voided_at is null) as unsigned,
            (select count(*)::int from documents d where d.gym_id = g.id and d.voided_at is not null) as voided,
            (select count(*)::int from athletes a where a.gym_id = g.id) as athletes,
            (select jsonb_array_length(t.package_ids)::int from document_templates t where t.gym_id = g.id and t.type = 'contract') as "contractPackages"
          from gyms g where g.title in ('Iron Temple Barbell', 'Northside Strength', 'Maple Athletics') order by g.title`,
      );
      expect(gyms).toHaveLength(3);
      for (const g of gyms) {
        expect(g.templates, g.title).toBe('Liability Waiver:true:false,Membership Contract:false:false');
        expect(g.unsigned, g.title).toBeGreaterThan(0);
        expect(g.signed, g.title).toBeGreaterThan(g.unsigned * 5);
        expect(g.voided, g.title).toBe(2);
        expect(g.contractPackages, g.title).toBeGreaterThan(0);
      }
      const demo = await queryRows<{ title: string; signed: boolean }>(
        database.db,
        sql`select d.title, d.signed_at is not null as signed from documents d join athletes a on a.id = d.athlete_id
          join profiles p on p.id = a.profile_id join users u on u.id = p.user_id
          join gyms g on g.id = d.gym_id where lower(u.email) = 'athlete@example.com' and g.title = 'Iron Temple Barbell'`,
      );
      expect(demo.length).toBeGreaterThanOrEqual(2);
      expect(demo.every((d) => d.signed)).toBe(true);
      const sigs = await queryRows<{ content: string; sha: string; has: boolean }>(
        database.db,
        sql`select s.content, s.content_sha256 as sha, d.signed_at = s.signed_at as has from document_signatures s join documents d on d.id = s.document_id limit 50`,
      );
      for (const s of sigs) {
        expect(createHash('sha256').update(s.content, 'utf8').digest('hex')).toBe(s.sha);
        expect(s.has).toBe(true);
        expect(s.content).not.toContain('{{');
      }
    } finally {
      await database.close();
    }
  });
});
