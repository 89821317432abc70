/**
 * The process's metrics, in one Prometheus registry (docs/decisions/065). Counters and histograms
 * count what this process did (Prometheus scrapes each process and adds them up); the gauges read
 * from the database (queue, workers alive) say the same in every process.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();

// CPU, memory, event-loop lag, open handles: what any Node process shows, under our prefix.
collectDefaultMetrics({ register: registry, prefix: 'vitrine_' });

/** Seconds buckets from a few milliseconds (an API call) to a minute (a slow model provider). */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequestDuration = new Histogram({
  name: 'vitrine_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern (unmatched when no route answered) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

/** How a generation ended: its render completed or failed, the user cancelled it, or the sweeper failed it. */
export type GenerationOutcome = 'completed' | 'failed' | 'cancelled' | 'interrupted';

export const generationsTotal = new Counter({
  name: 'vitrine_generations_total',
  help: 'Generations that ended, by mode and outcome',
  labelNames: ['mode', 'outcome'] as const,
  registers: [registry],
});

export const creditsGivenBack = new Counter({
  name: 'vitrine_credits_given_back_total',
  help: 'Free credits given back, by the outcome of the generation that held them',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const renderDuration = new Histogram({
  name: 'vitrine_render_seconds',
  help: "A generation's images rendered by the image provider, by mode and provider",
  labelNames: ['mode', 'provider'] as const,
  buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300],
  registers: [registry],
});

export const cutoutDuration = new Histogram({
  name: 'vitrine_cutout_seconds',
  help: "A product photo's cut-out worked out by the engine: automatic, or corrected by the user",
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
  registers: [registry],
});

export const queueWait = new Histogram({
  name: 'vitrine_queue_wait_seconds',
  help: 'How long a job waited in the queue, from when it could start to when a worker took it',
  labelNames: ['queue'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'vitrine_queue_depth',
  help: 'Jobs in the queue by queue and state (waiting, active), read from the database at each scrape',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const queueOldestWait = new Gauge({
  name: 'vitrine_queue_oldest_wait_seconds',
  help: 'Age of the oldest job that could start but waits, by queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const workersAlive = new Gauge({
  name: 'vitrine_workers_alive',
  help: 'Worker processes that said they were alive within the last 90 seconds (worker_heartbeats)',
  registers: [registry],
});

/** Counts the generations that reached `outcome`, with the free credits that came back with them. */
export function recordGenerationsEnded(
  generations: { mode: string; creditReturned: boolean }[],
  outcome: GenerationOutcome,
): void {
  for (const { mode, creditReturned } of generations) {
    generationsTotal.inc({ mode, outcome });
    if (creditReturned) creditsGivenBack.inc({ outcome });
  }
}

/** Runs `work`, observing its seconds in `histogram` when it succeeds. */
export async function timed<T, L extends string>(
  histogram: Histogram<L>,
  labels: Partial<Record<L, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await work();
  histogram.observe(labels, (performance.now() - started) / 1000);
  return result;
}
