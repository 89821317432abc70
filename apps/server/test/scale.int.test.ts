/**
 * Several processes on one PostgreSQL database and one S3-compatible bucket (docs/decisions/070): two
 * ROLE=api processes and two ROLE=worker processes, each with a data directory of its own, as real child
 * processes. Generations started through both APIs by several users all complete, and each user's live
 * progress reaches the stream whichever API it is connected to; sessions, the one-at-a-time rule, the
 * rate limits and the quotas hold across both APIs; a worker killed in the middle of a render leaves its
 * generation finished by the other worker or failed with the credit back, never both; every file is in
 * the bucket and none in a data directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSentEvents } from './helpers/event-stream';
import { freePort } from './helpers/free-port';
import { contextJpeg, fusionOptions, productJpeg } from './helpers/generations';
import { signUpOverHttp, uploadOverHttp } from './helpers/http-session';
import { startS3Server, type TestS3 } from './helpers/s3-server';
import { spawnServer, startServer, type ServerProcess } from './helpers/server-process';
import { createTestDatabase, dbKind, type TestDatabase } from './helpers/test-db';

type Worker = ReturnType<typeof spawnServer>;
type Detail = {
  generation: { id: string; status: string; progress: number; errorMessage: string | null };
  result: { id: string } | null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value other than undefined, or throws after `timeoutMs`. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A user's live stream (GET /api/events) on one API: what each generation's events said. */
