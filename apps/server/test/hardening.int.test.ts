/** Attacks from the security review (issue list "Hardening"), each reproduced and now harmless. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(() => t?.close());

const CONTACT = {
  name: 'Mallory',
  email: 'mallory@example.test',
  subject: 'Hello',
  message: 'Sent from another site',
};

describe('dev mailbox (it shows every reset link)', () => {
  const paths = ['/api/dev/mailbox', '/dev/mailbox'];

  it('a client on another machine cannot read it, even with HOST=0.0.0.0', async () => {
    for (const url of paths) {
      for (const remoteAddress of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', '2001:db8::1']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toContain('messages');
      }
    }
  });

  it('a DNS-rebinding page (another site’s name pointed at this machine) cannot read it', async () => {
    for (const url of paths) {
      for (const host of ['attacker.example:3000', 'attacker.example', '127.0.0.1.attacker.example']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${url} as ${host}`).toBe(404);
      }
    }
  });

  it('the developer on this machine still reads it, by the configured name or a loopback one', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/dev/mailbox',
          headers: { host },
          remoteAddress,
        });
        expect(res.statusCode, `${host} from ${remoteAddress}`).toBe(200);
        expect(res.json()).toHaveProperty('messages');
      }
    }
  });
});

describe('cross-site requests', () => {
  const stored = async () =>
    (await t.database.query<{ count: number }>('select count(*)::int as count from contact_messages'))[0]!
      .count;

  it('a cross-site POST spelled /%61pi/... is refused like /api/..., and changes nothing', async () => {
    const before = await stored();
    for (const url of ['/%61pi/contact', '/api/%63ontact', '/%61%70%69/contact']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: JSON.stringify(CONTACT),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN_ORIGIN');
    }
    expect(await stored()).toBe(before);
  });

  it('other spellings no route answers (case, doubled slashes) change nothing either', async () => {
    const before = await stored();
    for (const url of ['/API/contact', '/api//contact', '//api/contact']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        payload: JSON.stringify(CONTACT),
      });
      expect([403, 404], url).toContain(res.statusCode);
    }
    expect(await stored()).toBe(before);
  });

  it('the site’s own pages still send state-changing requests', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify(CONTACT),
    });
    expect(res.statusCode).toBe(200);
  });
});
