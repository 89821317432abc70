/**
 * Starts the real server as a child process (node --import tsx src/main.ts), the way npm start runs it,
 * and finds its address from its log. Used by process tests, the browser tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function spawnServer(env: Record<string, string>): { child: ChildProcess; output(): string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the server on a free port (PORT=0 unless given) and waits until it listens. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const proc = spawnServer({ PORT: '0', HOST: '127.0.0.1', ...env });
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
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before listening:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.child.kill('SIGKILL');
  throw new Error(`server did not listen within ${timeoutMs} ms:\n${proc.output()}`);
}
