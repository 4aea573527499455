import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ANONYMISE_CONFIRMATION,
  DUPLICATE_ATHLETE_EMAIL,
  athleteRecordMessages as msg,
  endpoints,
  isRichTextEmpty,
  toZoned,
  type AthleteNoteInput,
} from '@spotter/shared';
import { parseAthleteInput, type AthleteFields } from '@spotter/shared/athlete-input';
import { actorOf } from '../../lib/audit';
import { badRequest, conflict, fieldError, notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { sanitizeRichText } from '../../lib/rich-text';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { createReservation, deleteReservation, type ReservationsContext, type Writer } from '../reservations';
import { listMyBookings, listScheduleDay, myAttendance, gymPricing } from '../schedule';
import {
  anonymiseAthlete,
  createAthlete,
  createNote,
  deleteNote,
  inviteAthlete,
  linkDependant,
  setAthleteArchived,
  tagAthlete,
  unlinkDependant,
  updateAthlete,
  updateNote,
} from './athlete-record.commands';
import {
  athleteFlags,
  athleteReservationKind,
  athleteWithLogin,
  currentPackages,
  emailTaken,
  exportData,
  findAthleteRecord,
  findFamily,
  findNote,
  gymOfAthleteId,
  isLinked,
  listActivity,
  listNotes,
  searchAthletes,
  wouldCycle,
} from './athlete-record.repository';
import { NO_EMAIL_DOMAIN } from '../people';
import { isDuplicateAthleteEmail } from './athletes.service';

type Caller = ReturnType<typeof gymCaller>;

const duplicateEmail = () => fieldError('email', DUPLICATE_ATHLETE_EMAIL, 'duplicate_email');
const isPlaceholder = (email: string) => email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);

/**
 * Issue 17: create an athlete and the athlete detail page (overview, profile, attendance, bookings, notes, family,
 * activity), the invitation, archive, the subject-access export and anonymisation. Every write is one transaction
 * with its audit row and publishes the gym's change (the kiosk shows names, pictures and pinned notes).
 */
