import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/architecture.md): shared -> server, shared -> web; never web <-> server.
const noImport = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport([
        { group: ['@spotter/server', '@spotter/web', '**/apps/**'], message: 'shared is pure code: it imports neither app.' },
        { group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'react', 'fastify'], message: 'shared is pure code with no I/O or framework.' },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport([
        { group: ['@spotter/web', '**/apps/web/**', 'react', 'react-dom', '@mantine/*'], message: 'the server never imports web code.' },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': noImport([
        { group: ['@spotter/server', '**/apps/server/**', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'node:*'], message: 'the web app never imports server code.' },
      ]),
    },
  },
  {
    // The build configuration runs in Node (it writes the precompressed assets), not in the browser.
    files: ['apps/web/vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': noImport([{ group: ['@spotter/server', '**/apps/server/**'], message: 'the web app never imports server code.' }]),
    },
  },
  // A feature uses another only through that feature's index.ts (what it exports for others), never its internals:
  // from features/<a>/<folder>/<file>, '../../<b>' is allowed and '../../<b>/api/…' is not.
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': noImport([
        { group: ['@spotter/server', '**/apps/server/**'], message: 'the web app never imports server code.' },
        { group: ['**/app/*', '**/app/**'], message: 'features do not import the app layer (shared -> features -> app).' },
        { regex: `^(\\.\\./){${depth}}[^./][^/]*/`, message: "a feature imports another feature only through its index.ts ('../../<feature>')." },
        { regex: '(^|/)features/[^/]+/', message: "a feature imports another feature only through its index.ts ('../../<feature>')." },
      ]),
    },
  })),
  {
    // vite.config.ts treats a feature's index.ts as free of side effects, so the bundler follows each import through it.
    files: ['apps/web/src/features/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program > :not(ExportNamedDeclaration[source], ExportAllDeclaration)', message: "a feature's index.ts only re-exports: `export { … } from './…'`." },
      ],
    },
  },
  {
    // The import boundary above knows files up to four folders deep in a feature.
    files: ['apps/web/src/features/*/*/*/*/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'a feature file this deep is outside the import boundary rule: add its depth there.' }] },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'apps/server/src/db/cli.ts', 'apps/server/src/server.ts', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
