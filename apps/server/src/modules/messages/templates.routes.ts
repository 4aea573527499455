import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import {
  findMessageTemplate,
  listMessageTemplates,
  previewMessageTemplate,
  resetMessageTemplate,
  saveMessageTemplate,
  testSendMessageTemplate,
} from './templates.service';

/** Issue 22 `/flows/templates`: the gym's message templates (FlowView to see, FlowMutate to change). */
export async function messageTemplatesRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes, jobs: app.jobs };
  const opts = { appUrl: app.config.appUrl };

  route(app, endpoints.messageTemplates, async (request) => listMessageTemplates(db, gymCaller(request).gym.gymId));

  route(app, endpoints.messageTemplate, async (request) => findMessageTemplate(db, gymCaller(request).gym.gymId, request.params.kind));

  route(app, endpoints.updateMessageTemplate, async (request) => {
    const { gym, profileId } = gymCaller(request);
    await saveMessageTemplate(ctx, gym.gymId, request.params.kind, request.body, profileId);
    return findMessageTemplate(db, gym.gymId, request.params.kind);
  });

  route(app, endpoints.resetMessageTemplate, async (request) => {
    const { gym } = gymCaller(request);
    await resetMessageTemplate(ctx, gym.gymId, request.params.kind);
    return findMessageTemplate(db, gym.gymId, request.params.kind);
  });

  route(app, endpoints.previewMessageTemplate, async (request) =>
    previewMessageTemplate(db, gymCaller(request).gym.gymId, request.params.kind, request.body, { ...opts, mailFrom: app.config.mailFrom }),
  );

  route(app, endpoints.testSendMessageTemplate, async (request, reply) => {
    const caller = gymCaller(request);
    const sent = await testSendMessageTemplate(ctx, caller.gym.gymId, request.params.kind, request.body, caller.email, opts);
    reply.status(201);
    return sent;
  });
}
