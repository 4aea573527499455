import { and, eq } from 'drizzle-orm';
import { documentTypeLabels, type DocumentType } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletes, documents, gyms } from '../../db/schema';
import type { Jobs } from '../../lib/jobs';
import { queueMail } from '../../lib/outbox';
import { composeMails, type ComposeItem } from '../messages';
import { recipientsOf, type MailRecipient } from './issued.repository';

/**
 * Issue 20 (contract-20 H2): the mails about an issued document, written to the outbox in the transaction of the write
 * that causes them (decision 027): "please sign" when staff issue it, and reminders (staff's Remind, the daily job).
 * To the athlete's email, else their parents' or guardians', with a link to `/documents/unsigned/{documentId}` in the
 * athlete app. Issue 22: written with the gym's message template of the kind (merge values escaped).
 */

export type DocumentMailKind = 'document_issued' | 'document_reminder';

export type DocumentMailFacts = { documentId: string; title: string; type: DocumentType; athleteName: string; gymTitle: string };

/** The mail of a document to one recipient, as a compose item (issue 22: the gym's template of the kind). */
export function documentMail(facts: DocumentMailFacts, to: MailRecipient, kind: DocumentMailKind, appUrl: string): Omit<ComposeItem, 'dedupeKey'> {
  return {
    kind,
    to: to.email,
    values: {
      firstName: to.name || 'there',
      fullName: to.name,
      documentTitle: facts.title,
      documentType: documentTypeLabels[facts.type].toLowerCase(),
      athleteName: facts.athleteName,
      link: `${appUrl}/documents/unsigned/${facts.documentId}`,
    },
  };
}

async function factsOf(db: DbOrTx, gymId: string, documentId: string): Promise<(DocumentMailFacts & { athleteId: string }) | null> {
  const [row] = await db
    .select({
      documentId: documents.id,
      title: documents.title,
      type: documents.type,
      athleteId: documents.athleteId,
      gymTitle: gyms.title,
      firstName: athletes.firstName,
      lastName: athletes.lastName,
    })
    .from(documents)
    .innerJoin(gyms, eq(gyms.id, documents.gymId))
    .innerJoin(athletes, eq(athletes.id, documents.athleteId))
    .where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  return row
    ? {
        documentId: row.documentId,
        title: row.title,
        type: row.type,
        athleteId: row.athleteId,
        gymTitle: row.gymTitle,
        athleteName: `${row.firstName} ${row.lastName}`.trim(),
      }
    : null;
}

/**
 * Queues the mail about one document to its athlete (or their guardians) in the caller's transaction. `dedupeKey`
 * names the mail (the same key again queues nothing); each recipient gets their own key under it. Answers the outbox
 * rows written (none when nobody has an email).
 */
export async function queueDocumentMail(
  tx: DbOrTx,
  jobs: Jobs,
  gymId: string,
  documentId: string,
  kind: DocumentMailKind,
  opts: { appUrl: string; dedupeKey: string },
): Promise<string[]> {
  const facts = await factsOf(tx, gymId, documentId);
  if (!facts) return [];
  const to = await recipientsOf(tx, gymId, facts.athleteId);
  if (to.length === 0) return [];
  const mails = await composeMails(
    tx,
    gymId,
    to.map((r) => ({ ...documentMail(facts, r, kind, opts.appUrl), dedupeKey: `${opts.dedupeKey}:${r.email.toLowerCase()}` })),
    { appUrl: opts.appUrl },
  );
  return queueMail(tx, jobs, mails);
}
