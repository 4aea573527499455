import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { queueDocumentMail } from './document-mail';
import { markReminded } from './documents.service';
import { documentsDueReminder } from './issued.repository';

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
