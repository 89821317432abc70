/**
 * Every statement on rate_limits: fixed-window counters kept in the database, so they hold across
 * processes and restarts. Each is one atomic statement.
 */
import type { Queryable } from '../../db/client';
import type { rateLimits } from '../../db/schema';

export type Counter = Pick<typeof rateLimits.$inferSelect, 'count' | 'windowStart'>;

/**
 * Counts `amount` (one by default) under `key`: the window restarts when `windowSeconds` have passed,
 * else the count goes up.
 */
export async function count(
  db: Queryable,
  key: string,
  windowSeconds: number,
  amount = 1,
): Promise<Counter | undefined> {
  const [row] = await db.query<Counter>(
    `insert into rate_limits (key, window_start, count) values ($1, now(), $3::int)
     on conflict (key) do update set
       count = case when rate_limits.window_start <= now() - make_interval(secs => $2) then $3::int
                    else rate_limits.count + $3::int end,
       window_start = case when rate_limits.window_start <= now() - make_interval(secs => $2) then now()
                           else rate_limits.window_start end
     returning count, window_start as "windowStart"`,
    [key, windowSeconds, amount],
  );
  return row;
}

/** Takes `amount` back from the count under `key` (never below 0), in whatever window it is. */
export async function refund(db: Queryable, key: string, amount: number): Promise<void> {
  await db.query(`update rate_limits set count = greatest(0, count - $2::int) where key = $1`, [key, amount]);
}

/** The count under `key` if its window started less than `windowSeconds` ago. */
export async function freshCount(
  db: Queryable,
  key: string,
  windowSeconds: number,
): Promise<Counter | undefined> {
  const [row] = await db.query<Counter>(
    `select count, window_start as "windowStart" from rate_limits
     where key = $1 and window_start > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  return row;
}

/** How many keys starting with `prefix` have a window younger than `windowSeconds`. */
export async function countFreshWithPrefix(
  db: Queryable,
  prefix: string,
  windowSeconds: number,
): Promise<number> {
  const likePrefix = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [row] = await db.query<{ matching: number | string }>(
    `select count(*) as matching from rate_limits
     where key like $1 escape '\\' and window_start > now() - make_interval(secs => $2)`,
    [likePrefix, windowSeconds],
  );
  return Number(row?.matching ?? 0);
}

/**
 * One more in flight under `key` (the count restarts when untouched for `staleSeconds`, as a process
 * that died leaves it); answers the count with this one.
 */
export async function enter(db: Queryable, key: string, staleSeconds: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start <= now() - make_interval(secs => $2) then 1
                    else rate_limits.count + 1 end,
       window_start = now()
     returning count`,
    [key, staleSeconds],
  );
  return Number(row?.count ?? 1);
}

/** One fewer in flight under `key`. */
export async function leave(db: Queryable, key: string): Promise<void> {
  await db.query(`update rate_limits set count = greatest(count - 1, 0) where key = $1`, [key]);
}

/** Claims `key` if it was not claimed in the last `everySeconds`; false when it was. */
export async function claim(db: Queryable, key: string, everySeconds: number): Promise<boolean> {
  const claimed = await db.query(
    `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set window_start = now(), count = rate_limits.count + 1
       where rate_limits.window_start <= now() - make_interval(secs => $2)
     returning key`,
    [key, everySeconds],
  );
  return claimed.length > 0;
}

export async function remove(db: Queryable, keys: string[]): Promise<void> {
  await db.query(`delete from rate_limits where key = any($1::text[])`, [keys]);
}

/** Deletes the counters whose window started before `now` (SQL timestamptz) minus `interval`. */
export async function deleteOlderThan(db: Queryable, now: string, interval: string): Promise<number> {
  const counters = await db.query<{ key: string }>(
    'delete from rate_limits where window_start < $1::timestamptz - $2::interval returning key',
    [now, interval],
  );
  return counters.length;
}
