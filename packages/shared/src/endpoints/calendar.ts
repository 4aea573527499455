import { access } from '../access';
import {
  calendarAnswerSchema,
  calendarEventSchema,
  calendarOptionsSchema,
  calendarQuerySchema,
  cancelClassInputSchema,
  classChangeAnswerSchema,
  createClassInputSchema,
  createSeriesAnswerSchema,
  createSeriesInputSchema,
  rosterAnswerSchema,
  seriesSchema,
  updateClassInputSchema,
} from '../api/calendar';
import { idParamsSchema } from '../api/common';
import { defineEndpoint } from '../endpoint';

const tags = ['calendar'];

/** Issue 16: the staff calendar and the schedule's writes (spec 2.7 `/calendar/scheduling`: no permission, so every staff member). */
export const calendarEndpoints = {
  calendar: defineEndpoint({
    method: 'GET',
    path: '/api/calendar/',
    access: access.staffOrOwner,
    tags,
    summary: "The gym's classes and appointments between two local dates (at most 42 days), filtered by location, coach, class type or kind.",
    query: calendarQuerySchema,
    answers: { 200: calendarAnswerSchema },
  }),
  calendarOptions: defineEndpoint({
    method: 'GET',
    path: '/api/calendar/options/',
    access: access.staffOrOwner,
    tags,
    summary: "What the calendar's filters and forms offer: class and appointment types, locations with their rooms, coaches (none archived).",
    answers: { 200: calendarOptionsSchema },
  }),
  createSeries: defineEndpoint({
    method: 'POST',
    path: '/api/class-series/',
    access: access.staffOrOwner,
    tags,
    summary: "A recurring weekly class series in the gym's zone; its classes are made over the rolling window at once.",
    body: createSeriesInputSchema,
    answers: { 201: createSeriesAnswerSchema },
  }),
  series: defineEndpoint({
    method: 'GET',
    path: '/api/class-series/:seriesId/',
    access: access.staffOrOwner,
    tags,
    summary: 'A class series: its pattern, RRULE, coaches and place, and how many of its classes are still to come.',
    params: idParamsSchema('seriesId'),
    answers: { 200: seriesSchema },
  }),
  createClass: defineEndpoint({
    method: 'POST',
    path: '/api/classes/',
    access: access.staffOrOwner,
    tags,
    summary: 'A one-off class.',
    body: createClassInputSchema,
    answers: { 201: calendarEventSchema },
  }),
  updateClass: defineEndpoint({
    method: 'PUT',
    path: '/api/classes/:eventId/',
    access: access.staffOrOwner,
    tags,
    summary:
      'Change a class (scope this), this and the following classes of its series, or the whole series: time, duration, capacity (a raised capacity promotes the waitlist), coaches (a substitute), location and room.',
    params: idParamsSchema('eventId'),
    body: updateClassInputSchema,
    answers: { 200: classChangeAnswerSchema },
  }),
  cancelClass: defineEndpoint({
    method: 'POST',
    path: '/api/classes/:eventId/cancel/',
    access: access.staffOrOwner,
    tags,
    summary:
      'Cancel a class, this and the following classes of its series (the series ends), or the whole series: each booked or waiting athlete is emailed and their booking removed.',
    params: idParamsSchema('eventId'),
    body: cancelClassInputSchema,
    answers: { 200: classChangeAnswerSchema },
  }),
  classRoster: defineEndpoint({
    method: 'GET',
    path: '/api/classes/:eventId/roster/',
    access: access.staffOrOwner,
    tags,
    summary: 'A class or appointment with who holds a place and who waits, in line order.',
    params: idParamsSchema('eventId'),
    answers: { 200: rosterAnswerSchema },
  }),
};
