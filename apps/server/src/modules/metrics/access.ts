/**
 * Who may read /metrics: a client on this machine, or one showing METRICS_TOKEN as a bearer token.
 * "On this machine" is the socket's address, never X-Forwarded-For (a client writes what it likes
 * there); and a request that came through a proxy (one that says whom it forwards for) is not local
 * even though the proxy's socket is, so a reverse proxy on the same host does not publish the metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return isIP(plain) === 6 && (plain === '::1' || plain === '0:0:0:0:0:0:0:1');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token equals `expected`, compared in constant time (digests of equal length). */
export function bearerMatches(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return Boolean(match) && timingSafeEqual(digest(match![1]!), digest(expected));
}

export type MetricsAccess = 'allowed' | 'unauthorized' | 'hidden';

/**
 * Allowed from this machine or with the token; otherwise unauthorized when a token is configured (the
 * client may have the wrong one), hidden when none is (the endpoint does not exist for others).
 */
export function metricsAccess(
  request: { socket: { remoteAddress?: string | undefined }; headers: IncomingHttpHeaders },
  token: string | undefined,
): MetricsAccess {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!forwarded && isLoopback(request.socket.remoteAddress)) return 'allowed';
  if (!token) return 'hidden';
  return bearerMatches(request.headers.authorization, token) ? 'allowed' : 'unauthorized';
}
