import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** The product version, from the root package.json. */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
