import { describe, it } from 'vitest';
import { useTestApp } from './helpers/test-app';
import { signedInUser } from './helpers/factories';

const t = useTestApp({ SESSION_IDLE_TIMEOUT_SECONDS: '5' });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const check = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

// The tests wait in real time, each with its own user and session: they wait side by side.
describe.concurrent('session idle timeout (30 minutes in production, 5 s here)', () => {
  it('ends a session left unused for longer than the timeout', async ({ expect }) => {
    const { cookie } = await signedInUser(t.app, 'idle@example.test');
    expect((await check(cookie)).statusCode).toBe(200);
    await sleep(6500);
    expect((await check(cookie)).statusCode).toBe(401);
  });

  it('keeps a session alive while it is used (sliding expiry)', async ({ expect }) => {
    const { cookie } = await signedInUser(t.app, 'busy@example.test');
    for (let i = 0; i < 5; i++) {
      await sleep(2000);
      expect((await check(cookie)).statusCode, `after ${(i + 1) * 2} s`).toBe(200);
    }
  });

  it('tells the browser the idle timeout and check interval to use', async ({ expect }) => {
    const { cookie } = await signedInUser(t.app, 'settings@example.test');
    expect((await check(cookie)).json().session).toMatchObject({
      idleTimeoutSeconds: 5,
      checkIntervalSeconds: 60,
    });
  });
});

describe.concurrent('the browser’s periodic session check', () => {
  it('does not count as activity: an idle tab still times out', async ({ expect }) => {
    const { cookie } = await signedInUser(t.app, 'passive@example.test');
    for (let i = 0; i < 3; i++) {
      await sleep(2000);
      await t.app.inject({ method: 'GET', url: '/api/auth/session?passive=1', headers: { cookie } });
    }
    await sleep(500);
    expect((await check(cookie)).statusCode).toBe(401);
  });
});
