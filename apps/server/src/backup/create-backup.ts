/**
 * `npm run backup`: the database (one snapshot, as JSON lines per table), every stored file and the
 * auth secret kept in DATA_DIR, in one tar archive (gzip-compressed when its name ends in .gz or .tgz)
 * whose last entry is the manifest. The archive appears whole under its name or not at all.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import {
  backedUpTables,
  beginSnapshot,
  migrationJournal,
  migrationLevel,
  tableColumns,
  tableRows,
} from '../db/dump';
import { readAll } from '../modules/storage/storage';
import { writeTar, type TarSource } from '../lib/tar';
import {
  AUTH_SECRET_ENTRY,
  BACKUP_FORMAT,
  MANIFEST_NAME,
  fileEntry,
  tableEntry,
  type Manifest,
} from './manifest';
import { AUTH_SECRET_FILE, BackupError, type Instance } from './instance';

export type BackupSummary = { tables: number; rows: number; files: number; bytes: number };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type DumpedTable = Manifest['tables'][number] & { file: string };

/** Each table's rows into a JSON-lines file of `dir`, all read in one snapshot of the database. */
async function dumpTables(instance: Instance, dir: string): Promise<DumpedTable[]> {
  return instance.database.transaction(async (tx) => {
    await beginSnapshot(tx);
    const dumped: DumpedTable[] = [];
    for (const name of backedUpTables()) {
      const columns = await tableColumns(tx, name);
      if (columns.length === 0) throw new BackupError(`the database has no table ${name}`);
      const file = path.join(dir, `${name}.jsonl`);
      const out = await fs.open(file, 'wx', 0o600);
      const hash = createHash('sha256');
      let rows = 0;
      let size = 0;
      try {
        for await (const batch of tableRows(tx, name)) {
          const bytes = Buffer.from(batch.map((row) => `${row}\n`).join(''), 'utf8');
          hash.update(bytes);
          await out.write(bytes);
          rows += batch.length;
          size += bytes.length;
        }
      } finally {
        await out.close();
      }
      dumped.push({ name, columns, rows, size, sha256: hash.digest('hex'), file });
    }
    return dumped;
  });
}

async function readSecret(instance: Instance): Promise<Buffer | undefined> {
  if (instance.authSecretConfigured) return undefined;
  try {
    return await fs.readFile(path.join(instance.dataDir, AUTH_SECRET_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file's bytes, or undefined when it was deleted since it was listed (the server kept running). */
async function readStored(instance: Instance, key: string): Promise<Buffer | undefined> {
  try {
    return await readAll(instance.storage, key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function createBackup(
  instance: Instance,
  outFile: string,
  app: { version: string; now?: Date },
): Promise<BackupSummary> {
  const level = await migrationLevel(instance.database);
  const latest = migrationJournal().length;
  if (level === 'newer')
    throw new BackupError('the database was migrated by a newer Vitrine: back it up with that version');
  if (level.count === 0) throw new BackupError('there is no Vitrine database here (it was never started)');
  if (level.count !== latest) {
    throw new BackupError(
      `the database is at migration ${level.count} of ${latest}: start this version of Vitrine once so that it migrates, then back up`,
    );
  }
  const migrations = level;
  const list = instance.storage.list?.bind(instance.storage);
  if (!list) throw new BackupError(`the ${instance.storageKind} storage cannot list its files`);
  if (
    await fs.access(outFile).then(
      () => true,
      () => false,
    )
  )
    throw new BackupError(`${outFile} already exists: give the backup a new name`);

  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-backup-'));
  const partial = `${outFile}.partial`;
  try {
    const tables = await dumpTables(instance, work);
    const keys: string[] = [];
    for await (const key of list()) keys.push(key);
    keys.sort();
    const secret = await readSecret(instance);
    const files: Manifest['files'] = [];
    let bytes = 0;

    async function* entries(): AsyncGenerator<TarSource> {
      for (const table of tables)
        yield { name: tableEntry(table.name), size: table.size, body: createReadStream(table.file) };
      for (const key of keys) {
        const body = await readStored(instance, key);
        if (!body) continue;
        files.push({ key, size: body.length, sha256: sha256(body) });
        bytes += body.length;
        yield { name: fileEntry(key), size: body.length, body };
      }
      if (secret) yield { name: AUTH_SECRET_ENTRY, size: secret.length, body: secret };
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        app: { name: 'vitrine', version: app.version },
        createdAt: (app.now ?? new Date()).toISOString(),
        source: { database: instance.database.kind, storage: instance.storageKind },
        migrations,
        authSecret: secret ? 'archived' : 'environment',
        tables: tables.map(({ file: _file, ...table }) => table),
        fileCount: files.length,
        files,
        secret: secret ? { size: secret.length, sha256: sha256(secret) } : null,
      };
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
      yield { name: MANIFEST_NAME, size: text.length, body: text };
    }

    const archive = Readable.from(writeTar(entries()));
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    if (/\.t?gz$/i.test(outFile)) await pipeline(archive, createGzip(), out);
    else await pipeline(archive, out);
    await fs.rename(partial, outFile);
    return {
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      files: files.length,
      bytes,
    };
  } finally {
    await fs.rm(partial, { force: true });
    await fs.rm(work, { recursive: true, force: true });
  }
}
