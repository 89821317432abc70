/**
 * One process at a time among those sharing a PostgreSQL database: a session-level advisory lock on one
 * dedicated connection, held while `work` runs (an embedded database has one process: no lock).
 */
import type { Database } from './client';

export async function withAdvisoryLock(database: Database, key: number, work: () => Promise<void>) {
  if (database.kind === 'pglite') return work();
  const connection = await database.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [key]);
    await work();
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    connection.release();
  }
}
