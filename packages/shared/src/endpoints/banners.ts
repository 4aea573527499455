import { access } from '../access';
import { bannerIdParamsSchema, bannerPageSchema } from '../api/banners';
import { okSchema, paginationQuerySchema } from '../api/common';
import { defineEndpoint } from '../endpoint';

const tags = ['banners'];

/**
 * Spec 2.10: banners for the chosen profile (global ones and its gym's), until it dismisses them. Each banner names its
 * audiences (bannerAudiences; issue 23): a caller sees and closes only those written for its own.
 */
export const bannersEndpoints = {
  banners: defineEndpoint({
    method: 'GET',
    path: '/api/banners/',
    access: access.gymProfile,
    tags,
    summary: "Banners for the caller's audience that the chosen profile has not dismissed, newest first",
    query: paginationQuerySchema,
    answers: { 200: bannerPageSchema },
  }),
  closeBanner: defineEndpoint({
    method: 'GET',
    path: '/api/banners/:bannerId/close/',
    access: access.gymProfile,
    tags,
    summary: "Dismiss one of the caller's banners for good ('Do Not Show Again')",
    params: bannerIdParamsSchema,
    answers: { 200: okSchema },
  }),
};
