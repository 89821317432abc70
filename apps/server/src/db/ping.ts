/** One round trip to the database: it answers, or this throws. */
import type { Queryable } from './client';

export async function ping(db: Queryable): Promise<void> {
  await db.query('select 1 as ok');
}
