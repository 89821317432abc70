/**
 * pg-boss's connection to the application's own database (jobs/queue.ts): its statements go through
 * our client, whichever database it is, or through the caller's transaction.
 */
import type PgBoss from 'pg-boss';
import type { Database, Queryable } from './client';

/** pg-boss talks to our connection, whichever database it is. */
export function queueConnection(database: Database): PgBoss.Db {
  if (database.kind === 'pglite') {
    const client = database.client;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        // pg-boss sends its schema and maintenance SQL as several statements in one text; only the
        // simple-query path (exec) accepts that. Its answer is the last statement's rows.
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  const pool = database.client;
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** pg-boss's statements run on the caller's transaction. */
export const queueConnectionIn = (tx: Queryable): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: await tx.query(text, values) }),
});
