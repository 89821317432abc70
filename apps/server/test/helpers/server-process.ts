/**
 * Starts the real server as a child process and finds its address from its log. Process tests run the
 * TypeScript sources; the browser tests and the benchmarks run the bundle that `npm start` runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const BUNDLE_MAIN = fileURLToPath(new URL('../../dist/main.mjs', import.meta.url));

export type ServerEntry = 'source' | 'bundle';

function entryArgs(entry: ServerEntry): string[] {
  if (entry === 'source') return ['--import', 'tsx', SOURCE_MAIN];
  if (!fs.existsSync(BUNDLE_MAIN)) throw new Error('The server is not built: run "npm run build" first.');
  return ['--enable-source-maps', BUNDLE_MAIN];
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** `env` is added to the defaults below; a variable given as undefined is left out. */
export function spawnServer(
  env: Record<string, string | undefined>,
  entry: ServerEntry = 'source',
): { child: ChildProcess; output(): string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, entryArgs(entry), {
    cwd: REPO_ROOT,
    // The engine's warm-up (main.ts) would take two cores for seconds in tests that draw no image: it
    // is asked for by the tests that check it.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ENGINE_WARM_UP: 'false',
      // As scripts/start.mjs (npm start) and the container image run the server.
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the server on a free port (PORT=0 unless given) and waits until it listens. */
export async function startServer(
  env: Record<string, string>,
  { entry = 'source', timeoutMs = 60_000 }: { entry?: ServerEntry; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const proc = spawnServer({ PORT: '0', HOST: '127.0.0.1', ...env }, entry);
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    const match = /"address":"(http:\/\/[^"]+)"/.exec(proc.output());
    if (match?.[1]) {
      return {
        ...proc,
        url: match[1],
        stop: async (signal = 'SIGTERM') => {
          if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
          return proc.exited;
        },
      };
    }
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before listening:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.child.kill('SIGKILL');
  throw new Error(`server did not listen within ${timeoutMs} ms:\n${proc.output()}`);
}
