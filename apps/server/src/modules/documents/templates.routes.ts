import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { findTemplate, findTemplateVersion, listTemplates } from './templates.repository';
import { createTemplate, setTemplateArchived, updateTemplate } from './templates.service';

/** Issue 20 `/documents/templates`: the gym's document templates, their versions and rules. */
export async function documentTemplatesRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  route(app, endpoints.documentTemplates, async (request) => listTemplates(db, gymCaller(request).gym.gymId));

  route(app, endpoints.documentTemplate, async (request) => findTemplate(db, gymCaller(request).gym.gymId, request.params.templateId));

  route(app, endpoints.documentTemplateVersion, async (request) =>
    findTemplateVersion(db, gymCaller(request).gym.gymId, request.params.templateId, request.params.version),
  );

  route(app, endpoints.createDocumentTemplate, async (request, reply) => {
    const { gym, profileId } = gymCaller(request);
    const id = await createTemplate(ctx, gym.gymId, request.body, profileId);
    reply.status(201);
    return findTemplate(db, gym.gymId, id);
  });

  route(app, endpoints.updateDocumentTemplate, async (request) => {
    const { gym, profileId } = gymCaller(request);
    await updateTemplate(ctx, gym.gymId, request.params.templateId, request.body, profileId);
    return findTemplate(db, gym.gymId, request.params.templateId);
  });

  route(app, endpoints.archiveDocumentTemplate, async (request) => {
    const { gym, profileId } = gymCaller(request);
    await setTemplateArchived(ctx, gym.gymId, request.params.templateId, true, profileId);
    return findTemplate(db, gym.gymId, request.params.templateId);
  });

  route(app, endpoints.restoreDocumentTemplate, async (request) => {
    const { gym, profileId } = gymCaller(request);
    await setTemplateArchived(ctx, gym.gymId, request.params.templateId, false, profileId);
    return findTemplate(db, gym.gymId, request.params.templateId);
  });
}
