// Bundles the server (our TypeScript and @vitrine/* workspaces) into apps/server/dist/main.mjs, and the
// engine's render and cut-out threads into dist/render-thread.mjs and dist/cutout-thread.mjs (the
// engine's local/threads.ts and cutout/thread.ts look for them there); npm packages stay external. Starting from plain JavaScript is much faster than a TS loader, and code
// splitting keeps each role's packages in a chunk loaded only when the role starts (see main.ts).
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

await build({
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    'render-thread': path.join(root, 'packages/engine/src/local/render-thread.ts'),
    'cutout-thread': path.join(root, 'packages/engine/src/cutout/cutout-thread.ts'),
  },
  outdir: path.join(root, 'apps/server/dist'),
  splitting: true,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vitrine/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
