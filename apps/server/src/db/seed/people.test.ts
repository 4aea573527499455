import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isValidZipCode, membershipStates, regionsOf, type GymCountry } from '@spotter/shared';
import { normalizePhone } from '@spotter/shared/phone';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { membershipStateSql } from '../../modules/athletes/membership.sql';
import { seed } from './seed';
import { SEED_TAGS } from './people';

describe('seeded people (issue 17)', () => {
  it('gives each real gym tags on about 40% of members, every membership state, five archived members, and records valid for its country', async () => {
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, new Date('2026-11-24T18:00:00Z'));
      const gyms = await queryRows<{ id: string; title: string; country: GymCountry }>(database.db, sql`select id, title, country from gyms where exists (select 1 from tags t where t.gym_id = gyms.id) order by title`);
      expect(gyms.map((g) => g.title)).toEqual(['Iron Temple Barbell', 'Maple Athletics', 'Northside Strength']);
      for (const g of gyms) {
        const [counts] = await queryRows<{ tags: number; members: number; tagged: number; archived: number }>(
          database.db,
          sql`select (select count(*)::int from tags where gym_id = ${g.id}) as tags,
            (select count(*)::int from athletes where gym_id = ${g.id}) as members,
            (select count(distinct athlete_id)::int from athlete_tags where gym_id = ${g.id}) as tagged,
            (select count(*)::int from athletes where gym_id = ${g.id} and archived_at is not null) as archived`,
        );
        expect(counts!.tags).toBe(SEED_TAGS.length);
        expect(counts!.tagged / counts!.members).toBeGreaterThan(0.3);
        expect(counts!.tagged / counts!.members).toBeLessThan(0.5);
        expect(counts!.archived).toBe(5);
        const states = await queryRows<{ state: string; n: number }>(
          database.db,
          sql`select ${membershipStateSql(sql`a.id`)} as state, count(*)::int as n from athletes a where a.gym_id = ${g.id} group by 1`,
        );
        const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
        for (const s of membershipStates) expect(byState[s], `${g.title} ${s}`).toBeGreaterThan(0);
        expect(byState.active).toBeGreaterThan(counts!.members / 2);
        const people = await queryRows<{ phone: string; emergency_phone: string; zip_code: string; region: string; address_country: string; dob: string | null; medical_notes: string }>(
          database.db,
          sql`select phone, emergency_phone, zip_code, region, address_country, dob::text, medical_notes from athletes where gym_id = ${g.id} and source = 'seed'`,
        );
        expect(people.length).toBeGreaterThan(100);
        expect(people.filter((p) => p.phone).length / people.length).toBeGreaterThan(0.8);
        expect(people.filter((p) => p.zip_code).length / people.length).toBeGreaterThan(0.7);
        expect(people.filter((p) => p.medical_notes).length).toBeGreaterThan(2);
        for (const p of people) {
          // A stored phone reads back as itself for the gym's country (the form's and the import's rule).
          for (const phone of [p.phone, p.emergency_phone].filter(Boolean)) expect(normalizePhone(`+${phone}`, g.country), phone).toBe(phone);
          if (p.zip_code) {
            expect(p.address_country).toBe(g.country);
            expect(isValidZipCode(g.country, p.zip_code), p.zip_code).toBe(true);
            expect(regionsOf(g.country)).toContain(p.region);
          }
          if (p.dob) expect(p.dob < '2026-11-24').toBe(true);
        }
      }
    } finally {
      await database.close();
    }
  });
});
