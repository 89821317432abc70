/**
 * One migrated embedded database for the run: each app under test starts on a copy of it. Creating
 * and migrating a new one takes the server about three times as long as opening a copy, and the tests
 * start an app per file.
 */
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDirectory } from '../apps/server/test/setup/global-setup';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** A migrated PGlite directory, copied as DATA_DIR/db for an app that starts on new data. */
    e2eDatabaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await migratedPgliteDirectory('vitrine-e2e-template-');
  project.provide('e2eDatabaseTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
