import { createHash } from 'node:crypto';
import { and, arrayContains, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  bookingPolicy,
  documentIntegrityOf,
  documentMessages,
  formatDate,
  renderDocumentBody,
  toZoned,
  type DocumentIntegrity,
  type DocumentSource,
  type MergeValues,
  type SignDocumentInput,
} from '@spotter/shared';
import {
  athletePackages,
  athletes,
  documentSignatures,
  documentTemplates,
  documentTemplateVersions,
  documents,
  gyms,
  packages,
  profileLinks,
  profiles,
} from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/client';
import { recordEvent, recordEvents } from '../../lib/domain-events';
import { HttpError, badRequest, conflict, fieldError, notFound } from '../../lib/http-error';
import { setSigningDocument } from '../auth';
import { sqlPolicy } from '../booking-policy';

/**
 * Issue 20 (decision 035): the one write path of issued documents and signatures, used by the HTTP routes, athlete
 * creation (sign-up rules), package sales at the desk and through the sales portal (purchase rules), and the
 * front-desk hand-off. Functions taking a `Tx` run in the caller's transaction.
 *
 * - Issuing inserts one row per athlete; a partial unique index (one open copy of a template per athlete) makes a
 *   repeat, or two desks at once, a no-op.
 * - Signing locks the document row, re-renders it and compares the SHA-256 with what the signer read, then writes the
 *   signature and `signedAt` together. Triggers (migration 0013) refuse any later update of either.
 */

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Issue 32 (decision 041): a document's integrity from its row and its signature (if any): the signature's stored
 * content hashed again and compared with the SHA-256 recorded at signing (shared documentIntegrityOf).
 */
export function integrityOf(doc: { signedAt: Date | null }, signature: { content: string; contentSha256: string } | null | undefined): DocumentIntegrity {
  return documentIntegrityOf(doc, signature ?? null, signature ? sha256Hex(signature.content) : null);
}

/** An owner's Verify: the integrity of one document of the gym, checked now (404 when it is not the gym's). */
export async function verifyDocument(db: DbOrTx, gymId: string, documentId: string): Promise<DocumentIntegrity> {
  const [row] = await db
    .select({ signedAt: documents.signedAt, content: documentSignatures.content, contentSha256: documentSignatures.contentSha256 })
    .from(documents)
    .leftJoin(documentSignatures, eq(documentSignatures.documentId, documents.id))
    .where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  if (!row) throw notFound(documentMessages.documentNotFound);
  return integrityOf(row, row.content !== null && row.contentSha256 !== null ? { content: row.content, contentSha256: row.contentSha256 } : null);
}

