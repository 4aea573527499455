import { defineConfig } from 'vitest/config';

const projects = [
  { extends: './packages/shared/vitest.config.ts', test: { name: 'shared', root: './packages/shared' } },
  { extends: './apps/server/vitest.config.ts', test: { name: 'server-pglite', root: './apps/server', env: { SPOTTER_TEST_DB: 'pglite' } } },
  // Decision 016: the same suite with the grouped check-ins and walk-ins off must give the same answers.
  { extends: './apps/server/vitest.config.ts', test: { name: 'server-pglite-plain', root: './apps/server', env: { SPOTTER_TEST_DB: 'pglite', FAST_WRITES: 'off' } } },
  { extends: './apps/web/vitest.config.ts', test: { name: 'web', root: './apps/web' } },
];
// Server integration tests run a second time against real PostgreSQL when TEST_DATABASE_URL is set.
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: './apps/server/vitest.config.ts', test: { name: 'server-postgres', root: './apps/server', env: { SPOTTER_TEST_DB: 'postgres' } } });
}

export default defineConfig({ test: { projects } });
