/**
 * `npm install`'s last step: puts the cut-out model in place (packages/engine/src/cli/cutout-model.ts,
 * docs/decisions/034). Plain JavaScript, so nothing it needs can be missing: whatever happens to the
 * command (TypeScript loader absent, no registry, a folder it cannot write), the install succeeds, and a
 * warning says how to try again. Arguments are passed on (tests use `--out` and `--from`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'packages/engine/src/cli/cutout-model.ts', '--install', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
if (run.status !== 0) {
  const why = run.error ? String(run.error) : run.signal ? `signal ${run.signal}` : `exit code ${run.status}`;
  console.warn(
    `Vitrine: the cut-out model was not installed (${why}). The engine cuts products out with its own ` +
      'segmentation until `npm run cutout-model` succeeds.',
  );
}
