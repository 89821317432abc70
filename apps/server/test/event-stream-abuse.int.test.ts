/**
 * Abuse of the live event stream (GET /api/events) over real HTTP on a real database: a stream kept
 * open after its session has ended, and streams opened without bound. The session re-check runs every
 * 200 ms here (30 s in production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/factories';
import { createTestApp, useTestApp } from './helpers/test-app';

const t = useTestApp({}, undefined, undefined, { eventStreamRecheckMs: 200 });
let address: string;
const opened: AbortController[] = [];

beforeAll(async () => {
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const controller of opened) controller.abort();
});

type Stream = {
  status: number;
  /** The response body of a refused stream. */
  body?: unknown;
  /** Resolves with 'ended' when the server ends the stream, or 'open' after `ms`. */
  endsWithin(ms: number): Promise<'ended' | 'open'>;
  abort(): void;
};

/** Opens a stream and, when accepted, reads up to its snapshot. */
async function openStream(cookie: string, lang = 'en', at = address): Promise<Stream> {
  const controller = new AbortController();
  opened.push(controller);
  const response = await fetch(`${at}/api/events`, {
    headers: { cookie, 'accept-language': lang },
    signal: controller.signal,
  });
  const abort = () => controller.abort();
  if (response.status !== 200) {
    return { status: response.status, body: await response.json(), endsWithin: async () => 'ended', abort };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!/event: snapshot/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before its snapshot');
    text += value;
  }
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read().catch(() => ({ done: true }));
      if (done) return 'ended' as const;
    }
  })();
  return {
    status: 200,
    endsWithin: (ms) =>
      Promise.race([ended, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]),
    abort,
  };
}

describe('event streams', () => {
  it('after sign-out the open stream ends at once, without waiting for its periodic re-check', async () => {
    // Here the periodic re-check would come only after a minute: only the sign-out itself can end it.
    const slow = await createTestApp({}, undefined, undefined, { eventStreamRecheckMs: 60_000 });
    try {
      const at = await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const u = await signedInUser(slow.app, 'stream-signout@example.test');
      const stream = await openStream(u.cookie, 'en', at);
      expect(await stream.endsWithin(300)).toBe('open');
      const out = await slow.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: u.cookie },
      });
      expect(out.statusCode).toBe(200);
      expect(await stream.endsWithin(2000)).toBe('ended');
      // Coming back with the old cookie is refused.
      expect((await openStream(u.cookie, 'en', at)).status).toBe(401);
    } finally {
      await slow.close();
    }
  });

  it('a session ended elsewhere (another process, expiry, revocation) ends its stream at the next re-check', async () => {
    const u = await signedInUser(t.app, 'stream-revoked@example.test');
    const other = await signedInUser(t.app, 'stream-bystander@example.test');
    const stream = await openStream(u.cookie);
    const bystander = await openStream(other.cookie);
    await t.database.query(`delete from sessions where user_id = $1`, [u.userId]);
    expect(await stream.endsWithin(2000)).toBe('ended');
    // Another user's stream is left alone.
    expect(await bystander.endsWithin(500)).toBe('open');
    bystander.abort();
  });

  it('the 6th stream of a user is refused with 429; another user is not affected, and a closed one frees its place', async () => {
    const u = await signedInUser(t.app, 'stream-tabs@example.test');
    const streams: Stream[] = [];
    for (let i = 0; i < 5; i++) streams.push(await openStream(u.cookie));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openStream(u.cookie, 'en');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      error: {
        code: 'RATE_LIMITED',
        message:
          'Too many live update connections are open for your account (5 at most). Close a tab and try again.',
      },
    });
    const fr = await openStream(u.cookie, 'fr');
    expect(fr.body).toMatchObject({
      error: {
        message:
          'Trop de connexions de mise à jour en direct sont ouvertes pour votre compte (5 au maximum). Fermez un onglet et réessayez.',
      },
    });
    const other = await signedInUser(t.app, 'stream-other-tab@example.test');
    const theirs = await openStream(other.cookie);
    expect(theirs.status).toBe(200);
    theirs.abort();
    // Once a tab is closed, its place is free again.
    streams[0]!.abort();
    let again: Stream | undefined;
    for (let i = 0; i < 20 && again?.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await openStream(u.cookie);
    }
    expect(again!.status).toBe(200);
    for (const s of [...streams, again!]) s.abort();
  });
});
