import type { FastifyInstance } from 'fastify';
import { endpoints, messageStateLabels, toZoned, type MessageRow } from '@spotter/shared';
import { csvRows, streamCsv, toCsv, type CsvCell } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { toPage } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { athleteAddresses, findMessage, listMessages, listMessagesTo, messageBatches } from './message-log.repository';

export const MESSAGES_CSV_HEADER = ['Created', 'Message', 'Kind', 'To', 'Subject', 'State', 'Attempts', 'Sent', 'Last error'] as const;

/** An instant in a CSV cell: the gym's date and time, to the minute (blank when none). */
const zoned = (iso: string | null, timeZone: string) => {
  if (!iso) return '';
  const z = toZoned(new Date(iso), timeZone);
  return `${z.date} ${z.time.slice(0, 5)}`;
};

export const messageCsvCells = (r: MessageRow, timeZone: string): CsvCell[] => [
  zoned(r.createdAt, timeZone),
  r.kindLabel,
  r.kind,
  r.to,
  r.subject,
  messageStateLabels[r.status],
  r.attempts,
  zoned(r.sentAt, timeZone),
  r.lastError ?? '',
];

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'gym';

/**
 * Issue 22: the gym's message log — what was sent to whom, its state and retries (`/flows/templates`'
 * "Sent messages", FlowView), its CSV, one mail's detail, and the athlete page's Messages tab (staff who see athletes).
 * Read-only: mails are written by their senders through modules/messages/compose.ts and lib/outbox.ts.
 */
export async function messageLogRoutes(app: FastifyInstance) {
  const { db } = app;
  const platformFrom = app.config.mailFrom;

  route(app, endpoints.messages, async (request) => {
    const { gym } = gymCaller(request);
    const q = request.query;
    const list = await listMessages(db, gym.gymId, q);
    return toPage(request, q.limit, q.offset, list.count, list.results);
  });

  route(app, endpoints.messagesCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    async function* lines() {
      yield toCsv(MESSAGES_CSV_HEADER, []);
      for await (const batch of messageBatches(db, gym.gymId, request.query)) yield csvRows(batch.map((r) => messageCsvCells(r, gym.timeZone)));
    }
    return streamCsv(reply, `messages-${slug(gym.title)}-${toZoned(new Date(), gym.timeZone).date}.csv`, lines());
  });

  route(app, endpoints.message, async (request) => {
    const found = await findMessage(db, gymCaller(request).gym.gymId, request.params.messageId, platformFrom);
    if (!found) throw notFound('Message not found.');
    return found;
  });

  route(app, endpoints.athleteMessages, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const addresses = await athleteAddresses(db, gymId, request.params.athleteId);
    if (!addresses) throw notFound('Athlete not found.');
    const q = request.query;
    const list = await listMessagesTo(db, gymId, addresses, q);
    return toPage(request, q.limit, q.offset, list.count, list.results);
  });
}
