/**
 * Applies the committed migrations in src/db/migrations; runs at every start and is a no-op when current.
 * A restore first migrates to its archive's level from a folder holding only those (db/dump.ts).
 */
import type pg from 'pg';
import type { Database } from './client';
import { MIGRATIONS_DIR } from '../lib/paths';

// Any fixed number works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_240_311;

export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite') {
    const [{ migrate }, { drizzle }] = await Promise.all([
      import('drizzle-orm/pglite/migrator'),
      import('drizzle-orm/pglite'),
    ]);
    await migrate(drizzle(database.client), { migrationsFolder });
    return;
  }
  // Several processes may start at once against one server: a session-level advisory lock on one
  // dedicated connection lets exactly one of them migrate while the others wait.
  const [{ migrate }, { drizzle }] = await Promise.all([
    import('drizzle-orm/node-postgres/migrator'),
    import('drizzle-orm/node-postgres'),
  ]);
  const connection: pg.PoolClient = await database.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(connection), { migrationsFolder });
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}
