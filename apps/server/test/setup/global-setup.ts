/**
 * Builds one migrated template database per test run; every test file then gets its own copy of it
 * (a directory copy for PGlite, CREATE DATABASE ... TEMPLATE for PostgreSQL), which is far faster than
 * creating and migrating a database per file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteTemplateDir: string;
    postgresUrl: string;
    postgresTemplate: string;
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const kind = project.config.provide.dbKind;
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres integration project');
    const template = `vitrine_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openPostgres(withDatabase(adminUrl, template));
    await migrateDatabase(database);
    await database.close();
    project.provide('postgresUrl', adminUrl);
    project.provide('postgresTemplate', template);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [template, `${template}\\_f%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }

  const dir = await migratedPgliteDirectory('vitrine-template-');
  project.provide('pgliteTemplateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** A new PGlite directory under the system's temporary one, migrated to the latest schema. */
export async function migratedPgliteDirectory(prefix: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = await openPglite(dir);
  await migrateDatabase(database);
  await database.close();
  return dir;
}
