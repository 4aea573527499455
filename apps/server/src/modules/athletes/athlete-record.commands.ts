import type { FastifyInstance } from 'fastify';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { tagMessages } from '@spotter/shared';
import type { AthleteFields } from '@spotter/shared/athlete-input';
import type { Tx } from '../../db/client';
import { athleteTags, athletes, auditLog, notes, profileLinks, profiles, users } from '../../db/schema';
import { diffFields, recordAudit, type AuditActor } from '../../lib/audit';
import { writeTransaction, type Publish, type WriteContext } from '../../lib/changes';
import { recordEvent } from '../../lib/domain-events';
import { notFound } from '../../lib/http-error';
import { changeLogin, queueActivation } from '../accounts';
import { endProfileSessions } from '../auth';
import { athleteColumns, auditedFields, type athleteWithLogin } from './athlete-record.repository';
import { NO_EMAIL_DOMAIN } from '../people';
import { createAthletes } from './athletes.service';
import { tagOfGym } from './athletes-list.repository';
import { applyTag } from './athletes-list.service';

/**
 * Issue 17's writes of the athlete record (issue 33: commands). Each is one transaction with its audit row, publishes
 * the gym's change (the kiosk shows names, pictures and pinned notes) and records its domain event where the catalogue
 * has one; the routes check the request and answer.
 */

/** The athlete with their login, as the record's routes found it. */
export type AthleteTarget = NonNullable<Awaited<ReturnType<typeof athleteWithLogin>>>;
/** What the commands that mail need besides the database: the queue (the outbox) and the app's address. */
export type AthleteRecordDeps = WriteContext & { app: Pick<FastifyInstance, 'jobs' | 'config'> };

/** A change of the athlete in its own transaction, published to the gym. */
const change = <T>(ctx: WriteContext, gymId: string, fn: (tx: Tx, publish: Publish) => Promise<T>) =>
  writeTransaction(ctx, async (tx, publish) => {
    const result = await fn(tx, publish);
    await publish({ kind: 'gym', gymId });
    return result;
  });

const audit = (tx: Tx, actor: AuditActor, gymId: string, athleteId: string, action: string, changes?: Record<string, unknown>) =>
  recordAudit(tx, actor, { gymId, entityType: 'athlete', entityId: athleteId, action, changes });

/** A new athlete (createAthletes: the one write path of athletes, with its `athlete.created` event), invited on request. */
export async function createAthlete(
  deps: AthleteRecordDeps,
  gymId: string,
  fields: AthleteFields & { id?: string },
  sendInvitation: boolean | undefined,
  actor: AuditActor,
) {
  return change(deps, gymId, async (tx) => {
    const [one] = await createAthletes(tx, gymId, [fields], actor, 'manual');
    if (sendInvitation && one!.isNewUser && one!.email && (await queueActivation(tx, deps.app, one!.userId, one!.email, gymId))) {
      await audit(tx, actor, gymId, one!.athleteId, 'athlete.invited', { email: one!.email });
    }
    return one!;
  });
}

export async function updateAthlete(ctx: WriteContext, gymId: string, current: AthleteTarget, fields: AthleteFields, actor: AuditActor): Promise<void> {
  const athleteId = current.athlete.id;
  await change(ctx, gymId, async (tx) => {
    const columns = athleteColumns(fields);
    await tx
      .update(athletes)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(athletes.id, athleteId));
    await syncInvitedEmail(tx, current, fields.email);
    const changes = diffFields(auditedFields(current.athlete), auditedFields(columns), ['medicalNotes']);
    if (Object.keys(changes).length > 0) await audit(tx, actor, gymId, athleteId, 'athlete.updated', changes);
  });
}

/**
 * An athlete without an account of their own yet (never activated, one profile only) signs in with the record's
 * email: a new or changed email moves their pending sign-in with it, when no other account holds it.
 */
