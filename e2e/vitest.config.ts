import { defineConfig } from 'vitest/config';

// Browser journeys against a real server started once for the run (support/global-setup.ts). A journey's ceiling is
// 3 minutes: on a slow host the longer ones took twice their usual 30 s (a hung step still fails at its own 30 s).
export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
