import fs from 'node:fs';
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
  'brand_kits',
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

// ─── The web app's feature graph and the package boundaries (docs/decisions/042) ────────────────────
//
// Which web feature may import which, lowest layer first. Domain features each hold one part of the
// product; pages put them together for a route. A feature may import only the features it names here,
// and only features named above it, so the graph cannot have a cycle (checked below when the
// configuration loads). Every folder of apps/web/src/features must be in the table.
const WEB_DOMAIN_FEATURES = {
  'image-viewer': [],
  'image-picker': [],
  cutout: [],
  editor: ['image-picker'],
  billing: [],
  site: [],
  auth: ['billing', 'site'],
  generations: ['billing', 'editor', 'image-viewer'],
  brand: ['generations', 'image-picker'],
};
const WEB_PAGES = {
  'not-found': [],
  landing: ['auth', 'billing', 'site'],
  dashboard: ['auth', 'generations', 'site'],
  account: ['auth', 'billing', 'brand'],
  stats: ['billing', 'generations'],
  history: ['editor', 'generations'],
  express: ['billing', 'brand', 'generations', 'site'],
  fusion: ['billing', 'brand', 'cutout', 'generations', 'image-picker', 'site'],
};

const WEB = './apps/web/src';

/** One `import-x/no-restricted-paths` zone per feature, after checking the table. */
function webFeatureZones() {
  const table = { ...WEB_DOMAIN_FEATURES, ...WEB_PAGES };
  const onDisk = fs.readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true });
  for (const dir of onDisk)
    if (dir.isDirectory() && !(dir.name in table))
      throw new Error(`eslint.config.js: add features/${dir.name} to the web feature table.`);
  const listed = new Set();
  return Object.entries(table).map(([feature, uses]) => {
    for (const used of uses) {
      if (used in WEB_PAGES) throw new Error(`eslint.config.js: ${feature} uses ${used}, a page.`);
      if (!listed.has(used))
        throw new Error(`eslint.config.js: ${feature} uses ${used}, which is not listed above it.`);
    }
    listed.add(feature);
    return {
      target: `${WEB}/features/${feature}`,
      from: `${WEB}/features`,
      except: [feature, ...uses].map((name) => `./${name}`),
      message: uses.length
        ? `features/${feature} may import only these features: ${uses.join(', ')} (eslint.config.js).`
        : `features/${feature} imports no other feature (eslint.config.js).`,
    };
  });
}

