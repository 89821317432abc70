/**
 * The client a rate limit counts (docs/decisions/036). An IPv4 address is one client. An IPv6 client
 * is its /64: a home or a server is given a whole /64 and picks any of its 2^64 addresses freely, so
 * counting each address would give it a fresh bucket per request.
 */
import { parseIpv4, parseIpv6 } from '@vitrine/shared/validation/ip-ranges';

export function clientBucket(ip: string): string {
  if (parseIpv4(ip)) return ip;
  const bytes = parseIpv6(ip);
  if (!bytes) return ip;
  // An IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join('.');
  const groups = Array.from({ length: 4 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  return `${groups.join(':')}::/64`;
}
