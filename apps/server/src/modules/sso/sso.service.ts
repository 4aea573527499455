import { eq, sql } from 'drizzle-orm';
import type { SsoErrorReason, SsoProvider } from '@spotter/shared';
import { constraintOf, sqlState } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { type WriteContext, writeTransaction } from '../../lib/changes';
import { findOpenPortal } from '../sales-portal';
import { ensureAthleteProfile } from '../sales-portal';
import type { ProviderProfile } from './sso.providers';
import { findIdentity } from './sso.repository';

export type SignInOutcome = { ok: true; userId: string; profileId?: string } | { ok: false; reason: SsoErrorReason };

const refused = (reason: SsoErrorReason): SignInOutcome => ({ ok: false, reason });
const displayName = (p: ProviderProfile) => [p.firstName, p.lastName].filter(Boolean).join(' ') || null;

/**
 * Issue 40's account rules for a sign-in the provider confirmed, in one transaction (nothing half-made on a refusal):
 * - a linked identity enters its user;
 * - otherwise an email the provider verified and a Spotter user holds links to that user (and activates a login still
 *   waiting for activation: the provider proved the mailbox, as the activation link does);
 * - an email that is not verified never links and never makes a second account with that email;
 * - a new email makes a login (no password: the reset flow sets one) only from a sales portal, as an athlete of its gym
 *   through the portal's own sign-up path (ensureAthleteProfile); from the main login page a stranger is told to ask the
 *   gym or use its online store.
 */
export async function resolveSignIn(ctx: WriteContext, provider: SsoProvider, profile: ProviderProfile, portalSlug: string | null): Promise<SignInOutcome> {
  try {
    return await writeTransaction(ctx, async (tx) => {
      const identity = await findIdentity(tx, provider, profile.subject);
      const portal = portalSlug ? await findOpenPortal(tx, portalSlug) : null;
      if (portalSlug && !portal) return refused('portal');
      const enterPortal = async (user: { id: string; email: string }) =>
        portal
          ? (await ensureAthleteProfile(tx, portal, user, profile.firstName ? { firstName: profile.firstName, lastName: profile.lastName ?? '-' } : undefined))
              .profileId
          : undefined;
      if (identity) {
        const [user] = await tx.select().from(users).where(eq(users.id, identity.userId)).limit(1);
        if (!user) return refused('provider');
        if (!user.isActive) return refused('inactive');
        return { ok: true, userId: user.id, profileId: await enterPortal(user) };
      }
      const email = profile.email?.toLowerCase() ?? null;
      if (!email) return refused('no_email');
      const [existing] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (existing) {
        if (!profile.emailVerified) return refused('unverified_email');
        await tx.insert(userIdentities).values({ provider, subject: profile.subject, userId: existing.id, email, name: displayName(profile) });
        if (!existing.isActive) await tx.update(users).set({ isActive: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
        return { ok: true, userId: existing.id, profileId: await enterPortal(existing) };
      }
      if (!portal) return refused('no_account');
      const [made] = await tx.insert(users).values({ email, passwordHash: null, isActive: true }).returning();
      await tx.insert(userIdentities).values({ provider, subject: profile.subject, userId: made!.id, email, name: displayName(profile) });
      return { ok: true, userId: made!.id, profileId: await enterPortal(made!) };
    });
  } catch (err) {
    // The same person finishing two sign-ins at once: the other one made the login or the link.
    if (sqlState(err) === '23505' && ['user_identities_provider_subject_key', 'users_email_lower_key'].includes(constraintOf(err) ?? ''))
      return refused('taken');
    if (err instanceof HttpError && err.code === 'athlete_email_taken') return refused('portal');
    throw err;
  }
}

/** A signed-in user links a provider from Account: refused when that provider account belongs to someone else. */
export async function linkIdentity(ctx: WriteContext, userId: string, provider: SsoProvider, profile: ProviderProfile): Promise<SsoErrorReason | null> {
  try {
    return await writeTransaction(ctx, async (tx) => {
      const identity = await findIdentity(tx, provider, profile.subject);
      if (identity) return identity.userId === userId ? null : 'taken';
      await tx
        .insert(userIdentities)
        .values({ provider, subject: profile.subject, userId, email: profile.email?.toLowerCase() ?? null, name: displayName(profile) });
      return null;
    });
  } catch (err) {
    // Another account of this provider is already linked to the user (one of each provider per login), or a race.
    if (sqlState(err) === '23505') return 'taken';
    throw err;
  }
}
