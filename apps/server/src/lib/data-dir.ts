/**
 * DATA_DIR: created when missing, private to its owner, checked writable, and held by one process at a
 * time. PGlite has no lock of its own and two processes on one directory silently lose writes, so a
 * second process is refused with a clear message. A lock left by a killed process (its PID no longer
 * runs, or is this very process: a container restarts its program with the same PID) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { StartupError, describeError, errorCode } from './startup-error';

export function prepareDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // It holds the database, the uploads, the outbox and the auth secret: nobody else may even list it.
    // A directory made by an older version (0755) is tightened; one we do not own is left as it is.
    restrictToOwner(dataDir);
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} is not writable: ${describeError(error)}`, { cause: error });
  }
}

function restrictToOwner(dir: string): void {
  try {
    if ((fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
  } catch (error) {
    if (errorCode(error) !== 'EPERM') throw error;
  }
}

/** Locks this process holds: a lock file naming our own PID that is not among them is a stale one. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

export type DataDirLock = { release(): void };

function tryCreate(file: string): boolean {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
  } catch {
    return Number.NaN;
  }
}

function isYoung(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 2000;
  } catch {
    return false;
  }
}

/**
 * Removing a stale lock is itself guarded by a second exclusive file, so two processes that start
 * together after a crash cannot both remove the lock and both believe they hold it.
 */
function removeStaleLock(lockPath: string): void {
  const guard = `${lockPath}.takeover`;
  try {
    if (Date.now() - fs.statSync(guard).mtimeMs > 10_000) fs.rmSync(guard, { force: true });
  } catch {
    // No guard left behind.
  }
  if (!tryCreate(guard)) return;
  try {
    const holder = readPid(lockPath);
    if (!isRunning(holder) && !(Number.isNaN(holder) && isYoung(lockPath)))
      fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'vitrine.lock');
  if (held.has(lockPath)) throw new StartupError(`DATA_DIR ${dataDir} is already locked by this process.`);
  for (let attempt = 0; attempt < 50; attempt++) {
    let created: boolean;
    try {
      created = tryCreate(lockPath);
    } catch (error) {
      throw new StartupError(`Cannot lock DATA_DIR ${dataDir}: ${describeError(error)}`, { cause: error });
    }
    if (created) {
      held.add(lockPath);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(lockPath);
          if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    }
    const holder = readPid(lockPath);
    if (Number.isNaN(holder) && isYoung(lockPath)) {
      // Another process has just created the lock and is writing its PID into it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (isRunning(holder)) {
      throw new StartupError(
        `DATA_DIR ${dataDir} is already in use by another Vitrine process (pid ${holder}). ` +
          'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
      );
    }
    removeStaleLock(lockPath);
  }
  throw new StartupError(`Cannot lock DATA_DIR ${dataDir}: the lock file keeps reappearing.`);
}
