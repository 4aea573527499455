import type { PaymentProvider } from './lib/payment-provider';
import type { Db } from './db/client';
import type { Config } from './config';
import type { Mailer } from './lib/mailer';
import type { GymReadCache } from './lib/gym-read-cache';
import type { ChangeFeed } from './lib/changes';
import type { Jobs } from './lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    csrfSecret: string;
    mailer: Mailer;
    /** Decision 012: hot reads kept per gym until a write (lib/gym-read-cache.ts). */
    readCache: GymReadCache;
    /** Decision 018: what committed writes changed, heard by every server process (lib/changes.ts). */
    changes: ChangeFeed;
    /** Decision 027: the durable job queue (mail delivery, the schedule's window, purges). */
    jobs: Jobs;
    /** Issue 19 (decision 033): the card-payment provider, or null when no payment keys are configured. */
    paymentProvider: PaymentProvider | null;
  }
}
