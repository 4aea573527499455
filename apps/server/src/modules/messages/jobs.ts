import type { FastifyInstance } from 'fastify';
import { deliverMail, type AttachmentRenderer } from '../../lib/outbox';

/**
 * The messages module's jobs (the job table: lib/jobs.ts): one outbox row sent, with its attachment rendered. The
 * renderer comes from the caller (src/jobs.ts passes the invoices module's), so messages, which every module mails
 * through, imports no module (decision 048).
 */
export function messagesJobs(app: FastifyInstance, renderAttachment: AttachmentRenderer): void {
  app.jobs.handle('mail.deliver', async ({ outboxId }, job) => void (await deliverMail(app.db, app.mailer, outboxId, job, renderAttachment)));
}
