import type { FastifyInstance } from 'fastify';
import { endpoints, membershipStateLabels, tagMessages, toZoned, type AthleteListRow } from '@spotter/shared';
import { actorOf } from '../../lib/audit';
import { csvRows, streamCsv, toCsv, type CsvCell } from '../../lib/csv';
import { badRequest } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { athleteBatches, listAthletes, listTags } from './athletes-list.repository';
import { bulkEmail, bulkTag, createTag, deleteTag } from './athletes-list.service';

export const ATHLETES_CSV_HEADER = [
  'Name',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Membership',
  'Tags',
  'Past-due bill',
  'Unsigned document',
  'Last visit',
  'Joined',
  'Archived',
] as const;

/** A CSV line of an athlete: dates as the gym's local date (and time), the phone in international form. */
export function athleteCsvCells(r: AthleteListRow, timeZone: string): CsvCell[] {
  const local = (iso: string | null, withTime: boolean) => {
    if (!iso) return '';
    const z = toZoned(new Date(iso), timeZone);
    return withTime ? `${z.date} ${z.time.slice(0, 5)}` : z.date;
  };
  return [
    r.fullName,
    r.firstName,
    r.lastName,
    r.email ?? '',
    r.phone ? `+${r.phone}` : '',
    membershipStateLabels[r.membershipState],
    r.tags.map((t) => t.name).join('; '),
    r.hasPastDueBills ? 'Yes' : 'No',
    r.hasUnsignedDocuments ? 'Yes' : 'No',
    local(r.lastVisitAt, true),
    local(r.createdAt, false),
    r.isArchived ? 'Yes' : 'No',
  ];
}

/** The gym's name as a file name's part: lower case, dashes. */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'gym';

/** Issue 17, spec 2.7 `/users/athletes`: the list, its CSV, tags and bulk actions. */
export async function athletesListRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, endpoints.athletes, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listAthletes(db, gym.gymId, request.query));
  });

  route(app, endpoints.athletesCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const now = new Date();
    async function* lines() {
      yield toCsv(ATHLETES_CSV_HEADER, []);
      for await (const batch of athleteBatches(db, gym.gymId, request.query, now)) yield csvRows(batch.map((r) => athleteCsvCells(r, gym.timeZone)));
    }
    const fileName = `athletes-${slug(gym.title)}-${request.query.archived ? 'archived-' : ''}${toZoned(now, gym.timeZone).date}.csv`;
    return streamCsv(reply, fileName, lines());
  });

  route(app, endpoints.tags, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listTags(db, gym.gymId, request.query));
  });

  route(app, endpoints.createTag, async (request, reply) => {
    const caller = gymCaller(request);
    const tag = await createTag(db, caller.gym.gymId, request.body, actorOf(caller));
    reply.status(201);
    return tag;
  });

  route(app, endpoints.deleteTag, async (request) => {
    const caller = gymCaller(request);
    await deleteTag(db, caller.gym.gymId, request.params.tagId, actorOf(caller));
    return { detail: 'Tag deleted.' };
  });

  route(app, endpoints.bulkTagAthletes, async (request) => {
    const caller = gymCaller(request);
    return { changed: await bulkTag(db, caller.gym.gymId, request.body, actorOf(caller)) };
  });

  route(app, endpoints.bulkEmailAthletes, async (request) => {
    const caller = gymCaller(request);
    const header = request.headers['idempotency-key'];
    const key = (typeof header === 'string' ? header.trim() : '') || request.body.key;
    if (!key || key.length > 100) throw badRequest(tagMessages.keyRequired, 'key_required', { key: [tagMessages.keyRequired] });
    return bulkEmail({ db, jobs: app.jobs }, caller.gym.gymId, { ...request.body, key }, actorOf(caller));
  });
}
