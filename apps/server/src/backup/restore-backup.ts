/**
 * `npm run restore`: a backup archive into an empty instance. The archive is checked whole first; the
 * target must hold no data and no file. The database is migrated to the archive's level, its rows and
 * files are written in one transaction (files written before a failure are removed), then the newer
 * migrations run and the generations the backup caught half-way are failed with their credit given back.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import {
  backedUpTables,
  insertRows,
  migrationJournal,
  migrationLevel,
  migrationsUpTo,
  tableColumns,
  tablesWithRows,
} from '../db/dump';
import type { Queryable } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { sweepGenerations } from '../jobs/handlers/generation-sweeper';
import type { TarEntry } from '../lib/tar';
import { AUTH_SECRET_ENTRY, ArchiveError, MANIFEST_NAME, type Manifest } from './manifest';
import { archiveEntries, verifyArchive } from './verify-archive';
import { AUTH_SECRET_FILE, BackupError, type Instance } from './instance';

export type RestoreSummary = {
  tables: number;
  rows: number;
  files: number;
  /** Generations that were running when the backup was made, failed with their credit given back. */
  interrupted: number;
  /**
   * The auth secret: written into DATA_DIR from the archive; the archive's left aside because AUTH_SECRET
   * is set here; or none archived, the backed-up instance having used AUTH_SECRET.
   */
  secret: 'restored' | 'skipped' | 'environment';
};

const ROWS_PER_INSERT = 500;

/** Refuses a target that already holds data, or was migrated past the archive. */
async function checkTarget(instance: Instance, manifest: Manifest): Promise<void> {
  const known = migrationJournal().length;
  if (manifest.migrations.count > known) {
    throw new BackupError(
      `the archive's database is at migration ${manifest.migrations.count}, this version knows ${known}: restore it with Vitrine ${manifest.app.version} or later`,
    );
  }
  const tables = [...new Set([...backedUpTables(), ...manifest.tables.map((table) => table.name)])];
  const filled = await tablesWithRows(instance.database, tables);
  if (filled.length > 0) {
    throw new BackupError(
      `the target database is not empty (${filled.join(', ')} hold rows): restore into an empty database or DATA_DIR`,
    );
  }
  const level = await migrationLevel(instance.database);
  if (level === 'newer' || level.count > manifest.migrations.count) {
    throw new BackupError(
      'the target database was migrated by a later version than the archive: restore into a database that was never started',
    );
  }
  if (!instance.storage.list)
    throw new BackupError(`the ${instance.storageKind} storage cannot list its files to show it is empty`);
  for await (const key of instance.storage.list()) {
    throw new BackupError(`the target storage is not empty (it holds ${key}): restore into empty storage`);
  }
}

/** Complete lines of an entry, a batch at a time. */
async function* lineBatches(entry: TarEntry): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let batch: string[] = [];
  for await (const chunk of entry.chunks()) {
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      batch.push(line);
      if (batch.length === ROWS_PER_INSERT) {
        yield batch;
        batch = [];
      }
    }
  }
  rest += decoder.end();
  if (rest !== '') batch.push(rest);
  if (batch.length) yield batch;
}

/** The entry's bytes as they pass, checked against the manifest once they have all passed. */
function checked(entry: TarEntry, want: { sha256: string }): TarEntry {
  return {
    ...entry,
    async *chunks() {
      const hash = createHash('sha256');
      for await (const chunk of entry.chunks()) {
        hash.update(chunk);
        yield chunk;
      }
      if (hash.digest('hex') !== want.sha256)
        throw new ArchiveError(`it changed while it was restored (${entry.name})`);
    },
  };
}

type Written = { rows: number; files: string[]; secret?: Buffer };

async function writeEntries(
  tx: Queryable,
  instance: Instance,
  file: string,
  manifest: Manifest,
  written: Written,
): Promise<void> {
  const tables = new Map(manifest.tables.map((table) => [`db/${table.name}.jsonl`, table]));
  const files = new Map(manifest.files.map((stored) => [`files/${stored.key}`, stored]));
  for await (const raw of archiveEntries(file)) {
    const table = tables.get(raw.name);
    const stored = files.get(raw.name);
    if (table) {
      const present = new Set(await tableColumns(tx, table.name));
      const missing = table.columns.filter((column) => !present.has(column));
      if (missing.length > 0)
        throw new ArchiveError(
          `its table ${table.name} has columns this database lacks (${missing.join(', ')})`,
        );
      for await (const rows of lineBatches(checked(raw, table))) {
        await insertRows(tx, table.name, table.columns, rows);
        written.rows += rows.length;
      }
    } else if (stored) {
      await instance.storage.put(stored.key, Readable.from(checked(raw, stored).chunks()));
      written.files.push(stored.key);
    } else if (raw.name === AUTH_SECRET_ENTRY && manifest.secret) {
      const parts: Buffer[] = [];
      for await (const chunk of checked(raw, manifest.secret).chunks()) parts.push(chunk);
      written.secret = Buffer.concat(parts);
    } else if (raw.name !== MANIFEST_NAME) {
      throw new ArchiveError(`it changed while it was restored (${raw.name})`);
    }
  }
}

function writeSecret(instance: Instance, secret: Buffer): void {
  fs.mkdirSync(instance.dataDir, { recursive: true, mode: 0o700 });
  const target = path.join(instance.dataDir, AUTH_SECRET_FILE);
  const temporary = `${target}.${process.pid}.restore`;
  fs.writeFileSync(temporary, secret, { mode: 0o600 });
  fs.renameSync(temporary, target);
}

export async function restoreBackup(instance: Instance, file: string): Promise<RestoreSummary> {
  const manifest = await verifyArchive(file);
  await checkTarget(instance, manifest);

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-restore-'));
  try {
    await migrateDatabase(instance.database, migrationsUpTo(manifest.migrations.count, folder));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  const written: Written = { rows: 0, files: [] };
  try {
    await instance.database.transaction((tx) => writeEntries(tx, instance, file, manifest, written));
  } catch (error) {
    await Promise.all(written.files.map((key) => instance.storage.remove(key).catch(() => {})));
    throw error;
  }
  const secret = !written.secret ? 'environment' : instance.authSecretConfigured ? 'skipped' : 'restored';
  if (written.secret && secret === 'restored') writeSecret(instance, written.secret);
  await migrateDatabase(instance.database);
  const { failed } = await sweepGenerations(instance, 0);
  return {
    tables: manifest.tables.length,
    rows: written.rows,
    files: written.files.length,
    interrupted: failed,
    secret,
  };
}
