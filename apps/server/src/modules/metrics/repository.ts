/**
 * What the metrics read of the job queue: pg-boss's own tables (schema pgboss), read only. Every queue
 * of ours pg-boss knows is listed, with zeros when nothing is in it, so a gauge falls back to 0 instead
 * of keeping its last value; pg-boss's own (`__pgboss__send-it`, which holds the next scheduled sends)
 * are left out.
 */
import type { Queryable } from '../../db/client';

export type QueueCounts = {
  queue: string;
  /** Created or to be retried, whether or not its time to start has come. */
  waiting: number;
  active: number;
  /** Age of the oldest job whose time to start has come and that no worker has taken (0 when none). */
  oldestWaitSeconds: number;
};

export async function queueCounts(db: Queryable): Promise<QueueCounts[]> {
  return db.query<QueueCounts>(
    `select q.name as queue,
       count(j.id) filter (where j.state < 'active')::int as waiting,
       count(j.id) filter (where j.state = 'active')::int as active,
       coalesce(extract(epoch from now() - min(j.start_after)
         filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as "oldestWaitSeconds"
     from pgboss.queue q
     left join pgboss.job j on j.name = q.name and j.state <= 'active'
     where not starts_with(q.name, '__pgboss__')
     group by q.name
     order by q.name`,
  );
}
