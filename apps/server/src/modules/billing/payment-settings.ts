import { paymentAccounts } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';

/** The gym's dunning schedule (retry days after a failed charge; empty: the default), published to the gym. */
export async function saveDunningDays(ctx: WriteContext, gymId: string, days: number[]): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await tx
      .insert(paymentAccounts)
      .values({ gymId, dunningDays: days })
      .onConflictDoUpdate({ target: paymentAccounts.gymId, set: { dunningDays: days, updatedAt: new Date() } });
    await publish({ kind: 'gym', gymId });
  });
}
