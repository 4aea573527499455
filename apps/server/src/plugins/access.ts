import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { documentMessages, endpoints, holdsAccessPermissions, type Access, type Endpoint, type EndpointName } from '@spotter/shared';
import { HttpError, forbidden, unauthorized } from '../lib/http-error';
import type { AuthContext } from './session';

export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declaration (`name`: its key in `endpoints`): the access matrix walks this. */
    accessTable: { name: EndpointName; method: string; url: string; access: Access; schema?: { body?: unknown; querystring?: unknown; params?: unknown } }[];
  }
}

/** The codes of refusals given by the access check itself (handlers use other codes). */
export const ACCESS_REFUSAL_CODES = [
  'not_authenticated',
  'hand_off_active',
  'permission_denied',
  'profile_required',
  'login_disabled',
  'sales_team_denied',
  'demo_expired',
  'demo_inactive',
] as const;

export const DEMO_EXPIRED_MESSAGE = 'Your 48-hour demo access has ended.';
export const DEMO_INACTIVE_MESSAGE = 'This demo gym is no longer active.';

export function demoGymRefusal(demoGym: AuthContext['demoGym'], now = new Date()): HttpError | null {
  if (!demoGym) return null;
  if (!demoGym.isActive) return new HttpError(403, DEMO_INACTIVE_MESSAGE, 'demo_inactive');
  if (demoGym.type === 'TIME_LIMITED' && demoGym.expiresAt && demoGym.expiresAt.getTime() <= now.getTime()) {
    return new HttpError(403, DEMO_EXPIRED_MESSAGE, 'demo_expired');
  }
  return null;
}

/** The caller's profile, or the refusal a route of this access would give. */
export function checkAccess(access: Access, auth: AuthContext | null): void {
  if (access.kind === 'anonymous') return;
  if (!auth) throw unauthorized();
  if (access.kind === 'user') return;
  if (!auth.profileId || !auth.role) throw forbidden('Choose a profile first.', 'profile_required');
  if (!auth.loginEnabled) throw forbidden('Login is disabled for this profile.', 'login_disabled');
  const demo = demoGymRefusal(auth.demoGym);
  if (demo) throw demo;
  if (access.kind === 'platform') {
    if (auth.role !== 'kilo_staff') throw forbidden();
    if (auth.isSalesTeam && !access.salesTeam) throw forbidden('The sales team works only with demo gyms.', 'sales_team_denied');
    return;
  }
  if (access.roles && !access.roles.includes(auth.role)) throw forbidden();
  if (!holdsAccessPermissions(access, { role: auth.role, permissions: auth.permissions })) throw forbidden();
}

/** The caller of a route declared `profile` with a gym role: its profile and gym are set. */
export function gymCaller(request: FastifyRequest): AuthContext & { gym: NonNullable<AuthContext['gym']>; profileId: string } {
  const auth = request.auth;
  if (!auth?.gym || !auth.profileId) throw forbidden('This needs a gym profile.', 'gym_required');
  return auth as AuthContext & { gym: NonNullable<AuthContext['gym']>; profileId: string };
}

export function loggedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

const endpointNames = new Map<Endpoint, EndpointName>(Object.entries(endpoints).map(([name, endpoint]) => [endpoint, name as EndpointName]));

export const accessPlugin = fp(async (app: FastifyInstance) => {
  const table: FastifyInstance['accessTable'] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: { kind: 'anonymous' } };
      return;
    }
    // Decision 017: an /api route is registered only from its declaration in packages/shared, through route().
    const endpoint = route.config?.endpoint;
    if (!endpoint) {
      throw new Error(`Route ${String(route.method)} ${route.url} is not registered from an endpoint declaration (route() in lib/route.ts).`);
    }
    const name = endpointNames.get(endpoint);
    if (!name)
      throw new Error(`Route ${String(route.method)} ${route.url} is registered from a declaration that is not in endpoints (packages/shared/src/endpoints).`);
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access).`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ name, method, url: route.url, access, schema: route.schema as FastifyInstance['accessTable'][number]['schema'] });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    checkAccess(access, request.auth);
    // Issue 20 (decision 035): a device handed to a walk-in to sign reaches only the hand-off's own endpoints.
    if (request.auth?.signingDocumentId && access.kind !== 'anonymous' && !request.routeOptions.config.endpoint?.duringHandOff) {
      throw forbidden(documentMessages.handOffActive, 'hand_off_active');
    }
  });
});
