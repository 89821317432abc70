/**
 * Who may read /metrics: a client on this machine, or one showing METRICS_TOKEN as a bearer token.
 * "On this machine" is the socket's address, never X-Forwarded-For (a client writes what it likes
 * there); and a request that came through a proxy (one that says whom it forwards for) is not local
 * even though the proxy's socket is, so a reverse proxy on the same host does not publish the metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isLoopback } from '../../http/loopback';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

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
