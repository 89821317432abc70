/**
 * Startup benchmark: how long from launching the server to a healthy GET /api/health (a real database
 * round trip), on an empty DATA_DIR (cold: the embedded database is created and migrated) and on an
 * existing one (warm); when the warm server reports itself ready in its log (`warm_ready_ms`: the site
 * is served before the jobs' queue has started, and this counts both); how long the image engine then
 * takes to warm up in the background (its report: the cut-out, then the render threads; and the time
 * from launch); and the resident memory once idle with the engine warm, and at rest once the engine's
 * idle time has passed (its threads and the model's process stopped). Runs the bundle `npm start`
 * runs. Prints JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnServer } from '../apps/server/test/helpers/server-process';
import { freePort, machine, percentile, round, rssMb, treeRssMb } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/**
 * The engine's idle time for the run that measures memory at rest: the render threads stop after it, as
 * they do after ENGINE_IDLE_SECONDS' default of 300 s; shorter here only so that the benchmark does not
 * wait five minutes. The model's process stops after its own 5 s (CUTOUT_MODEL_IDLE_SECONDS), before
 * the memory is measured idle.
 */
const IDLE_SECONDS = Number(process.env.BENCH_ENGINE_IDLE_SECONDS ?? 10);

async function timeToHealthy(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const started = performance.now();
  const proc = spawnServer(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ENGINE_WARM_UP: 'true',
      ...env,
    },
    'bundle',
  );
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`server exited:\n${proc.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ms: performance.now() - started, started, proc, port };
}

async function stop(proc: ReturnType<typeof spawnServer>) {
  proc.child.kill('SIGTERM');
  await proc.exited;
}

const cold: number[] = [];
const warm: number[] = [];
const warmReady: number[] = [];
let idleRss = Number.NaN;
let idleTreeRss = Number.NaN;
let restRss = Number.NaN;
let restTreeRss = Number.NaN;
let warmUp: { cutoutMs: number; renderMs: number | null; sinceStartMs: number } | null = null;

/** The server's report once its engine is warm (main.ts), and when it came. */
async function engineWarm(proc: ReturnType<typeof spawnServer>, startedAt: number) {
  for (;;) {
    const line = proc
      .output()
      .split('\n')
      .find((l) => l.includes('the image engine is warm'));
    if (line) {
      const { cutoutMs, renderMs } = JSON.parse(line) as { cutoutMs: number; renderMs: number | null };
      return { cutoutMs, renderMs, sinceStartMs: Math.round(performance.now() - startedAt) };
    }
    if (proc.output().includes('could not warm up')) throw new Error(`warm-up failed:\n${proc.output()}`);
    if (performance.now() - startedAt > 120_000) throw new Error('the engine did not warm up in 2 minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** The server's own start-up time (since its process began) from its "Vitrine is ready" line. */
async function readyMs(proc: ReturnType<typeof spawnServer>) {
  for (let waited = 0; waited < 60_000; waited += 20) {
    const match = /"startupMs":(\d+)/.exec(proc.output());
    if (match) return Number(match[1]);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server did not report itself ready:\n${proc.output()}`);
}

for (let run = 0; run < RUNS; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-startup-'));
  try {
    const first = await timeToHealthy(dataDir);
    cold.push(first.ms);
    await stop(first.proc);
    const last = run === RUNS - 1;
    const second = await timeToHealthy(dataDir, last ? { ENGINE_IDLE_SECONDS: String(IDLE_SECONDS) } : {});
    warm.push(second.ms);
    warmReady.push(await readyMs(second.proc));
    if (last) {
      warmUp = await engineWarm(second.proc, second.started);
      // Idle once the engine is warm: a few health checks, then let the process settle (its threads
      // let go of what they kept once idle for 5 s: engine when-idle.ts).
      for (let i = 0; i < 5; i++) await fetch(`http://127.0.0.1:${second.port}/api/health`);
      await new Promise((r) => setTimeout(r, 8000));
      idleRss = rssMb(second.proc.child.pid!);
      idleTreeRss = treeRssMb(second.proc.child.pid!);
      // At rest: the engine's idle time has passed since its last work.
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000 + 3000));
      restRss = rssMb(second.proc.child.pid!);
      restTreeRss = treeRssMb(second.proc.child.pid!);
    }
    await stop(second.proc);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  JSON.stringify(
    {
      bench: 'startup',
      runs: RUNS,
      database: 'pglite',
      cold_start_ms: round(percentile(cold, 50), 0),
      cold_start_ms_max: round(Math.max(...cold), 0),
      warm_start_ms: round(percentile(warm, 50), 0),
      warm_start_ms_max: round(Math.max(...warm), 0),
      warm_ready_ms: round(percentile(warmReady, 50), 0),
      // 8 s after the engine warmed up (render threads, cut-out, model), nothing asked since: the model's
      // process has stopped after its 5 s by then.
      rss_mb_idle: idleRss,
      // With the cut-out model's own process.
      rss_mb_idle_with_model: idleTreeRss,
      // Once ENGINE_IDLE_SECONDS have passed without work: the render threads stopped (the model's process too).
      rss_mb_at_rest: restRss,
      rss_mb_at_rest_with_model: restTreeRss,
      engine_idle_seconds: IDLE_SECONDS,
      target_rss_mb_idle: 400,
      engine_warm_up: warmUp,
      targets: { warm_start_ms: 2000, cold_start_ms: 8000 },
      machine: machine(),
    },
    null,
    2,
  ),
);