export async function athleteRecordRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const deps = { ...ctx, app };
  const bookingCtx: ReservationsContext = { db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl, fastWrites: app.config.fastWrites };

  const caller = (request: FastifyRequest) => {
    const auth = gymCaller(request);
    return { auth, gymId: auth.gym.gymId, actor: actorOf(auth) };
  };

  /** The athlete rules for the gym's country and today; a refusal carries every field's message. */
  const parse = (auth: Caller, input: unknown): AthleteFields => {
    const parsed = parseAthleteInput(input, { country: auth.gym.country, today: toZoned(new Date(), auth.gym.timeZone).date });
    if (!parsed.ok) throw badRequest(Object.values(parsed.fields)[0]?.[0] ?? 'Invalid request.', 'validation_error', parsed.fields);
    return parsed.value;
  };

  const record = async (gymId: string, athleteId: string) => {
    const found = await findAthleteRecord(db, gymId, athleteId);
    if (!found) throw notFound(msg.notFound);
    return found;
  };

  /** The athlete with their login, or 404 (another gym's reads as unknown); `editable` refuses an anonymised one. */
  const target = async (gymId: string, athleteId: string, o: { editable?: boolean } = {}) => {
    const row = await athleteWithLogin(db, gymId, athleteId);
    if (!row) throw notFound(msg.notFound);
    if (o.editable && row.athlete.anonymisedAt) throw conflict(msg.anonymised, 'anonymised');
    return row;
  };

  route(app, endpoints.createAthlete, async (request, reply) => {
    const { auth, gymId, actor } = caller(request);
    const { athleteId, sendInvitation, ...input } = request.body;
    if (athleteId) {
      // The same id again (a retry) answers the athlete made; an id another gym's athlete holds is refused.
      const known = await gymOfAthleteId(db, athleteId);
      if (known === gymId) {
        reply.status(200);
        return record(gymId, athleteId);
      }
      if (known) throw conflict('This id is taken.', 'id_taken');
    }
    const fields = parse(auth, input);
    if (fields.email && (await emailTaken(db, gymId, fields.email))) throw duplicateEmail();
    let made: Awaited<ReturnType<typeof createAthlete>>;
    try {
      made = await createAthlete(deps, gymId, { ...fields, id: athleteId }, sendInvitation, actor);
    } catch (error) {
      if (isDuplicateAthleteEmail(error)) throw duplicateEmail();
      throw error;
    }
    reply.status(201);
    return record(gymId, made.athleteId);
  });

  route(app, endpoints.athleteSearch, async (request) => {
    const { gymId } = caller(request);
    return pageOf(request, request.query, await searchAthletes(db, gymId, request.query));
  });

  route(app, endpoints.athleteRecord, async (request) => record(caller(request).gymId, request.params.athleteId));

  route(app, endpoints.updateAthleteRecord, async (request) => {
    const { auth, gymId, actor } = caller(request);
    const { athleteId } = request.params;
    const current = await target(gymId, athleteId, { editable: true });
    const fields = parse(auth, request.body);
    if (fields.email && (await emailTaken(db, gymId, fields.email, athleteId))) throw duplicateEmail();
    try {
      await updateAthlete(ctx, gymId, current, fields, actor);
    } catch (error) {
      if (isDuplicateAthleteEmail(error)) throw duplicateEmail();
      throw error;
    }
    return record(gymId, athleteId);
  });

  for (const [endpoint, archived] of [
    [endpoints.archiveAthlete, true],
    [endpoints.unarchiveAthlete, false],
  ] as const) {
    route(app, endpoint, async (request) => {
      const { gymId, actor } = caller(request);
      const { athleteId } = request.params;
      const current = await target(gymId, athleteId, { editable: true });
      if ((current.athlete.archivedAt !== null) !== archived) {
        await setAthleteArchived(ctx, gymId, athleteId, archived, actor);
      }
      return record(gymId, athleteId);
    });
  }

  for (const [endpoint, action] of [
    [endpoints.addAthleteTag, 'add'],
    [endpoints.removeAthleteTag, 'remove'],
  ] as const) {
    route(app, endpoint, async (request) => {
      const { gymId, actor } = caller(request);
      const { athleteId, tagId } = request.params;
      await target(gymId, athleteId, { editable: true });
      await tagAthlete(ctx, gymId, athleteId, tagId, action, actor);
      return record(gymId, athleteId);
    });
  }

  route(app, endpoints.inviteAthlete, async (request) => {
    const { gymId, actor } = caller(request);
    const { athleteId } = request.params;
    const current = await target(gymId, athleteId, { editable: true });
    if (current.userIsActive) throw conflict(msg.hasLogin, 'has_login');
    if (!current.athlete.email || isPlaceholder(current.userEmail)) throw conflict(msg.noEmail, 'no_email');
    const sent = await inviteAthlete(deps, gymId, current, actor);
    if (!sent) throw conflict(msg.invitationRecent, 'invitation_recent');
    return { detail: msg.invitationSent };
  });

  route(app, endpoints.exportAthlete, async (request, reply) => {
    const { auth, gymId } = caller(request);
    const current = await target(gymId, request.params.athleteId);
    const [rec, data, family] = [
      await record(gymId, current.athlete.id),
      await exportData(db, gymId, current.athlete.id),
      await findFamily(db, gymId, current),
    ];
    const document = {
      exportedAt: new Date().toISOString(),
      gym: { gymId, title: auth.gym.title },
      record: {
        ...rec,
        source: current.athlete.source,
        updatedAt: current.athlete.updatedAt.toISOString(),
        loginEmail: isPlaceholder(current.userEmail) ? null : current.userEmail,
      },
      ...data,
      family,
    };
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="athlete-${current.athlete.id}.json"`)
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify(document, null, 2));
  });

  route(app, endpoints.anonymiseAthlete, async (request) => {
    const { gymId, actor } = caller(request);
    const { athleteId } = request.params;
    const current = await target(gymId, athleteId, { editable: true });
    if (request.body.confirm.trim() !== ANONYMISE_CONFIRMATION) throw fieldError('confirm', msg.confirmAnonymise);
    await anonymiseAthlete(ctx, gymId, current, actor);
    return record(gymId, athleteId);
  });

  route(app, endpoints.athleteOverview, async (request) => {
    const { auth, gymId } = caller(request);
    const rec = await record(gymId, request.params.athleteId);
    const id = rec.athleteId;
    const packages = await currentPackages(db, gymId, id);
    const next = await listMyBookings(db, gymId, id, { when: 'upcoming', limit: 3, offset: 0 });
    const { flags, lastVisit } = await athleteFlags(db, id);
    const attendance = await myAttendance(db, gymId, id);
    return {
      athleteId: id,
      membershipState: rec.membershipState,
      isArchived: rec.isArchived,
      isAnonymised: rec.isAnonymised,
      packages,
      nextBookings: next.results,
      flags,
      lastVisit,
      attendance,
      timeZone: auth.gym.timeZone,
    };
  });

  route(app, endpoints.athleteAttendance, async (request) => {
    const { auth, gymId } = caller(request);
    const { athleteId } = request.params;
    await target(gymId, athleteId);
    const page = await listMyBookings(db, gymId, athleteId, { when: 'past', marked: true, ...request.query });
    return { ...pageOf(request, request.query, page), counts: await myAttendance(db, gymId, athleteId), timeZone: auth.gym.timeZone };
  });

  route(app, endpoints.athleteBookings, async (request) => {
    const { auth, gymId } = caller(request);
    await target(gymId, request.params.athleteId);
    const page = await listMyBookings(db, gymId, request.params.athleteId, { when: 'upcoming', ...request.query });
    return { ...pageOf(request, request.query, page), timeZone: auth.gym.timeZone };
  });

  route(app, endpoints.athleteBookableClasses, async (request) => {
    const { auth, gymId } = caller(request);
    await target(gymId, request.params.athleteId);
    const date = request.query.date ?? toZoned(new Date(), auth.gym.timeZone).date;
    const results = await listScheduleDay(db, gymId, request.params.athleteId, date);
    const pricing = await gymPricing(db, gymId);
    return { date, timeZone: auth.gym.timeZone, country: auth.gym.country, isTaxInclusive: pricing.isTaxInclusive, results };
  });

  /** Staff acting for the athlete: the reservations' writer of a staff member (not the athlete's own rules). */
  const writerOf = (auth: Caller): Writer => ({ gymId: auth.gym.gymId, timeZone: auth.gym.timeZone, actorUserId: auth.actorUserId, ownAthleteId: null });

  route(app, endpoints.bookForAthlete, async (request, reply) => {
    const { auth, gymId } = caller(request);
    const { athleteId } = request.params;
    await target(gymId, athleteId, { editable: true });
    // The booking core (reservations.service): the calendar roster's "add an athlete" path, with its rules.
    const { record: booked } = await createReservation(bookingCtx, writerOf(auth), 'class', {
      athleteId,
      eventId: request.body.eventId,
      isReserved: true,
      isCheckedIn: false,
      joinWaitlist: request.body.joinWaitlist,
    });
    reply.status(201);
    return { reservationId: booked.id, isWaitlisted: booked.isWaitlisted, detail: booked.isWaitlisted ? 'Added to the waitlist.' : 'Booked.' };
  });

  route(app, endpoints.cancelAthleteBooking, async (request) => {
    const { auth, gymId } = caller(request);
    const { athleteId, reservationId } = request.params;
    await target(gymId, athleteId);
    const kind = await athleteReservationKind(db, gymId, athleteId, reservationId);
    if (!kind) throw notFound(msg.reservationNotFound);
    await deleteReservation(bookingCtx, writerOf(auth), kind, reservationId);
    return { detail: 'Booking cancelled.' };
  });

  /** A note's fields after spec 5's empty rule and the editor's allow-list. */
  const noteFields = (input: Required<AthleteNoteInput>) => {
    const content = isRichTextEmpty(input.content) ? '' : sanitizeRichText(input.content);
    const errors: Record<string, string[]> = {};
    if (!input.title.trim()) errors.title = [msg.noteTitleRequired];
    if (isRichTextEmpty(content)) errors.content = [msg.noteContentRequired];
    if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]![0]!, 'validation_error', errors);
    return { title: input.title.trim(), content, isPinned: input.isPinned };
  };

  route(app, endpoints.athleteNotes, async (request) => {
    const { gymId } = caller(request);
    await target(gymId, request.params.athleteId);
    return { results: await listNotes(db, gymId, request.params.athleteId) };
  });

  route(app, endpoints.createAthleteNote, async (request, reply) => {
    const { gymId, actor } = caller(request);
    const { athleteId } = request.params;
    await target(gymId, athleteId, { editable: true });
    const fields = noteFields(request.body);
    const noteId = await createNote(ctx, gymId, athleteId, fields, actor);
    reply.status(201);
    return (await findNote(db, gymId, athleteId, noteId))!;
  });

  route(app, endpoints.updateAthleteNote, async (request) => {
    const { gymId, actor } = caller(request);
    const { athleteId, noteId } = request.params;
    await target(gymId, athleteId, { editable: true });
    const before = await findNote(db, gymId, athleteId, noteId);
    if (!before) throw notFound(msg.noteNotFound);
    const fields = noteFields(request.body);
    await updateNote(ctx, gymId, athleteId, { ...before, noteId }, fields, actor);
    return (await findNote(db, gymId, athleteId, noteId))!;
  });

  route(app, endpoints.deleteAthleteNote, async (request) => {
    const { gymId, actor } = caller(request);
    const { athleteId, noteId } = request.params;
    await target(gymId, athleteId);
    const before = await findNote(db, gymId, athleteId, noteId);
    if (!before) throw notFound(msg.noteNotFound);
    await deleteNote(ctx, gymId, athleteId, { noteId, title: before.title }, actor);
    return { detail: 'Note deleted.' };
  });

  route(app, endpoints.athleteFamily, async (request) => {
    const { gymId } = caller(request);
    return findFamily(db, gymId, await target(gymId, request.params.athleteId));
  });

  route(app, endpoints.linkDependant, async (request) => {
    const { gymId, actor } = caller(request);
    const parent = await target(gymId, request.params.athleteId, { editable: true });
    const field = 'dependantAthleteId';
    const dependant = await athleteWithLogin(db, gymId, request.body.dependantAthleteId);
    if (!dependant) throw fieldError(field, msg.notFound);
    if (dependant.athlete.anonymisedAt) throw fieldError(field, msg.anonymised);
    if (dependant.athlete.id === parent.athlete.id || dependant.userId === parent.userId) throw fieldError(field, msg.selfLink);
    if (isPlaceholder(parent.userEmail)) throw fieldError(field, msg.parentNeedsEmail);
    if (await isLinked(db, dependant.athlete.profileId, parent.userId)) throw conflict(msg.alreadyLinked, 'already_linked');
    if (await wouldCycle(db, gymId, parent.athlete.profileId, dependant.userId)) throw fieldError(field, msg.familyCycle);
    await linkDependant(ctx, gymId, parent, dependant, actor);
    return findFamily(db, gymId, parent);
  });

  route(app, endpoints.unlinkDependant, async (request) => {
    const { gymId, actor } = caller(request);
    const parent = await target(gymId, request.params.athleteId);
    const dependant = await target(gymId, request.params.dependantAthleteId);
    const removed = await unlinkDependant(ctx, gymId, parent, dependant, actor);
    if (!removed) throw notFound(msg.linkNotFound);
    return findFamily(db, gymId, parent);
  });

  route(app, endpoints.athleteActivity, async (request) => {
    const { gymId } = caller(request);
    await target(gymId, request.params.athleteId);
    return pageOf(request, request.query, await listActivity(db, gymId, request.params.athleteId, request.query));
  });
}
