/** TRUST_PROXY, as config.ts parses it: which proxies in front of the server are believed about the client. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { emptyAsUndefined } from '@vitrine/shared/env';

/** What Fastify's `trustProxy` takes: off, every hop, the nth hop, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

/** `1.2.3.4`, `::1`, `10.0.0.0/8` or `fd00::/8`: an address, with an optional prefix length that fits it. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or `false` (the socket's address is the client), `true`, a hop count, or addresses. */
export const trustProxy = z
  .preprocess(emptyAsUndefined, z.string().optional())
  .transform((value, ctx): TrustProxy => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '' || trimmed === 'false') return false;
    if (trimmed === 'true') return true;
    if (/^\d+$/.test(trimmed)) {
      const hops = Number(trimmed);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const list = trimmed.split(',').map((part) => part.trim());
      if (list.every(isAddressOrCidr)) return list;
    }
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, a hop count from 1 to 10, or comma-separated proxy addresses or CIDRs',
    });
    return z.NEVER;
  });
