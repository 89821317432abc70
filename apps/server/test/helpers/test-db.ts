/** A fresh database for one test file, on the engine the current project targets. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client';

export type TestDatabase = Database & { url?: string; dispose(): Promise<void> };

export const dbKind = () => inject('dbKind');

/** A new PostgreSQL database beside the run's template (dropped with it), a copy of it or empty. */
async function postgresDatabase(copyTemplate: boolean): Promise<TestDatabase> {
  const adminUrl = inject('postgresUrl');
  const template = inject('postgresTemplate');
  const name = `${template}_f${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${copyTemplate ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 5 });
  return Object.assign(database, {
    url: url.toString(),
    async dispose() {
      await database.close().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  });
}

/** A new PGlite directory, a copy of the run's migrated template or empty. */
async function pgliteDatabase(copyTemplate: boolean): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-db-'));
  if (copyTemplate) fs.cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const database = await openPglite(dir);
  return Object.assign(database, {
    async dispose() {
      await database.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** Migrated, and empty of rows. */
export function createTestDatabase(): Promise<TestDatabase> {
  return inject('dbKind') === 'postgres' ? postgresDatabase(true) : pgliteDatabase(true);
}

/** Never migrated: what a restore starts from. */
export function createEmptyDatabase(): Promise<TestDatabase> {
  return inject('dbKind') === 'postgres' ? postgresDatabase(false) : pgliteDatabase(false);
}
