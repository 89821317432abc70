/**
 * Where the repository's files are, found by walking up from this module. The same answer whether the
 * server runs from its TypeScript sources or from the bundle in apps/server/dist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findUp(from: string, isRoot: (dir: string) => boolean): string {
  let dir = from;
  for (;;) {
    if (isRoot(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Vitrine repository above ${from}`);
    dir = parent;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const SERVER_ROOT = findUp(here, (dir) => {
  const pkg = path.join(dir, 'package.json');
  return (
    fs.existsSync(pkg) &&
    (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === '@vitrine/server'
  );
});
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
export const DEFAULT_WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