const joinAddress = (parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');

/** The merge values of one issued document, now (today's date in the gym's zone and format). */
export async function mergeValuesOf(db: DbOrTx, gymId: string, documentId: string, now = new Date()): Promise<MergeValues> {
  const [row] = await db
    .select({
      firstName: athletes.firstName,
      lastName: athletes.lastName,
      dob: athletes.dob,
      addressLines: athletes.addressLines,
      locality: athletes.locality,
      region: athletes.region,
      zipCode: athletes.zipCode,
      gymTitle: gyms.title,
      gymAddressLines: gyms.addressLines,
      gymLocality: gyms.locality,
      gymRegion: gyms.region,
      gymZip: gyms.zipCode,
      country: gyms.country,
      timeZone: gyms.timeZone,
      packageName: packages.name,
    })
    .from(documents)
    .innerJoin(athletes, eq(athletes.id, documents.athleteId))
    .innerJoin(gyms, eq(gyms.id, documents.gymId))
    .leftJoin(athletePackages, eq(athletePackages.id, documents.athletePackageId))
    .leftJoin(packages, eq(packages.id, athletePackages.packageId))
    .where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  if (!row) throw notFound(documentMessages.documentNotFound);
  return {
    'athlete.fullName': `${row.firstName} ${row.lastName}`.trim(),
    'athlete.dateOfBirth': row.dob ? formatDate(row.dob, row.country) : '',
    'athlete.address': joinAddress([...row.addressLines, row.locality, joinAddress([row.region, row.zipCode]).replace(', ', ' ')]),
    'gym.name': row.gymTitle,
    'gym.address': joinAddress([...row.gymAddressLines, row.gymLocality, joinAddress([row.gymRegion, row.gymZip]).replace(', ', ' ')]),
    today: formatDate(toZoned(now, row.timeZone).date, row.country),
    'package.name': row.packageName ?? '',
  };
}

export type IssuedDocumentFacts = {
  id: string;
  gymId: string;
  athleteId: string;
  title: string;
  signedAt: Date | null;
  voidedAt: Date | null;
  body: string | null;
  requiresSignature: boolean;
  initialFields: string[];
};

async function documentFacts(db: DbOrTx, gymId: string, documentId: string, lock: boolean): Promise<IssuedDocumentFacts> {
  const q = db
    .select({
      id: documents.id,
      gymId: documents.gymId,
      athleteId: documents.athleteId,
      title: documents.title,
      signedAt: documents.signedAt,
      voidedAt: documents.voidedAt,
      body: documentTemplateVersions.body,
      requiresSignature: sql<boolean>`coalesce(${documentTemplateVersions.requiresSignature}, true)`,
      initialFields: sql<string[]>`coalesce(${documentTemplateVersions.initialFields}, '[]'::jsonb)`,
    })
    .from(documents)
    .leftJoin(documentTemplateVersions, eq(documentTemplateVersions.id, documents.templateVersionId))
    .where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  const [row] = lock ? await q.for('update', { of: documents }) : await q;
  if (!row) throw notFound(documentMessages.documentNotFound);
  return row;
}

/**
 * What the signer reads: the version's text with the merge fields filled in (escaped), and its SHA-256. A document
 * issued before templates existed (no version) reads as its title.
 */
export async function renderDocument(db: DbOrTx, gymId: string, documentId: string, now = new Date()): Promise<{ content: string; contentSha256: string }> {
  const facts = await documentFacts(db, gymId, documentId, false);
  return renderFacts(db, facts, now);
}

async function renderFacts(db: DbOrTx, facts: IssuedDocumentFacts, now: Date) {
  const body = facts.body ?? `<p>${facts.title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`;
  const content = renderDocumentBody(body, await mergeValuesOf(db, facts.gymId, facts.id, now));
  return { content, contentSha256: sha256Hex(content) };
}

export type IssueInput = {
  gymId: string;
  templateId: string;
  athleteIds: readonly string[];
  source: DocumentSource;
  issuedByProfileId: string | null;
  athletePackageId?: string | null;
  /** The clock (tests); the database's own clock is not the app's under a fixed test clock on PostgreSQL. */
  now?: Date;
};

/** Issue a template's current version to athletes of the gym; athletes already holding an open copy are skipped. */
export async function issueDocuments(tx: Tx, input: IssueInput): Promise<{ documentIds: string[]; alreadyOpen: number }> {
  const [template] = await tx
    .select({
      id: documentTemplates.id,
      type: documentTemplates.type,
      archivedAt: documentTemplates.archivedAt,
      versionId: documentTemplateVersions.id,
      title: documentTemplateVersions.title,
    })
    .from(documentTemplates)
    .innerJoin(
      documentTemplateVersions,
      and(eq(documentTemplateVersions.templateId, documentTemplates.id), eq(documentTemplateVersions.version, documentTemplates.currentVersion)),
    )
    .where(and(eq(documentTemplates.id, input.templateId), eq(documentTemplates.gymId, input.gymId)));
  if (!template) throw notFound(documentMessages.templateNotFound);
  if (template.archivedAt) throw conflict(documentMessages.templateArchived, 'template_archived');
  const ids = [...new Set(input.athleteIds)];
  if (ids.length === 0) return { documentIds: [], alreadyOpen: 0 };
  const issuedAt = input.now ?? new Date();
  const found = await tx
    .select({ id: athletes.id })
    .from(athletes)
    .where(and(eq(athletes.gymId, input.gymId), inArray(athletes.id, ids)));
  if (found.length !== ids.length) throw notFound(documentMessages.athleteNotFound);
  const inserted = await tx
    .insert(documents)
    .values(
      ids.map((athleteId) => ({
        gymId: input.gymId,
        athleteId,
        templateId: template.id,
        templateVersionId: template.versionId,
        type: template.type,
        title: template.title,
        source: input.source,
        athletePackageId: input.athletePackageId ?? null,
        issuedByProfileId: input.issuedByProfileId,
        issuedAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: documents.id, athleteId: documents.athleteId });
  await recordEvents(
    tx,
    inserted.map((d) => ({
      gymId: input.gymId,
      type: 'document.issued' as const,
      subjectId: d.id,
      payload: { athleteId: d.athleteId, title: template.title },
    })),
  );
  return { documentIds: inserted.map((r) => r.id), alreadyOpen: ids.length - inserted.length };
}

export type RequiredTrigger = { kind: 'sign_up' } | { kind: 'purchase'; packageId: string; athletePackageId: string | null };

/**
 * The template rules: on sign-up (a new athlete record) every template required on sign-up or before booking; on a
 * package purchase every template naming the package. Run in the transaction that makes the athlete or the sale.
 */
export async function issueRequiredDocuments(
  tx: Tx,
  gymId: string,
  athleteIds: readonly string[],
  trigger: RequiredTrigger,
  issuedByProfileId: string | null = null,
): Promise<string[]> {
  if (athleteIds.length === 0) return [];
  const rule =
    trigger.kind === 'sign_up'
      ? or(eq(documentTemplates.requiredOnSignUp, true), eq(documentTemplates.requiredBeforeBooking, true))
      : arrayContains(documentTemplates.packageIds, [trigger.packageId]);
  const templates = await tx
    .select({ id: documentTemplates.id })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.gymId, gymId), isNull(documentTemplates.archivedAt), rule));
  const issued: string[] = [];
  for (const t of templates) {
    const r = await issueDocuments(tx, {
      gymId,
      templateId: t.id,
      athleteIds,
      source: trigger.kind === 'sign_up' ? 'sign_up' : 'purchase',
      issuedByProfileId,
      athletePackageId: trigger.kind === 'purchase' ? trigger.athletePackageId : null,
    });
    issued.push(...r.documentIds);
  }
  return issued;
}

