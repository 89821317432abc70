/** Applies the committed migrations in src/db/migrations; runs at every start and is a no-op when current. */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_240_311;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.client), { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // Several processes may start at once against one server: a session-level advisory lock on one
  // dedicated connection lets exactly one of them migrate while the others wait.
  const connection: pg.PoolClient = await database.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(connection), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}
