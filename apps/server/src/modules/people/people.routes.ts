import type { FastifyInstance } from 'fastify';
import { endpoints, toZoned } from '@spotter/shared';
import { fieldError, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller, loggedIn } from '../../plugins/access';
import { staffActorOf } from '../staff';
import { saveStaffProfile, toStaff } from '../staff';
import { renameKiloStaff, updateAthleteDetails } from './people.commands';
import { findAthlete, findGym, findKiloStaffById, findStaffById, toAthlete, toKiloStaff } from './people.repository';

const EMAIL_THROUGH_EDIT_LOGIN = 'Change your email with Edit Login.';

function assertEmailUnchanged(given: string | undefined, current: string | null) {
  if (given !== undefined && given.trim().toLowerCase() !== (current ?? '').toLowerCase()) throw fieldError('email', EMAIL_THROUGH_EDIT_LOGIN);
}

function assertBirthdayNotInFuture(dob: string | null, timeZone: string) {
  if (dob && dob > toZoned(new Date(), timeZone).date) throw fieldError('dob', 'Date of birth cannot be in the future.');
}

/** Spec 2.13 and 7.2: the account details of staff, platform staff and athletes, and the gym. */
export async function peopleRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  const ownStaff = async (staffId: string | null) => {
    const row = staffId ? await findStaffById(db, staffId) : undefined;
    if (!row) throw notFound('Staff account not found.');
    return row;
  };

  route(app, endpoints.staffSelf, async (request) => toStaff(await ownStaff(loggedIn(request).staffId)));

  route(app, endpoints.updateStaffSelf, async (request) => {
    const auth = gymCaller(request);
    const current = await ownStaff(auth.staffId);
    // The one staff profile edit (issue 17): the same rules as a colleague's edit from the staff screen.
    const updated = await saveStaffProfile(
      app,
      { gymId: current.gymId, staffId: current.id, timeZone: auth.gym.timeZone },
      request.body,
      staffActorOf(request),
      {
        kind: 'self',
        message: EMAIL_THROUGH_EDIT_LOGIN,
      },
    );
    return toStaff(updated);
  });

  const ownKiloStaff = async (kiloStaffId: string | null) => {
    const row = kiloStaffId ? await findKiloStaffById(db, kiloStaffId) : undefined;
    if (!row) throw notFound('Platform staff account not found.');
    return row;
  };

  route(app, endpoints.kiloStaffSelf, async (request) => toKiloStaff(await ownKiloStaff(loggedIn(request).kiloStaffId)));

  route(app, endpoints.updateKiloStaffSelf, async (request) => {
    const current = await ownKiloStaff(loggedIn(request).kiloStaffId);
    assertEmailUnchanged(request.body.email, current.email);
    const updated = await renameKiloStaff(ctx, current.id, loggedIn(request).userId, { firstName: request.body.firstName, lastName: request.body.lastName });
    return toKiloStaff(updated);
  });

  /** An athlete reads and edits only themself; staff with AthleteView read their gym's athletes. */
  const athleteInReach = async (request: Parameters<typeof gymCaller>[0], athleteId: string) => {
    const auth = gymCaller(request);
    if (auth.role === 'athlete' && auth.athleteId !== athleteId) throw notFound('Athlete not found.');
    const row = await findAthlete(db, athleteId, auth.gym.gymId);
    if (!row) throw notFound('Athlete not found.');
    return row;
  };

  route(app, endpoints.athlete, async (request) => toAthlete(await athleteInReach(request, request.params.athleteId)));

  route(app, endpoints.updateAthlete, async (request) => {
    const row = await athleteInReach(request, request.params.athleteId);
    assertBirthdayNotInFuture(request.body.dob, gymCaller(request).gym.timeZone);
    const updated = await updateAthleteDetails(ctx, row.id, request.body);
    return toAthlete(updated);
  });

  route(app, endpoints.gym, async (request) => {
    const auth = gymCaller(request);
    if (request.params.gymId !== auth.gym.gymId) throw notFound('Gym not found.');
    const gym = await findGym(db, auth.gym.gymId);
    if (!gym) throw notFound('Gym not found.');
    return gym;
  });
}
