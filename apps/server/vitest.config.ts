import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Issue 35 (CI time): a worker runs its files in one module graph instead of importing the whole server again
    // for each file (about 6 s each, half of the suite's time). Every file still builds its own app on its own database
    // (test/helper.ts) and no server test mocks modules; a module-level cache is keyed by gym, and gyms are new per file.
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    // A worker may run several files one after another: each starts on the real clock, whatever a file before it did
    // with fake timers (test/setup-file.ts).
    setupFiles: ['./test/setup-file.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
