/**
 * A worker killed in the middle of a render (SIGKILL, no chance to clean up) leaves no generation stuck in
 * "processing": on the next start the record is failed with a message saying so, and the credit is back.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contextJpeg, fusionOptions, multipartFile, productJpeg } from './helpers/generations';
import { PASSWORD } from './helpers/accounts';
import { cookiesOf } from './helpers/http-session';
import { startServer, type ServerProcess } from './helpers/server-process';
import { dbKind } from './helpers/test-db';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-crash-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

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
    const email = 'crash@example.test';
    type Body = {
      id: string;
      messages: { to: string; links: string[] }[];
      generation: { id: string; status: string; progress: number; errorMessage: string | null };
      result: unknown;
    };
    const json = (res: Response) => res.json() as Promise<Body>;
    const signedUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName: 'Crash', lastName: 'Test' }),
    });
    // The verification e-mail is sent after the answer: it reaches the outbox a moment later.
    let link: string | undefined;
    for (let tries = 0; !link && tries < 100; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const mailbox = await json(await fetch(`${base}/api/dev/mailbox`));
      link = mailbox.messages.find((m) => m.to === email)?.links.find((l) => l.includes('verify-email'));
    }
    if (!link) throw new Error('no verification link');
    await fetch(link.replace(/^https?:\/\/[^/]+/, base), {
      redirect: 'manual',
      headers: { cookie: cookiesOf(signedUp) },
    });
    const signedIn = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const upload = async (name: string, bytes: Buffer) => {
      const { payload, headers } = multipartFile(name, bytes);
      const res = await fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: payload,
      });
      return (await json(res)).id;
    };
    const productUploadId = await upload('p.jpg', await productJpeg());
    const contextUploadId = await upload('c.jpg', await contextJpeg());
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
