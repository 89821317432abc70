/**
 * What a restore refuses (docs/decisions/067), each time before it writes anything: a target holding
 * data or files, a damaged archive, an archive from a newer version. The auth secret kept in DATA_DIR
 * travels with the archive. And the two commands as an operator runs them, with their exit codes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../src/backup/create-backup';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { restoreBackup } from '../src/backup/restore-backup';
import { migrationJournal, migrationLevel, sequenceColumns } from '../src/db/dump';
import { lockDataDir } from '../src/lib/data-dir';
import { readAll } from '../src/modules/storage/storage';
import {
  archivePath,
  emptyInstance,
  instanceOf,
  rewriteManifest,
  runCli,
  tableContents,
} from './helpers/backup';
import { signedInUser, uploaded } from './helpers/factories';
import { productJpeg } from './helpers/generations';
import { dbKind } from './helpers/test-db';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
let archive: string;
let uploadKey: string;
const targets: { dispose(): Promise<void> }[] = [];

async function target(authSecretConfigured = true) {
  const made = await emptyInstance(authSecretConfigured);
  targets.push(made);
  return made;
}

/** The target was left as it was: never migrated, no file. */
async function untouched(made: Awaited<ReturnType<typeof target>>, files: string[] = []) {
  expect(await migrationLevel(made.database)).toEqual({ count: 0, last: null });
  const keys: string[] = [];
  for await (const key of made.storage.list!()) keys.push(key);
  expect(keys).toEqual(files);
}

beforeAll(async () => {
  const user = await signedInUser(t.app, 'dora.backup@example.test');
  await uploaded(t.app, user.cookie, { name: 'bouteille.jpg', bytes: await productJpeg() });
  for await (const key of instanceOf(t).storage.list!()) uploadKey = key;
  archive = archivePath('plain.tar');
  await createBackup(instanceOf(t), archive, { version: 'test' });
});

afterAll(async () => {
  for (const made of targets) await made.dispose();
});

