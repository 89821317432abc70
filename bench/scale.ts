/**
 * Generations a minute with one and with two ROLE=worker processes (docs/decisions/070): one ROLE=api
 * process, files in an S3-compatible bucket (s3rver, in this process), all on a fresh PostgreSQL
 * database (BENCH_DATABASE_URL or TEST_DATABASE_URL). In each round BENCH_SCALE_GENERATIONS users (40 by
 * default) start an Express visual (square, the default number of variants) at the same moment; the
 * round lasts until the last is completed. Prints JSON.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { VARIANTS_DEFAULT } from '@vitrine/shared/api/generation';
import { fetchApi, signedInUser } from '../apps/server/test/helpers/factories';
import { startS3Server } from '../apps/server/test/helpers/s3-server';
import { spawnServer } from '../apps/server/test/helpers/server-process';
import { BENCH_ACCOUNT, freePort, machine, round, waitHealthy } from './lib';

const GENERATIONS = Number(process.env.BENCH_SCALE_GENERATIONS ?? 40);
const REQUEST = { style: 'moderne', format: 'square', description: 'Boulangerie du marché' };

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.log(
    JSON.stringify({
      bench: 'scale',
      skipped: 'set BENCH_DATABASE_URL (PostgreSQL): several processes share one database',
    }),
  );
  process.exit(0);
}

const name = `vitrine_bench_scale_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(pgUrl);
url.pathname = `/${name}`;
const db = new pg.Client({ connectionString: url.toString() });
const s3 = await startS3Server('vitrine-bench');
const dataDirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-scale-'));
  dataDirs.push(dir);
  return dir;
};
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const common = {
  ...s3.env,
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MULTIPLIER: '1000',
  AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
};
const processes: ReturnType<typeof spawnServer>[] = [];

async function startWorker() {
  const worker = spawnServer({ ...common, LOG_LEVEL: 'info', ROLE: 'worker', DATA_DIR: dataDir() }, 'bundle');
  processes.push(worker);
  for (let i = 0; !/worker is ready/.test(worker.output()); i++) {
    if (i > 1200 || worker.child.exitCode !== null) throw new Error(`worker not ready:\n${worker.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let accounts = 0;
/** `count` users each start one generation at the same moment; the seconds until the last completes. */
async function round_(count: number): Promise<number> {
  const api = fetchApi(base);
  const cookies = await Promise.all(
    Array.from({ length: count }, async () => {
      const { cookie } = await signedInUser(api, `scale${accounts++}@example.test`, BENCH_ACCOUNT);
      return cookie;
    }),
  );
  const t0 = performance.now();
  const ids = await Promise.all(
    cookies.map(async (cookie) => {
      const res = await fetch(`${base}/api/generations/express`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(REQUEST),
      });
      if (res.status !== 202) throw new Error(`start failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { generation: { id: string } }).generation.id;
    }),
  );
  for (;;) {
    const { rows } = await db.query<{ status: string }>(
      `select status from background_generations where id = any($1::uuid[])`,
      [ids],
    );
    if (rows.some((r) => r.status === 'failed')) throw new Error('a generation failed');
    if (rows.every((r) => r.status === 'completed')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return (performance.now() - t0) / 1000;
}

const measure = async (workers: number) => {
  const seconds = await round_(GENERATIONS);
  return {
    workers,
    generations: GENERATIONS,
    seconds: round(seconds, 2),
    generations_per_minute: round((GENERATIONS * 60) / seconds),
  };
};

try {
  await db.connect();
  processes.push(
    spawnServer(
      {
        ...common,
        ROLE: 'api',
        DATA_DIR: dataDir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
      },
      'bundle',
    ),
  );
  await waitHealthy(base);
  await startWorker();
  await round_(1); // warm-up: the engine and its typefaces
  const one = await measure(1);
  await startWorker();
  await round_(2); // the second worker's warm-up (each takes one)
  const two = await measure(2);
  const ratio = two.generations_per_minute / one.generations_per_minute;
  console.log(
    JSON.stringify(
      {
        bench: 'scale',
        request: `Express, square, ${VARIANTS_DEFAULT} variants; PostgreSQL and an S3-compatible bucket (s3rver)`,
        one_worker: one,
        two_workers: two,
        ratio: round(ratio, 2),
        explanation:
          `${round(ratio, 2)}x with twice the workers: each worker already draws a generation's variants on ` +
          `one render thread per core (RENDER_THREADS defaults to the cores, ${os.availableParallelism()} here), ` +
          'so the cores, not the workers, bound the rate: a second worker on the same machine only fills ' +
          'the moments a generation leaves a core idle (reading and storing images, database writes) and ' +
          'otherwise competes for the same cores; it adds throughput on a machine of its own.',
        machine: { ...machine(), load_average_1m: round(os.loadavg()[0]!, 2) },
      },
      null,
      2,
    ),
  );
} finally {
  for (const p of processes) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => p.exited));
  await db.end().catch(() => {});
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await s3.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
