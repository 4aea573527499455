import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { eventSetupOptions } from './event-setup.repository';

/** Issue 16: the choices of the class and appointment type forms (spec 6: no permission, unlike the kiosk's tax rates). */
export async function eventSetupRoutes(app: FastifyInstance) {
  route(app, endpoints.eventSetupOptions, async (request) => eventSetupOptions(app.db, gymCaller(request).gym.gymId));
}
