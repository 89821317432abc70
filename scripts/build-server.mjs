// Bundles the server (our TypeScript and @vitrine/* workspaces) into apps/server/dist/main.mjs; npm
// packages stay external. Starting from one plain JavaScript file is much faster than a TS loader.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile: path.join(root, 'apps/server/dist/main.mjs'),
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
