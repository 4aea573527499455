import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/architecture.md): shared -> server, shared -> web; never web <-> server.
const noImport = (patterns) => ['error', { patterns }];
const serverNoWeb = { group: ['@spotter/web', '**/apps/web/**', 'react', 'react-dom', '@mantine/*'], message: 'the server never imports web code.' };
const moduleBoundary = [
  { regex: '^\\.\\./[^./][^/]*/', message: "a server module imports another module only through its index.ts ('../<module>')." },
  { regex: '(^|/)modules/[^/]+/', message: "a server module imports another module only through its index.ts ('../<module>')." },
];

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
    rules: { 'no-restricted-imports': noImport([serverNoWeb]) },
  },
  {
    // Issue 33 item 7 (decision 048): a server module uses another only through that module's index.ts, never its files:
    // from modules/<a>/<file>, '../<b>' is allowed and '../<b>/<file>' is not. scripts/module-graph.mjs (in `npm run
    // lint`) refuses a cycle between modules.
    files: ['apps/server/src/modules/*/*.ts'],
    rules: { 'no-restricted-imports': noImport([serverNoWeb, ...moduleBoundary]) },
  },
  {
    // The boundary rule above knows the files directly in a module's folder.
    files: ['apps/server/src/modules/*/*/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: 'a server module keeps its files in its own folder: a subfolder is outside the module boundary rule; add it there.' },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ExportNamedDeclaration[source], ExportAllDeclaration, ExportNamedDeclaration[declaration=null][specifiers.length=0])',
          message: "a module's index.ts only re-exports: `export { … } from './…'`.",
        },
      ],
    },
  },
  {
    // Issue 33: a route is a thin adapter (check the request, call a query or a command, answer). Writes are commands of
    // their module, which own the transaction, publish the change, queue mail and jobs and record the domain event.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': noImport([
        serverNoWeb,
        ...moduleBoundary,
        {
          group: ['**/db/schema', '**/db/schema/*'],
          message: "a route reads through its module's repository and writes through its commands, never the tables.",
        },
        { group: ['**/lib/changes'], importNames: ['writeTransaction'], message: 'a route calls a command, which owns its transaction.' },
      ]),
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(insert|update|delete|transaction)$/]",
          message: 'a route does not write: call a command of the module (it owns the transaction, the publish, mail and jobs and the domain event).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': noImport([
        {
          group: ['@spotter/server', '**/apps/server/**', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'node:*'],
          message: 'the web app never imports server code.',
        },
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
        {
          selector: 'Program > :not(ExportNamedDeclaration[source], ExportAllDeclaration)',
          message: "a feature's index.ts only re-exports: `export { … } from './…'`.",
        },
      ],
    },
  },
  {
    // The import boundary above knows files up to four folders deep in a feature.
    files: ['apps/web/src/features/*/*/*/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'Program', message: 'a feature file this deep is outside the import boundary rule: add its depth there.' }],
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'apps/server/src/db/cli.ts', 'apps/server/src/server.ts', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
