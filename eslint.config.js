import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---- Server: the data layer (docs/decisions/041) ------------------------------------------------
const SERVER_TABLES = [
  'users',
  'profiles',
  'user_subscription_info',
  'worker_heartbeats',
  'billing_checkouts',
  'background_generations',
  'user_image_generations',
  'security_logs',
  'sessions',
  'accounts',
  'verifications',
  'rate_limits',
  'uploads',
  'upload_cutouts',
  'generation_edits',
  'contact_messages',
];
const SQL_NAMING_TABLE = `/\\b(from|into|update|join)\\s+(${SERVER_TABLES.join('|')})\\b/`;
const SQL_MESSAGE =
  'SQL belongs in the repository of its table (modules/<feature>/repository.ts) or in db/ (docs/decisions/041).';
function serverSqlOutsideRepositories() {
  return [
    {
      selector:
        "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
      message: SQL_MESSAGE,
    },
    { selector: `TemplateElement[value.raw=${SQL_NAMING_TABLE}]`, message: SQL_MESSAGE },
    { selector: `Literal[value=${SQL_NAMING_TABLE}]`, message: SQL_MESSAGE },
  ];
}
/** A request's path parameters or query string taken on trust (`request.params as …`). */
const REQUEST_INPUT_CAST_MESSAGE =
  'Parse path parameters and query strings with a schema of @vitrine/shared/api/params (parseParams, readQuery in http/validate.ts), not a cast.';
const requestInputCasts = [
  {
    selector: 'TSAsExpression > MemberExpression.expression[property.name=/^(params|query)$/]',
    message: REQUEST_INPUT_CAST_MESSAGE,
  },
];
const serverCompositionRoot = {
  regex: '^(\\.\\./)+app$',
  message: 'Only the api role imports the composition root (src/app.ts).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.base.json', '*/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Modules the web build makes itself (apps/web/vite.config.ts).
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from the parsed config (apps/server/src/config.ts).',
        },
      ],
    },
  },
  {
    // Dependencies point one way: web -> shared, server -> shared (and engine). Never the reverse.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app never imports server code.',
            },
            {
              target: './apps/web',
              from: './packages/engine',
              message: 'The web app never imports engine code.',
            },
            {
              target: './packages/shared',
              from: './apps',
              message: 'Shared code does not depend on the apps.',
            },
            { target: './apps/server', from: './apps/web', message: 'The server does not import web code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Places that legitimately read the environment: the config parser, build and dev tooling, the
    // engine's command-line tools, tests.
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/main.ts',
      'apps/web/vite.config.ts',
      'scripts/**',
      'packages/engine/src/cli/**',
      'bench/**',
      'e2e/**',
      '**/test/**',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },

  // ---- Server: the data layer (docs/decisions/041) ----------------------------------------------
  // SQL lives in repositories (apps/server/src/modules/<feature>/repository.ts) and db/. Elsewhere in
  // the server, a `.query()` given SQL text, or any text naming one of our tables the way SQL does, is
  // refused: a new statement goes into (or reads through) the repository of the table's module.
  // A route reads its path parameters and query string through a shared schema, never a cast.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/repository.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...serverSqlOutsideRepositories(), ...requestInputCasts],
    },
  },
  {
    // The composition root (src/app.ts) wires every module; nothing below it imports it back.
    files: ['apps/server/src/{db,http,jobs,lib,modules}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverCompositionRoot] }] },
  },
  {
    // A job's handler does its own job's work: it never imports another job (nor a definition).
    files: ['apps/server/src/jobs/handlers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverCompositionRoot,
            { group: ['./*', '../definitions/*'], message: 'A job never imports another job.' },
          ],
        },
      ],
    },
  },
);
