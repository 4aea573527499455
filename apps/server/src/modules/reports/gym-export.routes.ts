import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { safeFileName } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { exportAnswer, exportFile, latestExport, startExport } from './gym-export.service';

/** Issue 21 (decision 037): the whole-gym export, a ZIP of CSVs built by the `gym.export` job; owners only. */
export async function gymExportRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, endpoints.gymExport, async (request) => {
    const row = await latestExport(db, gymCaller(request).gym.gymId);
    return { latest: row ? exportAnswer(row) : null };
  });

  route(app, endpoints.startGymExport, async (request) => {
    const auth = gymCaller(request);
    return exportAnswer(await startExport(db, app.jobs, auth.gym, auth.actorUserId));
  });

  route(app, endpoints.downloadGymExport, async (request, reply) => {
    const file = await exportFile(db, gymCaller(request).gym.gymId, request.params.exportId);
    if (!file) throw notFound('Export not found.');
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${safeFileName(file.fileName)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });
}
