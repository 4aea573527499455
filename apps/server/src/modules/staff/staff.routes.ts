import type { FastifyInstance } from 'fastify';
import { endpoints, staffMessages } from '@spotter/shared';
import { notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { staffActorOf } from './staff-actor';
import { findStaffMember, listStaff, toStaffMember } from './staff.repository';
import { deactivateStaff, inviteStaff, reactivateStaff, saveStaffProfile, setStaffOwner, setStaffPermissions } from './staff.service';

/** Issue 17, spec 2.7 `/users/staff` (decision 029). */
export async function staffRoutes(app: FastifyInstance) {
  const { db } = app;

  const read = async (gymId: string, staffId: string) => {
    const row = await findStaffMember(db, gymId, staffId);
    if (!row) throw notFound(staffMessages.notFound);
    return toStaffMember(row);
  };

  route(app, endpoints.staffList, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listStaff(db, gym.gymId, request.query));
  });

  route(app, endpoints.staffMember, async (request) => read(gymCaller(request).gym.gymId, request.params.staffId));

  route(app, endpoints.inviteStaff, async (request, reply) => {
    const { gym } = gymCaller(request);
    const staffId = await inviteStaff(app, gym.gymId, request.body, staffActorOf(request));
    reply.status(201);
    return read(gym.gymId, staffId);
  });

  route(app, endpoints.updateStaff, async (request) => {
    const auth = gymCaller(request);
    const target = { gymId: auth.gym.gymId, staffId: request.params.staffId, timeZone: auth.gym.timeZone };
    const isSelf = auth.staffId === request.params.staffId;
    await saveStaffProfile(
      app,
      target,
      request.body,
      staffActorOf(request),
      isSelf ? { kind: 'self', message: staffMessages.emailThroughEditLogin } : { kind: 'colleague' },
    );
    return read(auth.gym.gymId, request.params.staffId);
  });

  route(app, endpoints.updateStaffPermissions, async (request) => {
    const { gym } = gymCaller(request);
    await setStaffPermissions(app, gym.gymId, request.params.staffId, request.body.permissions, staffActorOf(request));
    return read(gym.gymId, request.params.staffId);
  });

  route(app, endpoints.updateStaffRole, async (request) => {
    const { gym } = gymCaller(request);
    await setStaffOwner(app, gym.gymId, request.params.staffId, request.body.isOwner, staffActorOf(request));
    return read(gym.gymId, request.params.staffId);
  });

  route(app, endpoints.deactivateStaff, async (request) => {
    const { gym } = gymCaller(request);
    await deactivateStaff(app, gym.gymId, request.params.staffId, staffActorOf(request));
    return read(gym.gymId, request.params.staffId);
  });

  route(app, endpoints.reactivateStaff, async (request) => {
    const { gym } = gymCaller(request);
    await reactivateStaff(app, gym.gymId, request.params.staffId, staffActorOf(request));
    return read(gym.gymId, request.params.staffId);
  });
}
