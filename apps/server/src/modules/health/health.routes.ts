import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const healthSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    { config: { access: { kind: 'anonymous' } }, schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/api/health/ready',
    {
      config: { access: { kind: 'anonymous' } },
      schema: { tags: ['health'], summary: 'Readiness: the database answers', response: { 200: healthSchema } },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
}
