import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { documentMessages, type DocumentTemplateDetail, type DocumentTemplateRow, type DocumentTemplateVersion } from '@spotter/shared';
import { documentTemplateVersions, documentTemplates, documents, staff } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { col } from '../event-setup';

/**
 * Reads of document templates (issue 20, decision 035). The list is one statement: each template with how many of
 * its documents are open (unsigned, not voided) and signed, as correlated counts over the documents' gym index.
 */

/** A json array the drivers may answer as text (PGlite) or parsed (postgres.js). */
const jsonArray = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? (JSON.parse(v) as string[]) : []);
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const unsignedSql = () =>
  sql<number>`(select count(*) from ${documents} where ${col(documents.gymId)} = ${col(documentTemplates.gymId)} and ${col(documents.templateId)} = ${col(documentTemplates.id)} and ${col(documents.signedAt)} is null and ${col(documents.voidedAt)} is null)`.mapWith(
    Number,
  );
const signedSql = () =>
  sql<number>`(select count(*) from ${documents} where ${col(documents.gymId)} = ${col(documentTemplates.gymId)} and ${col(documents.templateId)} = ${col(documentTemplates.id)} and ${col(documents.signedAt)} is not null)`.mapWith(
    Number,
  );

function selectTemplates(db: DbOrTx) {
  return db.select({ t: documentTemplates, unsignedCount: unsignedSql(), signedCount: signedSql() }).from(documentTemplates);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectTemplates>['where']>>[number];

const toRow = ({ t, unsignedCount, signedCount }: Row): DocumentTemplateRow => ({
  templateId: t.id,
  type: t.type,
  title: t.title,
  currentVersion: t.currentVersion,
  requiredOnSignUp: t.requiredOnSignUp,
  requiredBeforeBooking: t.requiredBeforeBooking,
  packageIds: jsonArray(t.packageIds),
  archived: t.archivedAt !== null,
  updatedAt: iso(t.updatedAt),
  unsignedCount: Number(unsignedCount),
  signedCount: Number(signedCount),
});

/** The gym's templates, archived ones too: active first, then by title. */
export async function listTemplates(db: DbOrTx, gymId: string): Promise<DocumentTemplateRow[]> {
  const rows = await selectTemplates(db)
    .where(eq(documentTemplates.gymId, gymId))
    .orderBy(sql`${documentTemplates.archivedAt} is not null`, asc(sql`lower(${documentTemplates.title})`), asc(documentTemplates.id));
  return rows.map(toRow);
}

const versionColumns = {
  version: documentTemplateVersions.version,
  title: documentTemplateVersions.title,
  body: documentTemplateVersions.body,
  requiresSignature: documentTemplateVersions.requiresSignature,
  initialFields: documentTemplateVersions.initialFields,
  createdAt: documentTemplateVersions.createdAt,
  createdByName: sql<string | null>`nullif(trim(${staff.firstName} || ' ' || ${staff.lastName}), '')`,
};
type VersionRecord = {
  version: number;
  title: string;
  body: string;
  requiresSignature: boolean;
  initialFields: unknown;
  createdAt: Date;
  createdByName: string | null;
};
const toVersion = (v: VersionRecord): DocumentTemplateVersion => ({
  version: v.version,
  title: v.title,
  body: v.body,
  requiresSignature: v.requiresSignature,
  initialFields: jsonArray(v.initialFields),
  createdAt: iso(v.createdAt),
  createdByName: v.createdByName ?? null,
});

function selectVersions(db: DbOrTx) {
  return db
    .select(versionColumns)
    .from(documentTemplateVersions)
    .leftJoin(staff, and(eq(staff.profileId, documentTemplateVersions.createdByProfileId), eq(staff.gymId, documentTemplateVersions.gymId)));
}

/** One template with its current wording and its versions (newest first, without their bodies): three statements. */
export async function findTemplate(db: DbOrTx, gymId: string, templateId: string): Promise<DocumentTemplateDetail> {
  const [row] = await selectTemplates(db).where(and(eq(documentTemplates.id, templateId), eq(documentTemplates.gymId, gymId)));
  if (!row) throw notFound(documentMessages.templateNotFound);
  const { body: _body, ...listed } = versionColumns;
  const versions = await db
    .select(listed)
    .from(documentTemplateVersions)
    .leftJoin(staff, and(eq(staff.profileId, documentTemplateVersions.createdByProfileId), eq(staff.gymId, documentTemplateVersions.gymId)))
    .where(and(eq(documentTemplateVersions.templateId, templateId), eq(documentTemplateVersions.gymId, gymId)))
    .orderBy(desc(documentTemplateVersions.version));
  const current = await findTemplateVersion(db, gymId, templateId, row.t.currentVersion);
  return {
    ...toRow(row),
    body: current.body,
    requiresSignature: current.requiresSignature,
    initialFields: current.initialFields,
    versions: versions.map((v) => {
      const { body: _none, ...rest } = toVersion({ ...v, body: '' });
      return rest;
    }),
  };
}

/** One version as it was written. */
export async function findTemplateVersion(db: DbOrTx, gymId: string, templateId: string, version: number): Promise<DocumentTemplateVersion> {
  const [v] = await selectVersions(db).where(
    and(eq(documentTemplateVersions.templateId, templateId), eq(documentTemplateVersions.gymId, gymId), eq(documentTemplateVersions.version, version)),
  );
  if (!v) throw notFound(documentMessages.templateNotFound);
  return toVersion(v);
}
