/**
 * The embedded database's memory (docs/decisions/071): 16 MB of shared buffers instead of PGlite's
 * 160 MB, on a new database and on one opened again, without rewriting the configuration initdb wrote;
 * a new database is made in a thread of its own and opened again, which leaves it whole; a database
 * that cannot be made stops the start with the thread's reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { dbKind } from './helpers/test-db';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-embedded-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sharedBuffers = async (database: Awaited<ReturnType<typeof openPglite>>) =>
  (await database.query<{ shared_buffers: string }>('show shared_buffers'))[0]?.shared_buffers;

describe.runIf(dbKind() === 'pglite')('the embedded database', () => {
  it('holds 16 MB of shared buffers, new or opened again, and keeps what was written', async () => {
    const created = await openPglite(path.join(dir, 'db'));
    expect(await sharedBuffers(created)).toBe('16MB');
    // Given at start: the configuration initdb wrote is left as it is (its time zone among the rest).
    expect(fs.readFileSync(path.join(dir, 'db', 'postgresql.conf'), 'utf8')).toMatch(/^timezone = /m);
    await created.exec('create table kept (note text); insert into kept values ($$là$$);');
    await created.close();

    const reopened = await openPglite(path.join(dir, 'db'));
    expect(await sharedBuffers(reopened)).toBe('16MB');
    expect(await reopened.query('select note from kept')).toEqual([{ note: 'là' }]);
    await reopened.close();
  });

  it('a database that cannot be made stops the start with a clear error from the thread that makes it', async () => {
    // initdb cannot make its folders where files of that name stand.
    const spoilt = path.join(dir, 'spoilt');
    fs.mkdirSync(spoilt);
    for (const name of ['base', 'global']) fs.writeFileSync(path.join(spoilt, name), 'not a folder');
    await expect(openPglite(spoilt)).rejects.toThrow(
      /Cannot open the embedded database in .*spoilt: the database could not be created \(file system error \d+\)/,
    );
  });
});
