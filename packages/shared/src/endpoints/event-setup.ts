import { access } from '../access';
import { eventSetupOptionsSchema } from '../api/event-setup';
import { defineEndpoint } from '../endpoint';

/** Issue 16: what the set-up forms of `/events/classes` and `/events/appointments` offer besides the types. */
export const eventSetupEndpoints = {
  eventSetupOptions: defineEndpoint({
    method: 'GET',
    path: '/api/event-setup/options/',
    access: access.staffOrOwner,
    tags: ['event setup'],
    summary: "The gym's active tax rates and its coaches (by name), for the class and appointment type forms",
    answers: { 200: eventSetupOptionsSchema },
  }),
};
