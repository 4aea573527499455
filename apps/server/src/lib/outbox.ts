import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Jobs } from './jobs';
import type { MailAttachment, Mailer } from './mailer';

/**
 * The mail outbox (issue 16, decision 027): every email is a row written in the transaction of the write that causes
 * it, with a `mail.deliver` job in the same transaction; the job sends it. A crash after the commit loses nothing
 * (the job runs after the restart); a failed send is retried with backoff; the row says what became of it.
 */

export type OutgoingMail = {
  /** What it is about: 'waitlist_promoted', 'class_cancelled', 'password_reset', … */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /** Issue 22: From's display name (the gym's sender name); null: the platform's own From. */
  fromName?: string | null;
  gymId?: string | null;
  /** The same key again is the same mail: it is written once (a retried write mails once). */
  dedupeKey?: string;
  /** It carries a secret link: its text is blanked once it is sent. */
  isSensitive?: boolean;
  /** Issue 19: files rendered when it is sent (never stored), e.g. an invoice's PDF. */
  attachments?: OutboxAttachment[];
};

export type OutboxAttachment = { kind: 'invoice_pdf'; invoiceId: string };
/** Renders an outbox row's attachments at send time (app.ts wires the invoice PDF); a row without them needs none. */
export type AttachmentRenderer = (gymId: string | null, attachment: OutboxAttachment) => Promise<MailAttachment | null>;

/** How long a delivery holds its row: past this, the row is another delivery's to take (its process died). */
export const DELIVERY_CLAIM_MS = 120_000;
const SENT_SECRET_TEXT = '(This message carried a one-time link and is not kept.)';

/** Writes the mails and their delivery jobs in the transaction in progress. Answers the ids of the rows written. */
export async function queueMail(tx: DbOrTx, jobs: Jobs, mails: OutgoingMail | OutgoingMail[]): Promise<string[]> {
  const list = Array.isArray(mails) ? mails : [mails];
  if (list.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      list.map((m) => ({
        kind: m.kind,
        toAddress: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        replyTo: m.replyTo ?? null,
        fromName: m.fromName ?? null,
        gymId: m.gymId ?? null,
        dedupeKey: m.dedupeKey ?? null,
        isSensitive: m.isSensitive ?? false,
        attachments: m.attachments && m.attachments.length > 0 ? m.attachments : null,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  for (const row of rows) await jobs.enqueue(tx, 'mail.deliver', { outboxId: row.id });
  return rows.map((r) => r.id);
}

/**
 * Sends one outbox row, if it is still to be sent: it is claimed first (pending, or a claim that has run out), so two
 * deliveries of one row never both send it. A failed send puts it back to pending and throws, for the job's retry; on
 * the last attempt it is marked failed.
 */
export async function deliverMail(
  db: Db,
  mailer: Mailer,
  outboxId: string,
  attempt: { retryCount: number; retryLimit: number },
  renderAttachment?: AttachmentRenderer,
): Promise<'sent' | 'skipped'> {
  const now = new Date();
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, claimedUntil: new Date(now.getTime() + DELIVERY_CLAIM_MS) })
    .where(and(eq(mailOutbox.id, outboxId), or(eq(mailOutbox.status, 'pending'), and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, now)))))
    .returning();
  if (!row) return 'skipped';
  try {
    const files: MailAttachment[] = [];
    for (const a of row.attachments ?? []) {
      const file = renderAttachment ? await renderAttachment(row.gymId, a) : null;
      if (file) files.push(file);
    }
    await mailer.send({
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      ...(row.fromName ? { fromName: row.fromName } : {}),
      ...(files.length > 0 ? { attachments: files } : {}),
    });
  } catch (err) {
    const last = attempt.retryCount >= attempt.retryLimit;
    await db
      .update(mailOutbox)
      .set({ status: last ? 'failed' : 'pending', claimedUntil: null, lastError: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500) })
      .where(eq(mailOutbox.id, outboxId));
    throw err;
  }
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null, ...(row.isSensitive ? { text: SENT_SECRET_TEXT, html: null } : {}) })
    .where(eq(mailOutbox.id, outboxId));
  return 'sent';
}

/** The outbox rows of some ids (tests, the message log). */
export function outboxRows(db: DbOrTx, ids: string[]) {
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
}
