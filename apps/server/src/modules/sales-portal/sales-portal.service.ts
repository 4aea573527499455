import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { parseAthleteInput } from '@spotter/shared/athlete-input';
import { balanceOf, salesPortalMessages, toZoned, type PortalPaymentMethod, type PortalPurchaseInput, type UpdateSalesPortalInput } from '@spotter/shared';
import { constraintOf, sqlState, type Tx } from '../../db/client';
import { athletes, documents, documentTemplates, invoices, kiloStaff, packages, profiles, salesPortals, staff, users } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { recordEvent } from '../../lib/domain-events';
import { HttpError, badRequest, fieldError, notFound } from '../../lib/http-error';
import { queueMail } from '../../lib/outbox';
import { hashPassword } from '../../lib/passwords';
import { sanitizeRichText } from '../../lib/rich-text';
import { accountMailTarget } from '../accounts';
import { queueActivation } from '../accounts';
import { composeMail } from '../messages';
import { sellPackage } from '../athlete-packages';
import { createAthletes } from '../athletes';
import { issueRequiredDocuments } from '../documents';
import type { OpenPortal } from './sales-portal.repository';

/** Issue 18: the writes of the sales portal: its settings, accounts made in it, and its purchases. */

const PORTAL_ACTOR = { profileId: null, name: 'Sales portal' };

/** Save the settings: the slug unique across gyms (any case), the introduction sanitised, the packages shown in order. */
export async function saveSalesPortal(ctx: WriteContext, gymId: string, input: ReturnType<typeof normalise>): Promise<void> {
  try {
    await writeTransaction(ctx, async (tx) => {
      const shown = input.shownPackageIds;
      if (new Set(shown).size !== shown.length) throw fieldError('shownPackageIds', salesPortalMessages.packageOrder);
      if (shown.length > 0) {
        const found = await tx
          .select({ id: packages.id })
          .from(packages)
          .where(and(eq(packages.gymId, gymId), inArray(packages.id, shown), isNull(packages.archivedAt)));
        if (found.length !== shown.length) throw fieldError('shownPackageIds', salesPortalMessages.packageNotFound);
      }
      const values = {
        isEnabled: input.isEnabled,
        slug: input.slug,
        headline: input.headline,
        introduction: input.introduction,
        accentColor: input.accentColor,
        allowPayAtDesk: input.allowPayAtDesk,
        updatedAt: new Date(),
      };
      await tx
        .insert(salesPortals)
        .values({ gymId, ...values })
        .onConflictDoUpdate({ target: salesPortals.gymId, set: values });
      await tx
        .update(packages)
        .set({ showInPortal: false })
        .where(and(eq(packages.gymId, gymId), eq(packages.showInPortal, true), shown.length > 0 ? notInArray(packages.id, shown) : undefined));
      for (const [index, id] of shown.entries()) {
        await tx
          .update(packages)
          .set({ showInPortal: true, portalOrder: index })
          .where(and(eq(packages.id, id), eq(packages.gymId, gymId)));
      }
    });
  } catch (err) {
    if (sqlState(err) === '23505' && constraintOf(err) === 'sales_portals_slug_key') throw fieldError('slug', salesPortalMessages.slugTaken, 'slug_taken');
    throw err;
  }
}

export function normalise(input: UpdateSalesPortalInput & { slug: string }) {
  return {
    isEnabled: input.isEnabled,
    slug: input.slug,
    headline: input.headline ?? '',
    introduction: sanitizeRichText(input.introduction ?? ''),
    accentColor: input.accentColor ?? 'blue',
    allowPayAtDesk: input.allowPayAtDesk ?? true,
    shownPackageIds: input.shownPackageIds ?? [],
  };
}

/** The user's athlete profile in the gym, if any (its athlete not archived). */
async function athleteProfileOf(tx: Tx, gymId: string, userId: string) {
  const [row] = await tx
    .select({ profileId: profiles.id, athleteId: athletes.id })
    .from(profiles)
    .innerJoin(athletes, eq(athletes.profileId, profiles.id))
    .where(and(eq(profiles.userId, userId), eq(profiles.gymId, gymId), eq(profiles.role, 'athlete')));
  return row;
}

