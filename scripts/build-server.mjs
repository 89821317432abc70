// Bundles the server (our TypeScript and @vitrine/* workspaces) into apps/server/dist/main.mjs, and the
// engine's render and cut-out threads into dist/render-thread.mjs and dist/cutout-thread.mjs (the
// engine's local/threads.ts and cutout/thread.ts look for them there). Starting from plain JavaScript is
// much faster than a TS loader, and code splitting keeps each role's packages in a chunk loaded only
// when the role starts (see main.ts). The operator's commands are bundled too (dist/backup.mjs,
// dist/restore.mjs, dist/storage-migrate.mjs), for an installation without the sources: the container
// image (docs/deploy.md) runs them as `node apps/server/dist/backup.mjs --out FILE`.
//
// npm packages are bundled too: Node resolving and reading some 1,400 files one by one took most of a
// second of every start. Only packages with native code or WebAssembly, or that find files next to
// their own, stay in node_modules (EXTERNAL). The bundle also finds the installed cut-out model through
// node_modules/@vitrine/engine (engine cutout/model-download.ts); without it, it runs with no model.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const EXTERNAL = new Set([
  'sharp', // libvips, a native addon
  '@electric-sql/pglite', // PostgreSQL in WebAssembly, loaded from its own directory
  '@techstark/opencv-js', // WebAssembly
  'onnxruntime-node', // native addon
  'koffi', // native addon (a foreign function interface), loaded when first needed
  'onnxruntime-web', // WebAssembly
  'pino', // starts its transports as worker threads from their own files
  'pino-pretty',
  'pg-native', // pg's optional native driver, not installed
]);
const BUILTINS = new Set(builtinModules);

/** A package name from an import path: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(importPath) {
  const parts = importPath.split('/');
  return importPath.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');

// Chunks are named by their content's hash: without this, every build would leave the last one's.
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    'render-thread': path.join(root, 'packages/engine/src/local/render-thread.ts'),
    'cutout-thread': path.join(root, 'packages/engine/src/cutout/cutout-thread.ts'),
    backup: path.join(root, 'apps/server/src/cli/backup.ts'),
    restore: path.join(root, 'apps/server/src/cli/restore.ts'),
    'storage-migrate': path.join(root, 'apps/server/src/cli/storage-migrate.ts'),
  },
  outdir,
  splitting: true,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The CommonJS packages bundled into these ES modules still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          // Node's own modules by their exact names: `process/` (with its slash) is the npm package.
          const builtin = args.path.startsWith('node:') || BUILTINS.has(args.path);
          const external = builtin || EXTERNAL.has(packageOf(args.path));
          return external ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
});
