/** Every statement on worker_heartbeats: each worker process says it is alive, the status page reads it. */
import type { Queryable } from '../../db/client';

/** The worker says it is alive now; processes silent for a day (each start is a new name) are dropped. */
export async function beat(db: Queryable, worker: string): Promise<void> {
  await db.query(
    `insert into worker_heartbeats (worker, beat_at) values ($1, now())
     on conflict (worker) do update set beat_at = now()`,
    [worker],
  );
  await db.query(`delete from worker_heartbeats where beat_at < now() - interval '1 day'`);
}

/** True when no worker has said it is alive for `seconds` (or none ever has). */
export async function workersSilent(db: Queryable, seconds: number): Promise<boolean> {
  const [worker] = await db.query<{ silent: boolean }>(
    `select coalesce(max(beat_at) < now() - make_interval(secs => $1), true) as silent
     from worker_heartbeats`,
    [seconds],
  );
  return worker?.silent !== false;
}

/** How many workers have said they are alive in the last `seconds`. */
export async function countAlive(db: Queryable, seconds: number): Promise<number> {
  const [row] = await db.query<{ alive: number }>(
    `select count(*)::int as alive from worker_heartbeats
     where beat_at >= now() - make_interval(secs => $1)`,
    [seconds],
  );
  return row?.alive ?? 0;
}
