import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, prepareDataDir } from './data-dir';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-datadir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR', () => {
  it('is created readable by its owner only, and an existing world-readable one is tightened', () => {
    const fresh = path.join(tempDir(), 'data');
    prepareDataDir(fresh);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);

    const old = tempDir();
    fs.chmodSync(old, 0o755);
    prepareDataDir(old);
    expect(fs.statSync(old).mode & 0o777).toBe(0o700);
  });

  it('takes over a lock that names its own PID (a container restarted with the same PID)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'vitrine.lock'), String(process.pid));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'vitrine.lock'), 'utf8')).toBe(String(process.pid));
    // The lock it now holds is its own: a second lock in the same process is refused, not stolen.
    expect(() => lockDataDir(dir)).toThrow(/already locked by this process/);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'vitrine.lock'))).toBe(false);
  });

  it('still refuses a lock held by another running process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'vitrine.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`already in use by another Vitrine process \\(pid ${process.ppid}\\)`),
    );
  });
});
