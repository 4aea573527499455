import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const projects = [
  { extends: './packages/shared/vitest.config.ts', test: { name: 'shared', root: './packages/shared' } },
  { extends: './apps/server/vitest.config.ts', test: { name: 'server-pglite', root: './apps/server', env: { SPOTTER_TEST_DB: 'pglite' } } },
  // Decision 043 (supersedes 038): the grouped and the locked write paths are compared in one process by
  // src/modules/reservations/write-paths.differential.test.ts; the suite no longer runs a second time with FAST_WRITES off.
  { extends: './apps/web/vitest.config.ts', test: { name: 'web', root: './apps/web' } },
];
// Server integration tests run a second time against real PostgreSQL when TEST_DATABASE_URL is set. The files that
// never open the test database (test/helper.ts) would run the very same code twice: the seed's tests (an in-memory
// PGlite of their own), and the pure ones of lib/, plugins/, config, PDF and mail composition.
const withoutTestDatabase = [
  'src/db/seed/*.test.ts',
  'src/lib/{csv,cached-json,route,in-flight,pagination,gym-read-cache,group-commit,images}.test.ts',
  'src/plugins/{access,errors}.test.ts',
  'src/config.test.ts',
  'src/modules/messages/compose.test.ts',
  'src/modules/documents/pdf.test.ts',
  'src/modules/reports/report-context.test.ts',
  'test/engines.test.ts',
  'test/docs-paths.test.ts',
  'test/routes-lint.test.ts',
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: './apps/server/vitest.config.ts',
    test: {
      name: 'server-postgres',
      root: './apps/server',
      env: { SPOTTER_TEST_DB: 'postgres' },
      exclude: [...configDefaults.exclude, ...withoutTestDatabase],
    },
  });
}

// Issue 35 (CI time): Vitest's default is one worker fewer than the cores, one on the 2-core CI machine, where a
// PostgreSQL test file leaves its core idle while the database answers. Two workers at least; each file still has a
// database of its own (test/global-setup.ts), so files never share data.
const maxWorkers = Math.max(2, (os.availableParallelism?.() ?? os.cpus().length) - 1);

export default defineConfig({ test: { projects, maxWorkers } });
