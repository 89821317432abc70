/** Small helpers shared by the benchmarks: free ports, percentiles, machine facts. */
import path from 'node:path';
import { freePort } from '../apps/server/test/helpers/free-port';
import { spawnServer } from '../apps/server/test/helpers/server-process';
import os from 'node:os';
import fs from 'node:fs';

export { freePort };

/** The benchmarks' accounts: made by the test factories, over the network, with these names. */
export const BENCH_ACCOUNT = { extra: { firstName: 'Bench', lastName: 'User' } };

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return round(kb / 1024);
}

/** The process's children, and theirs (Linux: read from /proc). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the second field after the command's closing parenthesis.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/**
 * A process's resident pages read from /proc/<pid>/smaps: its own memory in kB (anonymous mappings, and
 * the pages of a file mapping it wrote to, which are its own copies), and the pages it shares with the
 * file they were read from, by file (device and inode) and offset.
 */
function residentPages(pid: number): { own: number; files: Map<string, number> } {
  const smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const files = new Map<string, number>();
  let own = 0;
  let file: string | null = null;
  let rss = 0;
  for (const line of smaps.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ ([0-9a-f]+) (\S+) (\d+)/.exec(line);
    if (mapping) {
      // An inode of 0 is memory of the process's own ([heap], [stack], an anonymous mapping).
      file = mapping[3] !== '0' ? `${mapping[2]}:${mapping[3]}@${mapping[1]}` : null;
    } else if (line.startsWith('Rss:')) {
      rss = Number(line.split(/\s+/)[1]);
      if (file === null) own += rss;
    } else if (line.startsWith('Anonymous:') && file !== null) {
      const copied = Number(line.split(/\s+/)[1]);
      own += copied;
      files.set(file, (files.get(file) ?? 0) + rss - copied);
    }
  }
  return { own, files };
}

/**
 * The memory a process and every process it started take of the machine together: each one's own
 * pages, and the pages of a file mapped by several of them (Node's own code, by the server and by the
 * model's process alike) once, as many as the one holding most of that file's region has resident. A
 * lower bound where two of them hold different pages of one region; the resident memory summed
 * (treeRssMb) is the upper one.
 */
export function treeMemoryMb(pid: number): number {
  let own = 0;
  const files = new Map<string, number>();
  for (const each of [pid, ...descendants(pid)]) {
    try {
      const pages = residentPages(each);
      own += pages.own;
      for (const [key, kb] of pages.files) files.set(key, Math.max(files.get(key) ?? 0, kb));
    } catch {
      // The process ended meanwhile.
    }
  }
  let shared = 0;
  for (const kb of files.values()) shared += kb;
  return round((own + shared) / 1024);
}

/** The resident memory of a process and of every process it started, each counted whole. */
export function treeRssMb(pid: number): number {
  let total = 0;
  for (const each of [pid, ...descendants(pid)]) {
    try {
      const rss = rssMb(each);
      // An ending process (a zombie) has no resident memory left to report.
      if (Number.isFinite(rss)) total += rss;
    } catch {
      // The process ended meanwhile.
    }
  }
  return round(total);
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

export async function waitHealthy(base: string) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start');
}

/**
 * The server `npm start` runs, on a free port and a fresh DATA_DIR (embedded database). All requests come
 * from one address: the rate limits are scaled up so the limiter runs but does not refuse.
 */
export async function startBenchServer(name: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
      // BENCH_RENDER_THREADS compares the server with another number of render threads (0: none).
      ...(process.env.BENCH_RENDER_THREADS && { RENDER_THREADS: process.env.BENCH_RENDER_THREADS }),
      // BENCH_MALLOC_ARENA_MAX compares with another allocator setting than npm start's (16: glibc's own on 2 cores).
      ...(process.env.BENCH_MALLOC_ARENA_MAX && { MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX }),
      // BENCH_MALLOC_MMAP_THRESHOLD compares with another threshold in bytes (glibc: its own, which rises
      // with the blocks freed up to 32 MB).
      ...(process.env.BENCH_MALLOC_MMAP_THRESHOLD && {
        MALLOC_MMAP_THRESHOLD_:
          process.env.BENCH_MALLOC_MMAP_THRESHOLD === 'glibc'
            ? undefined
            : process.env.BENCH_MALLOC_MMAP_THRESHOLD,
      }),
      ...env,
    },
    'bundle',
  );
  // BENCH_LOG_LEVEL=info shows the server's log (e.g. each job's duration) on stderr.
  if (process.env.BENCH_LOG_LEVEL) server.child.stdout?.pipe(process.stderr);
  return {
    base,
    pid: server.child.pid!,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where a server's memory is, as its own `/metrics` says (read from loopback): the JavaScript heap in
 * use and reserved, and memory outside it that the heap points to (Buffers, typed arrays), in MB. The
 * rest of the resident memory is native: libvips, PGlite, the allocator's free lists.
 */
export async function heapBreakdown(base: string): Promise<Record<string, number> | null> {
  const response = await fetch(`${base}/metrics`).catch(() => null);
  if (!response?.ok) return null;
  const text = await response.text();
  const read = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`vitrine_${name} `));
    return line ? Math.round(Number(line.split(' ')[1]) / 2 ** 20) : NaN;
  };
  return {
    v8_heap_used_mb: read('nodejs_heap_size_used_bytes'),
    v8_heap_total_mb: read('nodejs_heap_size_total_bytes'),
    external_mb: read('nodejs_external_memory_bytes'),
  };
}
