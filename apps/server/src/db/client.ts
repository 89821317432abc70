/**
 * The database: PGlite in-process under DATA_DIR/db by default, a PostgreSQL server when DATABASE_URL is
 * set. Both speak the same SQL, so the rest of the server sees one Drizzle database either way.
 * Each driver is loaded only when chosen, which keeps start-up short.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { StartupError, describeError } from '../lib/startup-error';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Something that runs parameterised SQL: the database itself or an open transaction. */
export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
};

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /** Runs raw SQL that may hold several statements (migrations, maintenance). */
  exec(sql: string): Promise<void>;
  /** Plain parameterised query returning rows, for the few places Drizzle does not fit. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls `onPayload` for each NOTIFY on `channel`, from any process; resolves to an unsubscribe. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
} & ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool });

/** The URL without its password, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}

/**
 * The embedded database's start parameters. PGlite's own default holds 160 MB of shared buffers in the
 * process's memory for good; a shop's database is small and its files sit in the system's page cache
 * anyway, so 16 MB is kept (docs/decisions/071). Given at start, not written in postgresql.conf: the
 * settings initdb wrote there (time zone, locale) stay.
 */
const pgliteSettings = (PGliteClass: typeof PGlite) => ({
  startParams: [...PGliteClass.defaultStartParams, '-c', 'shared_buffers=16MB'],
});

/**
 * A new embedded database, made (initdb) in a thread of its own. Creating it leaves about 500 MB in the
 * instance that made it: closed in this thread, they were let go only when a full garbage collection
 * came, which an idle server may never run (a first start then idled at over 800 MB, a second at 440).
 * A thread's memory goes with it when it ends.
 */
async function createPglite(dir: string, startParams: string[]): Promise<void> {
  const { Worker } = await import('node:worker_threads');
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(CREATE_IN_THREAD, { eval: true, workerData: { entry, dir, startParams } });
  // Made only when the thread says so: an exit without its word (a rejection a process setting let
  // pass, a thread with nothing left to wait on) is a failure, not a database.
  let created = false;
  let failed = '';
  worker.on('message', (message: 'created' | { failed: string }) =>
    message === 'created' ? (created = true) : (failed = message.failed),
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      created && code === 0
        ? resolve()
        : reject(new Error(`the database could not be created (${failed || `exit code ${code}`})`)),
    );
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error('the new database has no PG_VERSION');
}

/** The thread's script: `entry` is PGlite's module, resolved from here (a thread from a string has no base). */
const CREATE_IN_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.entry);
PGlite.create(workerData.dir, { startParams: workerData.startParams })
  .then((db) => db.close())
  .then(() => parentPort.postMessage('created'))
  .catch((error) => {
    // PGlite's file system errors carry a number, not a message.
    const failed = error?.message || (error?.errno !== undefined ? 'file system error ' + error.errno : String(error));
    parentPort.postMessage({ failed });
    process.exitCode = 1;
  });
`;

export async function openPglite(dir: string): Promise<Database> {
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  let client: PGlite;
  try {
    fs.mkdirSync(dir, { recursive: true });
    const settings = pgliteSettings(PGlite);
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await createPglite(dir, settings.startParams);
    client = await PGlite.create(dir, settings);
  } catch (error) {
    throw new StartupError(`Cannot open the embedded database in ${dir}: ${describeError(error)}`, {
      cause: error,
    });
  }
  return {
    kind: 'pglite',
    client,
    db: drizzle(client, { schema }) as unknown as Db,
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    transaction: (work) =>
      client.transaction((tx) =>
        work({ query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows }),
      ),
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StartupError(
      `Cannot reach the database at ${redactDatabaseUrl(url)}: ${describeError(error)}`,
      {
        cause: error,
      },
    );
  }
  return {
    kind: 'postgres',
    client: pool,
    db: drizzle(pool, { schema }) as unknown as Db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work({
          query: async <T>(sql: string, params?: unknown[]) =>
            (await connection.query(sql, params)).rows as T[],
        });
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
    listen: (channel, onPayload) => listenOnPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own that stays open. When it drops (server restart), it reconnects
 * with a growing delay, so notifications resume without the caller noticing.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let stopped = false;
  let client: pg.Client | undefined;
  let delay = 250;
  const quoted = `"${channel.replaceAll('"', '""')}"`;
  const retry = () => {
    if (stopped) return;
    delay = Math.min(delay * 2, 10_000);
    setTimeout(() => void connect().catch(retry), delay);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      void next.end().catch(() => {});
      retry();
    });
    await next.connect();
    await next.query(`listen ${quoted}`);
    delay = 250;
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'db'));
}
