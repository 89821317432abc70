/**
 * Addresses an image URL may never reach: loopback, private, link-local (cloud metadata), CGNAT,
 * multicast, unspecified, reserved, and their IPv6 forms including IPv4-mapped ones. Pure code, so the
 * browser and the server apply the same list.
 */

/** Four bytes, or undefined when the text is not a dotted-quad IPv4 address. */
export function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : undefined;
}

/** Sixteen bytes, or undefined when the text is not an IPv6 address (brackets and zone allowed). */
export function parseIpv6(text: string): number[] | undefined {
  let s = text
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (!s.includes(':')) return undefined;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  const maybeV4 = parseIpv4(s.slice(lastColon + 1));
  if (maybeV4) {
    tail = maybeV4;
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const bytes = all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const V4_BLOCKED: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata (169.254.169.254)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

const V6_BLOCKED: [number[], number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 127], // :: and ::1
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated, still routed inside some networks)
  [[0xff], 8], // multicast
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x00, 0x64, 0xff, 0x9b], 96], // NAT64, judged on its embedded IPv4 below
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48], // local-use NAT64: translates to any private network
];

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** True when an IP literal must not be fetched. Not an IP at all: false (names are checked separately). */
export function isBlockedIp(text: string): boolean {
  const v4 = parseIpv4(text);
  if (v4) return V4_BLOCKED.some(([prefix, bits]) => inPrefix(v4, prefix, bits));
  const v6 = parseIpv6(text);
  if (!v6) return false;
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 addresses are judged by their IPv4 part.
  const embedded = v6.slice(12);
  const mapped = inPrefix(v6, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96);
  const nat64 = inPrefix(v6, [0x00, 0x64, 0xff, 0x9b], 96);
  const compatible = inPrefix(v6, [], 96) && !inPrefix(v6, [], 127);
  if (mapped || nat64 || compatible) return isBlockedIp(embedded.join('.'));
  // 6to4 (2002:aabb:ccdd::/48) carries the IPv4 address a.b.c.d of its relay in bytes 2 to 5.
  if (inPrefix(v6, [0x20, 0x02], 16)) return isBlockedIp(v6.slice(2, 6).join('.'));
  return V6_BLOCKED.some(([prefix, bits]) => inPrefix(v6, prefix, bits));
}
