/**
 * ROLE=worker as a real process (docs/decisions/065): with METRICS_PORT it serves /metrics and the
 * orchestrators' probes on that port, ready once its queue runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port';
import { spawnServer } from './helpers/server-process';
import { dbKind } from './helpers/test-db';

const dirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-worker-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(output: () => string, text: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const line = output()
      .split('\n')
      .find((l) => l.includes(text));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no "${text}" within ${timeoutMs} ms:\n${output()}`);
}

// A real process on the embedded database; once (in the PGlite project) is enough.
describe.runIf(dbKind() === 'pglite')('ROLE=worker', () => {
  it('serves /metrics and /api/health/{live,ready} on METRICS_PORT, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const proc = spawnServer({
      ROLE: 'worker',
      DATA_DIR: tempDataDir(),
      HOST: '127.0.0.1',
      METRICS_PORT: String(port),
    });
    try {
      const line = JSON.parse(await waitFor(proc.output, 'Vitrine worker is ready'));
      expect(line.metricsAddress).toBe(`http://127.0.0.1:${port}`);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      const ready = await fetch(`${base}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'up', storage: 'up', queue: 'up' },
        down: [],
      });
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^vitrine_workers_alive 1$/m);
    } finally {
      proc.child.kill('SIGTERM');
    }
    expect(await proc.exited).toBe(0);
  });
});