// Under a rule name of its own (import-x's rule registered under another prefix): for one rule, a later
// config object's options replace the earlier ones, and these zones add to those of
// `import-x/no-restricted-paths` below (web ↛ server and engine, shared ↛ apps, server ↛ web).
const dependencyGraph = [
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'dependency-graph': importX },
    rules: {
      'dependency-graph/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './packages/engine',
              from: './apps',
              message: 'The engine does not depend on the apps.',
            },
            {
              target: './packages/shared',
              from: './packages/engine',
              message: 'Shared code does not depend on the engine.',
            },
            ...webFeatureZones(),
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'Features do not import app/ (the router, providers and i18n set-up import them).',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'components/ and lib/ are shared: they import no feature and not app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A test may hold one feature against another (the cookie policy names billing's storage key).
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'dependency-graph/no-restricted-paths': 'off' },
  },
];

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
  ...dependencyGraph,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Places that legitimately read the environment: the config parser, build and dev tooling, the
    // engine's command-line tools, the container's health check, tests.
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/main.ts',
      'apps/server/src/cli/**',
      'apps/web/vite.config.ts',
      'scripts/**',
      'deploy/**',
      'packages/engine/src/cli/**',
      'bench/**',
      'e2e/**',
      '**/test/**',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // ==== Engine (packages/engine/src): layers that point one way, and one fixed-point module ==========
  // docs/decisions/043. Top to bottom: providers/ and cli/ -> local/ -> cutout/, samples/ and brand/ -> pixels/
  // -> art-direction/ -> copy/, image/ and http/, with errors.ts and thread-errors.ts under everything.
  // A folder imports only from the layers below it (copy/ also reads answers with http/, beside it).
  // Inside local/: its root (requests, threads, warm-up) -> fusion/ and express/, which never import
  // each other -> text/ -> draw/. Tests may reach across: they render through the public functions.
  ...(() => {
    const src = './packages/engine/src';
    const layers = [
      ['providers', 'cli'],
      ['local'],
      ['cutout', 'samples', 'brand'],
      ['pixels'],
      ['art-direction'],
      ['copy', 'image', 'http'],
    ];
    const beside = { copy: ['http'] };
    const order = layers.map((layer) => layer.join(', ')).join(' -> ');
    const folderZones = layers.flatMap((layer, depth) =>
      layer.map((folder) => ({
        target: `${src}/${folder}`,
        from: [
          ...layers.slice(0, depth).flat(),
          ...layer.filter((f) => f !== folder && !beside[folder]?.includes(f)),
        ].map((f) => `${src}/${f}`),
        message: `${folder}/ imports only from the layers below it (${order}).`,
      })),
    );
    const local = `${src}/local`;
    // What the two renders share at local/'s root: their inputs, the encoding and the steps they run.
    const shared = ['encode', 'prepare', 'finish', 'steps'].map((name) => `**/engine/src/local/${name}.ts`);
    const localZones = [
      {
        target: `${local}/draw`,
        from: [`${local}/*.ts`, `${local}/{text,fusion,express}/**`],
        message: 'local/draw/ is the drawing kit the renders use: it imports none of them, nor text/.',
      },
      {
        target: `${local}/text`,
        from: [`${local}/*.ts`, `${local}/{fusion,express}/**`],
        message: 'local/text/ sets text for the renders: it imports none of them.',
      },
      {
        target: `${local}/fusion`,
        from: [`${local}/*.ts`, `${local}/express/**`],
        except: shared,
        message: 'The Fusion render uses draw/, text/ and what the renders share at local/, never Express.',
      },
      {
        target: `${local}/express`,
        from: [`${local}/*.ts`, `${local}/fusion/**`],
        except: shared,
        message: 'The Express render uses draw/, text/ and what the renders share at local/, never Fusion.',
      },
    ];
    const bottom = {
      target: [`${src}/errors.ts`, `${src}/thread-errors.ts`],
      from: [...layers.flat(), 'test-utils'].map((f) => `${src}/${f}`),
      message: 'The engine errors are under every layer.',
    };
    const testUtils = { target: src, from: `${src}/test-utils`, message: 'Test helpers are for tests.' };
    return [
      {
        files: ['packages/engine/src/**/*.ts'],
        ignores: ['packages/engine/src/**/*.test.ts', 'packages/engine/src/test-utils/**'],
        rules: {
          // Replaces the repository-wide import-x zones for these files, none of which targets the
          // engine; those under dependency-graph/ (engine ↛ apps, shared ↛ engine) still apply.
          'import-x/no-restricted-paths': [
            'error',
            { zones: [...folderZones, ...localZones, bottom, testUtils] },
          ],
        },
      },
      {
        files: ['packages/engine/**/*.ts'],
        ignores: ['packages/engine/src/pixels/fixed-point.ts'],
        rules: {
          'no-restricted-syntax': [
            'error',
            ...['BinaryExpression', 'AssignmentExpression'].map((node) => ({
              selector: `${node}[operator=/^>>=?$/][right.value=12]`,
              message:
                'Fixed-point gains shift by GAIN_SHIFT (pixels/fixed-point.ts), never a written-out 12.',
            })),
          ],
        },
      },
    ];
  })(),

  // ---- Shared contracts: text and lists through validation/schema.ts ------------------------------
  // z.string() and z.array() read `length` from a value of another type (validation/schema.ts says
  // why); the contracts use text() and list() instead, which never do.
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/validation/schema.ts', 'packages/shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='z'][property.name=/^(string|array)$/]",
          message:
            'Shared contracts use text() and list() of validation/schema.ts, not z.string() or z.array().',
        },
        {
          // Chained, zod's own length rules run on a value of another type too: list() takes its bounds.
          selector:
            "CallExpression[callee.object.callee.name='list'][callee.property.name=/^(min|max|length|nonempty)$/]",
          message: "A list's bounds are given to list() ({ min, max }), not chained after it.",
        },
        {
          // z.email(), z.url()… are strings without text()'s guard: a length rule on them reads `length` first.
          selector:
            "CallExpression[callee.property.name=/^(min|max|length)$/][callee.object.callee.object.name='z'][callee.object.callee.property.name=/^(email|url|uuid|cuid|cuid2|ulid|emoji|base64|nanoid|ipv4|ipv6)$/]",
          message: 'A length rule on a zod string format: use text().max(…) with the format as a refinement.',
        },
      ],
    },
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
