/** Runs the benchmarks named on the command line (all of them by default), one after another. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'lib.ts'].includes(f))
  .map((f) => f.replace(/\.ts$/, ''));
// Benchmarks measure what `npm start` runs, so build it first when stale.
// Its log goes to stderr: stdout carries only the benchmarks' JSON.
const built = spawnSync(process.execPath, [path.join(dir, '../scripts/ensure-build.mjs')], {
  stdio: ['inherit', process.stderr, 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);

const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`unknown benchmark "${name}" (have: ${all.join(', ')})`);
    process.exit(2);
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
