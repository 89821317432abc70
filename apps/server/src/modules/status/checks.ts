/**
 * What each service on the status page is checked with (docs/decisions/027). Every check is a real
 * round trip: nothing is reported operational without having been tried.
 * - api: the database answers;
 * - auth: the session table can be read, and account e-mails (sign-up, reset) can be delivered;
 *   degraded when they cannot (checked at most every 5 minutes, mail/delivery-health.ts);
 * - uploads: a small file can be written to and removed from the file storage;
 * - dashboard: the web app's build is there to be served;
 * - images: a render worker has said it is alive in the last 90 seconds, no generation has been left
 *   waiting past its time (the worker keeps up), and the image provider's own status page, when there
 *   is one, reports its component operational.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProviderStatus, ServiceId, ServiceState, ServiceStatus } from '@vitrine/shared/api/status';
import type { Database } from '../../db/client';
import { WORKER_SILENT_AFTER_MS } from '../../jobs/heartbeat';
import { ping } from '../../db/ping';
import { readSessions } from '../auth/repository';
import { countStale } from '../generations/repository';
import { workersSilent } from './repository';
import { probeStorage, type Storage } from '../storage/storage';

export type CheckDeps = {
  database: Database;
  storage: Storage;
  webDistDir: string | undefined;
  /** A generation still waiting after this long means the render worker is not keeping up. */
  stalledAfterMs: number;
  provider: (() => Promise<ProviderStatus>) | null;
  /** Whether account e-mails can be delivered (the mailer's own check). */
  mailDeliverable: () => Promise<boolean>;
};

type Check = () => Promise<ServiceState>;

/** A check that has not answered by then counts as an outage: the page must not wait on it. */
const CHECK_TIMEOUT_MS = 6000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const passes =
  (work: () => Promise<unknown>): Check =>
  async () => {
    try {
      await work();
      return 'operational';
    } catch {
      return 'outage';
    }
  };

export async function checkServices(
  deps: CheckDeps,
  log: (id: ServiceId, error: unknown) => void,
): Promise<{ services: ServiceStatus[]; provider: ProviderStatus | null }> {
  const { database, storage } = deps;
  // Read alongside the other checks (it has its own time limit and falls back to operational).
  const providerRead = deps.provider ? deps.provider() : Promise.resolve(null);
  const checks: Record<ServiceId, Check> = {
    images: async () => {
      try {
        // No render worker alive: generations would wait forever.
        if (await workersSilent(database, WORKER_SILENT_AFTER_MS / 1000)) return 'outage';
        if ((await countStale(database, deps.stalledAfterMs / 1000)) > 0) return 'degraded';
      } catch (error) {
        log('images', error);
        return 'outage';
      }
      // The spec's rule: degraded whenever the provider's component is not operational.
      const provider = await providerRead;
      return provider && provider.status !== 'operational' ? 'degraded' : 'operational';
    },
    auth: async () => {
      try {
        await readSessions(database);
      } catch (error) {
        log('auth', error);
        return 'outage';
      }
      // Signing in works without mail, but signing up and resetting a password do not.
      return (await deps.mailDeliverable()) ? 'operational' : 'degraded';
    },
    uploads: passes(() => probeStorage(storage)),
    dashboard: passes(async () => {
      if (!deps.webDistDir) throw new Error('no web build is served');
      await fs.access(path.join(deps.webDistDir, 'index.html'));
    }),
    api: passes(() => ping(database)),
  };
  const services = await Promise.all(
    (Object.keys(checks) as ServiceId[]).map(async (id) => {
      const status = await within(CHECK_TIMEOUT_MS, checks[id]()).catch((error: unknown) => {
        log(id, error);
        return 'outage' as const;
      });
      return { id, status, lastChecked: new Date().toISOString() };
    }),
  );
  return { services, provider: await providerRead };
}
