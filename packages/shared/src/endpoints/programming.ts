import { access } from '../access';
import { okSchema } from '../api/common';
import { saveWorkoutAnswerSchema, saveWorkoutInputSchema, workoutParamsSchema, workoutsAnswerSchema, workoutsQuerySchema } from '../api/programming';
import { defineEndpoint } from '../endpoint';

const tags = ['programming'];

/** Issue 16: the workout of the day per class type (spec 2.7 `/calendar/programming`: no permission, so every staff member). */
export const programmingEndpoints = {
  workouts: defineEndpoint({
    method: 'GET',
    path: '/api/workouts/',
    access: access.staffOrOwner,
    tags,
    summary: "The gym's workouts between two local dates (at most 42 days), optionally of one class type, with the class types not archived.",
    query: workoutsQuerySchema,
    answers: { 200: workoutsAnswerSchema },
  }),
  saveWorkout: defineEndpoint({
    method: 'PUT',
    path: '/api/workouts/',
    access: access.staffOrOwner,
    tags,
    summary: "Write a class type's workout of a local date (HTML, sanitised); empty content (spec 5) deletes it.",
    body: saveWorkoutInputSchema,
    answers: { 200: saveWorkoutAnswerSchema },
  }),
  deleteWorkout: defineEndpoint({
    method: 'DELETE',
    path: '/api/workouts/:classTypeId/:date/',
    access: access.staffOrOwner,
    tags,
    summary: "Delete a class type's workout of a local date.",
    params: workoutParamsSchema,
    answers: { 200: okSchema },
  }),
};
