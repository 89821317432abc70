import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { PASSWORD, cookieFrom, mailbox } from './helpers/accounts';
import { signedInUser } from './helpers/factories';

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
    await signedInUser(t.app, victim);
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

describe('guesses sent all at once on one account', () => {
  let t: TestApp;
  const victim = 'parallel@example.test';
  // Each wait really holds its attempt open (scaled down 50 times), so the attempts overlap as they would.
  beforeAll(async () => {
    t = await createTestApp({}, undefined, undefined, {
      signInDelay: (ms) => new Promise((resolve) => setTimeout(resolve, ms / 50)),
    });
    await signedInUser(t.app, victim);
  });
  afterAll(() => t.close());

  it('are counted while in flight: each waits its turn behind the others, and past 30 s of turns they are refused at once', async () => {
    t.signInDelays.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInFrom(t, `203.0.113.${100 + i}`, victim)),
    );
    const codes = answers.map((res) => res.statusCode);
    // Sent one after another, each wait would be at most 4 s; sent together, they queue.
    expect(Math.max(...t.signInDelays)).toBeGreaterThan(4000);
    expect(t.signInDelays.every((ms) => ms <= 30_000)).toBe(true);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(codes.filter((code) => code === 401).length).toBeLessThan(30);
    for (const res of refused) {
      expect(res.json().error.code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Once they are answered, nothing is left counted as in flight.
    const [row] = await t.database.query<{ count: number }>(`select count from rate_limits where key = $1`, [
      `signIn:inFlight:${victim}`,
    ]);
    expect(Number(row?.count)).toBe(0);
  });
});

describe('the owner during a flood of guesses', () => {
  let t: TestApp;
  const victim = 'flooded@example.test';
  // Waits held for a fifth of their length: long enough for the flood to be in flight together.
  beforeAll(async () => {
    t = await createTestApp({}, undefined, undefined, {
      signInDelay: (ms) => new Promise((resolve) => setTimeout(resolve, ms / 5)),
    });
    await signedInUser(t.app, victim);
  });
  afterAll(() => t.close());

  it('the browser that has signed in to the account before is not held back by the queue; another is refused', async () => {
    const first = await signInFrom(t, '192.0.2.50', victim, PASSWORD);
    expect(first.statusCode).toBe(200);
    const known = cookieFrom(first)
      .split('; ')
      .filter((c) => c.startsWith('vitrine.known_device='))
      .join('; ');
    expect(known).toMatch(/^vitrine\.known_device=/);
    // Enough failures for the longest wait (4 s) on every attempt.
    for (let i = 1; i <= 9; i++) await signInFrom(t, `198.51.100.${i}`, victim);
    const flood = Array.from({ length: 20 }, (_, i) => signInFrom(t, `203.0.113.${200 + i}`, victim));
    // Seven in flight: an eighth would wait 8 × 4 s, past the 30 s allowed.
    await vi.waitFor(
      async () => {
        const [row] = await t.database.query<{ count: number }>(
          `select count from rate_limits where key = $1`,
          [`signIn:inFlight:${victim}`],
        );
        expect(Number(row?.count)).toBeGreaterThanOrEqual(7);
      },
      { timeout: 5000, interval: 20 },
    );
    const stranger = await signInFrom(t, '192.0.2.51', victim, PASSWORD);
    expect(stranger.statusCode).toBe(429);
    const owner = await signInFrom(t, '192.0.2.50', victim, PASSWORD, { cookie: known });
    expect(owner.statusCode).toBe(200);
    await Promise.all(flood);
  });
});

describe('IPv6 clients are counted per /64', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('addresses of one /64 share the per-client limit; another /64 has its own', async () => {
    for (let i = 1; i <= 30; i++) {
      const res = await signInFrom(t, `2001:db8:aa:1::${i.toString(16)}`, `v6-${i}@example.test`);
      expect(res.statusCode).toBe(401);
    }
    const sameNetwork = await signInFrom(t, '2001:db8:aa:1:ffff:ffff:ffff:fffe', 'v6-next@example.test');
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await signInFrom(t, '2001:db8:aa:2::1', 'v6-next@example.test');
    expect(otherNetwork.statusCode).toBe(401);
  });

  it('the per-account limit for one client holds across the addresses of its /64', async () => {
    await signedInUser(t.app, 'v6-victim@example.test');
    for (let i = 1; i <= 10; i++) {
      const res = await signInFrom(t, `2001:db8:bb:7::${i.toString(16)}`, 'v6-victim@example.test');
      expect(res.statusCode).toBe(401);
    }
    const res = await signInFrom(t, '2001:db8:bb:7::abcd', 'v6-victim@example.test');
    expect(res.statusCode).toBe(429);
  });
});