async function syncInvitedEmail(tx: Tx, current: AthleteTarget, email: string | null) {
  if (current.userIsActive || !email || email === current.userEmail.toLowerCase()) return;
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.userId, current.userId));
  if (n !== 1) return;
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, current.userId)));
  if (holder) return;
  await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, current.userId));
  await tx.update(profiles).set({ loginEnabled: true }).where(eq(profiles.id, current.athlete.profileId));
}

/** Archive (`athlete.archived`) or unarchive. */
export async function setAthleteArchived(ctx: WriteContext, gymId: string, athleteId: string, archived: boolean, actor: AuditActor): Promise<void> {
  await change(ctx, gymId, async (tx) => {
    await tx
      .update(athletes)
      .set({ archivedAt: archived ? new Date() : null, isActive: !archived, updatedAt: new Date() })
      .where(eq(athletes.id, athleteId));
    await audit(tx, actor, gymId, athleteId, archived ? 'athlete.archived' : 'athlete.unarchived');
    if (archived) await recordEvent(tx, { gymId, type: 'athlete.archived', subjectId: athleteId, payload: {} });
  });
}

/** Adds or removes one of the gym's tags; 404 for a tag the gym does not have. */
export async function tagAthlete(
  ctx: WriteContext,
  gymId: string,
  athleteId: string,
  tagId: string,
  action: 'add' | 'remove',
  actor: AuditActor,
): Promise<void> {
  await change(ctx, gymId, async (tx) => {
    const tag = await tagOfGym(tx, gymId, tagId);
    if (!tag) throw notFound(tagMessages.tagNotFound);
    await applyTag(tx, gymId, tag, [athleteId], action, actor);
  });
}

/** The activation mail through the outbox; false (nothing queued) when a link went out a few minutes ago. */
export async function inviteAthlete(deps: AthleteRecordDeps, gymId: string, current: AthleteTarget, actor: AuditActor): Promise<boolean> {
  return change(deps, gymId, async (tx) => {
    if (!(await queueActivation(tx, deps.app, current.userId, current.userEmail, gymId))) return false;
    await audit(tx, actor, gymId, current.athlete.id, 'athlete.invited', { email: current.userEmail });
    return true;
  });
}

/** Anonymisation: the personal data, notes, tags and audited values go, and the login ends. */
export async function anonymiseAthlete(ctx: WriteContext, gymId: string, current: AthleteTarget, actor: AuditActor): Promise<void> {
  const athleteId = current.athlete.id;
  const profileId = current.athlete.profileId;
  await change(ctx, gymId, async (tx, publish) => {
    const now = new Date();
    await tx
      .update(athletes)
      .set({
        firstName: 'Anonymised',
        lastName: 'Athlete',
        email: null,
        phone: '',
        dob: null,
        gender: null,
        profilePicture: null,
        addressLines: [],
        locality: '',
        region: '',
        zipCode: '',
        addressCountry: '',
        emergencyName: '',
        emergencyPhone: '',
        medicalNotes: '',
        anonymisedAt: now,
        archivedAt: current.athlete.archivedAt ?? now,
        updatedAt: now,
      })
      .where(eq(athletes.id, athleteId));
    await tx.delete(notes).where(eq(notes.athleteId, athleteId));
    await tx.delete(athleteTags).where(eq(athleteTags.athleteId, athleteId));
    // Earlier changes recorded names, emails and phones: only what was done, by whom and when, stays.
    await tx
      .update(auditLog)
      .set({ changes: {} })
      .where(and(eq(auditLog.gymId, gymId), eq(auditLog.entityType, 'athlete'), eq(auditLog.entityId, athleteId)));
    // The login ends: the profile can no longer be entered, its sessions end, no one else signs in as it.
    await tx.update(profiles).set({ loginEnabled: false }).where(eq(profiles.id, profileId));
    await endProfileSessions(tx, profileId);
    await tx.delete(profileLinks).where(eq(profileLinks.profileId, profileId));
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.userId, current.userId));
    if (n === 1) {
      // The account was theirs in this gym only: its email goes too (the user row stays, as the profile's owner).
      await tx
        .update(users)
        .set({ email: `athlete-${athleteId}@${NO_EMAIL_DOMAIN}` })
        .where(eq(users.id, current.userId));
      // No password, not active, every session and every reset or activation link still out ended (issue 32).
      await changeLogin(tx, current.userId, { passwordHash: null, isActive: false }, now);
      await tx.delete(profileLinks).where(eq(profileLinks.userId, current.userId));
    }
    await audit(tx, actor, gymId, athleteId, 'athlete.anonymised');
    await publish({ kind: 'sessions', userId: current.userId });
  });
}

