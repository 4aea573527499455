import { access } from '../access';
import { calendarFeedBodySchema, calendarFeedParamsSchema, calendarFeedStatusSchema, createdCalendarFeedSchema } from '../api/calendar-feeds';
import { defineEndpoint } from '../endpoint';

const tags = ['calendar feeds'];

/** Issue 16: the caller's private iCalendar link (`/calendar/integration`, the athlete's Account page) and the feed it serves. */
export const calendarFeedsEndpoints = {
  myCalendarFeed: defineEndpoint({
    method: 'GET',
    path: '/api/calendar-feeds/mine/',
    access: access.gymProfile,
    tags,
    summary: "Whether the caller's profile has a live calendar link, since when, and when a calendar app last fetched it.",
    answers: { 200: calendarFeedStatusSchema },
  }),
  createCalendarFeed: defineEndpoint({
    method: 'POST',
    path: '/api/calendar-feeds/mine/',
    access: access.gymProfile,
    tags,
    summary: "Make a new calendar link for the caller's profile (the live one stops working); its URL is answered this once.",
    answers: { 201: createdCalendarFeedSchema },
  }),
  revokeCalendarFeed: defineEndpoint({
    method: 'DELETE',
    path: '/api/calendar-feeds/mine/',
    access: access.gymProfile,
    tags,
    summary: "Revoke the caller's live calendar link.",
    answers: { 200: calendarFeedStatusSchema },
  }),
  calendarFeed: defineEndpoint({
    method: 'GET',
    path: '/api/calendar-feeds/:token/calendar.ics',
    access: access.anyone,
    tags,
    summary:
      "A private iCalendar feed (text/calendar), 30 days back to 120 ahead: a coach's classes and appointments, or an athlete's bookings and waitlist places. An unknown or revoked link is a 404.",
    params: calendarFeedParamsSchema,
    answers: { 200: calendarFeedBodySchema },
  }),
};
