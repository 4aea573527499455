import { and, eq, inArray, isNull } from 'drizzle-orm';
import { documentMessages, type DocumentTemplateInput } from '@spotter/shared';
import { athletes, documentTemplateVersions, documentTemplates, packages } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { fieldError, notFound } from '../../lib/http-error';
import { sanitizeRichText } from '../../lib/rich-text';
import { issueDocuments } from './documents.service';

/**
 * The writes of document templates (issue 20, decision 035), each one transaction publishing the gym's change.
 * - The wording (title, body, requires-signature, initials) lives in versions: saving a changed wording writes version
 *   N+1 with the template row locked, so two editors saving at once make N+1 and N+2, never two N+1. Issued documents
 *   keep the version they were issued with.
 * - The rules (on sign-up, before booking, packages) change in place. Turning "before booking" on issues the current
 *   version to every active athlete of the gym in the same transaction (one open copy each: repeats are no-ops).
 */

const wordingOf = (input: DocumentTemplateInput) => ({
  title: input.title,
  // Tiptap's HTML through the one sanitiser; merge tokens (`{{athlete.fullName}}`) are plain text and survive.
  body: sanitizeRichText(input.body),
  requiresSignature: input.requiresSignature,
  initialFields: input.initialFields,
});
type Wording = ReturnType<typeof wordingOf>;

const sameWording = (a: Wording, b: Wording) =>
  a.title === b.title &&
  a.body === b.body &&
  a.requiresSignature === b.requiresSignature &&
  a.initialFields.length === b.initialFields.length &&
  a.initialFields.every((f, i) => f === b.initialFields[i]);

/** The packages named are the gym's own (archived ones included: a rule may outlive a package's sale). */
async function checkPackages(tx: Tx, gymId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.gymId, gymId), inArray(packages.id, unique)));
  if (found.length !== unique.length) throw fieldError('packageIds', documentMessages.packageNotFound);
  return unique;
}

const ISSUE_SLICE = 1000;

/** Every active athlete of the gym gets the current version (source 'rule'). */
async function issueToEveryAthlete(tx: Tx, gymId: string, templateId: string, profileId: string | null): Promise<number> {
  const ids = await tx
    .select({ id: athletes.id })
    .from(athletes)
    .where(and(eq(athletes.gymId, gymId), eq(athletes.isActive, true), isNull(athletes.archivedAt), isNull(athletes.anonymisedAt)));
  let issued = 0;
  // In slices: one INSERT's bind parameters stay well under PostgreSQL's 65,535 in a large gym.
  for (let i = 0; i < ids.length; i += ISSUE_SLICE) {
    const r = await issueDocuments(tx, {
      gymId,
      templateId,
      athleteIds: ids.slice(i, i + ISSUE_SLICE).map((a) => a.id),
      source: 'rule',
      issuedByProfileId: profileId,
    });
    issued += r.documentIds.length;
  }
  return issued;
}

async function lockTemplate(tx: Tx, gymId: string, templateId: string) {
  const [row] = await tx
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.id, templateId), eq(documentTemplates.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(documentMessages.templateNotFound);
  return row;
}

export async function createTemplate(
  ctx: WriteContext,
  gymId: string,
  input: DocumentTemplateInput,
  profileId: string | null,
  now = new Date(),
): Promise<string> {
  return writeTransaction(ctx, async (tx, publish) => {
    const packageIds = await checkPackages(tx, gymId, input.packageIds);
    const [row] = await tx
      .insert(documentTemplates)
      .values({
        gymId,
        type: input.type,
        title: input.title,
        currentVersion: 1,
        requiredOnSignUp: input.requiredOnSignUp,
        requiredBeforeBooking: input.requiredBeforeBooking,
        packageIds,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: documentTemplates.id });
    const templateId = row!.id;
    await tx.insert(documentTemplateVersions).values({ gymId, templateId, version: 1, ...wordingOf(input), createdByProfileId: profileId, createdAt: now });
    if (input.requiredBeforeBooking) await issueToEveryAthlete(tx, gymId, templateId, profileId);
    await publish({ kind: 'gym', gymId });
    return templateId;
  });
}

/** Saves a template: a changed wording writes the next version; the rules change in place. */
export async function updateTemplate(
  ctx: WriteContext,
  gymId: string,
  templateId: string,
  input: DocumentTemplateInput,
  profileId: string | null,
  now = new Date(),
): Promise<{ newVersion: boolean }> {
  return writeTransaction(ctx, async (tx, publish) => {
    const before = await lockTemplate(tx, gymId, templateId);
    const packageIds = await checkPackages(tx, gymId, input.packageIds);
    const [current] = await tx
      .select({
        title: documentTemplateVersions.title,
        body: documentTemplateVersions.body,
        requiresSignature: documentTemplateVersions.requiresSignature,
        initialFields: documentTemplateVersions.initialFields,
      })
      .from(documentTemplateVersions)
      .where(and(eq(documentTemplateVersions.templateId, templateId), eq(documentTemplateVersions.version, before.currentVersion)));
    const wording = wordingOf(input);
    const newVersion = !current || !sameWording(wording, { ...current, initialFields: Array.isArray(current.initialFields) ? current.initialFields : [] });
    const version = newVersion ? before.currentVersion + 1 : before.currentVersion;
    if (newVersion) {
      await tx.insert(documentTemplateVersions).values({ gymId, templateId, version, ...wording, createdByProfileId: profileId, createdAt: now });
    }
    await tx
      .update(documentTemplates)
      .set({
        type: input.type,
        title: input.title,
        currentVersion: version,
        requiredOnSignUp: input.requiredOnSignUp,
        requiredBeforeBooking: input.requiredBeforeBooking,
        packageIds,
        updatedAt: now,
      })
      .where(eq(documentTemplates.id, templateId));
    if (input.requiredBeforeBooking && !before.requiredBeforeBooking && before.archivedAt === null) {
      await issueToEveryAthlete(tx, gymId, templateId, profileId);
    }
    await publish({ kind: 'gym', gymId });
    return { newVersion };
  });
}

/** Archived templates are issued no more (no rule fires); documents already issued stay. Twice changes nothing. */
export async function setTemplateArchived(
  ctx: WriteContext,
  gymId: string,
  templateId: string,
  archived: boolean,
  profileId: string | null,
  now = new Date(),
): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockTemplate(tx, gymId, templateId);
    if ((row.archivedAt !== null) === archived) return;
    await tx
      .update(documentTemplates)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(documentTemplates.id, templateId));
    // Restoring a template required before booking brings the rule back: athletes without a copy get one.
    if (!archived && row.requiredBeforeBooking) await issueToEveryAthlete(tx, gymId, templateId, profileId);
    await publish({ kind: 'gym', gymId });
  });
}