/** A booking the athlete makes themselves is refused while a document required before booking is unsigned (policy documentsSigned). */
export async function assertSignedBeforeBooking(db: DbOrTx, gymId: string, athleteId: string): Promise<void> {
  const [open] = await db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .innerJoin(documentTemplates, eq(documentTemplates.id, documents.templateId))
    .where(
      and(
        eq(documents.gymId, gymId),
        eq(documents.athleteId, athleteId),
        sqlPolicy.documentsSigned.sql({
          requiredBeforeBooking: documentTemplates.requiredBeforeBooking,
          signedAt: documents.signedAt,
          voidedAt: documents.voidedAt,
          templateArchivedAt: documentTemplates.archivedAt,
        }),
      ),
    )
    .limit(1);
  // `fields.documentId` names the document, so the refusal can link to it.
  const refusal = bookingPolicy.documentsSigned.check(open ?? null);
  if (open && refusal) throw new HttpError(409, refusal.message, refusal.code, { documentId: [open.id] });
}

export type Signer = { relation: 'self' | 'guardian'; signerName: string; signerProfileId: string | null };

/**
 * Who signs an athlete's document in the athlete app: the athlete's own user (self), or a user linked to the athlete's
 * profile (a parent or guardian, named by their athlete record in the gym, else their staff record, else their email).
 */
export async function appSignerFor(
  db: DbOrTx,
  gymId: string,
  athleteId: string,
  caller: { userId: string; profileId: string; email: string },
): Promise<Signer | null> {
  const [athlete] = await db
    .select({ profileId: athletes.profileId, userId: profiles.userId, firstName: athletes.firstName, lastName: athletes.lastName })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  if (!athlete) return null;
  if (athlete.userId === caller.userId)
    return { relation: 'self', signerName: `${athlete.firstName} ${athlete.lastName}`.trim(), signerProfileId: athlete.profileId };
  const [link] = await db
    .select({ userId: profileLinks.userId })
    .from(profileLinks)
    .where(and(eq(profileLinks.profileId, athlete.profileId), eq(profileLinks.userId, caller.userId)));
  if (!link) return null;
  const [own] = await db
    .select({ profileId: athletes.profileId, firstName: athletes.firstName, lastName: athletes.lastName })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .where(and(eq(athletes.gymId, gymId), eq(profiles.userId, caller.userId)))
    .limit(1);
  return {
    relation: 'guardian',
    signerName: own ? `${own.firstName} ${own.lastName}`.trim() : caller.email,
    signerProfileId: own?.profileId ?? caller.profileId,
  };
}

