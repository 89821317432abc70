import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { REPO_ROOT, spawnServer, startServer } from './helpers/server-process';
import { PASSWORD } from './helpers/accounts';
import { dbKind } from './helpers/test-db';

const dirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-proc-'));
  dirs.push(dir);
  return dir;
}
/**
 * A data directory whose database is a copy of the run's migrated one: for the tests that are not
 * about a first start, which creates and migrates a database (about three times as long).
 */
function migratedDataDir() {
  const dir = tempDataDir();
  fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'db'), { recursive: true });
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function runToExit(env: Record<string, string>) {
  const proc = spawnServer({ PORT: '0', HOST: '127.0.0.1', ...env });
  const code = await proc.exited;
  return { code, output: proc.output() };
}

// These start real processes on the embedded database; running them once (in the PGlite project) is enough.
describe.runIf(dbKind() === 'pglite')('the server process', () => {
  it('keeps a committed write when killed with SIGKILL, and starts again on the same DATA_DIR', async () => {
    const dataDir = tempDataDir();
    const writer = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/test/fixtures/commit-then-wait.ts'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, ROW_ID: 'survivor' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      writer.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('committed') && resolve());
      writer.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    const killed = new Promise((resolve) => writer.once('exit', resolve));
    writer.kill('SIGKILL');
    await killed;

    // The killed process left its lock behind; the server takes it over because that PID is gone.
    const server = await startServer({ DATA_DIR: dataDir });
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(await server.stop('SIGTERM')).toBe(0);

    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      expect(await database.query(`select id from users`)).toEqual([{ id: 'survivor' }]);
    } finally {
      await database.close();
    }
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const dataDir = migratedDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const second = await runToExit({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toMatch(/DATA_DIR .* is already in use by another Vitrine process \(pid \d+\)/);
      expect(second.output).not.toMatch(/\n\s+at /);
    } finally {
      expect(await first.stop('SIGINT')).toBe(0);
    }
    // A clean stop releases the lock.
    expect(fs.existsSync(path.join(dataDir, 'vitrine.lock'))).toBe(false);
  });

  it('keeps DATA_DIR private: the database, outbox, lock and auth secret are readable by their owner only', async () => {
    const dataDir = tempDataDir();
    fs.chmodSync(dataDir, 0o755);
    const publicUrl = 'http://localhost:3000';
    const server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl });
    try {
      // A sign-up writes an e-mail into the outbox.
      const response = await fetch(`${server.url}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl },
        body: JSON.stringify({
          email: 'private@example.com',
          password: PASSWORD,
          firstName: 'Ana',
          lastName: 'Lopez',
        }),
      });
      expect(response.status).toBe(201);
      // The e-mail goes off the request path: wait for its sidecar, written last.
      const outbox = path.join(dataDir, 'mail');
      const delivered = () =>
        fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => f.endsWith('.json'));
      for (let i = 0; i < 200 && !delivered(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const entries = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
      expect(entries).toEqual(expect.arrayContaining(['auth-secret', 'vitrine.lock', 'db']));
      expect(entries.some((entry) => entry.startsWith('mail/') && entry.endsWith('.eml'))).toBe(true);
      // PGlite sets its own files' modes (0666); the private directories above them keep them unreachable.
      const mode = (file: string) => fs.statSync(file).mode & 0o777;
      const directories = entries.filter((entry) => !entry.includes('/')).map((e) => path.join(dataDir, e));
      expect(mode(dataDir)).toBe(0o700);
      for (const dir of directories.filter((d) => fs.statSync(d).isDirectory()))
        expect([dir, mode(dir)]).toEqual([dir, 0o700]);
      const ours = entries.filter((entry) => !entry.startsWith('db/')).map((e) => path.join(dataDir, e));
      expect(ours.filter((file) => (mode(file) & 0o077) !== 0)).toEqual([]);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('exits with one line when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const { code, output } = await runToExit({ DATA_DIR: migratedDataDir(), PORT: String(port) });
      expect(code).toBe(1);
      expect(output).toContain(`vitrine: Port ${port} on 127.0.0.1 is already in use`);
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('exits with one line when DATA_DIR is not writable', async () => {
    const file = path.join(tempDataDir(), 'a-file');
    fs.writeFileSync(file, '');
    const { code, output } = await runToExit({ DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(1);
    expect(output).toMatch(/^vitrine: DATA_DIR .*a-file\/data is not writable: ENOTDIR/m);
  });

  it('exits naming every bad configuration key', async () => {
    const { code, output } = await runToExit({
      DATA_DIR: tempDataDir(),
      PORT: 'abc',
      ROLE: 'chef',
      LOG_LEVEL: 'loud',
    });
    expect(code).toBe(1);
    expect(output).toContain('vitrine: Invalid configuration:');
    for (const key of ['PORT', 'ROLE', 'LOG_LEVEL']) expect(output).toContain(`- ${key}:`);
  });

  it('exits with one line, without the password, when DATABASE_URL is unreachable', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { code, output } = await runToExit({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: `postgres://vitrine:s3cret@127.0.0.1:${port}/vitrine`,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `vitrine: Cannot reach the database at postgres://vitrine:***@127.0.0.1:${port}/vitrine`,
    );
    expect(output).not.toContain('s3cret');
  });

  it('stops on SIGTERM with exit code 0, closing idle keep-alive connections', async () => {
    const dataDir = migratedDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    await new Promise((resolve) => socket.once('data', resolve));
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    expect(await server.stop('SIGTERM')).toBe(0);
    await socketClosed;
    expect(server.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'vitrine.lock'))).toBe(false);
    // The ready line names the cut-out model npm install put in place.
    expect(server.output()).toContain('"cutoutModel":"u2netp.onnx"');
    expect(server.output()).not.toContain('no cut-out model is installed');
  });

  it('warns at start that TRUST_PROXY=true lets clients behind an appending proxy choose their rate-limit bucket; a hop count does not', async () => {
    const trusting = await startServer({
      DATA_DIR: migratedDataDir(),
      TRUST_PROXY: 'true',
      CUTOUT_MODEL: 'none',
    });
    expect(await trusting.stop('SIGTERM')).toBe(0);
    expect(trusting.output()).toContain('TRUST_PROXY=true trusts every X-Forwarded-For entry');
    expect(trusting.output()).toContain(
      'set TRUST_PROXY to the number of proxies in front (1 for one nginx)',
    );
    const counted = await startServer({
      DATA_DIR: migratedDataDir(),
      TRUST_PROXY: '1',
      CUTOUT_MODEL: 'none',
    });
    expect(await counted.stop('SIGTERM')).toBe(0);
    expect(counted.output()).toContain('Vitrine is ready');
    expect(counted.output()).not.toContain('trusts every X-Forwarded-For entry');
  });

  it('a SIGTERM received while starting stops it cleanly once started: exit code 0, the data directory unlocked', async () => {
    const dataDir = tempDataDir();
    const lock = path.join(dataDir, 'vitrine.lock');
    const proc = spawnServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      // The lock is taken first thing in the start, before the database opens and the server listens.
      const ended = proc.exited.then(() => true);
      for (let waited = 0; waited < 30_000 && !fs.existsSync(lock); waited += 5) {
        if (await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5, false))])) break;
      }
      expect(fs.existsSync(lock), proc.output()).toBe(true);
      proc.child.kill('SIGTERM');
      expect(await proc.exited, proc.output()).toBe(0);
    } finally {
      proc.child.kill('SIGKILL');
    }
    expect(proc.output()).toContain('"msg":"signal received while starting: stopping once started');
    expect(proc.output()).toContain('"msg":"shutting down"');
    expect(proc.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(lock)).toBe(false);
    // Nothing was left half-open: the next start on the same directory is a normal one.
    const again = await startServer({ DATA_DIR: dataDir, CUTOUT_MODEL: 'none' });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await again.stop('SIGTERM')).toBe(0);
    // Models turned off on purpose: no model named, and no warning about a missing one.
    expect(again.output()).toContain('"cutoutModel":null');
    expect(again.output()).not.toContain('no cut-out model is installed');
  });
});
