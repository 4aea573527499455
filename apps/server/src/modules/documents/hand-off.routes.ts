import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { documentMessages, endpoints } from '@spotter/shared';
import { documents, users } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { fieldError, notFound } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import { assertNotThrottled, recordFailure } from '../auth/throttle';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { findDocumentDetail } from './documents.repository';
import { deskSignerFor, endHandOff, signDocument, startHandOff } from './documents.service';

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
    await writeTransaction(ctx, async (tx, publish) => {
      await startHandOff(tx, gymId, auth.sessionId, documentId);
      // Kept sessions (plugins/session.ts) are looked up again, in every process: the lock holds at once.
      await publish({ kind: 'sessions', sessionId: auth.sessionId });
    });
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
    await writeTransaction(ctx, async (tx, publish) => {
      const [doc] = await findAthleteOf(tx, gymId, documentId);
      const signer = await deskSignerFor(tx, gymId, doc!.athleteId, body.guardianAthleteId);
      await signDocument(tx, { gymId, documentId, signer, via: 'front_desk', ip: request.ip, userAgent: request.headers['user-agent'] ?? null }, body);
      // The kiosk's unsigned-document flag and the lists are gym reads.
      await publish({ kind: 'gym', gymId });
    });
    return { document: await findDocumentDetail(app.db, gymId, documentId, false), returnTo: null };
  });

  route(app, endpoints.endHandOff, async (request) => {
    const auth = gymCaller(request);
    // The staff member's own password (while impersonating: the platform staff member's, who acts).
    // Guessing it at the desk counts as guessing it at the login (the same throttle: account and address).
    const [user] = await app.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.actorUserId));
    const email = user?.email ?? auth.email;
    await assertNotThrottled(app.db, email, request.ip);
    if (!(await verifyPassword(user?.passwordHash ?? null, request.body.password))) {
      await recordFailure(app.db, email, request.ip);
      throw fieldError('password', documentMessages.unlockPassword);
    }
    await writeTransaction(ctx, async (tx, publish) => {
      await endHandOff(tx, auth.sessionId);
      await publish({ kind: 'sessions', sessionId: auth.sessionId });
    });
    return { detail: 'The device is yours again.' };
  });
}

async function findAthleteOf(db: DbOrTx, gymId: string, documentId: string) {
  const rows = await db.select({ athleteId: documents.athleteId }).from(documents).where(and(eq(documents.id, documentId), eq(documents.gymId, gymId)));
  if (rows.length === 0) throw notFound(documentMessages.documentNotFound);
  return rows;
}
