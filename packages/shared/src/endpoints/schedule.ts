import { access } from '../access';
import { idParamsSchema } from '../api/common';
import { scheduleClassAnswerSchema, scheduleDaySchema, scheduleQuerySchema } from '../api/schedule';
import { defineEndpoint } from '../endpoint';

const tags = ['schedule'];

/** Issue 16: the athlete app's schedule (spec 2.4 `/` and `/classes/{eventId}`). Booking goes through the reservations. */
export const scheduleEndpoints = {
  athleteSchedule: defineEndpoint({
    method: 'GET',
    path: '/api/schedule/',
    access: access.athlete,
    tags,
    summary: "A day of the gym's classes (default: the gym's today) with places left, the line's length and the athlete's own booking.",
    query: scheduleQuerySchema,
    answers: { 200: scheduleDaySchema },
  }),
  athleteScheduleClass: defineEndpoint({
    method: 'GET',
    path: '/api/schedule/:eventId/',
    access: access.athlete,
    tags,
    summary: "One class of the athlete's gym with its places, the athlete's booking and what cancelling now would cost.",
    params: idParamsSchema('eventId'),
    answers: { 200: scheduleClassAnswerSchema },
  }),
};
