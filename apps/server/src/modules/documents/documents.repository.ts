import { and, eq } from 'drizzle-orm';
import { documentMessages, documentStateOf, type DocumentDetail, type DocumentRow } from '@spotter/shared';
import { athletes, documentSignatures, documentTemplateVersions, documents } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { integrityOf, renderDocument } from './documents.service';

/** The columns of a document's row in every list (staff's, the athlete page's, the athlete's own). */
export const documentRowColumns = {
  documentId: documents.id,
  title: documents.title,
  type: documents.type,
  source: documents.source,
  athleteId: documents.athleteId,
  firstName: athletes.firstName,
  lastName: athletes.lastName,
  templateId: documents.templateId,
  version: documentTemplateVersions.version,
  issuedAt: documents.issuedAt,
  signedAt: documents.signedAt,
  voidedAt: documents.voidedAt,
  lastRemindedAt: documents.lastRemindedAt,
  reminderCount: documents.reminderCount,
  signerName: documentSignatures.signerName,
};

/** documents joined to what its row shows: the athlete, the version and the signature. */
export function documentRowQuery(db: DbOrTx) {
  return db
    .select(documentRowColumns)
    .from(documents)
    .innerJoin(athletes, eq(athletes.id, documents.athleteId))
    .leftJoin(documentTemplateVersions, eq(documentTemplateVersions.id, documents.templateVersionId))
    .leftJoin(documentSignatures, eq(documentSignatures.documentId, documents.id));
}

export type DocumentRowRecord = Awaited<ReturnType<ReturnType<typeof documentRowQuery>['execute']>>[number];

export function toDocumentRow(r: DocumentRowRecord): DocumentRow {
  return {
    documentId: r.documentId,
    title: r.title,
    type: r.type,
    state: documentStateOf(r),
    source: r.source,
    athlete: { athleteId: r.athleteId, fullName: `${r.firstName} ${r.lastName}`.trim() },
    templateId: r.templateId,
    version: r.version,
    issuedAt: r.issuedAt.toISOString(),
    signedAt: r.signedAt?.toISOString() ?? null,
    voidedAt: r.voidedAt?.toISOString() ?? null,
    lastRemindedAt: r.lastRemindedAt?.toISOString() ?? null,
    reminderCount: r.reminderCount,
    signerName: r.signerName,
  };
}

/**
 * One document of the gym as it is read: unsigned, rendered now (with the hash a signature must send back); signed,
 * the content exactly as signed, with the signature and its audit facts. `canSign` is the caller's to decide.
 */
export async function findDocumentDetail(db: DbOrTx, gymId: string, documentId: string, canSign: boolean, now = new Date()): Promise<DocumentDetail> {
  const [row] = await documentRowQuery(db).where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  if (!row) throw notFound(documentMessages.documentNotFound);
  const [extra] = await db
    .select({
      voidReason: documents.voidReason,
      requiresSignature: documentTemplateVersions.requiresSignature,
      initialFields: documentTemplateVersions.initialFields,
    })
    .from(documents)
    .leftJoin(documentTemplateVersions, eq(documentTemplateVersions.id, documents.templateVersionId))
    .where(eq(documents.id, documentId));
  const [signature] = await db.select().from(documentSignatures).where(eq(documentSignatures.documentId, documentId));
  const base = toDocumentRow(row);
  const rendered = signature ? { content: signature.content, contentSha256: signature.contentSha256 } : await renderDocument(db, gymId, documentId, now);
  return {
    ...base,
    ...rendered,
    integrity: integrityOf(row, signature),
    requiresSignature: extra?.requiresSignature ?? true,
    initialFields: extra?.initialFields ?? [],
    voidReason: extra?.voidReason ?? null,
    canSign: canSign && base.state === 'unsigned',
    signature: signature
      ? {
          relation: signature.relation,
          signerName: signature.signerName,
          athleteName: signature.athleteName,
          method: signature.method,
          signatureImage: signature.signatureImage,
          typedName: signature.typedName,
          initials: signature.initials,
          via: signature.via,
          contentSha256: signature.contentSha256,
          ip: signature.ip,
          userAgent: signature.userAgent,
          signedAt: signature.signedAt.toISOString(),
        }
      : null,
  };
}

/** The athlete of the gym's document; 404 when the gym has no such document. */
export async function athleteOfDocument(db: DbOrTx, gymId: string, documentId: string): Promise<string> {
  const [row] = await db
    .select({ athleteId: documents.athleteId })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  if (!row) throw notFound(documentMessages.documentNotFound);
  return row.athleteId;
}

/** The athlete of the gym's document, or null. */
export async function findAthleteOfDocument(db: DbOrTx, gymId: string, documentId: string): Promise<string | null> {
  const [row] = await db
    .select({ athleteId: documents.athleteId })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  return row?.athleteId ?? null;
}
