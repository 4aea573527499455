import { access } from '../access';
import {
  createDemoGymInputSchema,
  createdDemoGymSchema,
  demoGymIdParamsSchema,
  demoGymPageSchema,
  demoGymSchema,
  gymIdParamsSchema,
  impersonationAuditPageSchema,
  platformAthletePageSchema,
  platformGymDetailSchema,
  platformGymPageSchema,
  platformListQuerySchema,
  platformPageQuerySchema,
  platformStaffPageSchema,
} from '../api/platform';
import { defineEndpoint } from '../endpoint';

const tags = ['platform'];

/**
 * Spec 2.6: the platform console (issue 5). Real gyms are for platform staff only, never the sales team (decision 007);
 * demo gyms and a gym's pages let the sales team in, and a gym's pages answer it only for demo gyms (decision 008).
 */
export const platformEndpoints = {
  platformGyms: defineEndpoint({
    method: 'GET',
    path: '/api/platform/gyms/',
    access: access.platform,
    tags,
    summary: 'Every real gym (demo gyms are listed by /api/platform/demo-gyms/), searched by title or owner name or email',
    query: platformListQuerySchema,
    answers: { 200: platformGymPageSchema },
  }),
  platformGym: defineEndpoint({
    method: 'GET',
    path: '/api/platform/gyms/:gymId/',
    access: access.platformWithSales,
    tags,
    summary: "A gym's heading: title, country, time zone and demo state (the sales team: demo gyms only)",
    params: gymIdParamsSchema,
    answers: { 200: platformGymDetailSchema },
  }),
  platformGymAthletes: defineEndpoint({
    method: 'GET',
    path: '/api/platform/gyms/:gymId/athletes/',
    access: access.platformWithSales,
    tags,
    summary: "A gym's athletes by name or email, each with the profileId to impersonate (the sales team: demo gyms only)",
    params: gymIdParamsSchema,
    query: platformListQuerySchema,
    answers: { 200: platformAthletePageSchema },
  }),
  platformGymStaff: defineEndpoint({
    method: 'GET',
    path: '/api/platform/gyms/:gymId/staff/',
    access: access.platformWithSales,
    tags,
    summary: "A gym's staff and owners by name or email, each with the profileId to impersonate (the sales team: demo gyms only)",
    params: gymIdParamsSchema,
    query: platformListQuerySchema,
    answers: { 200: platformStaffPageSchema },
  }),
  platformGymImpersonations: defineEndpoint({
    method: 'GET',
    path: '/api/platform/gyms/:gymId/impersonations/',
    access: access.platformWithSales,
    tags,
    summary: 'Audit trail: every impersonation start and stop in the gym, newest first (the sales team: demo gyms only)',
    params: gymIdParamsSchema,
    query: platformPageQuerySchema,
    answers: { 200: impersonationAuditPageSchema },
  }),
  demoGyms: defineEndpoint({
    method: 'GET',
    path: '/api/platform/demo-gyms/',
    access: access.platformWithSales,
    tags,
    summary: 'Demo gyms, newest first, with their state (active, expired, inactive), searched by title, prospect or owner',
    query: platformListQuerySchema,
    answers: { 200: demoGymPageSchema },
  }),
  createDemoGym: defineEndpoint({
    method: 'POST',
    path: '/api/platform/demo-gyms/',
    access: access.platformWithSales,
    tags,
    summary: 'Create a demo gym with sample data and an owner login; the answer carries the password once (it is never stored or shown again)',
    body: createDemoGymInputSchema,
    answers: { 201: createdDemoGymSchema },
  }),
  extendDemoGym: defineEndpoint({
    method: 'POST',
    path: '/api/platform/demo-gyms/:demoGymId/extend/',
    access: access.platformWithSales,
    tags,
    summary: 'TIME_LIMITED only: expiresAt becomes the later of now and expiresAt, plus 48 hours',
    params: demoGymIdParamsSchema,
    answers: { 200: demoGymSchema },
  }),
  deactivateDemoGym: defineEndpoint({
    method: 'POST',
    path: '/api/platform/demo-gyms/:demoGymId/deactivate/',
    access: access.platformWithSales,
    tags,
    summary: "Switch a demo gym off: its profiles are refused with 'demo_inactive' at once",
    params: demoGymIdParamsSchema,
    answers: { 200: demoGymSchema },
  }),
  reactivateDemoGym: defineEndpoint({
    method: 'POST',
    path: '/api/platform/demo-gyms/:demoGymId/reactivate/',
    access: access.platformWithSales,
    tags,
    summary: 'Switch a demo gym back on (an expired TIME_LIMITED demo also needs extending)',
    params: demoGymIdParamsSchema,
    answers: { 200: demoGymSchema },
  }),
};
