import { and, eq, inArray, sql } from 'drizzle-orm';
import { tagMessages, type BulkTagInput, type TagInput } from '@spotter/shared';
import { sqlState, constraintOf, type Db, type Tx } from '../../db/client';
import { athleteTags, gyms, mailOutbox, tags } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { HttpError, notFound } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { queueMail } from '../../lib/outbox';
import { gymIdentityOf, withGymIdentity } from '../messages';
import { NO_EMAIL_DOMAIN } from '../people';
import { athletesOfGym, tagOfGym } from './athletes-list.repository';

/** Issue 17: tags and the bulk actions of the athletes list. Each write is one transaction with its audit rows. */

const tagNameTaken = () => new HttpError(409, tagMessages.nameTaken, 'tag_name_taken', { name: [tagMessages.nameTaken] });

export async function createTag(db: Db, gymId: string, input: Required<TagInput>, actor: AuditActor) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(tags).values({ gymId, name: input.name, color: input.color }).returning();
      await recordAudit(tx, actor, { gymId, entityType: 'tag', entityId: row!.id, action: 'tag.created', changes: { name: input.name } });
      return { tagId: row!.id, name: row!.name, color: row!.color };
    });
  } catch (err) {
    if (sqlState(err) === '23505' && constraintOf(err) === 'tags_gym_name_key') throw tagNameTaken();
    throw err;
  }
}

export async function deleteTag(db: Db, gymId: string, tagId: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(tags)
      .where(and(eq(tags.id, tagId), eq(tags.gymId, gymId)))
      .returning();
    if (!row) throw notFound(tagMessages.tagNotFound);
    await recordAudit(tx, actor, { gymId, entityType: 'tag', entityId: row.id, action: 'tag.deleted', changes: { name: row.name } });
  });
}

/** Adds the gym's tag to, or removes it from, the gym's athletes among `athleteIds`; answers how many changed. */
export async function bulkTag(db: Db, gymId: string, input: BulkTagInput, actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const tag = await tagOfGym(tx, gymId, input.tagId);
    if (!tag) throw notFound(tagMessages.tagNotFound);
    const ids = (await athletesOfGym(tx, gymId, input.athleteIds)).map((a) => a.id);
    return applyTag(tx, gymId, tag, ids, input.action, actor);
  });
}

/**
 * The one write of tagging (the bulk action and the athlete record's tags): the tag onto, or off, athletes known to
 * be the gym's, in the caller's transaction, with an audit row per athlete changed; answers how many changed.
 */
export async function applyTag(
  tx: Tx,
  gymId: string,
  tag: { id: string; name: string },
  athleteIds: string[],
  action: BulkTagInput['action'],
  actor: AuditActor,
): Promise<number> {
  if (athleteIds.length === 0) return 0;
  const changed =
    action === 'add'
      ? await tx
          .insert(athleteTags)
          .values(athleteIds.map((athleteId) => ({ athleteId, tagId: tag.id, gymId })))
          .onConflictDoNothing()
          .returning({ athleteId: athleteTags.athleteId })
      : await tx
          .delete(athleteTags)
          .where(and(eq(athleteTags.tagId, tag.id), eq(athleteTags.gymId, gymId), inArray(athleteTags.athleteId, athleteIds)))
          .returning({ athleteId: athleteTags.athleteId });
  await recordAudit(
    tx,
    actor,
    changed.map((c) => ({
      gymId,
      entityType: 'athlete' as const,
      entityId: c.athleteId,
      action: action === 'add' ? 'athlete.tag_added' : 'athlete.tag_removed',
      changes: { tag: tag.name },
    })),
  );
  return changed.length;
}

// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A subject is one line: line breaks (a header injection) read as spaces, control characters dropped. */
export const cleanSubject = (subject: string) =>
  subject
    .replace(/[\r\n\t]+/g, ' ')
    .replace(CONTROLS, '')
    .trim();
/** The message's text as typed, line breaks kept as \n, other control characters dropped. */
export const cleanText = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROLS, '').trim();

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Plain text as HTML: escaped (never read as markup), paragraphs and line breaks kept. */
export const textToHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * One mail per chosen athlete of the gym that has an email, through the outbox, in one transaction with an audit row
 * each. The request's key makes each mail's dedupe key: the same request again queues nothing new.
 */
export async function bulkEmail(
  ctx: { db: Db; jobs: Jobs },
  gymId: string,
  input: { athleteIds: string[]; subject: string; message: string; key: string },
  actor: AuditActor,
): Promise<{ queued: number; skipped: number }> {
  const subject = cleanSubject(input.subject);
  const text = cleanText(input.message);
  return ctx.db.transaction(async (tx) => {
    const [gym] = await tx.select({ title: gyms.title, email: gyms.email }).from(gyms).where(eq(gyms.id, gymId));
    // Issue 22: staff's own words, but under the gym's sender name and reply-to (else the gym's email).
    const identity = await gymIdentityOf(tx, gymId);
    const chosen = await athletesOfGym(tx, gymId, input.athleteIds);
    const reachable = chosen.filter((a) => a.email && !a.email.endsWith(`@${NO_EMAIL_DOMAIN}`));
    const prefix = `athlete_bulk_email:${gymId}:${input.key}:`;
    // A key names one email: used before, it must be the same athletes (those with an email) and the same subject;
    // then the retry queues nothing new. Anything else under that key is refused, so what is sent and audited is
    // exactly what the key's first request chose.
    const earlier = await tx
      .select({ dedupeKey: mailOutbox.dedupeKey, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.gymId, gymId), sql`starts_with(${mailOutbox.dedupeKey}, ${prefix})`));
    if (earlier.length > 0) {
      const before = new Set(earlier.map((e) => e.dedupeKey!.slice(prefix.length)));
      const same = before.size === reachable.length && reachable.every((a) => before.has(a.id)) && earlier.every((e) => e.subject === subject);
      if (!same) throw new HttpError(409, tagMessages.keyReused, 'key_reused', { key: [tagMessages.keyReused] });
    }
    const signed = `${text}\n\n${gym?.title ?? ''}`.trim();
    const queued = await queueMail(
      tx,
      ctx.jobs,
      reachable.map((a) =>
        withGymIdentity(
          {
            kind: 'athlete_bulk_email',
            gymId,
            to: a.email!,
            subject,
            text: signed,
            html: textToHtml(signed),
            replyTo: identity?.replyTo ?? gym?.email ?? null,
            dedupeKey: `athlete_bulk_email:${gymId}:${input.key}:${a.id}`,
          },
          identity,
        ),
      ),
    );
    if (queued.length > 0) {
      await recordAudit(
        tx,
        actor,
        reachable.map((a) => ({ gymId, entityType: 'athlete' as const, entityId: a.id, action: 'athlete.emailed', changes: { subject } })),
      );
    }
    return { queued: queued.length, skipped: new Set(input.athleteIds).size - reachable.length };
  });
}
