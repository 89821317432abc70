/**
 * Load benchmark against the server `npm start` runs, on loopback only, every phase bounded in time:
 * - load: BENCH_LOAD_CONNECTIONS connections (20 by default) for BENCH_LOAD_SECONDS each (10) on the
 *   session check, the usage, the history, an image upload (a different image each time), and a
 *   generation start followed by cancel-all (each connection its own user): requests per second,
 *   latency p50/p99, and the status codes (no 5xx expected);
 * - soak: BENCH_SOAK_SECONDS (600) of mixed traffic at BENCH_SOAK_RATE requests per second (40), with
 *   the server's RSS sampled every 5 s: the RSS trend over the second half (MB per minute), and every
 *   upload the server accepted is still there at the end (nothing lost).
 * Prints JSON.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { multipartFile } from '../apps/server/test/helpers/multipart';
import { fetchApi, signedInUser } from '../apps/server/test/helpers/factories';
import { BENCH_ACCOUNT, machine, round, rssMb, startBenchServer, waitHealthy } from './lib';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 20);
const PHASE_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SOAK_RATE = Number(process.env.BENCH_SOAK_RATE ?? 40);

type Result = autocannon.Result;
type Request = autocannon.Request;

function summary(result: Result) {
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
  );
  return {
    requests: result.requests.total,
    requests_per_second: round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    status_codes: codes,
    server_errors: Object.entries(codes)
      .filter(([code]) => Number(code) >= 500)
      .reduce((total, [, count]) => total + count, 0),
    connection_errors: result.errors,
    timeouts: result.timeouts,
  };
}

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A product photo; each upload appends random bytes after the JPEG's end, so no two are the same file. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#b5462a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><circle cx="400" cy="300" r="180" fill="#fbf3e4"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

function uploadRequest(jpeg: Buffer, accepted?: Set<string>): Request {
  return {
    method: 'POST',
    path: '/api/uploads',
    setupRequest: (request) => {
      const form = multipartFile('produit.jpg', Buffer.concat([jpeg, crypto.randomBytes(16)]));
      return { ...request, headers: { ...request.headers, ...form.headers }, body: form.payload };
    },
    onResponse: (status, body) => {
      if (status === 201 && accepted) accepted.add((JSON.parse(body) as { id: string }).id);
    },
  };
}

const server = await startBenchServer('load');
try {
  await waitHealthy(server.base);
  const jpeg = await photo();
  const users = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const user = await signedInUser(fetchApi(server.base), `load-${i}@example.test`, BENCH_ACCOUNT);
      return user.cookie;
    }),
  );
  const cookie = users[0]!;
  let nextUser = 0;
  const base = { url: server.base, connections: CONNECTIONS, duration: PHASE_SECONDS };
  const signedIn = { ...base, headers: { cookie } };

  const load = {
    session: summary(await run({ ...signedIn, requests: [{ method: 'GET', path: '/api/auth/session' }] })),
    usage: summary(await run({ ...signedIn, requests: [{ method: 'GET', path: '/api/usage' }] })),
    history: summary(await run({ ...signedIn, requests: [{ method: 'GET', path: '/api/history' }] })),
    upload: summary(await run({ ...signedIn, requests: [uploadRequest(jpeg)] })),
    generation_start_then_cancel: summary(
      await run({
        ...base,
        requests: [
          {
            method: 'POST',
            path: '/api/generations/express',
            // Each connection is its own user: one user may only have one generation under way.
            setupRequest: (request, context: { cookie?: string }) => {
              context.cookie ??= users[nextUser++ % users.length];
              return {
                ...request,
                headers: { ...request.headers, cookie: context.cookie!, 'content-type': 'application/json' },
                body: JSON.stringify({ style: 'moderne', format: 'square', description: 'Boulangerie' }),
              };
            },
          },
          {
            method: 'POST',
            path: '/api/generations/cancel-all',
            setupRequest: (request, context: { cookie?: string }) => ({
              ...request,
              headers: { ...request.headers, cookie: context.cookie! },
            }),
          },
        ],
      }),
    ),
  };

  const accepted = new Set<string>();
  const samples: { s: number; rss_mb: number }[] = [];
  const t0 = performance.now();
  const sampler = setInterval(
    () => samples.push({ s: round((performance.now() - t0) / 1000), rss_mb: rssMb(server.pid) }),
    5000,
  );
  const soakResult = await run({
    url: server.base,
    connections: 8,
    duration: SOAK_SECONDS,
    overallRate: SOAK_RATE,
    headers: { cookie },
    requests: [
      { method: 'GET', path: '/api/auth/session' },
      { method: 'GET', path: '/api/usage' },
      { method: 'GET', path: '/api/history' },
      uploadRequest(jpeg, accepted),
    ],
  });
  clearInterval(sampler);

  let missing = 0;
  for (const id of accepted) {
    const res = await fetch(`${server.base}/api/uploads/${id}`, { headers: { cookie } });
    if (res.status !== 200) missing++;
  }
  const half = samples.filter((sample) => sample.s >= SOAK_SECONDS / 2);
  const slope = (() => {
    if (half.length < 2) return Number.NaN;
    const mx = half.reduce((a, p) => a + p.s, 0) / half.length;
    const my = half.reduce((a, p) => a + p.rss_mb, 0) / half.length;
    const num = half.reduce((a, p) => a + (p.s - mx) * (p.rss_mb - my), 0);
    const den = half.reduce((a, p) => a + (p.s - mx) ** 2, 0);
    return (num / den) * 60;
  })();

  console.log(
    JSON.stringify(
      {
        bench: 'load',
        machine: machine(),
        loopback: server.base,
        connections: CONNECTIONS,
        seconds_per_phase: PHASE_SECONDS,
        load,
        soak: {
          seconds: SOAK_SECONDS,
          target_rate: SOAK_RATE,
          ...summary(soakResult),
          uploads_accepted: accepted.size,
          uploads_missing_afterwards: missing,
          rss_mb_first: samples[0]?.rss_mb,
          rss_mb_last: samples.at(-1)?.rss_mb,
          rss_mb_max: Math.max(...samples.map((sample) => sample.rss_mb)),
          rss_trend_second_half_mb_per_min: round(slope, 2),
          rss_samples: samples,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
