import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
