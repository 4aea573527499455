import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { gymCaller } from '../../plugins/access';
import type { StaffActor } from './staff.service';

/** The caller as a staff write sees them: their audit name and whether they are an owner. */
export function staffActorOf(request: FastifyRequest): StaffActor {
  const auth = gymCaller(request);
  return { ...actorOf(auth), isOwner: auth.role === 'owner' };
}
