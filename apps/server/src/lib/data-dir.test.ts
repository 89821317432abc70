import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('takes over a lock that names its own PID on this host (a container restarted with the same PID)', () => {
    const dir = tempDir();
    const ours = `${process.pid} ${os.hostname()}`;
    fs.writeFileSync(path.join(dir, 'vitrine.lock'), ours);
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'vitrine.lock'), 'utf8')).toBe(ours);
    // The lock it now holds is its own: a second lock in the same process is refused, not stolen,
    // however the directory is spelled.
    expect(() => lockDataDir(dir)).toThrow(/already locked by this process/);
    const link = path.join(tempDir(), 'same-data');
    fs.symlinkSync(dir, link);
    expect(() => lockDataDir(link)).toThrow(/already locked by this process/);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'vitrine.lock'))).toBe(false);
  });

  it('still refuses a lock held by another running process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'vitrine.lock'), `${process.ppid} ${os.hostname()}`);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`already in use by another Vitrine process \\(pid ${process.ppid}\\)`),
    );
  });

  it('refuses a live lock from another container sharing the directory, even one naming our PID', () => {
    // Two containers on one volume both run the server as PID 1: the PID alone cannot tell them apart.
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'vitrine.lock'), `${process.pid} other-container`);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`already in use by another Vitrine process \\(pid ${process.pid} on other-container\\)`),
    );
    expect(fs.readFileSync(path.join(dir, 'vitrine.lock'), 'utf8')).toBe(`${process.pid} other-container`);
  });

  it('takes over a lock from another container once its holder has stopped touching it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'vitrine.lock');
    fs.writeFileSync(file, `${process.pid} other-container`);
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(file, minuteAgo, minuteAgo);
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${process.pid} ${os.hostname()}`);
    lock.release();
  });

  it('keeps its own lock fresh while it holds it, so another container never takes it over', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const dir = tempDir();
      const file = path.join(dir, 'vitrine.lock');
      const lock = lockDataDir(dir);
      const minuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(file, minuteAgo, minuteAgo);
      vi.advanceTimersByTime(10_000);
      expect(Date.now() - fs.statSync(file).mtimeMs).toBeLessThan(5_000);
      lock.release();
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
