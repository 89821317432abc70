/**
 * What `npm start` runs once the build is current (scripts/start.mjs): the server bundle in a process of
 * its own, with two malloc arenas and image-sized blocks mapped on their own unless the operator chose
 * otherwise (docs/decisions/071 and 080); SIGTERM or
 * SIGINT sent to the launcher stops the server cleanly, once even when it gets the signal twice, and the
 * launcher exits with the server's code.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/helpers/free-port';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The launcher's only child: the server. */
function serverOf(launcher: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === launcher) return Number(entry);
    } catch {
      // Ended meanwhile.
    }
  }
  throw new Error('the launcher has not started the server');
}

async function launch(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-start-'));
  dirs.push(dir);
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ENGINE_WARM_UP: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(200);
  const server = serverOf(child.pid!);
  const environ = fs.readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
  return { child, server, exited, environ, output: () => output };
}

describe.runIf(process.platform === 'linux')('npm start', () => {
  it('runs the server with two malloc arenas and blocks of a megabyte or more mapped on their own; SIGTERM to it stops the server cleanly, exit code 0', async () => {
    const started = await launch({});
    expect(started.environ).toContain('MALLOC_ARENA_MAX=2');
    expect(started.environ).toContain('MALLOC_MMAP_THRESHOLD_=1048576');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('"msg":"stopped"');
  });

  it("keeps the operator's own MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_; Ctrl+C (SIGINT) stops the server cleanly too", async () => {
    const started = await launch({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '4194304' });
    expect(started.environ).toContain('MALLOC_ARENA_MAX=4');
    expect(started.environ).toContain('MALLOC_MMAP_THRESHOLD_=4194304');
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('"msg":"stopped"');
  });

  it('a SIGTERM that reaches the server twice (to the launcher and to it) still stops it cleanly', async () => {
    const started = await launch({});
    process.kill(started.server, 'SIGTERM');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('"msg":"stopped"');
  });
});
