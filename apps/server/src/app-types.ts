import type { Db } from './db/client';
import type { Config } from './config';
import type { Mailer } from './lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    csrfSecret: string;
    mailer: Mailer;
  }
}
