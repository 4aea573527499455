import { access } from '../access';
import { idParamsSchema } from '../api/common';
import {
  myAttendanceSchema,
  myBookingsPageSchema,
  myBookingsQuerySchema,
  scheduleClassAnswerSchema,
  scheduleDaySchema,
  scheduleQuerySchema,
} from '../api/schedule';
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
  myBookings: defineEndpoint({
    method: 'GET',
    path: '/api/schedule/mine/',
    access: access.athlete,
    tags,
    summary: "The athlete's bookings of classes and appointments (kind) to come (soonest first) or past (latest first), paged.",
    query: myBookingsQuerySchema,
    answers: { 200: myBookingsPageSchema },
  }),
  myAttendance: defineEndpoint({
    method: 'GET',
    path: '/api/schedule/attendance/',
    access: access.athlete,
    tags,
    summary: "The athlete's attendance counts: classes attended (all time and in the last 30 days), bookings to come, late cancels and no shows.",
    answers: { 200: myAttendanceSchema },
  }),
};
