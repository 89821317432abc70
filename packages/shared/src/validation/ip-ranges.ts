/**
 * Addresses an image URL may never reach (docs/decisions/006 and 036). The list is IANA's: every block of
 * the IPv4 and IPv6 Special-Purpose Address Registries that is not globally reachable, written below as
 * the registries' rows, plus IPv4 multicast and, for IPv6, everything outside the global unicast space.
 * IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo) are judged by that address. Pure code, so
 * the browser and the server apply the same list.
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

/** Where an IPv6 block carries an IPv4 address whose own standing decides the IPv6 address's. */
export type Embedding = 'nat64' | '6to4' | 'teredo';

/**
 * One row of a registry: the block, its name there, and its "Globally Reachable" column (null where the
 * registry says N/A: a deprecated block, or one whose reachability is that of the address it carries).
 */
export type AddressBlock = {
  block: string;
  name: string;
  globallyReachable: boolean | null;
  embeds?: Embedding;
};

/** IANA IPv4 Special-Purpose Address Registry, every row (as last updated in 2025). */
export const IPV4_SPECIAL_PURPOSE: readonly AddressBlock[] = [
  { block: '0.0.0.0/8', name: '"This network"', globallyReachable: false },
  { block: '0.0.0.0/32', name: '"This host on this network"', globallyReachable: false },
  { block: '10.0.0.0/8', name: 'Private-Use', globallyReachable: false },
  { block: '100.64.0.0/10', name: 'Shared Address Space', globallyReachable: false },
  { block: '127.0.0.0/8', name: 'Loopback', globallyReachable: false },
  { block: '169.254.0.0/16', name: 'Link Local', globallyReachable: false },
  { block: '172.16.0.0/12', name: 'Private-Use', globallyReachable: false },
  { block: '192.0.0.0/24', name: 'IETF Protocol Assignments', globallyReachable: false },
  { block: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', globallyReachable: false },
  { block: '192.0.0.8/32', name: 'IPv4 dummy address', globallyReachable: false },
  { block: '192.0.0.9/32', name: 'Port Control Protocol Anycast', globallyReachable: true },
  { block: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', globallyReachable: true },
  { block: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', globallyReachable: false },
  { block: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', globallyReachable: false },
  { block: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', globallyReachable: false },
  { block: '192.31.196.0/24', name: 'AS112-v4', globallyReachable: true },
  { block: '192.52.193.0/24', name: 'AMT', globallyReachable: true },
  { block: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', globallyReachable: null },
  { block: '192.88.99.2/32', name: '6a44-relay anycast address', globallyReachable: false },
  { block: '192.168.0.0/16', name: 'Private-Use', globallyReachable: false },
  { block: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', globallyReachable: true },
  { block: '198.18.0.0/15', name: 'Benchmarking', globallyReachable: false },
  { block: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', globallyReachable: false },
  { block: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', globallyReachable: false },
  { block: '240.0.0.0/4', name: 'Reserved', globallyReachable: false },
  { block: '255.255.255.255/32', name: 'Limited Broadcast', globallyReachable: false },
];

/** IANA IPv6 Special-Purpose Address Registry, every row (as last updated in 2025). */
export const IPV6_SPECIAL_PURPOSE: readonly AddressBlock[] = [
  { block: '::1/128', name: 'Loopback Address', globallyReachable: false },
  { block: '::/128', name: 'Unspecified Address', globallyReachable: false },
  { block: '::ffff:0:0/96', name: 'IPv4-mapped Address', globallyReachable: false },
  { block: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', globallyReachable: true, embeds: 'nat64' },
  { block: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat.', globallyReachable: false },
  { block: '100::/64', name: 'Discard-Only Address Block', globallyReachable: false },
  { block: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', globallyReachable: false },
  { block: '2001::/23', name: 'IETF Protocol Assignments', globallyReachable: false },
  { block: '2001::/32', name: 'TEREDO', globallyReachable: null, embeds: 'teredo' },
  { block: '2001:1::1/128', name: 'Port Control Protocol Anycast', globallyReachable: true },
  { block: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', globallyReachable: true },
  {
    block: '2001:1::3/128',
    name: 'DNS-SD Service Registration Protocol Anycast Address',
    globallyReachable: true,
  },
  { block: '2001:2::/48', name: 'Benchmarking', globallyReachable: false },
  { block: '2001:3::/32', name: 'AMT', globallyReachable: true },
  { block: '2001:4:112::/48', name: 'AS112-v6', globallyReachable: true },
  { block: '2001:10::/28', name: 'Deprecated (previously ORCHID)', globallyReachable: null },
  { block: '2001:20::/28', name: 'ORCHIDv2', globallyReachable: true },
  {
    block: '2001:30::/28',
    name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix',
    globallyReachable: true,
  },
  { block: '2001:db8::/32', name: 'Documentation', globallyReachable: false },
  { block: '2002::/16', name: '6to4', globallyReachable: null, embeds: '6to4' },
  { block: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', globallyReachable: true },
  { block: '3fff::/20', name: 'Documentation', globallyReachable: false },
  { block: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', globallyReachable: false },
  { block: 'fc00::/7', name: 'Unique-Local', globallyReachable: false },
  { block: 'fe80::/10', name: 'Link-Local Unicast', globallyReachable: false },
];

/** IPv4 multicast: not in the special-purpose registry (it has its own), and never an image host. */
export const IPV4_MULTICAST: AddressBlock = {
  block: '224.0.0.0/4',
  name: 'Multicast',
  globallyReachable: false,
};

/**
 * IANA's IPv6 Address Space registry allocates only 2000::/3 to global unicast. Everything else
 * (multicast, the deprecated site-local and IPv4-compatible forms, the IPv4-translated ::ffff:0:0:0/96,
 * unassigned space) is refused by this one rule.
 */
export const IPV6_GLOBAL_UNICAST: AddressBlock = {
  block: '2000::/3',
  name: 'Global Unicast',
  globallyReachable: true,
};

type Parsed = AddressBlock & { bytes: number[]; bits: number };

function parseBlock(row: AddressBlock): Parsed {
  const [address = '', bits = ''] = row.block.split('/');
  const bytes = parseIpv4(address) ?? parseIpv6(address);
  if (!bytes) throw new Error(`not an address block: ${row.block}`);
  return { ...row, bytes, bits: Number(bits) };
}

const V4 = IPV4_SPECIAL_PURPOSE.map(parseBlock);
const V6 = IPV6_SPECIAL_PURPOSE.map(parseBlock);
const V4_MULTICAST = parseBlock(IPV4_MULTICAST);
const V6_GLOBAL_UNICAST = parseBlock(IPV6_GLOBAL_UNICAST);

function inBlock(bytes: number[], block: Parsed): boolean {
  for (let i = 0; i < block.bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((block.bytes[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** The most specific row holding the address: a registry's more specific row overrides its parent. */
function rowOf(bytes: number[], rows: Parsed[]): Parsed | undefined {
  let found: Parsed | undefined;
  for (const row of rows) if (inBlock(bytes, row) && (!found || row.bits > found.bits)) found = row;
  return found;
}

/** The IPv4 addresses an IPv6 address of an embedding block carries. */
function embedded(bytes: number[], embedding: Embedding): number[][] {
  if (embedding === 'nat64') return [bytes.slice(12, 16)];
  if (embedding === '6to4') return [bytes.slice(2, 6)];
  // Teredo: the server's address in bits 32-63, the client's, inverted, in the last 32 bits.
  return [bytes.slice(4, 8), bytes.slice(12, 16).map((b) => b ^ 0xff)];
}

function refuseV4(bytes: number[]): string | undefined {
  const row = rowOf(bytes, V4) ?? (inBlock(bytes, V4_MULTICAST) ? V4_MULTICAST : undefined);
  return row && row.globallyReachable !== true ? row.name : undefined;
}

function refuseV6(bytes: number[]): string | undefined {
  const row = rowOf(bytes, V6);
  if (row?.embeds) {
    for (const v4 of embedded(bytes, row.embeds)) {
      const reason = refuseV4(v4);
      if (reason) return `${row.name} of ${v4.join('.')}: ${reason}`;
    }
    return undefined;
  }
  if (row) return row.globallyReachable === true ? undefined : row.name;
  return inBlock(bytes, V6_GLOBAL_UNICAST) ? undefined : `outside ${IPV6_GLOBAL_UNICAST.block}`;
}

/**
 * Why an IP literal must not be fetched: the name of the registry block that refuses it, or undefined
 * when it may be. Not an IP at all: undefined (names are checked separately).
 */
export function blockedBecause(text: string): string | undefined {
  const v4 = parseIpv4(text);
  if (v4) return refuseV4(v4);
  const v6 = parseIpv6(text);
  return v6 ? refuseV6(v6) : undefined;
}

/** True when an IP literal must not be fetched. Not an IP at all: false (names are checked separately). */
export function isBlockedIp(text: string): boolean {
  return blockedBecause(text) !== undefined;
}
