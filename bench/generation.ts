/**
 * Generation benchmark against the server `npm start` runs:
 * - latency: from the start request to the `completed` server-sent event, Fusion story with 4 variants,
 *   over BENCH_RUNS runs (embedded database, one process, its one render worker);
 * - throughput: images per minute when BENCH_USERS users start at once, with 2 render workers; on
 *   PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) as one API process and two worker processes;
 * - upload: a 50 MB image upload's MB/s, and the server's RSS growth over the upload and the renders.
 * Prints JSON.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { fetchApi, uploaded } from '../apps/server/test/helpers/factories';
import { spawnServer } from '../apps/server/test/helpers/server-process';
import {
  freePort,
  heapBreakdown,
  machine,
  percentile,
  round,
  rssMb,
  startBenchServer,
  treeRssMb,
  waitHealthy,
} from './lib';
import {
  account,
  fiftyMegabytePng,
  inputs,
  peakRss,
  throughput,
  timedRun,
  type Account,
} from './generation-lib/requests';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const THROUGHPUT_USERS = Number(process.env.BENCH_USERS ?? 8);
const TARGET_P50_MS = 2000;
const TARGET_RSS_GROWTH_MB = 100;
const TARGET_PEAK_RSS_MB = 800;
const REST_SECONDS = 20;
/** How long after its last render the server is measured idle, its engine still warm. */
const IDLE_SETTLE_MS = 8000;

const images = await inputs();
const bigPng = await fiftyMegabytePng();

async function embedded() {
  // The engine rests after 20 s without work here (300 s by default), so that the first generation
  // after a rest is measured without waiting five minutes; the runs follow each other closer than that.
  const { base, pid, stop } = await startBenchServer('generation', {
    ENGINE_IDLE_SECONDS: String(REST_SECONDS),
  });
  try {
    await waitHealthy(base);
    // A free account has 3 generations: enough accounts for the warm-up, every run and one after a rest.
    const accounts: Account[] = [];
    for (let i = 0; i < Math.ceil((RUNS + 2) / 3); i++) {
      accounts.push(await account(base, `latency${i}@example.test`, images));
    }
    const rssBefore = rssMb(pid);
    await timedRun(base, accounts[0]!); // warm-up: loads the engine and its fonts
    const latencies: number[] = [];
    const {
      peak: renderPeak,
      peakWithModel: renderPeakWithModel,
      peakWithModelShared: renderPeakWithModelShared,
    } = await peakRss(pid, async () => {
      for (let i = 1; i <= RUNS; i++) latencies.push(await timedRun(base, accounts[Math.floor(i / 3)]!));
    });
    const rssAfterRenders = rssMb(pid);
    // Idle with the engine warm: what the threads kept for their work let go (engine when-idle.ts).
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const rssIdleAfterRenders = rssMb(pid);
    const rssIdleAfterRendersWithModel = treeRssMb(pid);
    // At rest, then one more: the render threads and the model's process start again.
    await new Promise((resolve) => setTimeout(resolve, (REST_SECONDS + 3) * 1000));
    const rssAtRest = rssMb(pid);
    const heapAtRest = await heapBreakdown(base);
    const afterRestMs = await timedRun(base, accounts[Math.floor((RUNS + 1) / 3)]!);

    const uploader = accounts.at(-1)!;
    const uploadRssBefore = rssMb(pid);
    const { result: uploadMs, peak: uploadPeak } = await peakRss(pid, async () => {
      const t0 = performance.now();
      await uploaded(fetchApi(base), uploader.cookie, {
        name: 'large.png',
        bytes: bigPng,
        type: 'image/png',
      });
      return performance.now() - t0;
    });
    const throughputAccounts: Account[] = [];
    for (let i = 0; i < THROUGHPUT_USERS; i++) {
      throughputAccounts.push(await account(base, `one-worker${i}@example.test`, images));
    }
    const oneWorker = await throughput(base, throughputAccounts);
    return {
      latency: {
        runs: RUNS,
        p50_ms: round(percentile(latencies, 50)),
        p95_ms: round(percentile(latencies, 95)),
        min_ms: round(Math.min(...latencies)),
        max_ms: round(Math.max(...latencies)),
        target_p50_ms: TARGET_P50_MS,
        meets_target: percentile(latencies, 50) <= TARGET_P50_MS,
        // The first generation once the engine has rested (its threads and model process stopped).
        first_after_rest_ms: round(afterRestMs),
      },
      rss_mb: {
        before_renders: rssBefore,
        peak_during_renders: renderPeak,
        // The server's and the model's process's resident memory summed: pages they share counted twice.
        peak_during_renders_with_model: renderPeakWithModel,
        // What the two take of the machine's memory together (the pages of a file both map, Node's own
        // code, once): what the target is read against.
        peak_during_renders_with_model_files_once: renderPeakWithModelShared,
        target_peak: TARGET_PEAK_RSS_MB,
        meets_target_peak: renderPeakWithModelShared <= TARGET_PEAK_RSS_MB,
        after_renders: rssAfterRenders,
        idle_after_renders: rssIdleAfterRenders,
        // With the cut-out model's process, when it still waits for work then.
        idle_after_renders_with_model: rssIdleAfterRendersWithModel,
        at_rest: rssAtRest,
        // How much of the memory at rest is JavaScript's (heap, and the Buffers it holds): the rest is native.
        at_rest_heap: heapAtRest,
        growth_over_renders: round(rssAfterRenders - rssBefore),
      },
      upload_50mb: {
        bytes: bigPng.length,
        ms: round(uploadMs),
        mb_per_second: round(bigPng.length / 2 ** 20 / (uploadMs / 1000)),
        rss_before_mb: uploadRssBefore,
        rss_peak_mb: uploadPeak,
        rss_growth_mb: round(uploadPeak - uploadRssBefore),
        target_rss_growth_mb: TARGET_RSS_GROWTH_MB,
        meets_target: uploadPeak - uploadRssBefore <= TARGET_RSS_GROWTH_MB,
      },
      throughput_one_worker: oneWorker,
    };
  } finally {
    await stop();
  }
}

