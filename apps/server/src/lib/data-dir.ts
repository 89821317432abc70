/**
 * DATA_DIR: created when missing, private to its owner, checked writable, and held by one process at a
 * time. PGlite has no lock of its own and two processes on one directory silently lose writes, so a
 * second process is refused with a clear message. The lock names its holder's PID and host. A lock
 * left by a killed process is taken over: on this host, when its PID no longer runs or is this very
 * process (a container restarts its program with the same PID); from another host sharing the
 * directory, when its holder has stopped touching it.
 */
import fs from 'node:fs';
import os from 'node:os';
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

/** Locks this process holds (by real path): a lock naming our own PID that is not among them is stale. */
const held = new Set<string>();

/** How often a holder touches its lock, and how long one from another host stays live without it. */
const HEARTBEAT_MS = 10_000;
const FRESH_MS = 30_000;

/** What a lock file says: the holder's PID and host ("1234 web-1"; older locks carry the PID only). */
type Holder = { pid: number; host: string | null };

const ours = (): string => `${process.pid} ${os.hostname()}`;

function readHolder(file: string): Holder {
  try {
    const [pid = '', host] = fs.readFileSync(file, 'utf8').trim().split(/\s+/, 2);
    return { pid: /^\d+$/.test(pid) ? Number(pid) : Number.NaN, host: host ?? null };
  } catch {
    return { pid: Number.NaN, host: null };
  }
}

function ageOf(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Whether the lock's holder may still be running. A PID means something only on its own host (or in
 * its own container): there it is asked of the system, and our own PID is a stale lock, since this
 * process does not hold it (a container restarts its program with the same PID). A lock from another
 * host (two containers sharing a volume, both PID 1) is live while its holder keeps touching it.
 */
function isLive(holder: Holder, lockPath: string): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  if (holder.host !== null && holder.host !== os.hostname()) return ageOf(lockPath) < FRESH_MS;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

export type DataDirLock = { release(): void };

function tryCreate(file: string, content: string): boolean {
  try {
    fs.writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/** A lock just created whose holder has not written its PID yet. */
function isBeingWritten(holder: Holder, lockPath: string): boolean {
  return Number.isNaN(holder.pid) && ageOf(lockPath) < 2000;
}

/**
 * Removing a stale lock is itself guarded by a second exclusive file, so two processes that start
 * together after a crash cannot both remove the lock and both believe they hold it.
 */
function removeStaleLock(lockPath: string): void {
  const guard = `${lockPath}.takeover`;
  if (ageOf(guard) > 10_000) fs.rmSync(guard, { force: true });
  if (!tryCreate(guard, ours())) return;
  try {
    const holder = readHolder(lockPath);
    if (!isLive(holder, lockPath) && !isBeingWritten(holder, lockPath)) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'vitrine.lock');
  // One directory however it is spelled (relative, absolute, through a symbolic link).
  const key = path.join(fs.realpathSync(dataDir), 'vitrine.lock');
  if (held.has(key)) throw new StartupError(`DATA_DIR ${dataDir} is already locked by this process.`);
  for (let attempt = 0; attempt < 50; attempt++) {
    let created: boolean;
    try {
      created = tryCreate(lockPath, ours());
    } catch (error) {
      throw new StartupError(`Cannot lock DATA_DIR ${dataDir}: ${describeError(error)}`, { cause: error });
    }
    if (created) {
      held.add(key);
      const heartbeat = setInterval(() => {
        const now = new Date();
        try {
          fs.utimesSync(lockPath, now, now);
        } catch {
          // Gone or unwritable: the next start judges it by its PID and host as usual.
        }
      }, HEARTBEAT_MS);
      heartbeat.unref();
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          clearInterval(heartbeat);
          held.delete(key);
          const holder = readHolder(lockPath);
          if (holder.pid === process.pid && (holder.host ?? os.hostname()) === os.hostname())
            fs.rmSync(lockPath, { force: true });
        },
      };
    }
    const holder = readHolder(lockPath);
    if (isBeingWritten(holder, lockPath)) {
      // Another process has just created the lock and is writing its PID into it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (isLive(holder, lockPath)) {
      const where = holder.host && holder.host !== os.hostname() ? ` on ${holder.host}` : '';
      throw new StartupError(
        `DATA_DIR ${dataDir} is already in use by another Vitrine process (pid ${holder.pid}${where}). ` +
          'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
      );
    }
    removeStaleLock(lockPath);
  }
  throw new StartupError(`Cannot lock DATA_DIR ${dataDir}: the lock file keeps reappearing.`);
}
