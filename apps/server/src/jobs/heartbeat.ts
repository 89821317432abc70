/**
 * A worker process says it is alive: at start, then every HEARTBEAT_INTERVAL_MS. The status page's image
 * service is in outage when no worker has done so for WORKER_SILENT_AFTER_MS (docs/decisions/027).
 */
import os from 'node:os';
import type { Database } from '../db/client';
import { beat } from '../modules/status/repository';

export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Three missed beats: the worker is gone (or its database writes fail). */
export const WORKER_SILENT_AFTER_MS = 3 * HEARTBEAT_INTERVAL_MS;

/** Beats now and then on a timer; the returned function stops it. */
export async function startHeartbeat(
  database: Database,
  onError: (error: unknown) => void,
): Promise<() => void> {
  const worker = `${os.hostname()}:${process.pid}:${Date.now().toString(36)}`;
  await beat(database, worker);
  const timer = setInterval(() => beat(database, worker).catch(onError), HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