/** One API process and two worker processes on a fresh PostgreSQL database of their own. */
async function twoWorkers(adminUrl: string) {
  const name = `vitrine_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-gen-pg-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const common = {
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: '1000',
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  };
  const api = spawnServer({ ...common, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1' }, 'bundle');
  const workers: ReturnType<typeof spawnServer>[] = [];
  try {
    await waitHealthy(base);
    workers.push(spawnServer({ ...common, ROLE: 'worker' }, 'bundle'));
    workers.push(spawnServer({ ...common, ROLE: 'worker' }, 'bundle'));
    for (const w of workers) {
      for (let i = 0; i < 600 && !/worker is ready/.test(w.output()); i++)
        await new Promise((r) => setTimeout(r, 50));
    }
    const accounts: Account[] = [];
    for (let i = 0; i < THROUGHPUT_USERS + 1; i++)
      accounts.push(await account(base, `two-workers${i}@example.test`, images));
    await timedRun(base, accounts[0]!); // warm-up of one worker
    return await throughput(base, accounts.slice(1));
  } finally {
    for (const p of [api, ...workers]) p.child.kill('SIGTERM');
    await Promise.all([api, ...workers].map((p) => p.exited));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const result = await embedded();
const two = pgUrl ? await twoWorkers(pgUrl) : null;
console.log(
  JSON.stringify(
    {
      bench: 'generation',
      request: 'Fusion, story 1080x1920, 4 variants, vintage, chaude, slogan and tagline',
      inputs: { product: '1500x2000 JPEG', context: '3000x2000 JPEG' },
      ...result,
      throughput_two_workers:
        two ?? 'skipped: set BENCH_DATABASE_URL (PostgreSQL) to run two worker processes',
      machine: { ...machine(), load_average_1m: round(os.loadavg()[0]!, 2) },
    },
    null,
    2,
  ),
);
