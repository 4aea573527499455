import { defineConfig } from 'vitest/config';
import { answerShapes } from './answer-shapes.plugin.ts';
import { endpointRoutes } from './endpoints.plugin.ts';

export default defineConfig({
  plugins: [answerShapes(), endpointRoutes()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    passWithNoTests: true,
    testTimeout: 20_000,
  },
});
