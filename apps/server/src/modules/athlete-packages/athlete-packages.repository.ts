import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AthletePackage, CreditLedgerRow } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletePackages, athletes, billingPlans, creditLedger, events, packages, paymentAccounts, reservations } from '../../db/schema';
import { fullName } from '../../lib/sql-text';
import { holdsPlaceSql } from '../booking-policy';

/** Issue 18: the reads of athlete packages (contract-athlete-packages). Every read is scoped to the caller's gym. */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Sessions used of a membership's allowance in the week (Monday to Sunday) or month of `today`. */
function sessionsUsedSql(today: string): SQL<number> {
  const weekStart = sql`date_trunc('week', ${today}::date)::date`;
  const monthStart = sql`date_trunc('month', ${today}::date)::date`;
  return sql<number>`case ${packages.sessionsPer}
    when 'week' then (select count(*)::int from ${reservations} join ${events} ue on ue.id = ${reservations.eventId}
      where ${reservations.athletePackageId} = ${athletePackages.id} and ${holdsPlaceSql(reservations)} and ue.start_date between ${weekStart} and ${weekStart} + 6)
    when 'month' then (select count(*)::int from ${reservations} join ${events} ue on ue.id = ${reservations.eventId}
      where ${reservations.athletePackageId} = ${athletePackages.id} and ${holdsPlaceSql(reservations)} and ue.start_date between ${monthStart} and (${monthStart} + interval '1 month' - interval '1 day')::date)
    else 0 end`;
}

/** The athlete packages of the gym matching `where`, newest first, as the API answers them; `today` in the gym's zone. */
export async function findAthletePackages(db: DbOrTx, gymId: string, where: SQL | undefined, today: string): Promise<AthletePackage[]> {
  const rows = await db
    .select({
      ap: athletePackages,
      athleteName: fullName(athletes),
      pkg: {
        id: packages.id,
        name: packages.name,
        kind: packages.kind,
        category: packages.category,
        credits: packages.credits,
        sessionsLimit: packages.sessionsLimit,
        sessionsPer: packages.sessionsPer,
        limitPerDay: packages.limitPerDay,
        limitPerWeek: packages.limitPerWeek,
      },
      plan: {
        id: billingPlans.id,
        name: billingPlans.name,
        priceMinor: billingPlans.priceMinor,
        interval: billingPlans.interval,
        intervalCount: billingPlans.intervalCount,
        paymentCount: billingPlans.paymentCount,
      },
      balance: sql<number>`(select coalesce(sum(cl.delta), 0)::int from ${creditLedger} cl where cl.athlete_package_id = ${athletePackages.id})`,
      granted: sql<number>`(select coalesce(sum(cl.delta), 0)::int from ${creditLedger} cl where cl.athlete_package_id = ${athletePackages.id} and cl.reason in ('grant', 'renewal'))`,
      used: sessionsUsedSql(today),
    })
    .from(athletePackages)
    .innerJoin(athletes, eq(athletes.id, athletePackages.athleteId))
    .innerJoin(packages, eq(packages.id, athletePackages.packageId))
    .leftJoin(billingPlans, eq(billingPlans.id, athletePackages.billingPlanId))
    .where(and(eq(athletePackages.gymId, gymId), where))
    .orderBy(desc(athletePackages.createdAt), desc(athletePackages.id));
  return rows.map(({ ap, athleteName, pkg, plan, balance, granted, used }) => ({
    athletePackageId: ap.id,
    athleteId: ap.athleteId,
    athleteName,
    package: { packageId: pkg.id, name: pkg.name, kind: pkg.kind, category: pkg.category },
    billingPlan:
      plan && plan.id
        ? {
            billingPlanId: plan.id,
            name: plan.name,
            priceMinor: plan.priceMinor,
            interval: plan.interval,
            intervalCount: plan.intervalCount,
            paymentCount: plan.paymentCount,
          }
        : null,
    status: ap.status,
    startDate: ap.startDate,
    endDate: ap.endDate,
    nextBillingDate: ap.nextBillingDate,
    holdStartsOn: ap.holdStartsOn,
    holdEndsOn: ap.holdEndsOn,
    cancelledAt: iso(ap.cancelledAt),
    cancelReason: ap.cancelReason,
    priceMinor: ap.priceMinor,
    signUpFeeMinor: ap.signUpFeeMinor,
    credits: pkg.credits !== null ? { balance, granted } : null,
    sessions: pkg.sessionsLimit !== null && pkg.sessionsPer !== null ? { limit: pkg.sessionsLimit, per: pkg.sessionsPer, used } : null,
    limits: { perDay: pkg.limitPerDay, perWeek: pkg.limitPerWeek },
    source: ap.source,
    createdAt: iso(ap.createdAt)!,
  }));
}

export async function findAthletePackage(db: DbOrTx, gymId: string, athletePackageId: string, today: string): Promise<AthletePackage | undefined> {
  return (await findAthletePackages(db, gymId, eq(athletePackages.id, athletePackageId), today))[0];
}

/** Who holds an athlete package of the gym (undefined: none such). */
export async function holderOf(db: DbOrTx, gymId: string, athletePackageId: string): Promise<{ athleteId: string } | undefined> {
  const [row] = await db
    .select({ athleteId: athletePackages.athleteId })
    .from(athletePackages)
    .where(and(eq(athletePackages.id, athletePackageId), eq(athletePackages.gymId, gymId)));
  return row;
}

/** A package's credits ledger, oldest first, with the running balance. */
export async function findLedger(db: DbOrTx, gymId: string, athletePackageId: string): Promise<CreditLedgerRow[]> {
  const rows = await db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      note: creditLedger.note,
      reservationId: creditLedger.reservationId,
      eventId: events.id,
      eventName: sql<
        string | null
      >`coalesce((select ct.name from class_types ct where ct.id = ${events.classTypeId}), (select at.name from appointment_types at where at.id = ${events.appointmentTypeId}))`,
      startsAt: events.startsAt,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(reservations, eq(reservations.id, creditLedger.reservationId))
    .leftJoin(events, eq(events.id, reservations.eventId))
    .where(and(eq(creditLedger.athletePackageId, athletePackageId), eq(creditLedger.gymId, gymId)))
    .orderBy(asc(creditLedger.seq));
  let balance = 0;
  return rows.map((r) => {
    balance += r.delta;
    return {
      creditLedgerId: r.id,
      delta: r.delta,
      reason: r.reason,
      note: r.note,
      reservationId: r.reservationId,
      event: r.eventId ? { eventId: r.eventId, name: r.eventName ?? '', startsAt: iso(r.startsAt)! } : null,
      balanceAfter: balance,
      createdAt: iso(r.createdAt)!,
    };
  });
}

/** The packages an athlete holds. */
export async function packagesOfAthlete(db: DbOrTx, gymId: string, athleteId: string, today: string): Promise<AthletePackage[]> {
  return findAthletePackages(db, gymId, eq(athletePackages.athleteId, athleteId), today);
}

/** Whether the gym's payment account can charge. */
export async function chargesEnabledOf(db: DbOrTx, gymId: string): Promise<boolean> {
  const [account] = await db.select({ chargesEnabled: paymentAccounts.chargesEnabled }).from(paymentAccounts).where(eq(paymentAccounts.gymId, gymId));
  return account?.chargesEnabled ?? false;
}
