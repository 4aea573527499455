import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, desc, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { documentMessages, endpoints, type DocumentDetail } from '@spotter/shared';
import { athletes, documents, gyms, profileLinks, profiles } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { documentPdfName, renderDocumentPdf } from './document-pdf';
import { documentRowQuery, findDocumentDetail, toDocumentRow } from './documents.repository';
import { appSignerFor, signDocument } from './documents.service';

type Caller = ReturnType<typeof gymCaller>;

/**
 * Issue 20 (contract-20 H3): the athlete app's documents (their own and their dependants': athletes of the gym whose
 * profile is linked to the caller's user), reading, signing and the signed PDF; and staff's PDF of any signed document
 * of the gym. A document that is neither the caller's nor a dependant's answers 404, like one that does not exist.
 */
export async function myDocumentsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx: WriteContext = { db, changes: app.changes };

  /** The caller's own athlete row or one linked to their user, in their gym (SQL over `athletes`). */
  const mineOrDependant = (caller: Caller) =>
    or(
      eq(profiles.userId, caller.userId),
      exists(db.select({ one: sql`1` }).from(profileLinks).where(and(eq(profileLinks.profileId, athletes.profileId), eq(profileLinks.userId, caller.userId)))),
    );

  /** The document's detail when the caller may read it (their own or a dependant's), else 404. */
  const readable = async (caller: Caller, documentId: string): Promise<DocumentDetail> => {
    const signer = await signerOf(caller, documentId);
    if (!signer) throw notFound(documentMessages.documentNotFound);
    return findDocumentDetail(db, caller.gym.gymId, documentId, !caller.isImpersonating);
  };

  const signerOf = async (caller: Caller, documentId: string) => {
    const [doc] = await db
      .select({ athleteId: documents.athleteId })
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.gymId, caller.gym.gymId)));
    if (!doc) return null;
    return appSignerFor(db, caller.gym.gymId, doc.athleteId, { userId: caller.userId, profileId: caller.profileId, email: caller.email });
  };

  const sendPdf = async (reply: FastifyReply, gymId: string, detail: DocumentDetail) => {
    if (!detail.signature) throw conflict(documentMessages.notSignedPdf, 'not_signed');
    const [gym] = await db.select({ title: gyms.title, timeZone: gyms.timeZone, country: gyms.country }).from(gyms).where(eq(gyms.id, gymId));
    const bytes = await renderDocumentPdf(detail, { title: gym!.title, timeZone: gym!.timeZone, country: gym!.country });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${documentPdfName(detail)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
  };

  route(app, endpoints.myDocuments, async (request) => {
    const caller = gymCaller(request);
    const state = request.query.tab === 'signed' ? isNotNull(documents.signedAt) : and(isNull(documents.signedAt), isNull(documents.voidedAt));
    const rows = await documentRowQuery(db)
      .innerJoin(profiles, eq(profiles.id, athletes.profileId))
      .where(and(eq(documents.gymId, caller.gym.gymId), state, mineOrDependant(caller)))
      .orderBy(request.query.tab === 'signed' ? desc(documents.signedAt) : desc(documents.issuedAt), desc(documents.id))
      .limit(500);
    return rows.map(toDocumentRow);
  });

  route(app, endpoints.myDocument, async (request) => readable(gymCaller(request), request.params.documentId));

  route(app, endpoints.signMyDocument, async (request) => {
    const caller = gymCaller(request);
    const { documentId } = request.params;
    const gymId = caller.gym.gymId;
    const signer = await signerOf(caller, documentId);
    if (!signer) throw notFound(documentMessages.documentNotFound);
    // A signature binds the person: platform staff acting as an athlete do not sign for them.
    if (caller.isImpersonating) throw forbidden(documentMessages.impersonatingSign, 'impersonating');
    const { guardianAthleteId: _deskOnly, ...input } = request.body;
    await writeTransaction(ctx, async (tx, publish) => {
      await signDocument(tx, { gymId, documentId, signer, via: 'athlete_app', ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null }, input);
      // The kiosk's unsigned-document flag and staff lists read documents.
      await publish({ kind: 'gym', gymId });
    });
    return findDocumentDetail(db, gymId, documentId, false);
  });

  route(app, endpoints.myDocumentPdf, async (request, reply) => {
    const caller = gymCaller(request);
    return sendPdf(reply, caller.gym.gymId, await readable(caller, request.params.documentId));
  });

  route(app, endpoints.issuedDocumentPdf, async (request, reply) => {
    const gymId = gymCaller(request).gym.gymId;
    return sendPdf(reply, gymId, await findDocumentDetail(db, gymId, request.params.documentId, false));
  });
}
