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
import sharp from 'sharp';
import { fetchApi, signedInUser, uploaded } from '../apps/server/test/helpers/factories';
import { spawnServer } from '../apps/server/test/helpers/server-process';
import {
  BENCH_ACCOUNT,
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

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const THROUGHPUT_USERS = Number(process.env.BENCH_USERS ?? 8);
const TARGET_P50_MS = 2000;
const TARGET_RSS_GROWTH_MB = 100;
const TARGET_PEAK_RSS_MB = 800;
const REST_SECONDS = 20;
/** How long after its last render the server is measured idle, its engine still warm. */
const IDLE_SETTLE_MS = 8000;

/** A product shot on a studio background and a context photo, at the sizes phones produce. */
async function inputs() {
  const noise = (width: number, height: number) =>
    sharp(crypto.randomBytes(width * height), { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
  const product = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="2000">
      <defs><radialGradient id="bg"><stop offset="0" stop-color="#f7f5f1"/><stop offset="1" stop-color="#dedad3"/></radialGradient></defs>
      <rect width="1500" height="2000" fill="url(#bg)"/>
      <rect x="620" y="240" width="260" height="360" rx="30" fill="#7a2e1c"/>
      <rect x="420" y="540" width="660" height="1220" rx="150" fill="#b5462a"/>
      <rect x="500" y="1000" width="500" height="300" fill="#fbf3e4"/>
    </svg>`),
  )
    .composite([{ input: await noise(1500, 2000), blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const context = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
      <defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9d7bd"/><stop offset="1" stop-color="#b98f66"/></linearGradient></defs>
      <rect width="3000" height="2000" fill="url(#w)"/>
      <circle cx="2400" cy="500" r="260" fill="#f6e7c8"/>
      <rect y="1350" width="3000" height="650" fill="#8a5a36"/>
    </svg>`),
  )
    .composite([{ input: await noise(3000, 2000), blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  return { product, context };
}

/** A PNG of random pixels just under 50 MB that decodes within the 64-megapixel limit. */
async function fiftyMegabytePng(): Promise<Buffer> {
  const width = 4000;
  const height = 4080; // about 49.5 MiB once PNG-encoded (random pixels do not compress)
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

type Account = { cookie: string; productUploadId: string; contextUploadId: string };

async function account(base: string, email: string, images: { product: Buffer; context: Buffer }) {
  const api = fetchApi(base);
  const { cookie } = await signedInUser(api, email, BENCH_ACCOUNT);
  return {
    cookie,
    productUploadId: await uploaded(api, cookie, { name: 'product.jpg', bytes: images.product }),
    contextUploadId: await uploaded(api, cookie, { name: 'context.jpg', bytes: images.context }),
  };
}

/** Follows a user's event stream; `completed(id)` resolves when that generation's completed event arrives. */
async function eventStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const waiting = new Map<string, (at: number) => void>();
  const done = new Map<string, number>();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) return;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!/^event: generation$/m.test(block)) continue;
          const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { id: string; status: string };
          if (data.status === 'failed') throw new Error(`generation ${data.id} failed`);
          if (data.status !== 'completed') continue;
          const at = performance.now();
          done.set(data.id, at);
          waiting.get(data.id)?.(at);
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) console.error(error);
    }
  })();
  return {
    completed: (id: string) =>
      new Promise<number>((resolve) => {
        const at = done.get(id);
        if (at !== undefined) resolve(at);
        else waiting.set(id, resolve);
      }),
    close: () => controller.abort(),
  };
}

async function startStory(base: string, a: Account) {
  const res = await fetch(`${base}/api/generations/fusion`, {
    method: 'POST',
    headers: { cookie: a.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      productUploadId: a.productUploadId,
      contextUploadId: a.contextUploadId,
      position: 'gauche',
      style: 'vintage',
      palette: 'chaude',
      slogan: 'Le goût du vrai',
      tagline: 'Torréfié à Lyon depuis 1952',
      typography: 'élégant',
      format: 'story',
      variants: 4,
    }),
  });
  if (res.status !== 202) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { generation: { id: string } }).generation.id;
}

/** One generation from start request to completed event, in ms. */
async function timedRun(base: string, a: Account) {
  const events = await eventStream(base, a.cookie);
  try {
    const t0 = performance.now();
    const id = await startStory(base, a);
    return (await events.completed(id)) - t0;
  } finally {
    events.close();
  }
}

/** Every account starts one generation at the same moment; images per minute until the last completes. */
async function throughput(base: string, accounts: Account[]) {
  const streams = await Promise.all(accounts.map((a) => eventStream(base, a.cookie)));
  const t0 = performance.now();
  const ids = await Promise.all(accounts.map((a) => startStory(base, a)));
  const ends = await Promise.all(ids.map((id, i) => streams[i]!.completed(id)));
  for (const s of streams) s.close();
  const seconds = (Math.max(...ends) - t0) / 1000;
  return {
    generations: accounts.length,
    images: accounts.length * 4,
    seconds: round(seconds, 2),
    images_per_minute: round((accounts.length * 4 * 60) / seconds),
  };
}

/**
 * Samples a process's RSS every 20 ms while `work` runs, and with the processes it started (the cut-out
 * model's) every 250 ms; returns both peaks.
 */
async function peakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number; peakWithModel: number }> {
  let peak = rssMb(pid);
  let peakWithModel = treeRssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const treeTimer = setInterval(() => (peakWithModel = Math.max(peakWithModel, treeRssMb(pid))), 250);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)), peakWithModel };
  } finally {
    clearInterval(timer);
    clearInterval(treeTimer);
  }
}

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
    const { peak: renderPeak, peakWithModel: renderPeakWithModel } = await peakRss(pid, async () => {
      for (let i = 1; i <= RUNS; i++) latencies.push(await timedRun(base, accounts[Math.floor(i / 3)]!));
    });
    const rssAfterRenders = rssMb(pid);
    // Idle with the engine warm: what the threads kept for their work let go (engine when-idle.ts).
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const rssIdleAfterRenders = rssMb(pid);
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
        peak_during_renders_with_model: renderPeakWithModel,
        target_peak: TARGET_PEAK_RSS_MB,
        after_renders: rssAfterRenders,
        idle_after_renders: rssIdleAfterRenders,
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