type NoteFields = { title: string; content: string; isPinned: boolean };

export async function createNote(ctx: WriteContext, gymId: string, athleteId: string, fields: NoteFields, actor: AuditActor): Promise<string> {
  return change(ctx, gymId, async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(notes)
      .values({ gymId, athleteId, ...fields, createdByProfileId: actor.profileId, createdAt: now, updatedAt: now })
      .returning({ id: notes.id });
    await audit(tx, actor, gymId, athleteId, 'note.created', { title: fields.title, isPinned: fields.isPinned });
    return row!.id;
  });
}

/** An edit of a note; a change of its pin alone is audited as pinning or unpinning. */
export async function updateNote(
  ctx: WriteContext,
  gymId: string,
  athleteId: string,
  before: { noteId: string } & NoteFields,
  fields: NoteFields,
  actor: AuditActor,
): Promise<void> {
  await change(ctx, gymId, async (tx) => {
    await tx
      .update(notes)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(notes.id, before.noteId));
    const pinChanged = before.isPinned !== fields.isPinned;
    const edited = before.title !== fields.title || before.content !== fields.content;
    const action = pinChanged && !edited ? (fields.isPinned ? 'note.pinned' : 'note.unpinned') : 'note.updated';
    await audit(tx, actor, gymId, athleteId, action, { title: fields.title });
  });
}

export async function deleteNote(
  ctx: WriteContext,
  gymId: string,
  athleteId: string,
  before: { noteId: string; title: string },
  actor: AuditActor,
): Promise<void> {
  await change(ctx, gymId, async (tx) => {
    await tx.delete(notes).where(eq(notes.id, before.noteId));
    await audit(tx, actor, gymId, athleteId, 'note.deleted', { title: before.title });
  });
}

/** The parent's user may enter the dependant's profile (family, issue 17); audited on both athletes. */
export async function linkDependant(ctx: WriteContext, gymId: string, parent: AthleteTarget, dependant: AthleteTarget, actor: AuditActor): Promise<void> {
  await change(ctx, gymId, async (tx) => {
    await tx.insert(profileLinks).values({ profileId: dependant.athlete.profileId, userId: parent.userId, createdAt: new Date() });
    await recordAudit(tx, actor, [
      { gymId, entityType: 'athlete', entityId: parent.athlete.id, action: 'family.dependant_linked', changes: { dependantAthleteId: dependant.athlete.id } },
      { gymId, entityType: 'athlete', entityId: dependant.athlete.id, action: 'family.parent_linked', changes: { parentAthleteId: parent.athlete.id } },
    ]);
  });
}

/** Ends a family link; false when there was none. */
export async function unlinkDependant(ctx: WriteContext, gymId: string, parent: AthleteTarget, dependant: AthleteTarget, actor: AuditActor): Promise<boolean> {
  return change(ctx, gymId, async (tx) => {
    const gone = await tx
      .delete(profileLinks)
      .where(and(eq(profileLinks.profileId, dependant.athlete.profileId), eq(profileLinks.userId, parent.userId)))
      .returning({ userId: profileLinks.userId });
    if (gone.length === 0) return false;
    await recordAudit(tx, actor, [
      { gymId, entityType: 'athlete', entityId: parent.athlete.id, action: 'family.dependant_unlinked', changes: { dependantAthleteId: dependant.athlete.id } },
      { gymId, entityType: 'athlete', entityId: dependant.athlete.id, action: 'family.parent_unlinked', changes: { parentAthleteId: parent.athlete.id } },
    ]);
    return true;
  });
}
