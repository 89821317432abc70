import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from './helpers/test-app';
import { PASSWORD, cookieFrom, pathOf, signUp } from './helpers/accounts';

const t = useTestApp({ PUBLIC_URL: 'https://vitrine.example' });

/**
 * The dev mailbox is not served on a public address, so the link is read from the outbox itself, once
 * the message is there (account e-mails are sent after the answer).
 */
function verificationLink(): Promise<string> {
  const dir = path.join(t.config.dataDir, 'mail');
  return vi.waitFor(() => {
    const sidecar = fs.readdirSync(dir).find((f) => f.endsWith('.json'));
    const { links } = JSON.parse(fs.readFileSync(path.join(dir, sidecar!), 'utf8')) as { links: string[] };
    return links.find((l) => l.includes('verify-email'))!;
  });
}

describe('session cookie on an https deployment', () => {
  it('is Secure, httpOnly and SameSite=Lax, and e-mail links use the public https address', async () => {
    const signedUp = await signUp(t.app, { email: 'secure@example.test' });
    expect(signedUp.statusCode).toBe(201);
    // The sign-up's own cookie is Secure too, under its __Secure- name.
    const proof = String(signedUp.headers['set-cookie']);
    expect(proof).toMatch(
      /^__Secure-vitrine\.sign_up=[^;]+; Path=\/api\/auth; Max-Age=86400; HttpOnly; SameSite=Lax; Secure$/,
    );
    const link = await verificationLink();
    expect(link.startsWith('https://vitrine.example/api/auth/core/verify-email?token=')).toBe(true);
    const opened = await t.app.inject({
      method: 'GET',
      url: pathOf(link),
      headers: { cookie: cookieFrom(signedUp) },
    });
    expect(opened.headers.location).toBe('/?verified=1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'secure@example.test', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('a tampered session cookie is cleared under its https name, __Secure-, with Secure', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: '__Secure-vitrine.session_token=forged.value' },
    });
    expect(res.statusCode).toBe(401);
    const raw = res.headers['set-cookie'];
    const cleared = (Array.isArray(raw) ? raw : [String(raw)]).find((c) =>
      c.startsWith('__Secure-vitrine.session_token=;'),
    );
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Secure/);
    expect(cleared).toMatch(/Path=\//);
  });
});
