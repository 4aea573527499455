import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { endpoints } from '@spotter/shared';
import { route } from '../../lib/route';

export async function healthRoutes(app: FastifyInstance) {
  route(app, endpoints.health, async () => ({ status: 'ok' as const }));
  route(app, endpoints.healthReady, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
}
