import type { FastifyInstance } from 'fastify';
import { documentMessages, endpoints } from '@spotter/shared';
import type { WriteContext } from '../../lib/changes';
import { fieldError, notFound } from '../../lib/http-error';
import { findUserById } from '../auth';
import { verifyThrottled } from '../auth';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { findDocumentDetail } from './documents.repository';
import { endHandOffCommand, signAtDesk, startHandOffCommand } from './documents.commands';

/**
 * Issue 20 (decision 035): the front-desk hand-off. Staff lock their own session to one unsigned document of the gym
 * (`sessions.signingDocumentId`); meanwhile the access check refuses every endpoint not declared `duringHandOff`, so the
 * walk-in holding the device reaches only this document's reading, its signing and the end (with the staff password).
 * The session stays locked after signing, until staff end it.
 *
 * `returnTo` is not kept on the server (the session has no column for it): the web app keeps where staff came from.
 */
export async function handOffRoutes(app: FastifyInstance) {
  const ctx: WriteContext = { db: app.db, changes: app.changes };

  route(app, endpoints.startHandOff, async (request) => {
    const auth = gymCaller(request);
    const gymId = auth.gym.gymId;
    const { documentId } = request.params;
    // Kept sessions (plugins/session.ts) are looked up again, in every process: the lock holds at once.
    await startHandOffCommand(ctx, gymId, auth.sessionId, documentId);
    return { document: await findDocumentDetail(app.db, gymId, documentId, true), returnTo: request.body.returnTo ?? null };
  });

  route(app, endpoints.handOff, async (request) => {
    const auth = gymCaller(request);
    if (!auth.signingDocumentId) throw notFound(documentMessages.documentNotFound);
    return { document: await findDocumentDetail(app.db, auth.gym.gymId, auth.signingDocumentId, true), returnTo: null };
  });

  route(app, endpoints.signHandOff, async (request) => {
    const auth = gymCaller(request);
    const gymId = auth.gym.gymId;
    const documentId = auth.signingDocumentId;
    if (!documentId) throw notFound(documentMessages.documentNotFound);
    const body = request.body;
    // The kiosk's unsigned-document flag and the lists are gym reads.
    await signAtDesk(ctx, { gymId, documentId, ip: request.ip, userAgent: request.headers['user-agent'] ?? null }, body);
    return { document: await findDocumentDetail(app.db, gymId, documentId, false), returnTo: null };
  });

  route(app, endpoints.endHandOff, async (request) => {
    const auth = gymCaller(request);
    // The staff member's own password (while impersonating: the platform staff member's, who acts).
    // Guessing it at the desk counts as guessing it at the login (the same throttle, decision 042).
    const user = await findUserById(app.db, auth.actorUserId);
    const email = user?.email ?? auth.email;
    if (!(await verifyThrottled(app.db, email, request.ip, user?.passwordHash ?? null, request.body.password))) {
      throw fieldError('password', documentMessages.unlockPassword);
    }
    await endHandOffCommand(ctx, auth.sessionId);
    return { detail: 'The device is yours again.' };
  });
}
