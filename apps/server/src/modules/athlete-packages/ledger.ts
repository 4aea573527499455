import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreditReason } from '@spotter/shared';
import type { Tx } from '../../db/client';
import { athletePackages, creditLedger, reservations } from '../../db/schema';

/**
 * Issue 18: the credit-ledger moves of reservations, each rule once. A balance is the sum of a package's rows; these
 * write rows only, inside the reservation write's transaction (under the event's lock and, where a deduction reads the
 * balance, the package row's lock). Every row of a booking carries its reservation id.
 */

/** One row on a package, its athlete read from the package (a family-shared package is its holder's). */
export async function ledgerRow(
  tx: Tx,
  row: { athletePackageId: string; delta: number; reason: CreditReason; reservationId: string | null; note?: string; actorUserId: string | null },
): Promise<void> {
  if (row.delta === 0) return;
  await tx.execute(sql`insert into ${creditLedger} (gym_id, athlete_package_id, athlete_id, delta, reason, reservation_id, note, created_by_user_id, created_at)
    select ap.gym_id, ap.id, ap.athlete_id, ${row.delta}::int, ${row.reason}::credit_reason, ${row.reservationId}::uuid, ${row.note ?? ''}::text, ${row.actorUserId}::uuid, clock_timestamp()
    from ${athletePackages} ap where ap.id = ${row.athletePackageId}`);
}

/** The package's balance: the sum of its ledger (read after its row is locked, where a deduction follows). */
export async function balanceOf(tx: Tx, athletePackageId: string, lock = false): Promise<number> {
  if (lock) await tx.select({ id: athletePackages.id }).from(athletePackages).where(eq(athletePackages.id, athletePackageId)).for('update');
  const [row] = await tx
    .select({ balance: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.athletePackageId, athletePackageId));
  return row?.balance ?? 0;
}

/**
 * Gives back every credit the reservations still hold (their booking deduction and any late-cancel or no-show
 * deduction): one 'cancel_restore' row per reservation whose rows sum below zero. Run before the reservations are
 * deleted (their rows then keep the note; the foreign key sets reservation_id null).
 */
export async function restoreCredits(tx: Tx, reservationIds: readonly string[], actorUserId: string | null, note = 'Booking cancelled'): Promise<void> {
  if (reservationIds.length === 0) return;
  await tx.execute(sql`insert into ${creditLedger} (gym_id, athlete_package_id, athlete_id, delta, reason, reservation_id, note, created_by_user_id, created_at)
    select cl.gym_id, cl.athlete_package_id, cl.athlete_id, -sum(cl.delta)::int, 'cancel_restore', cl.reservation_id, ${note}::text, ${actorUserId}::uuid, clock_timestamp()
    from ${creditLedger} cl
    where cl.reservation_id in (${sql.join(
      reservationIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by cl.gym_id, cl.athlete_package_id, cl.athlete_id, cl.reservation_id
    having sum(cl.delta) < 0`);
}

/** The net of a reservation's late-cancel and no-show rows, by reason (deductions negative, their reversals positive). */
async function markNet(tx: Tx, reservationId: string): Promise<{ reason: 'late_cancel' | 'no_show'; net: number }[]> {
  const rows = await tx
    .select({ reason: creditLedger.reason, net: sql<number>`sum(${creditLedger.delta})::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.reservationId, reservationId), inArray(creditLedger.reason, ['late_cancel', 'no_show'])))
    .groupBy(creditLedger.reason);
  return rows.filter((r) => r.net !== 0) as { reason: 'late_cancel' | 'no_show'; net: number }[];
}

/**
 * Spec 3: a late cancel or no show keeps the booking's deduction and, when its deductCredit is set, deducts the
 * event's cancellationCreditDeduction / noShowCreditDeduction more (capped at the balance: never below zero). Clearing
 * the mark, or changing it, gives those credits back (a row of the same reason, positive). Idempotent: a mark already
 * deducted is not deducted again.
 */
export async function settleMarkCredits(
  tx: Tx,
  reservation: { id: string; athletePackageId: string | null },
  mark: { reason: 'late_cancel' | 'no_show'; credits: number } | null,
  actorUserId: string | null,
): Promise<void> {
  if (!reservation.athletePackageId) return;
  const current = await markNet(tx, reservation.id);
  const keep = mark !== null && mark.credits > 0 && current.length === 1 && current[0]!.reason === mark.reason;
  if (keep) return;
  for (const c of current) {
    await ledgerRow(tx, {
      athletePackageId: reservation.athletePackageId,
      delta: -c.net,
      reason: c.reason,
      reservationId: reservation.id,
      note: 'Mark cleared',
      actorUserId,
    });
  }
  if (mark === null || mark.credits <= 0) return;
  const balance = await balanceOf(tx, reservation.athletePackageId, true);
  const take = Math.min(mark.credits, Math.max(balance, 0));
  await ledgerRow(tx, {
    athletePackageId: reservation.athletePackageId,
    delta: -take,
    reason: mark.reason,
    reservationId: reservation.id,
    note: mark.reason === 'late_cancel' ? 'Late cancel' : 'No show',
    actorUserId,
  });
}

/** Books a reservation on the package eligibility chose: credited, and its credits deducted as one 'booking' row. */
export async function creditReservation(
  tx: Tx,
  reservationId: string,
  chosen: { athletePackageId: string; credits: number },
  actorUserId: string | null,
): Promise<void> {
  await tx.update(reservations).set({ isCredited: true, athletePackageId: chosen.athletePackageId }).where(eq(reservations.id, reservationId));
  await deductBooking(tx, reservationId, chosen, actorUserId);
}

/** The 'booking' row of a reservation written credited on the package eligibility chose (none when it costs no credits). */
export async function deductBooking(
  tx: Tx,
  reservationId: string,
  chosen: { athletePackageId: string; credits: number },
  actorUserId: string | null,
): Promise<void> {
  if (chosen.credits > 0)
    await ledgerRow(tx, { athletePackageId: chosen.athletePackageId, delta: -chosen.credits, reason: 'booking', reservationId, note: 'Booking', actorUserId });
}
