import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Spec-free rule of decision 029, written once in SQL: the membership state of the athlete in `athleteId`, as
 * membershipState (packages/shared rules/membership.ts) computes it. The athletes list filters and shows it; a test
 * checks the two agree.
 */
export function membershipStateSql(athleteId: AnyPgColumn | SQL): SQL<'active' | 'trial' | 'on_hold' | 'cancelled' | 'none'> {
  return sql<'active' | 'trial' | 'on_hold' | 'cancelled' | 'none'>`(
    select case
      when bool_or(ap.status = 'active' and p.kind <> 'trial') then 'active'
      when bool_or(ap.status = 'active') then 'trial'
      when bool_or(ap.status = 'on_hold') then 'on_hold'
      when count(*) > 0 then 'cancelled'
      else 'none' end
    from athlete_packages ap join packages p on p.id = ap.package_id
    where ap.athlete_id = ${athleteId})`;
}
