/**
 * Authentication benchmark against the server `npm start` runs (embedded database): sign-in requests per
 * second and latency (each one hashes a password: scrypt, better-auth's default, N=16384 r=16 p=1), and
 * session checks per second and latency. Requests come from this process over loopback with a fixed
 * number in flight. Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { PASSWORD } from '../apps/server/test/helpers/accounts';
import { fetchApi, verifiedAccount } from '../apps/server/test/helpers/factories';
import { BENCH_ACCOUNT, machine, percentile, round, startBenchServer, waitHealthy } from './lib';

const SIGN_IN_REQUESTS = Number(process.env.BENCH_SIGN_INS ?? 200);
const SESSION_REQUESTS = Number(process.env.BENCH_SESSION_CHECKS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

/** Runs `total` requests with `CONCURRENCY` in flight; returns per-request latencies and the wall time. */
async function load(total: number, send: () => Promise<Response>) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: total,
    failures,
    requests_per_second: round(total / seconds),
    p50_ms: round(percentile(latencies, 50)),
    p95_ms: round(percentile(latencies, 95)),
    p99_ms: round(percentile(latencies, 99)),
  };
}

const { base, stop } = await startBenchServer('auth');
try {
  await waitHealthy(base);
  // Several accounts, so the per-address sign-in limit (10 per 15 min) is not what gets measured.
  const emails = Array.from({ length: Math.ceil(SIGN_IN_REQUESTS / 9) }, (_, i) => `bench${i}@example.test`);
  for (const email of emails) await verifiedAccount(fetchApi(base), email, BENCH_ACCOUNT);
  let i = 0;
  const signIn = await load(SIGN_IN_REQUESTS, () =>
    fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emails[i++ % emails.length], password: PASSWORD }),
    }),
  );
  const signedIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: emails[0], password: PASSWORD }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = await load(SESSION_REQUESTS, () =>
    fetch(`${base}/api/auth/session`, { headers: { cookie } }),
  );
  console.log(
    JSON.stringify(
      {
        bench: 'auth',
        database: 'pglite',
        concurrency: CONCURRENCY,
        password_hash: 'scrypt (N=16384, r=16, p=1, 64-byte key), better-auth default',
        sign_in: signIn,
        session_check: session,
        machine: machine(),
      },
      null,
      2,
    ),
  );
} finally {
  await stop();
}
