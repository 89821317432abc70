// Builds what `npm start` runs when it is missing or older than its sources: the web app (Vite) and
// the server bundle (esbuild). Usage: node scripts/ensure-build.mjs [web] [server] (both by default).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['packages/shared/src', 'package-lock.json'];
const targets = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/catalog-parts.ts',
      'apps/web/scripts',
      'apps/web/package.json',
      ...shared,
    ],
    command: ['npm', ['run', 'build:web']],
  },
  server: {
    output: 'apps/server/dist/main.mjs',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/engine/src',
      'scripts/build-server.mjs',
      ...shared,
    ],
    command: [process.execPath, ['scripts/build-server.mjs']],
  },
};

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(targets);
for (const name of wanted) {
  const target = targets[name];
  if (!target) throw new Error(`unknown build target ${name}`);
  const output = path.join(root, target.output);
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const sourcesAt = Math.max(...target.sources.map((p) => newestMtime(path.join(root, p))));
  if (builtAt >= sourcesAt) continue;
  console.log(builtAt ? `Sources of the ${name} changed: rebuilding…` : `Building the ${name}…`);
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
