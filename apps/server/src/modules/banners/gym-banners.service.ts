import { and, eq } from 'drizzle-orm';
import { bannerMessages, isRichTextEmpty, type GymBannerInput } from '@spotter/shared';
import { banners } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { sanitizeRichText } from '../../lib/rich-text';
import { bannerStateOf } from './banners.repository';

/**
 * Issue 22: the writes of a gym's own banners (GymMutate), each one transaction publishing the gym's change. Only the
 * caller's gym's banners are found here: the platform's (gymId null) and other gyms' answer 404.
 */

export const BANNER_NOT_FOUND = 'Banner not found.';

/** The input as stored: the message through the one sanitiser and not empty, the end still ahead. */
function valuesOf(input: GymBannerInput, now: Date) {
  const message = sanitizeRichText(input.message);
  if (isRichTextEmpty(message)) throw fieldError('message', bannerMessages.messageRequired);
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt <= now) throw fieldError('endsAt', bannerMessages.endInPast);
  return {
    title: input.title,
    message,
    audiences: [...new Set(input.audiences)],
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt,
  };
}

async function lockBanner(tx: Tx, gymId: string, bannerId: string) {
  const [row] = await tx
    .select({ id: banners.id, isActive: banners.isActive, startsAt: banners.startsAt, endsAt: banners.endsAt })
    .from(banners)
    .where(and(eq(banners.id, bannerId), eq(banners.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(BANNER_NOT_FOUND);
  return row;
}

export async function createGymBanner(ctx: WriteContext, gymId: string, input: GymBannerInput, now = new Date()): Promise<string> {
  const values = valuesOf(input, now);
  return writeTransaction(ctx, async (tx, publish) => {
    const [row] = await tx
      .insert(banners)
      .values({ gymId, ...values, isActive: true, createdAt: now, updatedAt: now })
      .returning({ id: banners.id });
    await publish({ kind: 'gym', gymId });
    return row!.id;
  });
}

/** Edits a banner that has not ended (409 once it has: ending is for good). */
export async function updateGymBanner(ctx: WriteContext, gymId: string, bannerId: string, input: GymBannerInput, now = new Date()): Promise<void> {
  const values = valuesOf(input, now);
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockBanner(tx, gymId, bannerId);
    if (bannerStateOf(row, now) === 'ended') throw conflict(bannerMessages.alreadyEnded, 'banner_ended');
    await tx
      .update(banners)
      .set({ ...values, updatedAt: now })
      .where(eq(banners.id, bannerId));
    await publish({ kind: 'gym', gymId });
  });
}

/** Ends a banner now: nobody is shown it again. Ending an ended banner changes nothing. */
export async function endGymBanner(ctx: WriteContext, gymId: string, bannerId: string, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockBanner(tx, gymId, bannerId);
    if (!row.isActive) return;
    await tx.update(banners).set({ isActive: false, updatedAt: now }).where(eq(banners.id, bannerId));
    await publish({ kind: 'gym', gymId });
  });
}
