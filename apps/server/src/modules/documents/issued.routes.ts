import type { FastifyInstance } from 'fastify';
import { and, asc } from 'drizzle-orm';
import {
  DOCUMENT_LIMITS,
  documentMessages,
  documentSourceLabels,
  documentStateLabels,
  documentTypeLabels,
  endpoints,
  toZoned,
  type DocumentRow,
} from '@spotter/shared';
import type { Db } from '../../db/client';
import { athletes } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { csvRows, streamCsv, toCsv, type CsvCell } from '../../lib/csv';
import { HttpError, badRequest } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { toPage } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { whereOf as athletesWhereOf } from '../athletes/athletes-list.repository';
import { queueDocumentMail } from './document-mail';
import { findDocumentDetail } from './documents.repository';
import { issueDocuments, markReminded, voidDocument } from './documents.service';
import { documentBatches, documentsDueReminder, listDocuments, recipientsOf } from './issued.repository';

export const DOCUMENTS_CSV_HEADER = ['Document', 'Type', 'Version', 'Athlete', 'State', 'Source', 'Issued', 'Signed', 'Signed by', 'Voided', 'Reminders'] as const;

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
 * The daily `documents.remind` job: each unsigned document issued 3+ days ago, not reminded in the last 7 days and
 * reminded fewer than 3 times gets a reminder through the outbox, counted in the same transaction (so a second run
 * the same day finds nothing; the mail's key holds the day too). Answers how many documents were reminded.
 */
export async function runDocumentReminders(db: Db, jobs: Jobs, appUrl: string, options: { now?: Date; gymId?: string } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await documentsDueReminder(db, now, options.gymId);
  let reminded = 0;
  for (const d of due) {
    const day = now.toISOString().slice(0, 10);
    const done = await db.transaction(async (tx) => {
      try {
        await markReminded(tx, d.gymId, d.id, now);
      } catch (err) {
        // Signed or voided since it was listed: nothing to remind.
        if (err instanceof HttpError && err.statusCode < 500) return false;
        throw err;
      }
      await queueDocumentMail(tx, jobs, d.gymId, d.id, 'document_reminder', { appUrl, dedupeKey: `document_reminder:${d.id}:${day}` });
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}

/**
 * Issue 20 (contract-20 H2): `/documents/issued` and the athlete page's Documents tab for staff and owners: the list,
 * its CSV, issuing (to chosen athletes or every athlete of an athletes-list filter), a document's detail, voiding and
 * reminding; and the daily reminder job. Writes go through documents.service.ts in one transaction with their mails
 * (outbox) and publish the gym's change (the kiosk's unsigned-document flag reads documents).
 */
export async function issuedDocumentsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx: WriteContext = { db, changes: app.changes };
  const appUrl = app.config.appUrl;

  app.jobs.handle('documents.remind', async () => void (await runDocumentReminders(db, app.jobs, appUrl)));

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
    const body = request.body;
    return writeTransaction(ctx, async (tx, publish) => {
      let athleteIds = body.athleteIds ?? [];
      if (athleteIds.length === 0 && body.filter) {
        const filter = { ...body.filter, sort: 'name' as const, order: 'asc' as const };
        const rows = await tx
          .select({ id: athletes.id })
          .from(athletes)
          .where(and(athletesWhereOf(gymId, filter, new Date())))
          .orderBy(asc(athletes.id))
          .limit(DOCUMENT_LIMITS.bulkIssueMax + 1);
        if (rows.length > DOCUMENT_LIMITS.bulkIssueMax) throw new HttpError(400, documentMessages.tooManyAthletes, 'too_many_athletes', { athleteIds: [documentMessages.tooManyAthletes] });
        if (rows.length === 0) throw new HttpError(400, documentMessages.noAthletes, 'no_athletes', { athleteIds: [documentMessages.noAthletes] });
        athleteIds = rows.map((r) => r.id);
      }
      const source = body.athleteIds && body.athleteIds.length > 0 ? (athleteIds.length > 1 ? 'bulk' : 'manual') : 'bulk';
      const issued = await issueDocuments(tx, { gymId, templateId: body.templateId, athleteIds, source, issuedByProfileId: auth.profileId });
      if (body.sendEmail) {
        for (const documentId of issued.documentIds) {
          await queueDocumentMail(tx, app.jobs, gymId, documentId, 'document_issued', { appUrl, dedupeKey: `document_issued:${documentId}` });
        }
      }
      if (issued.documentIds.length > 0) await publish({ kind: 'gym', gymId });
      return { issued: issued.documentIds.length, alreadyOpen: issued.alreadyOpen };
    });
  });

  route(app, endpoints.issuedDocument, async (request) => findDocumentDetail(db, gymCaller(request).gym.gymId, request.params.documentId, false));

  route(app, endpoints.voidDocument, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const { documentId } = request.params;
    await writeTransaction(ctx, async (tx, publish) => {
      await voidDocument(tx, gymId, documentId, request.body.reason);
      await publish({ kind: 'gym', gymId });
    });
    return findDocumentDetail(db, gymId, documentId, false);
  });

  route(app, endpoints.remindDocument, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const { documentId } = request.params;
    const now = new Date();
    await db.transaction(async (tx) => {
      const facts = await markReminded(tx, gymId, documentId, now);
      if ((await recipientsOf(tx, gymId, facts.athleteId)).length === 0) throw badRequest(documentMessages.noEmail, 'no_email');
      await queueDocumentMail(tx, app.jobs, gymId, documentId, 'document_reminder', { appUrl, dedupeKey: `document_reminder:${documentId}:staff:${now.getTime()}` });
    });
    return { detail: 'Reminder sent.' };
  });
}