async function eventStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`event stream: ${res.status}`);
  const seen = new Map<string, { status: string; progress: number; updatedAt: string }[]>();
  void (async () => {
    try {
      for await (const { event, data } of serverSentEvents(res.body!)) {
        if (event !== 'generation') continue;
        const { id, status, progress, updatedAt } = data as {
          id: string;
          status: string;
          progress: number;
          updatedAt: string;
        };
        seen.set(id, [...(seen.get(id) ?? []), { status, progress, updatedAt }]);
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    events: (id: string) => seen.get(id) ?? [],
    /** Resolves once the stream has said the generation completed; throws if it said it failed. */
    completed: (id: string, timeoutMs = 150_000) =>
      until(
        `generation ${id} completed on the stream`,
        async () => {
          const statuses = (seen.get(id) ?? []).map((e) => e.status);
          if (statuses.includes('failed')) throw new Error(`generation ${id} failed`);
          return statuses.includes('completed') ? true : undefined;
        },
        timeoutMs,
      ),
    close: () => controller.abort(),
  };
}

async function start(base: string, cookie: string, mode: 'fusion' | 'express', body: object) {
  return fetch(`${base}/api/generations/${mode}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
}

async function detail(base: string, cookie: string, id: string): Promise<Detail> {
  const res = await fetch(`${base}/api/generations/${id}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`detail: ${res.status} ${await res.text()}`);
  return (await res.json()) as Detail;
}

const express = { style: 'moderne', format: 'square', variants: 1, description: 'Boulangerie du marché' };

// Real processes on a PostgreSQL server: PGlite is one process's database.
describe.runIf(dbKind() === 'postgres')('two API and two worker processes (PostgreSQL only)', () => {
  let s3: TestS3;
  let database: TestDatabase;
  const apis: ServerProcess[] = [];
  const workers: Worker[] = [];
  const dataDirs: string[] = [];
  let sharedEnv: Record<string, string>;
  let product: Buffer;
  let context: Buffer;

  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-scale-'));
    dataDirs.push(dir);
    return dir;
  };

  const startWorker = async () => {
    const worker = spawnServer({ ...sharedEnv, ROLE: 'worker', DATA_DIR: dataDir() });
    workers.push(worker);
    await until('worker ready', async () => {
      if (worker.child.exitCode !== null) throw new Error(`worker exited (${worker.child.exitCode})`);
      return worker.output().includes('Vitrine worker is ready') ? true : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`);
    });
    return worker;
  };

  beforeAll(async () => {
    [s3, database, product, context] = await Promise.all([
      startS3Server(),
      createTestDatabase(),
      productJpeg(),
      contextJpeg(),
    ]);
    sharedEnv = {
      ...s3.env,
      DATABASE_URL: database.url!,
      AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      CUTOUT_MODEL: 'none',
      // A killed worker's render is taken up again 30 s after it started, as soon as a worker's
      // queue, maintained every second, sees it expired (docs/decisions/073); renders here take seconds.
      RENDER_JOB_EXPIRE_SECONDS: '30',
      QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
    };
    const ports = [await freePort(), await freePort()];
    apis.push(
      ...(await Promise.all(
        ports.map((port) =>
          startServer(
            {
              ...sharedEnv,
              ROLE: 'api',
              DATA_DIR: dataDir(),
              PORT: String(port),
              PUBLIC_URL: `http://127.0.0.1:${port}`,
            },
            { timeoutMs: 150_000 },
          ),
        ),
      )),
    );
    // At the same moment, as a compose file starts them: on this new database both set up the queue's
    // tables, one after the other (docs/decisions/070).
    await Promise.all([startWorker(), startWorker()]);
  }, 240_000);

  afterAll(async () => {
    for (const p of [...apis.map((a) => a), ...workers]) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    }
    await Promise.all([...apis, ...workers].map((p) => p.exited));
    await database?.dispose();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('completes 20 generations of 7 users started through both APIs, each stream seeing its own', async () => {
    const [one, two] = apis.map((a) => a.url) as [string, string];
    // Users 0 to 5 make 3 generations each, user 6 two: 20. Users 0 and 1 make Fusion visuals from
    // photos uploaded through an API; the others Express visuals.
    const users = await Promise.all(
      Array.from({ length: 7 }, async (_, i) => {
        // Signed up on one API; the session is used on both.
        const home = i % 2 === 0 ? one : two;
        const cookie = await signUpOverHttp(home, `scale${i}@example.test`, 'en');
        return { i, home, cookie, count: i === 6 ? 2 : 3 };
      }),
    );
    const ids = await Promise.all(
      users.map(async (u) => {
        // The stream on the other API than the one that takes the first start.
        const events = await eventStream(u.i % 2 === 0 ? two : one, u.cookie);
        const mine: string[] = [];
        // The same photos for each of a Fusion user's generations, uploaded once through their API.
        const uploads =
          u.i < 2
            ? {
                productUploadId: await uploadOverHttp(u.home, u.cookie, 'p.jpg', product),
                contextUploadId: await uploadOverHttp(u.home, u.cookie, 'c.jpg', context),
              }
            : undefined;
        try {
          for (let n = 0; n < u.count; n++) {
            const base = (u.i + n) % 2 === 0 ? one : two;
            const body = uploads ? { ...fusionOptions, variants: 1, ...uploads } : express;
            const res = await start(base, u.cookie, uploads ? 'fusion' : 'express', body);
            expect(res.status, await res.clone().text()).toBe(202);
            const id = ((await res.json()) as Detail).generation.id;
            mine.push(id);
            await events.completed(id);
            // The end, on a stream served by another process than the start, and the latest state there
            // (events may arrive out of order; their ids, the update times, put them back in order).
            const latest = events
              .events(id)
              .toSorted(
                (a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || a.progress - b.progress,
              )
              .at(-1);
            expect(latest).toMatchObject({ status: 'completed', progress: 100 });
          }
          // Both APIs read the same quota.
          const usage = (await (
            await fetch(`${one}/api/usage`, { headers: { cookie: u.cookie } })
          ).json()) as {
            used: number;
            remaining: number;
          };
          expect(usage).toMatchObject({ used: u.count, remaining: 3 - u.count });
          return mine;
        } finally {
          events.close();
        }
      }),
    );
    expect(ids.flat()).toHaveLength(20);
    const rows = await database.query<{ status: string; results: string }>(
      `select g.status, (select count(*) from user_image_generations r where r.background_generation_id = g.id)::text as results
       from background_generations g where g.id = any($1::uuid[])`,
      [ids.flat()],
    );
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.status === 'completed' && r.results === '1')).toBe(true);

    // The quota is spent whichever API is asked: user 0's fourth start is refused by the other one.
    const fourth = await start(two, users[0]!.cookie, 'express', express);
    expect(fourth.status).toBe(402);
  }, 300_000);

  it('accepts exactly one of 20 simultaneous starts of one user across both APIs, and counts them all', async () => {
    const [one, two] = apis.map((a) => a.url) as [string, string];
    const cookie = await signUpOverHttp(one, 'rush@example.test', 'en');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => start(n % 2 === 0 ? one : two, cookie, 'express', express)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = (await answers.find((r) => r.status === 409)!.json()) as { error: { code: string } };
    expect(refused.error.code).toBe('ACTIVE_GENERATION');
    const rows = await database.query(
      `select g.id from background_generations g join users u on u.id = g.user_id where u.email = $1`,
      ['rush@example.test'],
    );
    expect(rows).toHaveLength(1);
    // The 20 starts were counted by both APIs in one place: a 21st is over the limit, on either.
    const more = await start(two, cookie, 'express', express);
    expect(more.status).toBe(429);
    const id = ((await answers.find((r) => r.status === 202)!.json()) as Detail).generation.id;
    await until('the accepted start completes', async () =>
      (await detail(one, cookie, id)).generation.status === 'completed' ? true : undefined,
    );
  }, 240_000);

  it('finishes or fails, once, a generation whose worker is killed in the middle of its render', async () => {
    const [one, two] = apis.map((a) => a.url) as [string, string];
    const cookie = await signUpOverHttp(two, 'killed@example.test', 'en');
    const body = {
      ...fusionOptions,
      variants: 4,
      productUploadId: await uploadOverHttp(one, cookie, 'p.jpg', product),
      contextUploadId: await uploadOverHttp(one, cookie, 'c.jpg', context),
    };
    // The render goes to the first worker: the second is paused until the render is under way.
    const [holder, other] = workers as [Worker, Worker];
    other.child.kill('SIGSTOP');
    let id: string;
    try {
      const res = await start(one, cookie, 'fusion', body);
      expect(res.status).toBe(202);
      id = ((await res.json()) as Detail).generation.id;
      await until(
        'the render under way',
        async () => {
          const d = await detail(two, cookie, id);
          expect(d.generation.status).toBe('processing');
          return d.generation.progress >= 20 ? true : undefined;
        },
        150_000,
      );
    } finally {
      other.child.kill('SIGCONT');
    }
    // The queue's job for it is active (taken by the first worker), with the API's expiry setting.
    const [job] = await database.query<{ id: string; state: string; expire_seconds: number }>(
      `select id, state, extract(epoch from expire_in)::int as expire_seconds
       from pgboss.job where name = 'render-generation' and data->>'generationId' = $1`,
      [id],
    );
    expect(job).toMatchObject({ state: 'active', expire_seconds: 30 });
    holder.child.kill('SIGKILL');
    await holder.exited;

    // Nothing is done from outside: the other worker's queue finds the job expired, 30 s after the
    // killed worker took it, and takes it again.
    const end = await until(
      'the generation ends',
      async () => {
        const d = await detail(one, cookie, id);
        return d.generation.status === 'processing' ? undefined : d;
      },
      180_000,
    );
    const [row] = await database.query<{ status: string; credit_reserved: boolean; results: string }>(
      `select status, credit_reserved,
              (select count(*) from user_image_generations r where r.background_generation_id = g.id)::text as results
       from background_generations g where id = $1`,
      [id],
    );
    const usage = (await (await fetch(`${two}/api/usage`, { headers: { cookie } })).json()) as {
      used: number;
    };
    // Either finished by the other worker, with one result, or failed with the credit given back.
    console.info(`the killed worker's generation ended ${end.generation.status}`);
    if (end.generation.status === 'completed') {
      expect(row).toEqual({ status: 'completed', credit_reserved: false, results: '1' });
      expect(end.result).not.toBeNull();
      expect(usage.used).toBe(1);
      // By the other worker: the queue ran the job a second time.
      const [again] = await database.query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where id = $1`,
        [job!.id],
      );
      expect(again).toEqual({ state: 'completed', retry_count: 1 });
    } else {
      expect(row).toEqual({ status: 'failed', credit_reserved: false, results: '0' });
      expect(end.result).toBeNull();
      expect(usage.used).toBe(0);
    }
    // It stays so: no late second outcome.
    await sleep(3000);
    expect((await detail(two, cookie, id)).generation.status).toBe(end.generation.status);
  }, 300_000);

  it('keeps every upload and image in the bucket and none under any data directory', async () => {
    const keys = new Set(await s3.listKeys());
    const uploads = await database.query<{ storage_key: string }>(`select storage_key from uploads`);
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    for (const u of uploads) expect(keys).toContain(u.storage_key);
    const results = await database.query<{ webhook_data: { images: { key: string }[] } }>(
      `select webhook_data from user_image_generations`,
    );
    expect(results.length).toBeGreaterThanOrEqual(21);
    for (const r of results) for (const image of r.webhook_data.images) expect(keys).toContain(image.key);
    for (const dir of dataDirs) {
      expect(filesUnder(path.join(dir, 'storage')), dir).toEqual([]);
    }
  });
});
