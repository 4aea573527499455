import type { FastifyInstance, FastifyReply } from 'fastify';
import { documentIntegrityMessages, documentMessages, endpoints, type DocumentDetail } from '@spotter/shared';
import type { WriteContext } from '../../lib/changes';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { documentPdfName, renderDocumentPdf } from './document-pdf';
import { signInApp } from './documents.commands';
import { findAthleteOfDocument, findDocumentDetail } from './documents.repository';
import { appSignerFor } from './documents.service';
import { listMyDocuments, pdfGymOf } from './my-documents.repository';

type Caller = ReturnType<typeof gymCaller>;

/**
 * Issue 20 (contract-20 H3): the athlete app's documents (their own and their dependants': athletes of the gym whose
 * profile is linked to the caller's user), reading, signing and the signed PDF; and staff's PDF of any signed document
 * of the gym. A document that is neither the caller's nor a dependant's answers 404, like one that does not exist.
 */
export async function myDocumentsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx: WriteContext = { db, changes: app.changes };

  /** The document's detail when the caller may read it (their own or a dependant's), else 404. */
  const readable = async (caller: Caller, documentId: string): Promise<DocumentDetail> => {
    const signer = await signerOf(caller, documentId);
    if (!signer) throw notFound(documentMessages.documentNotFound);
    return findDocumentDetail(db, caller.gym.gymId, documentId, !caller.isImpersonating);
  };

  const signerOf = async (caller: Caller, documentId: string) => {
    const athleteId = await findAthleteOfDocument(db, caller.gym.gymId, documentId);
    if (!athleteId) return null;
    return appSignerFor(db, caller.gym.gymId, athleteId, { userId: caller.userId, profileId: caller.profileId, email: caller.email });
  };

  const sendPdf = async (reply: FastifyReply, gymId: string, detail: DocumentDetail) => {
    // A signed document whose signature record is gone has nothing to print but that (issue 32).
    if (!detail.signature && detail.state === 'signed') throw conflict(documentIntegrityMessages.signatureMissing, 'signature_missing');
    if (!detail.signature) throw conflict(documentMessages.notSignedPdf, 'not_signed');
    const gym = await pdfGymOf(db, gymId);
    const bytes = await renderDocumentPdf(detail, { title: gym.title, timeZone: gym.timeZone, country: gym.country });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${documentPdfName(detail)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
  };

  route(app, endpoints.myDocuments, async (request) => {
    const caller = gymCaller(request);
    return listMyDocuments(db, caller.gym.gymId, caller.userId, request.query.tab);
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
    // The kiosk's unsigned-document flag and staff lists read documents.
    await signInApp(ctx, { gymId, documentId, signer, via: 'athlete_app', ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null }, input);
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
