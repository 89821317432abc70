/**
 * Whether this process can serve: each of its dependencies tried now, within a time limit, so an
 * orchestrator's probe is answered even when the database hangs.
 */
import type { ReadinessCheck, ReadyResponse } from '@vitrine/shared/api/health';

export type ReadinessProbes = Partial<Record<ReadinessCheck, () => Promise<unknown>>>;

/** A dependency that has not answered by then is down. */
const PROBE_TIMEOUT_MS = 3000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

export async function readiness(
  probes: ReadinessProbes,
  log: (check: ReadinessCheck, error: unknown) => void,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ReadyResponse> {
  const names = Object.keys(probes) as ReadinessCheck[];
  const results = await Promise.all(
    names.map(async (name) => {
      try {
        await within(timeoutMs, Promise.resolve().then(probes[name]!));
        return [name, 'up'] as const;
      } catch (error) {
        log(name, error);
        return [name, 'down'] as const;
      }
    }),
  );
  const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
  return {
    status: down.length ? 'unavailable' : 'ready',
    checks: Object.fromEntries(results),
    down,
  };
}
