import { describe, expect, it } from 'vitest';
import { bearerMatches, metricsAccess } from './access';

const TOKEN = 'metrics-token-0123456789abcdef';
const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({
  socket: { remoteAddress },
  headers,
});

describe('who may read /metrics', () => {
  it('lets in a loopback socket, IPv4 (all of 127/8), IPv6 or IPv4-mapped, without a token', () => {
    for (const address of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2'])
      expect(metricsAccess(request(address), undefined), address).toBe('allowed');
  });

  it('takes no other address for a local one, mapped or private', () => {
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '::2', '0.0.0.0', '128.0.0.1', 'localhost'])
      expect(metricsAccess(request(address), undefined), address).toBe('hidden');
  });

  it('does not take a request a proxy forwarded for a local one, whichever header says so', () => {
    for (const header of ['forwarded', 'x-forwarded-for', 'x-real-ip'])
      expect(metricsAccess(request('127.0.0.1', { [header]: '127.0.0.1' }), TOKEN), header).toBe(
        'unauthorized',
      );
  });

  it('with a token configured: the exact bearer token lets anyone in, anything else is unauthorized', () => {
    const elsewhere = (authorization: string) =>
      metricsAccess(request('203.0.113.7', { authorization }), TOKEN);
    expect(elsewhere(`Bearer ${TOKEN}`)).toBe('allowed');
    expect(elsewhere(`bearer ${TOKEN}`)).toBe('allowed');
    for (const wrong of [
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
    ])
      expect(elsewhere(wrong), wrong).toBe('unauthorized');
  });

  it('compares the token in full, whatever the lengths', () => {
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${'x'.repeat(10_000)}`, TOKEN)).toBe(false);
  });
});
