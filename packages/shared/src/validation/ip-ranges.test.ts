import { describe, expect, it } from 'vitest';
import { isBlockedIp, parseIpv6 } from './ip-ranges';

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
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '64:ff9b::a9fe:a9fe',
    'ff02::1',
    // A 6to4 address whose relay is a private or loopback IPv4 address.
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101::',
    // Local-use NAT64 and deprecated site-local addresses reach inside the network.
    '64:ff9b:1::a',
    '64:ff9b:1:ffff::8.8.8.8',
    'fec0::1',
    'feff::1',
  ])('%s is blocked', (ip) => expect(isBlockedIp(ip)).toBe(true));

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '64:ff9b::808:808',
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
