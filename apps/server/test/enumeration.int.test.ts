/**
 * Whether an address has an account must not show in the answers of password reset, verification
 * resend and sign-up: not in their status, body or headers, and not in their timing. Only addresses
 * with an account get an e-mail, so no answer may wait for the mail server: here it never answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { MailMessage } from '../src/modules/mail/mailer';
import { useTestApp } from './helpers/test-app';
import { PASSWORD, signUp } from './helpers/accounts';
import { signedInUser } from './helpers/factories';

const t = useTestApp();
const attempted: MailMessage[] = [];
beforeAll(async () => {
  await signedInUser(t.app, 'known@example.test');
  expect((await signUp(t.app, { email: 'unverified@example.test' })).statusCode).toBe(201);
  // From here on, the mail server takes every message and never answers.
  t.app.deps.mailer.send = (message) => {
    attempted.push(message);
    return new Promise(() => {});
  };
});

/** The request's answer, or a failure naming it if it is still waiting after a generous bound. */
async function answered(request: Promise<LightMyRequestResponse>, what: string) {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} waited for the mail server`)), 10_000);
  });
  try {
    return await Promise.race([request, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

const HEADERS = ['content-type', 'content-length', 'cache-control', 'set-cookie', 'retry-after', 'location'];

/** A cookie's value is random for every answer (the sign-up proof): its name and attributes are compared. */
const shapeOf = (value: unknown) =>
  value === undefined ? value : String(value).replace(/^([^=]+)=[^;]*/, '$1=…');

function visible(res: LightMyRequestResponse) {
  return {
    status: res.statusCode,
    body: res.body,
    headers: Object.fromEntries(
      HEADERS.map((name) => [name, name === 'set-cookie' ? shapeOf(res.headers[name]) : res.headers[name]]),
    ),
  };
}

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { 'accept-language': 'en' }, payload });

describe('no account enumeration by answer or timing', () => {
  it('password reset answers the same for a known and an unknown address, without waiting for the mail', async () => {
    const known = await answered(post('/api/auth/password/forgot', { email: 'known@example.test' }), 'reset');
    const unknown = await answered(
      post('/api/auth/password/forgot', { email: 'nobody@example.test' }),
      'reset (unknown)',
    );
    expect(visible(known)).toEqual(visible(unknown));
    expect(known.statusCode).toBe(200);
    expect(attempted.some((m) => m.to === 'known@example.test' && m.subject === 'Reset your password')).toBe(
      true,
    );
    expect(attempted.some((m) => m.to === 'nobody@example.test')).toBe(false);
  });

  it('verification resend answers the same for an unverified, a verified and an unknown address, without waiting for the mail', async () => {
    const answers = [];
    for (const email of ['unverified@example.test', 'known@example.test', 'nobody@example.test'])
      answers.push(
        visible(await answered(post('/api/auth/verification/resend', { email }), `resend ${email}`)),
      );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(attempted.some((m) => m.to === 'unverified@example.test')).toBe(true);
  });

  it('sign-up answers the same for a new and an existing address, without waiting for the mail', async () => {
    const payload = (email: string) => ({ email, password: PASSWORD, firstName: 'Ana', lastName: 'Lima' });
    const fresh = await answered(post('/api/auth/sign-up', payload('fresh@example.test')), 'sign-up');
    const existing = await answered(
      post('/api/auth/sign-up', payload('known@example.test')),
      'sign-up (existing)',
    );
    expect(visible(fresh)).toEqual(visible(existing));
    expect(fresh.statusCode).toBe(201);
    expect(attempted.some((m) => m.to === 'fresh@example.test')).toBe(true);
    // The owner of the confirmed account is told too, off the request path like any account e-mail;
    // an unconfirmed account is replaced by the new sign-up (decision 036), with the same answer.
    const unconfirmed = await answered(
      post('/api/auth/sign-up', payload('unverified@example.test')),
      'sign-up (existing, unconfirmed)',
    );
    expect(visible(unconfirmed)).toEqual(visible(fresh));
    await expect
      .poll(() =>
        attempted.some(
          (m) => m.to === 'known@example.test' && m.subject === 'You already have a Vitrine account',
        ),
      )
      .toBe(true);
    await expect
      .poll(() =>
        attempted.some(
          (m) => m.to === 'unverified@example.test' && m.subject === 'Confirm your email address',
        ),
      )
      .toBe(true);
  });

  it('signing in before verifying answers without waiting for the new verification mail', async () => {
    const res = await answered(
      post('/api/auth/sign-in', { email: 'unverified@example.test', password: PASSWORD }),
      'sign-in',
    );
    expect(res.statusCode).toBe(403);
  });
});
