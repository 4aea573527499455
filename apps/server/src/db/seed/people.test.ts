import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isValidZipCode, membershipStates, regionsOf, type GymCountry } from '@spotter/shared';
import { normalizePhone } from '@spotter/shared/phone';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { membershipStateSql } from '../../modules/athletes/membership.sql';
import { seed } from './seed';
import { SEED_TAGS } from './people';
import { checkEligibility } from '../../modules/athlete-packages/eligibility';

describe('seeded people (issue 17)', () => {
  it('gives each real gym tags on about 40% of members, every membership state, five archived members, and records valid for its country', async () => {
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, new Date('2026-11-24T18:00:00Z'));
      const gyms = await queryRows<{ id: string; title: string; country: GymCountry }>(
        database.db,
        sql`select id, title, country from gyms where exists (select 1 from tags t where t.gym_id = gyms.id) order by title`,
      );
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
        // Issue 34 item 15: every real gym has an owner (the platform console said "No owner" of Maple Athletics).
        const owners = await queryRows<{ email: string }>(
          database.db,
          sql`select s.email from staff s join profiles p on p.id = s.profile_id where s.gym_id = ${g.id} and p.role = 'owner'`,
        );
        expect(owners.length, g.title).toBeGreaterThan(0);
        const states = await queryRows<{ state: string; n: number }>(
          database.db,
          sql`select ${membershipStateSql(sql`a.id`)} as state, count(*)::int as n from athletes a where a.gym_id = ${g.id} group by 1`,
        );
        const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
        for (const s of membershipStates) expect(byState[s], `${g.title} ${s}`).toBeGreaterThan(0);
        expect(byState.active).toBeGreaterThan(counts!.members / 2);
        const people = await queryRows<{
          phone: string;
          emergency_phone: string;
          zip_code: string;
          region: string;
          address_country: string;
          dob: string | null;
          medical_notes: string;
        }>(
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
        // Issue 18: packages in every status with their dates, ledgers never below zero, and bookings credited on them.
        const [pk] = await queryRows<{ statuses: string[]; holds: number; negative: number; credited: number; uncreditedOnPackage: number }>(
          database.db,
          sql`select array(select distinct status::text from athlete_packages where gym_id = ${g.id} order by 1) as statuses,
            (select count(*)::int from athlete_packages where gym_id = ${g.id} and status = 'on_hold' and hold_starts_on is not null) as holds,
            (select count(*)::int from (select sum(delta) s from credit_ledger where gym_id = ${g.id} group by athlete_package_id) x where s < 0) as negative,
            (select count(*)::int from reservations where gym_id = ${g.id} and is_credited and athlete_package_id is not null) as credited,
            (select count(*)::int from reservations where gym_id = ${g.id} and is_credited <> (athlete_package_id is not null)) as "uncreditedOnPackage"`,
        );
        expect(pk!.statuses).toEqual(['active', 'cancelled', 'ended', 'on_hold']);
        expect(pk!.holds).toBeGreaterThan(0);
        expect(pk!.negative).toBe(0);
        expect(pk!.credited).toBeGreaterThan(0);
        expect(pk!.uncreditedOnPackage).toBe(0);
      }
      // The named demo athlete books in the athlete app on an active unlimited membership.
      const [alex] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from athlete_packages ap join athletes a on a.id = ap.athlete_id join packages p on p.id = ap.package_id
          where a.email = 'athlete@example.com' and ap.status = 'active' and p.credits is null and p.sessions_limit is null and p.covers_all_class_types`,
      );
      expect(alex!.n).toBeGreaterThan(0);

      // Issue 18: an athlete books an appointment only on a package covering it. Every seeded appointment booking of a
      // real gym is credited on one of its athlete's packages that covers the type (Intro Sessions on a 2-week trial)...
      for (const g of gyms) {
        const [appts] = await queryRows<{ booked: number; uncovered: number; types: string[] }>(
          database.db,
          sql`select count(*)::int as booked,
              count(*) filter (where not exists (
                select 1 from athlete_packages ap join packages p on p.id = ap.package_id
                where ap.id = r.athlete_package_id and ap.athlete_id = r.athlete_id and r.is_credited
                  and (p.covers_all_appointment_types or exists (select 1 from package_appointment_types pa where pa.package_id = p.id and pa.appointment_type_id = e.appointment_type_id))))::int as uncovered,
              array(select distinct at2.name from reservations r2 join events e2 on e2.id = r2.event_id join appointment_types at2 on at2.id = e2.appointment_type_id where r2.gym_id = ${g.id} order by 1) as types
            from reservations r join events e on e.id = r.event_id where r.gym_id = ${g.id} and e.kind = 'appointment'`,
        );
        expect(appts!.booked, g.title).toBeGreaterThan(4);
        expect(appts!.types, g.title).toEqual(['Intro Session', 'Personal Training']);
        expect(appts!.uncovered, g.title).toBe(0);
      }
      // ...and the demo athlete may book Iron Temple's Personal Training by the one rule (the browser journey does).
      const [demo] = await queryRows<{ gym_id: string; athlete_id: string; event_id: string }>(
        database.db,
        sql`select g.id as gym_id, a.id as athlete_id, e.id as event_id from gyms g
          join athletes a on a.gym_id = g.id and a.email = 'athlete@example.com'
          join events e on e.gym_id = g.id join appointment_types at on at.id = e.appointment_type_id and at.name = 'Personal Training'
          where g.title = 'Iron Temple Barbell' order by e.starts_at desc limit 1`,
      );
      const demoMay = await checkEligibility(database.db, demo!.gym_id, demo!.athlete_id, demo!.event_id, { of: 'appointment' });
      expect(demoMay).toMatchObject({ eligible: true, packageName: 'Personal training 5-pack', credits: 1 });
    } finally {
      await database.close();
    }
  });
});
