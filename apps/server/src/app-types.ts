import type { Db } from './db/client';
import type { Config } from './config';
import type { Mailer } from './lib/mailer';
import type { GymReadCache } from './lib/gym-read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    csrfSecret: string;
    mailer: Mailer;
    /** Decision 012: hot reads kept per gym until a write (lib/gym-read-cache.ts). */
    readCache: GymReadCache;
  }
}
