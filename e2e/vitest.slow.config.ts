import { defineConfig } from 'vitest/config';

// Slow server-process tests for `npm run test:slow` (crash durability, sqlmap); `npm test`'s e2e run (vitest.config.ts) does
// not pick them up. They start their own servers, so there is no global setup and no web build is needed.
export default defineConfig({
  test: {
    include: ['**/*.slow.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
