import { describe, expect, it } from 'vitest';
import {
  IPV4_SPECIAL_PURPOSE,
  IPV6_SPECIAL_PURPOSE,
  blockedBecause,
  isBlockedIp,
  parseIpv4,
  parseIpv6,
  type AddressBlock,
} from './ip-ranges';

/**
 * The IANA Special-Purpose Address Registries as published, transcribed here by hand (block, name,
 * Globally Reachable; null for N/A) so that a row changed or lost in the code fails below.
 */
const IANA_IPV4: [string, string, boolean | null][] = [
  ['0.0.0.0/8', '"This network"', false],
  ['0.0.0.0/32', '"This host on this network"', false],
  ['10.0.0.0/8', 'Private-Use', false],
  ['100.64.0.0/10', 'Shared Address Space', false],
  ['127.0.0.0/8', 'Loopback', false],
  ['169.254.0.0/16', 'Link Local', false],
  ['172.16.0.0/12', 'Private-Use', false],
  ['192.0.0.0/24', 'IETF Protocol Assignments', false],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix', false],
  ['192.0.0.8/32', 'IPv4 dummy address', false],
  ['192.0.0.9/32', 'Port Control Protocol Anycast', true],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast', true],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery', false],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery', false],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)', false],
  ['192.31.196.0/24', 'AS112-v4', true],
  ['192.52.193.0/24', 'AMT', true],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)', null],
  ['192.88.99.2/32', '6a44-relay anycast address', false],
  ['192.168.0.0/16', 'Private-Use', false],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service', true],
  ['198.18.0.0/15', 'Benchmarking', false],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)', false],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)', false],
  ['240.0.0.0/4', 'Reserved', false],
  ['255.255.255.255/32', 'Limited Broadcast', false],
];

const IANA_IPV6: [string, string, boolean | null][] = [
  ['::1/128', 'Loopback Address', false],
  ['::/128', 'Unspecified Address', false],
  ['::ffff:0:0/96', 'IPv4-mapped Address', false],
  ['64:ff9b::/96', 'IPv4-IPv6 Translat.', true],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat.', false],
  ['100::/64', 'Discard-Only Address Block', false],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix', false],
  ['2001::/23', 'IETF Protocol Assignments', false],
  ['2001::/32', 'TEREDO', null],
  ['2001:1::1/128', 'Port Control Protocol Anycast', true],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast', true],
  ['2001:1::3/128', 'DNS-SD Service Registration Protocol Anycast Address', true],
  ['2001:2::/48', 'Benchmarking', false],
  ['2001:3::/32', 'AMT', true],
  ['2001:4:112::/48', 'AS112-v6', true],
  ['2001:10::/28', 'Deprecated (previously ORCHID)', null],
  ['2001:20::/28', 'ORCHIDv2', true],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', true],
  ['2001:db8::/32', 'Documentation', false],
  ['2002::/16', '6to4', null],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service', true],
  ['3fff::/20', 'Documentation', false],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs', false],
  ['fc00::/7', 'Unique-Local', false],
  ['fe80::/10', 'Link-Local Unicast', false],
];

const rowsOf = (list: readonly AddressBlock[]) =>
  list.map((row): [string, string, boolean | null] => [row.block, row.name, row.globallyReachable]);

/** The first and the last address of a block, written out in full. */
function ends(block: string): [string, string] {
  const [address = '', bitsText = ''] = block.split('/');
  const v4 = parseIpv4(address);
  const bytes = v4 ?? parseIpv6(address)!;
  const bits = Number(bitsText);
  const last = bytes.map((byte, i) => {
    const hostBits = Math.min(8, Math.max(0, (i + 1) * 8 - bits));
    return byte | ((1 << hostBits) - 1);
  });
  const write = (b: number[]) =>
    v4
      ? b.join('.')
      : Array.from({ length: 8 }, (_, g) => ((b[2 * g]! << 8) | b[2 * g + 1]!).toString(16)).join(':');
  return [write(bytes), write(last)];
}

const numberOf = (address: string) =>
  (parseIpv4(address) ?? parseIpv6(address)!).reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

/** Whether another row of the same registry, narrower than `block`, holds the address. */
function inSmallerRow(address: string, block: string): boolean {
  const bits = (b: string) => Number(b.split('/')[1]);
  const n = numberOf(address);
  return [...IANA_IPV4, ...IANA_IPV6].some(([other]) => {
    if (other === block || bits(other) <= bits(block)) return false;
    if (other.includes(':') !== block.includes(':')) return false;
    const [first, last] = ends(other);
    return numberOf(first) <= n && n <= numberOf(last);
  });
}

/** The registry blocks whose reachability is that of the IPv4 address they carry. */
const EMBEDDING = ['64:ff9b::/96', '2001::/32', '2002::/16'];

