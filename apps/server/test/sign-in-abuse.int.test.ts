import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { PASSWORD, createVerifiedUser, mailbox } from './helpers/accounts';

const PROXY = '10.0.0.1';

function signInFrom(
  t: TestApp,
  remoteAddress: string,
  email: string,
  password = 'WrongPass1',
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    headers: { 'accept-language': 'en', ...headers },
    payload: { email, password },
  });
}

/** 30 failed sign-ins on 30 different unknown accounts: the per-address limit, and no other, is used up. */
async function exhaustAddressLimit(t: TestApp, forwardedFor: string, prefix: string) {
  for (let i = 0; i < 30; i++) {
    const res = await signInFrom(t, PROXY, `${prefix}-${i}@example.test`, 'WrongPass1', {
      'x-forwarded-for': forwardedFor,
    });
    expect(res.statusCode, res.body).toBe(401);
  }
}

describe('rate limits behind a reverse proxy', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ TRUST_PROXY: PROXY });
    direct = await createTestApp();
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  it('with TRUST_PROXY, one client flooding sign-in through the proxy does not block another client', async () => {
    await exhaustAddressLimit(behindProxy, '203.0.113.5', 'flood');
    const flooder = await signInFrom(behindProxy, PROXY, 'next@example.test', 'WrongPass1', {
      'x-forwarded-for': '203.0.113.5',
    });
    expect(flooder.statusCode).toBe(429);
    const other = await signInFrom(behindProxy, PROXY, 'next@example.test', 'WrongPass1', {
      'x-forwarded-for': '203.0.113.6',
    });
    expect(other.statusCode).toBe(401);
  });

  it('behind nginx, which appends the client to X-Forwarded-For, TRUST_PROXY=1 counts the real client whatever it forged; TRUST_PROXY=true counts the forged entry (the README and the start warn of it)', async () => {
    // nginx's default: X-Forwarded-For is what the client sent, then the address nginx saw.
    const appended = (forged: string) => `${forged}, 203.0.113.5`;
    const hop = await createTestApp({ TRUST_PROXY: '1' });
    const every = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      for (let i = 0; i < 30; i++) {
        const res = await signInFrom(hop, PROXY, `hop-${i}@example.test`, 'WrongPass1', {
          'x-forwarded-for': appended(`198.51.100.${i}`),
        });
        expect(res.statusCode).toBe(401);
      }
      const forging = await signInFrom(hop, PROXY, 'next@example.test', 'WrongPass1', {
        'x-forwarded-for': appended('198.51.100.250'),
      });
      expect(forging.statusCode).toBe(429);

      for (let i = 0; i < 31; i++) {
        const res = await signInFrom(every, PROXY, `every-${i}@example.test`, 'WrongPass1', {
          'x-forwarded-for': appended(`198.51.100.${i}`),
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await hop.close();
      await every.close();
    }
  });

  it('without TRUST_PROXY, a forged X-Forwarded-For does not give a client a fresh bucket', async () => {
    await exhaustAddressLimit(direct, '203.0.113.5', 'forged');
    const forged = await signInFrom(direct, PROXY, 'next@example.test', 'WrongPass1', {
      'x-forwarded-for': '203.0.113.99',
    });
    expect(forged.statusCode).toBe(429);
    expect(forged.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('password guessing on one account', () => {
  let t: TestApp;
  const victim = 'victim@example.test';
  beforeAll(async () => {
    t = await createTestApp();
    await createVerifiedUser(t.app, victim);
  });
  afterAll(() => t.close());

  it('a sign-in flood from one address does not lock the owner out from another, and the flooding address gets 429', async () => {
    t.signInDelays.length = 0;
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await signInFrom(t, '198.51.100.7', victim)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual(Array(20).fill(429));

    // Each failure after the fifth made the next answer wait longer, doubling from 250 ms up to 4 s.
    expect(t.signInDelays).toEqual([250, 500, 1000, 2000, 4000]);

    const owner = await signInFrom(t, '192.0.2.10', victim, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(t.signInDelays.at(-1)).toBe(4000);

    // The owner's sign-in clears the account's count: no more waiting; the flooding address stays refused.
    t.signInDelays.length = 0;
    expect((await signInFrom(t, '192.0.2.10', victim, PASSWORD)).statusCode).toBe(200);
    expect(t.signInDelays).toEqual([]);
    expect((await signInFrom(t, '198.51.100.7', victim, PASSWORD)).statusCode).toBe(429);
  });

  it('failures from many addresses slow the account down and send the owner one alert e-mail, in French and English', async () => {
    const alerts = async () =>
      (await mailbox(t.app)).filter((m) => m.to === victim && m.subject.includes('Sign-in attempts'));
    expect(await alerts()).toHaveLength(0);
    t.signInDelays.length = 0;
    for (let i = 1; i <= 12; i++) {
      const res = await signInFrom(t, `203.0.113.${i}`, victim);
      expect(res.statusCode).toBe(401);
    }
    expect(t.signInDelays).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    await vi.waitFor(async () => expect(await alerts()).toHaveLength(1));
    const [alert] = await alerts();
    expect(alert!.subject).toBe(
      'Tentatives de connexion à votre compte Vitrine / Sign-in attempts on your Vitrine account',
    );
    expect(alert!.links).toEqual([`${t.config.publicUrl}/auth`]);

    // More failures the same day send nothing more.
    for (let i = 13; i <= 20; i++) await signInFrom(t, `203.0.113.${i}`, victim);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await alerts()).toHaveLength(1);
  });

  it('failures on an unknown address are answered like any other and alert nobody', async () => {
    for (let i = 1; i <= 6; i++) {
      const res = await signInFrom(t, `203.0.113.${i}`, 'nobody@example.test');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await mailbox(t.app)).some((m) => m.to === 'nobody@example.test')).toBe(false);
  });
});