describe('a restore goes only into an empty instance', () => {
  it('refuses a database that holds rows, and leaves them as they were', async () => {
    const made = await target();
    await restoreBackup(made, archive);
    const before = await tableContents(made.database, 'users');
    await expect(restoreBackup(made, archive)).rejects.toThrow(/target database is not empty \(users, /);
    expect(await tableContents(made.database, 'users')).toEqual(before);
  });

  it('refuses storage that holds a file, before migrating the database', async () => {
    const made = await target();
    await made.storage.put('someone/left.jpg', Readable.from([Buffer.from('x')]));
    await expect(restoreBackup(made, archive)).rejects.toThrow(
      'the target storage is not empty (it holds someone/left.jpg)',
    );
    await untouched(made, ['someone/left.jpg']);
  });
});

describe('a restore checks the whole archive before it writes anything', () => {
  it('refuses an archive with one byte of one image changed', async () => {
    const bytes = fs.readFileSync(archive);
    const image = await readAll(instanceOf(t).storage, uploadKey);
    const at = bytes.indexOf(image.subarray(1000, 1064));
    expect(at).toBeGreaterThan(0);
    bytes[at] = bytes[at]! ^ 0xff;
    const damaged = archivePath('damaged.tar');
    fs.writeFileSync(damaged, bytes);
    const made = await target();
    await expect(restoreBackup(made, damaged)).rejects.toThrow(
      `it is damaged: files/${uploadKey} does not match its checksum`,
    );
    await untouched(made);
  });

  it('refuses an archive cut short, or that is no backup', async () => {
    const cut = archivePath('cut.tar');
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, 5000));
    const made = await target();
    await expect(restoreBackup(made, cut)).rejects.toThrow(/it is damaged: the archive ends in the middle/);
    // Cut inside the image's bytes rather than in a header.
    const inImage = archivePath('cut-in-image.tar');
    const image = await readAll(instanceOf(t).storage, uploadKey);
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(inImage, bytes.subarray(0, bytes.indexOf(image.subarray(1000, 1064))));
    await expect(restoreBackup(made, inImage)).rejects.toThrow(
      `it is damaged: the archive ends in the middle of files/${uploadKey}`,
    );
    const cutGzip = archivePath('cut.tar.gz');
    fs.writeFileSync(cutGzip, gzipSync(fs.readFileSync(archive)).subarray(0, 5000));
    await expect(restoreBackup(made, cutGzip)).rejects.toThrow(
      'it is damaged: its compressed data is corrupt or cut short',
    );
    const other = archivePath('other.tar');
    fs.writeFileSync(other, Buffer.alloc(1024));
    await expect(restoreBackup(made, other)).rejects.toThrow(
      'it has no manifest: it is not a Vitrine backup',
    );
    await untouched(made);
  });

  it('refuses an archive of a newer format, or of a database migrated further than this version knows', async () => {
    const made = await target();
    const newer = await rewriteManifest(archive, (manifest) => (manifest.format = 2));
    await expect(restoreBackup(made, newer)).rejects.toThrow(
      /made by a newer Vitrine \(archive format 2; this version reads up to 1\)/,
    );
    const further = await rewriteManifest(archive, (manifest) => {
      manifest.migrations = { count: 999, last: '0999_future' };
    });
    await expect(restoreBackup(made, further)).rejects.toThrow(/at migration 999, this version knows/);
    await untouched(made);
  });

  it('refuses a manifest naming a table or a file our backups could not have written', async () => {
    const made = await target();
    const table = await rewriteManifest(archive, (manifest) => {
      (manifest.tables as { name: string }[])[0]!.name = 'users; drop table users';
    });
    await expect(restoreBackup(made, table)).rejects.toThrow(/its manifest is malformed \(tables\.0\.name: /);
    const file = await rewriteManifest(archive, (manifest) => {
      (manifest.files as { key: string }[])[0]!.key = '../../etc/passwd';
    });
    await expect(restoreBackup(made, file)).rejects.toThrow(/its manifest is malformed \(files\.0\.key: /);
    await untouched(made);
  });

  it('needs no sequence moved on: no table keys its rows on a sequence', async () => {
    expect(await sequenceColumns(t.database)).toEqual([]);
  });
});

describe('an archive made by an earlier version', () => {
  it('is restored at its own migration level, then migrated to this version', async () => {
    const journal = migrationJournal();
    // The newest migration only adds files_to_remove: without that table, the archive is what the
    // version before it made. (A newer migration needs this test to pretend in its own way.)
    expect(journal.at(-1)!.tag, 'the migration this test leaves out').toBe('0022_files_to_remove');
    const older = await rewriteManifest(
      archive,
      (manifest) => {
        manifest.migrations = { count: journal.length - 1, last: journal.at(-2)!.tag };
        manifest.tables = (manifest.tables as { name: string }[]).filter(
          (table) => table.name !== 'files_to_remove',
        );
      },
      ['db/files_to_remove.jsonl'],
    );
    const made = await target();
    await restoreBackup(made, older);
    expect(await migrationLevel(made.database)).toEqual({
      count: journal.length,
      last: '0022_files_to_remove',
    });
    expect(await tableContents(made.database, 'users')).toEqual(await tableContents(t.database, 'users'));
    expect(await tableContents(made.database, 'files_to_remove')).toEqual([]);
  });
});

describe('the auth secret kept in DATA_DIR', () => {
  it('is archived when AUTH_SECRET is not set, and restored into the new DATA_DIR', async () => {
    const secret = 'a-secret-made-at-the-first-start-0123456789abcdef';
    const source = { ...instanceOf(t), authSecretConfigured: false };
    fs.writeFileSync(path.join(source.dataDir, 'auth-secret'), secret);
    const withSecret = archivePath('secret.tar');
    try {
      await createBackup(source, withSecret, { version: 'test' });
    } finally {
      fs.rmSync(path.join(source.dataDir, 'auth-secret'));
    }
    const made = await target(false);
    expect(await restoreBackup(made, withSecret)).toMatchObject({ secret: 'restored' });
    expect(fs.readFileSync(path.join(made.dataDir, 'auth-secret'), 'utf8')).toBe(secret);
  });
});

describe('npm run backup and npm run restore', () => {
  it('restore, refuse to restore twice, and back the restored instance up again, with their exit codes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cli-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(40) };
    if (dbKind() === 'postgres') env.DATABASE_URL = (await target()).database.url!;
    try {
      expect((await runCli('restore', [], env)).code).toBe(2);
      const first = await runCli('restore', ['--in', archive], env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^restored \d+ rows of 17 tables and 1 files into the/);
      expect(first.stdout).toContain(
        'the backed-up instance used AUTH_SECRET: set the same AUTH_SECRET here',
      );
      const again = await runCli('restore', ['--in', archive], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^vitrine restore: the target database is not empty/);

      const out = path.join(dataDir, 'again.tar.gz');
      const backup = await runCli('backup', ['--out', out], env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      const twice = await runCli('backup', ['--out', out], env);
      expect([twice.code, twice.stderr]).toEqual([
        1,
        `vitrine backup: ${out} already exists: give the backup a new name\n`,
      ]);
      if (dbKind() === 'pglite') {
        // The embedded database is backed up only while no server holds DATA_DIR.
        const lock = lockDataDir(dataDir);
        try {
          const refused = await runCli('backup', ['--out', path.join(dataDir, 'b.tar')], env);
          expect(refused.code).toBe(1);
          expect(refused.stderr).toMatch(/^vitrine backup: Vitrine must be stopped first: DATA_DIR/);
        } finally {
          lock.release();
        }
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an archive does not depend on the kind of database it came from', () => {
  it('restores a PostgreSQL backup into PGlite, and a PGlite backup into PostgreSQL', async (context) => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (dbKind() === 'pglite' && !adminUrl) return context.skip('no PostgreSQL server (TEST_DATABASE_URL)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-other-'));
    const name = `vitrine_backup_other_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    let other: Database;
    if (dbKind() === 'postgres') {
      other = await openPglite(path.join(dir, 'db'));
    } else {
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      other = await openPostgres(url.toString());
    }
    try {
      const made = { ...(await target()), database: other, authSecretConfigured: true };
      expect(await restoreBackup(made, archive)).toMatchObject({ files: 1 });
      for (const table of ['users', 'accounts', 'uploads', 'sessions'])
        expect(await tableContents(other, table), table).toEqual(await tableContents(t.database, table));
    } finally {
      await other.close();
      if (dbKind() === 'pglite') {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