describe('the IANA special-purpose registries are the block list', () => {
  it('holds every row of both registries, with its name and reachability', () => {
    expect(rowsOf(IPV4_SPECIAL_PURPOSE)).toEqual(IANA_IPV4);
    expect(rowsOf(IPV6_SPECIAL_PURPOSE)).toEqual(IANA_IPV6);
  });

  it.each(
    [...IANA_IPV4, ...IANA_IPV6].filter(
      ([block, , reachable]) => reachable !== true && !EMBEDDING.includes(block),
    ),
  )('every address of %s (%s), first to last, is refused', (block, name) => {
    for (const address of ends(block)) {
      expect(isBlockedIp(address), address).toBe(true);
      // Refused under this row's name, unless a smaller row of the registry holds the address.
      if (!inSmallerRow(address, block)) expect(blockedBecause(address), address).toBe(name);
    }
  });

  it.each(
    [...IANA_IPV4, ...IANA_IPV6].filter(
      ([block, , reachable]) => reachable === true && !EMBEDDING.includes(block),
    ),
  )('%s (%s) is globally reachable: its addresses may be fetched', (block) => {
    const [first, last] = ends(block);
    expect(blockedBecause(first), first).toBeUndefined();
    expect(blockedBecause(last), last).toBeUndefined();
  });

  it.each([
    ['192.0.2.2', 'Documentation (TEST-NET-1)'],
    ['198.51.100.7', 'Documentation (TEST-NET-2)'],
    ['203.0.113.200', 'Documentation (TEST-NET-3)'],
    ['192.88.99.1', 'Deprecated (6to4 Relay Anycast)'],
    ['192.88.99.2', '6a44-relay anycast address'],
    ['192.0.0.8', 'IPv4 dummy address'],
    ['0.0.0.0', '"This host on this network"'],
    ['169.254.169.254', 'Link Local'],
    ['224.0.0.1', 'Multicast'],
    ['239.255.255.250', 'Multicast'],
    ['2001:10::1', 'Deprecated (previously ORCHID)'],
  ])('%s is refused as %s', (ip, name) => expect(blockedBecause(ip)).toBe(name));
});

describe('IPv6 forms of an IPv4 address', () => {
  it.each([
    // IPv4-mapped and IPv4-translated addresses reach the IPv4 address through the local stack.
    ['::ffff:127.0.0.1', 'IPv4-mapped Address'],
    ['::ffff:7f00:1', 'IPv4-mapped Address'],
    ['::ffff:8.8.8.8', 'IPv4-mapped Address'],
    ['::ffff:0:192.0.2.2', 'outside 2000::/3'],
    ['::ffff:0:c000:202', 'outside 2000::/3'],
    ['::ffff:0:0:0', 'outside 2000::/3'],
    // The deprecated IPv4-compatible form.
    ['::192.0.2.2', 'outside 2000::/3'],
    ['::10.0.0.1', 'outside 2000::/3'],
  ])('%s is refused (%s)', (ip, name) => expect(blockedBecause(ip)).toBe(name));

  it.each([
    ['64:ff9b::192.0.2.2', 'IPv4-IPv6 Translat. of 192.0.2.2: Documentation (TEST-NET-1)'],
    ['64:ff9b::a9fe:a9fe', 'IPv4-IPv6 Translat. of 169.254.169.254: Link Local'],
    ['64:ff9b::7f00:1', 'IPv4-IPv6 Translat. of 127.0.0.1: Loopback'],
    ['2002:c000:0202::1', '6to4 of 192.0.2.2: Documentation (TEST-NET-1)'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1: Loopback'],
    ['2002:c0a8:101::', '6to4 of 192.168.1.1: Private-Use'],
    // Teredo: server 192.0.2.2, client 8.8.8.8 (stored inverted: f7f7:f7f7).
    ['2001:0:c000:202::f7f7:f7f7', 'TEREDO of 192.0.2.2: Documentation (TEST-NET-1)'],
    // Teredo: server 8.8.8.8, client 10.0.0.1 (inverted: f5ff:fffe).
    ['2001:0:808:808::f5ff:fffe', 'TEREDO of 10.0.0.1: Private-Use'],
    // Local-use NAT64 translates to any network, the private ones included.
    ['64:ff9b:1::8.8.8.8', 'IPv4-IPv6 Translat.'],
  ])('%s, carrying a refused IPv4 address, is refused', (ip, reason) => {
    expect(blockedBecause(ip)).toBe(reason);
  });

  it.each(['64:ff9b::808:808', '2002:808:808::1', '2001:0:808:808::f7f7:f7f7'])(
    '%s, carrying a public IPv4 address, may be fetched',
    (ip) => expect(blockedBecause(ip)).toBeUndefined(),
  );
});

describe('everything outside IPv6 global unicast is refused', () => {
  it.each(['ff02::1', 'fec0::1', 'feff::1', '4000::1', '8000::1', 'e000::1', '1fff::1'])('%s', (ip) =>
    expect(blockedBecause(ip)).toBe('outside 2000::/3'),
  );
});

describe('private network and metadata addresses are blocked', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '[::1]',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    '64:ff9b:1::a',
    '64:ff9b:1:ffff::8.8.8.8',
  ])('%s is blocked', (ip) => expect(isBlockedIp(ip)).toBe(true));

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '192.0.3.1',
    '198.51.99.255',
    '203.0.114.0',
    '223.255.255.255',
    '2606:4700::6810:84e5',
    '2a00:1450:4001:81b::200e',
  ])('%s is a public address', (ip) => expect(isBlockedIp(ip)).toBe(false));

  it('does not mistake a host name for an address', () => {
    expect(isBlockedIp('images.example.com')).toBe(false);
  });

  it('parses compressed and IPv4-embedded IPv6', () => {
    expect(parseIpv6('::ffff:127.0.0.1')?.slice(10)).toEqual([0xff, 0xff, 127, 0, 0, 1]);
    expect(parseIpv6('1::2::3')).toBeUndefined();
    expect(parseIpv6('12345::')).toBeUndefined();
  });
});
