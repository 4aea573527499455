import { access } from '../access';
import { healthSchema } from '../api/health';
import { defineEndpoint } from '../endpoint';

const tags = ['health'];

/** Probes for a load balancer or an orchestrator, which call without a session. */
export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    access: access.anyone,
    tags,
    summary: 'Liveness: the process answers',
    answers: { 200: healthSchema },
  }),
  healthReady: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: access.anyone,
    tags,
    summary: 'Readiness: the database answers',
    answers: { 200: healthSchema },
  }),
};
