import type { FastifyInstance } from 'fastify';
import { documentSourceLabels, documentStateLabels, documentTypeLabels, endpoints, toZoned, type DocumentRow } from '@spotter/shared';
import { csvRows, streamCsv, toCsv, type CsvCell } from '../../lib/csv';
import { toPage } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { issueDocumentsCommand, remindDocument, voidDocumentCommand, type AthletesWhere, type DocumentDeps } from './documents.commands';
import { findDocumentDetail } from './documents.repository';
import { verifyDocument } from './documents.service';
import { documentBatches, listDocuments } from './issued.repository';

export const DOCUMENTS_CSV_HEADER = [
  'Document',
  'Type',
  'Version',
  'Athlete',
  'State',
  'Source',
  'Issued',
  'Signed',
  'Signed by',
  'Voided',
  'Reminders',
] as const;

/** An instant in a CSV cell: the gym's date and time, to the minute (blank when none). */
const zoned = (iso: string | null, timeZone: string) => {
  if (!iso) return '';
  const z = toZoned(new Date(iso), timeZone);
  return `${z.date} ${z.time.slice(0, 5)}`;
};

export function documentCsvCells(r: DocumentRow, timeZone: string): CsvCell[] {
  return [
    r.title,
    documentTypeLabels[r.type],
    r.version ?? '',
    r.athlete.fullName,
    documentStateLabels[r.state],
    documentSourceLabels[r.source],
    zoned(r.issuedAt, timeZone),
    zoned(r.signedAt, timeZone),
    r.signerName ?? '',
    zoned(r.voidedAt, timeZone),
    r.reminderCount,
  ];
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'gym';

/**
 * Issue 20 (contract-20 H2): `/documents/issued` and the athlete page's Documents tab for staff and owners: the list,
 * its CSV, issuing (to chosen athletes or every athlete of an athletes-list filter), a document's detail, voiding and
 * reminding; and the daily reminder job. Writes go through documents.service.ts in one transaction with their mails
 * (outbox) and publish the gym's change (the kiosk's unsigned-document flag reads documents).
 */
/** `athletesWhere`: the athletes list's filter, for an issue to every athlete of a filter (app.ts passes the athletes module's). */
export async function issuedDocumentsRoutes(app: FastifyInstance, { athletesWhere }: { athletesWhere: AthletesWhere }) {
  const { db } = app;
  const deps: DocumentDeps = { db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl };

  route(app, endpoints.issuedDocuments, async (request) => {
    const { gym } = gymCaller(request);
    const q = request.query;
    const list = await listDocuments(db, gym.gymId, q);
    return toPage(request, q.limit, q.offset, list.count, list.results);
  });

  route(app, endpoints.issuedDocumentsCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    async function* lines() {
      yield toCsv(DOCUMENTS_CSV_HEADER, []);
      for await (const batch of documentBatches(db, gym.gymId, request.query)) yield csvRows(batch.map((r) => documentCsvCells(r, gym.timeZone)));
    }
    return streamCsv(reply, `documents-${slug(gym.title)}-${toZoned(new Date(), gym.timeZone).date}.csv`, lines());
  });

  route(app, endpoints.issueDocuments, async (request) => {
    const auth = gymCaller(request);
    const gymId = auth.gym.gymId;
    return issueDocumentsCommand(deps, athletesWhere, gymId, request.body, auth.profileId);
  });

  route(app, endpoints.issuedDocument, async (request) => findDocumentDetail(db, gymCaller(request).gym.gymId, request.params.documentId, false));

  route(app, endpoints.verifyDocument, async (request) => {
    const { documentId } = request.params;
    return { documentId, checkedAt: new Date().toISOString(), ...(await verifyDocument(db, gymCaller(request).gym.gymId, documentId)) };
  });

  route(app, endpoints.voidDocument, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const { documentId } = request.params;
    await voidDocumentCommand(deps, gymId, documentId, request.body.reason);
    return findDocumentDetail(db, gymId, documentId, false);
  });

  route(app, endpoints.remindDocument, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const { documentId } = request.params;
    await remindDocument(deps, gymId, documentId);
    return { detail: 'Reminder sent.' };
  });
}
