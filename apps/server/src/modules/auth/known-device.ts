/**
 * A browser that has signed in to an account before (docs/decisions/036). Attempts on an account wait
 * their turn behind the others in flight, and past a point are refused; the owner's own browser is not
 * held back by a flood it has no part in. The cookie is an HMAC of the address under the server secret:
 * it opens nothing by itself (the password is still checked, and the per-address limits still apply).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setAuthCookie } from './cookies';

export const KNOWN_DEVICE_COOKIE = 'vitrine.known_device';
/** A year: how long a browser stays known without signing in again. */
const LIFETIME_SECONDS = 365 * 86_400;

function mark(secret: string, email: string): string {
  const key = createHmac('sha256', secret).update('vitrine known device v1').digest();
  return createHmac('sha256', key).update(email).digest('base64url');
}

export function rememberDevice(reply: FastifyReply, secret: string, email: string, secure: boolean): void {
  setAuthCookie(reply, KNOWN_DEVICE_COOKIE, mark(secret, email), LIFETIME_SECONDS, secure);
}

export function isKnownDevice(
  request: FastifyRequest,
  secret: string,
  email: string,
  secure: boolean,
): boolean {
  const value = readCookie(request, KNOWN_DEVICE_COOKIE, secure);
  if (!value) return false;
  const expected = Buffer.from(mark(secret, email));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
