import type { FastifyInstance } from 'fastify';
import { PROGRAMMING_MAX_DAYS, addDays, endpoints, programmingMessages, toZoned, weekStartOf } from '@spotter/shared';
import { fieldError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { listProgrammingClassTypes, listWorkouts } from './programming.repository';
import { deleteWorkout, saveWorkout } from './programming.service';

/** Issue 16 programming (spec 2.7 `/calendar/programming`): the workout of the day of each class type. */
export async function programmingRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const writerOf = (request: Parameters<typeof gymCaller>[0]) => {
    const auth = gymCaller(request);
    return { gymId: auth.gym.gymId, userId: auth.actorUserId };
  };

  route(app, endpoints.workouts, async (request) => {
    const auth = gymCaller(request);
    const today = toZoned(new Date(), auth.gym.timeZone).date;
    const start = request.query.start ?? weekStartOf(today);
    const end = request.query.end ?? addDays(start, 6);
    if (end < start) throw fieldError('end', programmingMessages.endBeforeStart);
    if (end > addDays(start, PROGRAMMING_MAX_DAYS - 1)) throw fieldError('end', programmingMessages.rangeTooLong);
    const [classTypes, results] = await Promise.all([
      listProgrammingClassTypes(db, auth.gym.gymId),
      listWorkouts(db, auth.gym.gymId, { start, end, classTypeId: request.query.classTypeId }),
    ]);
    return {
      timeZone: auth.gym.timeZone,
      country: auth.gym.country,
      today,
      start,
      end,
      classTypes,
      results,
    };
  });

  route(app, endpoints.saveWorkout, async (request) => ({
    workout: await saveWorkout(ctx, writerOf(request), request.body),
  }));

  route(app, endpoints.deleteWorkout, async (request) => {
    await deleteWorkout(ctx, writerOf(request), request.params.classTypeId, request.params.date);
    return { detail: programmingMessages.deleted };
  });
}
