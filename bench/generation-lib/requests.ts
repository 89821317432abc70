/**
 * What the generation benchmark does to a server: its input photos, accounts with their uploads, a
 * user's event stream, one timed story, a burst of users at once, and the resident memory sampled
 * while work runs.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { serverSentEvents } from '../../apps/server/test/helpers/event-stream';
import { fetchApi, signedInUser, uploaded } from '../../apps/server/test/helpers/factories';
import { BENCH_ACCOUNT, round, rssMb, treeMemoryMb, treeRssMb } from '../lib';

/** A product shot on a studio background and a context photo, at the sizes phones produce. */
export async function inputs() {
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
export async function fiftyMegabytePng(): Promise<Buffer> {
  const width = 4000;
  const height = 4080; // about 49.5 MiB once PNG-encoded (random pixels do not compress)
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export type Account = { cookie: string; productUploadId: string; contextUploadId: string };

export async function account(base: string, email: string, images: { product: Buffer; context: Buffer }) {
  const api = fetchApi(base);
  const { cookie } = await signedInUser(api, email, BENCH_ACCOUNT);
  return {
    cookie,
    productUploadId: await uploaded(api, cookie, { name: 'product.jpg', bytes: images.product }),
    contextUploadId: await uploaded(api, cookie, { name: 'context.jpg', bytes: images.context }),
  };
}

/** Follows a user's event stream; `completed(id)` resolves when that generation's completed event arrives. */
export async function eventStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  const waiting = new Map<string, (at: number) => void>();
  const done = new Map<string, number>();
  void (async () => {
    try {
      for await (const { event, data } of serverSentEvents(res.body!)) {
        if (event !== 'generation') continue;
        const { id, status } = data as { id: string; status: string };
        if (status === 'failed') throw new Error(`generation ${id} failed`);
        if (status !== 'completed') continue;
        const at = performance.now();
        done.set(id, at);
        waiting.get(id)?.(at);
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

export async function startStory(base: string, a: Account) {
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
export async function timedRun(base: string, a: Account) {
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
export async function throughput(base: string, accounts: Account[]) {
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
 * model's) every 250 ms, as resident memory summed and as the memory they take together (a file's pages
 * counted once: lib.ts, treeMemoryMb); returns the three peaks.
 */
export async function peakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number; peakWithModel: number; peakWithModelShared: number }> {
  let peak = rssMb(pid);
  let peakWithModel = treeRssMb(pid);
  let peakWithModelShared = treeMemoryMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const treeTimer = setInterval(() => {
    peakWithModel = Math.max(peakWithModel, treeRssMb(pid));
    peakWithModelShared = Math.max(peakWithModelShared, treeMemoryMb(pid));
  }, 250);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)), peakWithModel, peakWithModelShared };
  } finally {
    clearInterval(timer);
    clearInterval(treeTimer);
  }
}
