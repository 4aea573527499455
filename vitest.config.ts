import { configDefaults, defineConfig } from 'vitest/config';

const projects = [
  { extends: './packages/shared/vitest.config.ts', test: { name: 'shared', root: './packages/shared' } },
  { extends: './apps/server/vitest.config.ts', test: { name: 'server-pglite', root: './apps/server', env: { SPOTTER_TEST_DB: 'pglite' } } },
  // Decision 016 (amended by 038): with the grouped check-ins and walk-ins off, the tests that book, check in and walk
  // in must give the same answers. Only those run a second time: the other files never reach the grouped path. The
  // server config's settings are spelled out here, as `extends` would add its `include` to this one.
  {
    test: {
      name: 'server-pglite-plain',
      root: './apps/server',
      environment: 'node',
      globalSetup: ['./test/global-setup.ts'],
      testTimeout: 180_000,
      hookTimeout: 120_000,
      include: [
        'src/modules/reservations/**/*.test.ts',
        'src/modules/kiosk/**/*.test.ts',
        'src/modules/athlete-packages/**/*.test.ts',
        'src/modules/athletes/athlete-record.test.ts',
        'src/modules/appointments/**/*.test.ts',
        'src/modules/calendar/**/*.test.ts',
        'src/modules/gym-settings/**/*.test.ts',
        'src/modules/billing/**/*.test.ts',
        'src/modules/messages/templates.test.ts',
        'src/modules/platform/platform.test.ts',
        'src/plugins/session.test.ts',
        'src/lib/changes.test.ts',
        'src/lib/route.test.ts',
      ],
      env: { SPOTTER_TEST_DB: 'pglite', FAST_WRITES: 'off' },
    },
  },
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
  'test/engines.test.ts',
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: './apps/server/vitest.config.ts',
    test: { name: 'server-postgres', root: './apps/server', env: { SPOTTER_TEST_DB: 'postgres' }, exclude: [...configDefaults.exclude, ...withoutTestDatabase] },
  });
}

export default defineConfig({ test: { projects } });
