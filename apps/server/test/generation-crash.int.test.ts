/**
 * A worker killed in the middle of a render (SIGKILL, no chance to clean up) leaves no generation stuck in
 * "processing": on the next start the record is failed with a message saying so, and the credit is back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contextJpeg, fusionOptions, productJpeg } from './helpers/generations';
import { signUpOverHttp, uploadOverHttp } from './helpers/http-session';
import { startServer, type ServerProcess } from './helpers/server-process';
import { dbKind } from './helpers/test-db';
import { freePort } from './helpers/free-port';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-crash-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The same port across the restart; PUBLIC_URL is the address fetched, as the dev mailbox requires.
let port: number | undefined;
const start = async () => {
  port ??= await freePort();
  return startServer(
    {
      DATA_DIR: dataDir,
      RATE_LIMIT_MULTIPLIER: '100',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    { timeoutMs: 90_000 },
  );
};

describe.runIf(dbKind() === 'pglite')('a worker killed mid-render', () => {
  it('leaves the generation failed and the credit count right after a restart', async () => {
    server = await start();
    // The dev mailbox answers only to a local client asking for PUBLIC_URL's host.
    let base = server.url;
    type Body = {
      generation: { id: string; status: string; progress: number; errorMessage: string | null };
      result: unknown;
    };
    const json = (res: Response) => res.json() as Promise<Body>;
    const cookie = await signUpOverHttp(base, 'crash@example.test');
    const productUploadId = await uploadOverHttp(base, cookie, 'p.jpg', await productJpeg());
    const contextUploadId = await uploadOverHttp(base, cookie, 'c.jpg', await contextJpeg());
    const res = await fetch(`${base}/api/generations/fusion`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ ...fusionOptions, productUploadId, contextUploadId }),
    });
    expect(res.status).toBe(202);
    const id = (await json(res)).generation.id;
    // Kill it once the render is under way.
    let underWay = false;
    for (let i = 0; i < 600 && !underWay; i++) {
      const d = await json(await fetch(`${base}/api/generations/${id}`, { headers: { cookie } }));
      underWay = d.generation.progress >= 20 && d.generation.status === 'processing';
      if (!underWay) await new Promise((r) => setTimeout(r, 20));
    }
    await server.stop('SIGKILL');
    expect(underWay).toBe(true);

    server = await start();
    base = server.url;
    const d = await json(await fetch(`${base}/api/generations/${id}`, { headers: { cookie } }));
    expect(d.generation).toMatchObject({
      status: 'failed',
      errorMessage: 'The generation was interrupted. Your credit has been given back; please try again.',
    });
    expect(d.result).toBeNull();
    const usage: unknown = await (await fetch(`${base}/api/usage`, { headers: { cookie } })).json();
    expect(usage).toMatchObject({ used: 0, remaining: 3 });
  }, 240_000);
});
