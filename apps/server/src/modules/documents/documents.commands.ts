import { and, asc, type SQL } from 'drizzle-orm';
import { DOCUMENT_LIMITS, documentMessages, type AthleteListFilter, type IssueDocumentsInput, type SignDocumentInput } from '@spotter/shared';
import { athletes } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { HttpError, badRequest } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { queueDocumentMail } from './document-mail';
import { athleteOfDocument } from './documents.repository';
import { deskSignerFor, endHandOff, issueDocuments, markReminded, signDocument, startHandOff, voidDocument, type SignContext } from './documents.service';
import { recipientsOf } from './issued.repository';

/**
 * Issue 33: the documents module's commands. Each owns its transaction (documents.service.ts writes the rows and
 * records `document.issued` / `document.signed`), queues its mails through the outbox, and publishes what it changed:
 * the gym (the kiosk's unsigned-document flag and staff lists read documents) or the session (a hand-off's lock).
 */

/** What the commands that mail need besides the database: the queue and the app's address for the mail's links. */
export type DocumentDeps = WriteContext & { jobs: Jobs; appUrl: string };

/**
 * The athletes list's filter as SQL (the athletes module's `whereOf`). The athletes module is above documents (it issues
 * the required documents of a new athlete), so the composition root (app.ts) hands it in (decision 048).
 */
export type AthletesWhere = (gymId: string, filter: AthleteListFilter, now: Date) => SQL;

/** Issues a template to chosen athletes, or to every athlete of an athletes-list filter (at most the bulk limit). */
export async function issueDocumentsCommand(
  deps: DocumentDeps,
  athletesWhereOf: AthletesWhere,
  gymId: string,
  body: IssueDocumentsInput,
  issuedByProfileId: string,
) {
  return writeTransaction(deps, async (tx, publish) => {
    let athleteIds = body.athleteIds ?? [];
    if (athleteIds.length === 0 && body.filter) {
      const filter = { ...body.filter, sort: 'name' as const, order: 'asc' as const };
      const rows = await tx
        .select({ id: athletes.id })
        .from(athletes)
        .where(and(athletesWhereOf(gymId, filter, new Date())))
        .orderBy(asc(athletes.id))
        .limit(DOCUMENT_LIMITS.bulkIssueMax + 1);
      if (rows.length > DOCUMENT_LIMITS.bulkIssueMax)
        throw new HttpError(400, documentMessages.tooManyAthletes, 'too_many_athletes', { athleteIds: [documentMessages.tooManyAthletes] });
      if (rows.length === 0) throw new HttpError(400, documentMessages.noAthletes, 'no_athletes', { athleteIds: [documentMessages.noAthletes] });
      athleteIds = rows.map((r) => r.id);
    }
    const source = body.athleteIds && body.athleteIds.length > 0 ? (athleteIds.length > 1 ? 'bulk' : 'manual') : 'bulk';
    const issued = await issueDocuments(tx, { gymId, templateId: body.templateId, athleteIds, source, issuedByProfileId });
    if (body.sendEmail) {
      for (const documentId of issued.documentIds) {
        await queueDocumentMail(tx, deps.jobs, gymId, documentId, 'document_issued', { appUrl: deps.appUrl, dedupeKey: `document_issued:${documentId}` });
      }
    }
    if (issued.documentIds.length > 0) await publish({ kind: 'gym', gymId });
    return { issued: issued.documentIds.length, alreadyOpen: issued.alreadyOpen };
  });
}

export async function voidDocumentCommand(ctx: WriteContext, gymId: string, documentId: string, reason: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await voidDocument(tx, gymId, documentId, reason);
    await publish({ kind: 'gym', gymId });
  });
}

/** Staff remind the athlete (and their guardians) to sign; 400 when no one has an address. */
export async function remindDocument(deps: DocumentDeps, gymId: string, documentId: string, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const facts = await markReminded(tx, gymId, documentId, now);
    if ((await recipientsOf(tx, gymId, facts.athleteId)).length === 0) throw badRequest(documentMessages.noEmail, 'no_email');
    await queueDocumentMail(tx, deps.jobs, gymId, documentId, 'document_reminder', {
      appUrl: deps.appUrl,
      dedupeKey: `document_reminder:${documentId}:staff:${now.getTime()}`,
    });
  });
}

/** A signature from the athlete app (the signer already decided by the caller's reach). */
export async function signInApp(ctx: WriteContext, sign: SignContext, input: SignDocumentInput): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await signDocument(tx, sign, input);
    await publish({ kind: 'gym', gymId: sign.gymId });
  });
}

/** Staff lock their session to the document (decision 035); kept sessions are looked up again in every process. */
export async function startHandOffCommand(ctx: WriteContext, gymId: string, sessionId: string, documentId: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await startHandOff(tx, gymId, sessionId, documentId);
    await publish({ kind: 'sessions', sessionId });
  });
}

/** The walk-in signs at the desk: the athlete or, given one, their guardian. */
export async function signAtDesk(
  ctx: WriteContext,
  sign: Omit<SignContext, 'signer' | 'via'>,
  input: SignDocumentInput & { guardianAthleteId?: string },
): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const athleteId = await athleteOfDocument(tx, sign.gymId, sign.documentId);
    const signer = await deskSignerFor(tx, sign.gymId, athleteId, input.guardianAthleteId);
    await signDocument(tx, { ...sign, signer, via: 'front_desk' }, input);
    await publish({ kind: 'gym', gymId: sign.gymId });
  });
}

export async function endHandOffCommand(ctx: WriteContext, sessionId: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await endHandOff(tx, sessionId);
    await publish({ kind: 'sessions', sessionId });
  });
}
