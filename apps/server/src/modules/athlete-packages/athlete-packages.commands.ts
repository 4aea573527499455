import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import type { Jobs } from '../../lib/jobs';
import { issueRequiredDocuments } from '../documents';
import { adjustCredits, cancelPackage, holdPackage, removeHold, renewPackage, sellPackage, type SellInput, type Sold } from './athlete-packages.service';
import { refundUnusedDays, type UnusedRefundMade } from './unused-refund';

/**
 * Issue 33: the commands of the packages athletes hold. Each owns its transaction (athlete-packages.service.ts writes
 * the rows, the credits ledger and the `package.*` domain events) and publishes the gym's change (the kiosk reads
 * packages and credits).
 */

/** One package write in one transaction that publishes the gym's change. */
const packageWrite = <T>(ctx: WriteContext, gymId: string, fn: (tx: Tx) => Promise<T>) =>
  writeTransaction(ctx, async (tx, publish) => {
    const result = await fn(tx);
    await publish({ kind: 'gym', gymId });
    return result;
  });

/** A sale at the desk; a new one issues the templates naming the package with it (issue 20, decision 035). */
export async function sellAtDesk(ctx: WriteContext, gymId: string, input: SellInput, issuedByProfileId: string | null): Promise<Sold> {
  return packageWrite(ctx, gymId, async (tx) => {
    const result = await sellPackage(tx, gymId, input);
    if (result.created) {
      await issueRequiredDocuments(
        tx,
        gymId,
        [input.athleteId],
        { kind: 'purchase', packageId: input.packageId, athletePackageId: result.athletePackageId },
        issuedByProfileId,
      );
    }
    return result;
  });
}

export const holdAthletePackage = (ctx: WriteContext, gymId: string, today: string, id: string, range: { startsOn: string; endsOn: string }) =>
  packageWrite(ctx, gymId, (tx) => holdPackage(tx, gymId, today, id, range));

export const removeAthletePackageHold = (ctx: WriteContext, gymId: string, today: string, id: string) =>
  packageWrite(ctx, gymId, (tx) => removeHold(tx, gymId, today, id));

export const renewAthletePackage = (ctx: WriteContext, gymId: string, today: string, id: string, idempotencyKey: string, actorUserId: string | null) =>
  packageWrite(ctx, gymId, (tx) => renewPackage(tx, gymId, today, id, idempotencyKey, actorUserId));

export const adjustAthletePackageCredits = (ctx: WriteContext, gymId: string, id: string, input: { delta: number; note: string; actorUserId: string | null }) =>
  packageWrite(ctx, gymId, (tx) => adjustCredits(tx, gymId, id, input));

/**
 * A cancel, with (staff, at once) the unused days refunded in the same transaction; the provider's share of the refund
 * is answered for the caller to send after the commit (its job retries it).
 */
export async function cancelAthletePackage(
  ctx: WriteContext,
  deps: { jobs: Jobs; hasProvider: boolean },
  input: {
    gymId: string;
    today: string;
    athletePackageId: string;
    when: 'now' | 'period_end';
    reason: string;
    refundUnused: boolean;
    actorUserId: string | null;
  },
): Promise<UnusedRefundMade | null> {
  const { gymId, today, athletePackageId: id, actorUserId } = input;
  return packageWrite(ctx, gymId, async (tx) => {
    await cancelPackage(tx, gymId, today, id, { when: input.when, reason: input.reason, actorUserId });
    return input.refundUnused ? refundUnusedDays(tx, deps, { gymId, athletePackageId: id, today, actorUserId }) : null;
  });
}