/** The names a user goes by elsewhere (an athlete, staff or platform record), for an athlete profile made at login. */
async function namesOf(tx: Tx, userId: string, email: string): Promise<{ firstName: string; lastName: string }> {
  const [athlete] = await tx
    .select({ firstName: athletes.firstName, lastName: athletes.lastName })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (athlete) return athlete;
  const [member] = await tx
    .select({ firstName: staff.firstName, lastName: staff.lastName })
    .from(staff)
    .innerJoin(profiles, eq(profiles.id, staff.profileId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (member) return member;
  const [platform] = await tx
    .select({ firstName: kiloStaff.firstName, lastName: kiloStaff.lastName })
    .from(kiloStaff)
    .innerJoin(profiles, eq(profiles.id, kiloStaff.profileId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (platform) return platform;
  return {
    firstName:
      email
        .split('@')[0]!
        .replace(/[^\p{L}\p{N} .'-]/gu, ' ')
        .trim() || 'Member',
    lastName: '-',
  };
}

/**
 * The user's athlete profile in the portal's gym, made when they have none (an existing user who logs in or buys in
 * another gym's portal): the one write path of athletes (createAthletes), source 'sales_portal'.
 */
export async function ensureAthleteProfile(tx: Tx, portal: OpenPortal, user: { id: string; email: string }, names?: { firstName: string; lastName: string }) {
  const existing = await athleteProfileOf(tx, portal.gymId, user.id);
  if (existing) return existing;
  const { firstName, lastName } = names ?? (await namesOf(tx, user.id, user.email));
  const parsed = parseAthleteInput({ firstName, lastName, email: user.email }, { country: portal.country, today: toZoned(new Date(), portal.timeZone).date });
  if (!parsed.ok) throw badRequest('Check the highlighted fields.', 'validation_error', parsed.fields);
  try {
    // Issue 20: createAthletes also issues the templates required on sign-up, in this transaction.
    const [made] = await createAthletes(tx, portal.gymId, [parsed.value], PORTAL_ACTOR, 'sales_portal');
    // A lead: a person who came through the gym's portal (a purchase, if any, is its own event: package.sold).
    await recordEvent(tx, { gymId: portal.gymId, type: 'lead.created', subjectId: made!.athleteId, payload: { email: user.email } });
    return { profileId: made!.profileId, athleteId: made!.athleteId };
  } catch (err) {
    // An athlete of the gym already has this email without being this user's profile: the front desk links them.
    if (sqlState(err) === '23505' && constraintOf(err) === 'athletes_gym_email_key') {
      throw fieldError('email', 'This gym already has a member with this email. Ask the front desk to give you access.', 'athlete_email_taken');
    }
    throw err;
  }
}

/** A portal login: the user's athlete profile in the portal's gym, made (and the gym's change published) when they have none. */
export async function ensurePortalProfile(ctx: WriteContext, portal: OpenPortal, user: { id: string; email: string }) {
  return writeTransaction(ctx, async (tx, publish) => {
    const existing = await athleteProfileOf(tx, portal.gymId, user.id);
    if (existing) return existing;
    const made = await ensureAthleteProfile(tx, portal, user);
    await publish({ kind: 'gym', gymId: portal.gymId });
    return made;
  });
}

/** What a sign-up needs beyond the database: the queue its mail goes through and the app's address for its links. */
export type SignUpContext = WriteContext & { app: Pick<FastifyInstance, 'jobs' | 'config'> };

/**
 * Issue 32: a sign-up in the portal, answered the same whatever the email (OWASP: "A link to activate your account has
 * been emailed to the address provided"), so the portal tells no one who has an account. A new email: an inactive user
 * with the chosen password (argon2id) and an athlete profile in the gym (createAthletes, with the documents required
 * on sign-up), and the `sign_up_confirm` mail whose link activates it, in one transaction. An email that has an
 * account: nothing of it changes; its owner is mailed how to log in instead (`sign_up_existing`, at most one an hour),
 * or, when it waits for activation, a new activation link. The password is hashed either way, so both take as long.
 */
export async function signUpInPortal(
  ctx: SignUpContext,
  portal: OpenPortal,
  input: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    await writeTransaction(ctx, async (tx) => {
      const [known] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (known) return mailExistingAccount(ctx, tx, portal, email);
      const [user] = await tx.insert(users).values({ email, passwordHash, isActive: false }).returning({ id: users.id, email: users.email });
      await ensureAthleteProfile(tx, portal, user!, { firstName: input.firstName, lastName: input.lastName });
      await queueActivation(tx, ctx.app, user!.id, email, portal.gymId, 'sign_up_confirm');
    });
  } catch (err) {
    // The same email signed up at the same moment (the other one won), or a member of the gym already has it as their
    // contact email: the answer stays the same, and the address is told how to get in.
    const usersEmail = sqlState(err) === '23505' && constraintOf(err) === 'users_email_lower_key';
    const athleteEmail = err instanceof HttpError && err.code === 'athlete_email_taken';
    if (!usersEmail && !athleteEmail) throw err;
    await writeTransaction(ctx, (tx) => mailExistingAccount(ctx, tx, portal, email));
  }
}

/** The mail to an address that has an account (or a member of the gym): how to log in, or a new activation link. */
async function mailExistingAccount(ctx: SignUpContext, tx: Tx, portal: OpenPortal, email: string): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (user && !user.isActive) {
    await queueActivation(tx, ctx.app, user.id, user.email, portal.gymId);
    return;
  }
  const { appUrl } = ctx.app.config;
  const target = user ? await accountMailTarget(tx, user.id, portal.gymId) : { firstName: 'there', fullName: 'there' };
  const hour = Math.floor(Date.now() / 3_600_000);
  const mail = await composeMail(
    tx,
    portal.gymId,
    {
      kind: 'sign_up_existing',
      to: user?.email ?? email,
      values: { firstName: target.firstName, fullName: target.fullName, link: `${appUrl}/sales-portal/${portal.slug}`, resetLink: `${appUrl}/reset-password` },
      dedupeKey: `sign_up_existing:${portal.gymId}:${email}:${hour}`,
    },
    { appUrl },
  );
  await queueMail(tx, ctx.app.jobs, mail);
}

/**
 * A purchase in the portal: the package must be one the portal shows, paid by a way the gym takes; sold by sellPackage
 * (source sales_portal, with its invoice) from the gym's today, in one transaction with the buyer's athlete profile and
 * the documents the package requires (issue 20). The key is the buyer's: the same key again (a retry, a double click)
 * answers the same athlete package. The answer names what comes next in the flow: the buyer's required documents still
 * unsigned (signed before paying) and the sale's invoice with what is due on it (paid by card, or at the desk).
 */
export async function purchaseInPortal(
  ctx: WriteContext,
  portal: OpenPortal,
  user: { id: string; email: string },
  input: Required<Pick<PortalPurchaseInput, 'packageId' | 'billingPlanId' | 'idempotencyKey'>> & { paymentMethod: PortalPaymentMethod },
  acceptsCards: boolean,
): Promise<PortalSale> {
  if (input.paymentMethod === 'front_desk' && !portal.allowPayAtDesk) throw fieldError('paymentMethod', salesPortalMessages.payAtDeskOff, 'pay_at_desk_off');
  if (input.paymentMethod === 'card' && !acceptsCards) throw fieldError('paymentMethod', salesPortalMessages.cardUnavailable, 'card_unavailable');
  return writeTransaction(ctx, async (tx) => {
    const [pkg] = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.id, input.packageId), eq(packages.gymId, portal.gymId), eq(packages.showInPortal, true), isNull(packages.archivedAt)));
    if (!pkg) throw notFound(salesPortalMessages.packageNotFound);
    const buyer = await ensureAthleteProfile(tx, portal, user);
    const sold = await sellPackage(tx, portal.gymId, {
      athleteId: buyer.athleteId,
      packageId: pkg.id,
      billingPlanId: input.billingPlanId,
      startDate: toZoned(new Date(), portal.timeZone).date,
      source: 'sales_portal',
      idempotencyKey: `portal:${user.id}:${input.idempotencyKey}`,
      actorUserId: user.id,
    });
    if (sold.created)
      await issueRequiredDocuments(tx, portal.gymId, [buyer.athleteId], { kind: 'purchase', packageId: pkg.id, athletePackageId: sold.athletePackageId });
    return { ...sold, profileId: buyer.profileId, ...(await nextSteps(tx, portal.gymId, buyer.athleteId, sold.athletePackageId)) };
  });
}

export type PortalSale = {
  athletePackageId: string;
  created: boolean;
  profileId: string;
  invoiceId: string | null;
  dueMinor: number;
  documents: { documentId: string; title: string }[];
};

/**
 * What a portal sale leaves to do: its invoice's balance (the first one made for the package: the sale's), and the
 * buyer's open documents that a rule requires (sign-up, before booking, or this package), oldest first.
 */
async function nextSteps(tx: Tx, gymId: string, athleteId: string, athletePackageId: string) {
  const [invoice] = await tx
    .select({ id: invoices.id, totalMinor: invoices.totalMinor, paymentsMinor: invoices.paymentsMinor, refundsMinor: invoices.refundsMinor })
    .from(invoices)
    .where(and(eq(invoices.gymId, gymId), eq(invoices.athletePackageId, athletePackageId)))
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .limit(1);
  const open = await tx
    .select({ documentId: documents.id, title: documents.title })
    .from(documents)
    .leftJoin(documentTemplates, eq(documentTemplates.id, documents.templateId))
    .where(
      and(
        eq(documents.gymId, gymId),
        eq(documents.athleteId, athleteId),
        isNull(documents.signedAt),
        isNull(documents.voidedAt),
        or(
          eq(documents.source, 'sign_up'),
          eq(documents.athletePackageId, athletePackageId),
          and(eq(documentTemplates.requiredBeforeBooking, true), isNull(documentTemplates.archivedAt)),
        ),
      ),
    )
    .orderBy(asc(documents.issuedAt), asc(documents.title), asc(documents.id));
  return { invoiceId: invoice?.id ?? null, dueMinor: invoice ? Math.max(0, balanceOf(invoice)) : 0, documents: open };
}
