import { access } from '../access';
import { profileIdParamsSchema, profilePageSchema, profileSchema, profilesQuerySchema } from '../api/profiles';
import { defineEndpoint } from '../endpoint';

const tags = ['profiles'];

/** The profiles a user may enter (their own and linked ones), and the default one entered at login. */
export const profilesEndpoints = {
  profiles: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/',
    access: access.user,
    tags,
    summary: "A user's profiles (with include_linked, also those linked to them)",
    query: profilesQuerySchema,
    answers: { 200: profilePageSchema },
  }),
  updateDefaultProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/profiles/:id/update-default/',
    access: access.user,
    tags,
    summary: 'Toggle whether this profile is the default one entered at login',
    params: profileIdParamsSchema,
    answers: { 200: profileSchema },
  }),
};
