import { access } from '../access';
import { idParamsSchema } from '../api/common';
import {
  eligibleAthletesQuerySchema,
  kioskAthletePageSchema,
  kioskEventDetailQuerySchema,
  kioskEventDetailSchema,
  kioskEventPageSchema,
  kioskEventsQuerySchema,
} from '../api/kiosk';
import { defineEndpoint } from '../endpoint';

const tags = ['kiosk'];

/** Spec 2.11, 2.12 and 7.3: the front-desk kiosk's reads. */
export const kioskEndpoints = {
  kioskEvents: defineEndpoint({
    method: 'GET',
    path: '/api/events/kiosk-events/',
    access: access.kiosk,
    tags,
    summary: "A day's classes and appointments in the gym's time zone (today by default), searched by type, coach or athlete name",
    query: kioskEventsQuerySchema,
    answers: { 200: kioskEventPageSchema },
  }),
  kioskEvent: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/kiosk-event/',
    access: access.kiosk,
    tags,
    summary: 'A class or appointment with its athletes (late-cancelled and no-show ones only with includeCancelled=true)',
    params: idParamsSchema('eventId'),
    query: kioskEventDetailQuerySchema,
    answers: { 200: kioskEventDetailSchema },
  }),
  eligibleAthletes: defineEndpoint({
    method: 'GET',
    // The spec writes this one path without a trailing slash; the slash form is served too.
    path: '/api/athletes/eligible-athletes',
    aliases: ['/api/athletes/eligible-athletes/'],
    access: access.kiosk,
    tags,
    summary: "Eligible tab: the gym's active athletes matching the search, with their reservation of the class",
    query: eligibleAthletesQuerySchema,
    answers: { 200: kioskAthletePageSchema },
  }),
};
