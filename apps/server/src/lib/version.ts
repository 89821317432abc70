import fs from 'node:fs';

/** The product version, from the root package.json. */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
