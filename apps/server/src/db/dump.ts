/**
 * The SQL of backups (docs/decisions/067): the tables worth keeping in the order their foreign keys
 * allow, their rows read as JSON inside one snapshot and written back through the same JSON conversion,
 * and how far the migrations went. Rows go out as `to_jsonb` of the row and come back through
 * `jsonb_populate_recordset`, so every value (timestamps to the microsecond, jsonb, uuids) is read and
 * written by PostgreSQL itself, the same on PGlite and on a server.
 */
import fs from 'node:fs';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';
import * as schema from './schema';
import { MIGRATIONS_DIR } from '../lib/paths';

/** Counters, heartbeats and claims in flight that mean nothing on another instance or a day later. */
export const TRANSIENT_TABLES: readonly string[] = ['rate_limits', 'worker_heartbeats', 'cutout_claims'];

/** Every table of the schema but the transient ones, each after the tables it refers to. */
export function backedUpTables(): string[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const refersTo = new Map(
    tables.map((table) => {
      const config = getTableConfig(table);
      const targets = config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name);
      return [config.name, targets.filter((name) => name !== config.name)];
    }),
  );
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    for (const target of refersTo.get(name) ?? []) visit(target);
    ordered.push(name);
  };
  for (const name of [...refersTo.keys()].sort()) visit(name);
  return ordered.filter((name) => !TRANSIENT_TABLES.includes(name));
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A table or column name, checked and quoted: names read from an archive are never trusted. */
export function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`${JSON.stringify(name)} is not a table or column name`);
  return `"${name}"`;
}

// ---- Migrations ------------------------------------------------------------------------------

type JournalEntry = { idx: number; when: number; tag: string };

export function migrationJournal(folder = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** How many of the committed migrations the database has had (drizzle keeps the time of the last). */
export type MigrationLevel = { count: number; last: string | null };

/**
 * The database's level, or 'newer' when it was migrated by a later version than this one. Drizzle
 * applies every migration whose time is after the last one recorded, so the level is the number of
 * migrations up to that time.
 */
export async function migrationLevel(db: Queryable): Promise<MigrationLevel | 'newer'> {
  const [found] = await db.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!found?.present) return { count: 0, last: null };
  const [row] = await db.query<{ last: string | null }>(
    `select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  if (row?.last == null) return { count: 0, last: null };
  const last = Number(row.last);
  const journal = migrationJournal();
  if (journal.length > 0 && last > journal[journal.length - 1]!.when) return 'newer';
  const applied = journal.filter((entry) => entry.when <= last);
  return { count: applied.length, last: applied[applied.length - 1]?.tag ?? null };
}

/** A migrations folder holding only the first `count` committed migrations, in a fresh directory. */
export function migrationsUpTo(count: number, dir: string): string {
  const entries = migrationJournal().slice(0, count);
  fs.mkdirSync(`${dir}/meta`, { recursive: true });
  const journal = JSON.parse(fs.readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as object;
  fs.writeFileSync(`${dir}/meta/_journal.json`, JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(`${MIGRATIONS_DIR}/${entry.tag}.sql`, `${dir}/${entry.tag}.sql`);
  return dir;
}

// ---- Reading -------------------------------------------------------------------------------

/** The rest of the transaction reads one snapshot: rows added meanwhile by a running server are not in it. */
export async function beginSnapshot(tx: Queryable): Promise<void> {
  await tx.query('set transaction isolation level repeatable read, read only');
}

/** The table's columns in their order, or none when it does not exist. */
export async function tableColumns(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/** The table's rows as JSON text, a batch at a time, through a cursor (inside a transaction). */
export async function* tableRows(tx: Queryable, table: string, batch = 500): AsyncGenerator<string[]> {
  await tx.query(
    `declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${quoted(table)} t`,
  );
  try {
    for (;;) {
      const rows = await tx.query<{ row: string }>(`fetch forward ${batch} from backup_rows`);
      if (rows.length === 0) return;
      yield rows.map((r) => r.row);
    }
  } finally {
    await tx.query('close backup_rows');
  }
}

// ---- Writing -------------------------------------------------------------------------------

/** The tables among `tables` that hold at least one row (a restore goes only into empty ones). */
export async function tablesWithRows(db: Queryable, tables: string[]): Promise<string[]> {
  const filled: string[] = [];
  for (const table of tables) {
    if ((await tableColumns(db, table)).length === 0) continue;
    const [row] = await db.query<{ any: boolean }>(`select exists (select 1 from ${quoted(table)}) as any`);
    if (row?.any) filled.push(table);
  }
  return filled;
}

/** Inserts rows (JSON objects as text) into the named columns, converted by the table's own types. */
export async function insertRows(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: string[],
): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.map(quoted).join(', ');
  await tx.query(
    `insert into ${quoted(table)} (${list})
     select ${list} from jsonb_populate_recordset(null::${quoted(table)}, $1::jsonb)`,
    [`[${rows.join(',')}]`],
  );
}

/** Columns whose default draws from a sequence: a restore would have to move the sequence on. */
export async function sequenceColumns(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select table_name || '.' || column_name as name from information_schema.columns
     where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
  );
  return rows.map((row) => row.name);
}