/** On the front-desk device: the athlete, or a named parent or guardian of theirs (an athlete of the gym linked to them). */
export async function deskSignerFor(db: DbOrTx, gymId: string, athleteId: string, guardianAthleteId: string | undefined): Promise<Signer> {
  const [athlete] = await db
    .select({ profileId: athletes.profileId, firstName: athletes.firstName, lastName: athletes.lastName })
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  if (!athlete) throw notFound(documentMessages.athleteNotFound);
  if (!guardianAthleteId) return { relation: 'self', signerName: `${athlete.firstName} ${athlete.lastName}`.trim(), signerProfileId: athlete.profileId };
  const [guardian] = await db
    .select({ profileId: athletes.profileId, firstName: athletes.firstName, lastName: athletes.lastName })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .innerJoin(profileLinks, and(eq(profileLinks.userId, profiles.userId), eq(profileLinks.profileId, athlete.profileId)))
    .where(and(eq(athletes.id, guardianAthleteId), eq(athletes.gymId, gymId)));
  if (!guardian) throw fieldError('guardianAthleteId', documentMessages.notYours);
  return { relation: 'guardian', signerName: `${guardian.firstName} ${guardian.lastName}`.trim(), signerProfileId: guardian.profileId };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function assertPng(dataUrl: string): void {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length < 67 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw fieldError('signatureImage', documentMessages.signatureImage);
}

export type SignContext = {
  gymId: string;
  documentId: string;
  signer: Signer;
  via: 'athlete_app' | 'front_desk';
  ip: string | null;
  userAgent: string | null;
  now?: Date;
};

/**
 * Sign a document: under its row lock, unsigned and not voided; the initials of every field; the content rendered
 * now hashing to what the signer read. The signature row and `signedAt` are written together.
 */
export async function signDocument(tx: Tx, ctx: SignContext, input: SignDocumentInput): Promise<void> {
  const now = ctx.now ?? new Date();
  const facts = await documentFacts(tx, ctx.gymId, ctx.documentId, true);
  if (facts.signedAt) throw conflict(documentMessages.alreadySigned, 'already_signed');
  if (facts.voidedAt) throw conflict(documentMessages.voided, 'document_voided');
  const given = new Map(input.initials.map((i) => [i.label, i.value.trim()]));
  if (facts.initialFields.some((label) => !given.get(label))) throw fieldError('initials', documentMessages.initialsRequired);
  if (input.method === 'drawn') assertPng(input.signatureImage!);
  const { content, contentSha256 } = await renderFacts(tx, facts, now);
  if (contentSha256 !== input.contentSha256) throw conflict(documentMessages.contentChanged, 'content_changed');
  const [athlete] = await tx.select({ firstName: athletes.firstName, lastName: athletes.lastName }).from(athletes).where(eq(athletes.id, facts.athleteId));
  await tx.insert(documentSignatures).values({
    gymId: ctx.gymId,
    documentId: facts.id,
    relation: ctx.signer.relation,
    signerName: ctx.signer.signerName,
    athleteName: `${athlete!.firstName} ${athlete!.lastName}`.trim(),
    signerProfileId: ctx.signer.signerProfileId,
    method: input.method,
    signatureImage: input.method === 'drawn' ? input.signatureImage! : null,
    typedName: input.method === 'typed' ? input.typedName!.trim() : null,
    initials: facts.initialFields.map((label) => ({ label, value: given.get(label)! })),
    via: ctx.via,
    content,
    contentSha256,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.replaceAll('\0', '').slice(0, 300) ?? null,
    signedAt: now,
  });
  await tx.update(documents).set({ signedAt: now }).where(eq(documents.id, facts.id));
  await recordEvent(tx, { gymId: ctx.gymId, type: 'document.signed', subjectId: facts.id, payload: { athleteId: facts.athleteId, title: facts.title } });
}

/** Void an unsigned document; voiding a voided one again answers it. */
export async function voidDocument(tx: Tx, gymId: string, documentId: string, reason: string, now = new Date()): Promise<void> {
  const facts = await documentFacts(tx, gymId, documentId, true);
  if (facts.signedAt) throw conflict(documentMessages.onlyUnsignedVoid, 'document_signed');
  if (facts.voidedAt) return;
  await tx
    .update(documents)
    .set({ voidedAt: now, voidReason: reason || null })
    .where(eq(documents.id, documentId));
}

/** Count a reminder on an unsigned document (the mail itself goes through the outbox in the same transaction). */
export async function markReminded(tx: Tx, gymId: string, documentId: string, now = new Date()): Promise<IssuedDocumentFacts> {
  const facts = await documentFacts(tx, gymId, documentId, true);
  if (facts.signedAt || facts.voidedAt) throw badRequest(documentMessages.onlyUnsignedRemind, 'not_unsigned');
  await tx
    .update(documents)
    .set({ lastRemindedAt: now, reminderCount: sql`${documents.reminderCount} + 1` })
    .where(eq(documents.id, documentId));
  return facts;
}

/** Hand the session's device to a walk-in to sign this (unsigned) document of the gym. */
export async function startHandOff(tx: Tx, gymId: string, sessionId: string, documentId: string): Promise<void> {
  const facts = await documentFacts(tx, gymId, documentId, false);
  if (facts.signedAt) throw conflict(documentMessages.alreadySigned, 'already_signed');
  if (facts.voidedAt) throw conflict(documentMessages.voided, 'document_voided');
  await setSigningDocument(tx, sessionId, documentId);
}

export async function endHandOff(db: DbOrTx, sessionId: string): Promise<void> {
  await setSigningDocument(db, sessionId, null);
}
