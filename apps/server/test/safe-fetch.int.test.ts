import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetchImage, type SafeFetchOptions } from '../src/modules/uploads/safe-fetch';
import { startHttpsServer, type TestHttpsServer } from './helpers/https-server';

/** A real, tiny PNG (1×1), built byte by byte so the test needs no image library. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 200, 100, 50]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG = tinyPng();
let server: TestHttpsServer;
let base: SafeFetchOptions;

beforeAll(async () => {
  server = await startHttpsServer(['images.test', 'cdn.test', 'evil.test'], (req, res) => {
    const url = new URL(req.url ?? '/', 'https://images.test');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (url.pathname === '/page.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>hi</html>');
    if (url.pathname === '/svg.png')
      return res
        .writeHead(200)
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    if (url.pathname === '/big.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      return res.end(Buffer.alloc(3000));
    }
    if (url.pathname === '/slow.png') return setTimeout(() => res.writeHead(200).end(PNG), 3000);
    if (url.pathname === '/missing.png') return res.writeHead(404).end();
    if (url.pathname === '/hop.png') {
      const next = hops > 1 ? `/hop.png?hops=${hops - 1}` : '/photo.png';
      return res.writeHead(302, { location: `https://cdn.test:${server.port}${next}` }).end();
    }
    if (url.pathname === '/to-private.png')
      return res.writeHead(302, { location: 'https://127.0.0.1/photo.png' }).end();
    if (url.pathname === '/to-http.png')
      return res.writeHead(302, { location: 'http://cdn.test/photo.png' }).end();
    if (url.pathname === '/to-port.png')
      return res.writeHead(302, { location: 'https://images.test:8443/photo.png' }).end();
    if (url.pathname === '/to-rebind.png')
      return res.writeHead(302, { location: `https://evil.test:${server.port}/photo.png` }).end();
    res.writeHead(404).end();
  });
  // The test host names lead to the loopback server; only that one loopback address is allowed,
  // and only for names the test controls ("evil.test" also resolves to a metadata address).
  base = {
    ca: server.ca,
    resolve: async (host) =>
      host === 'evil.test'
        ? [
            { address: '127.0.0.1', family: 4 },
            { address: '169.254.169.254', family: 4 },
          ]
        : host.endsWith('.test')
          ? [{ address: '127.0.0.1', family: 4 }]
          : Promise.reject(new Error('ENOTFOUND')),
    isAllowedAddress: (ip) => ip === '127.0.0.1',
    ports: [server.port],
  };
});
afterAll(() => server.close());

const url = (path: string) => `https://images.test:${server.port}${path}`;
const refusal = async (raw: string, options: SafeFetchOptions = base) => {
  try {
    await safeFetchImage(raw, options);
    return undefined;
  } catch (error) {
    return (error as { key?: string }).key ?? String(error);
  }
};

describe('fetching an image from a URL', () => {
  it('downloads a real image and recognises it by its bytes', async () => {
    const image = await safeFetchImage(url('/photo.png'), base);
    expect(image.kind).toBe('png');
    expect(image.bytes.equals(PNG)).toBe(true);
  });

  it('follows up to 3 redirects, checking each one', async () => {
    expect((await safeFetchImage(url('/hop.png?hops=3'), base)).kind).toBe('png');
    expect(await refusal(url('/hop.png?hops=4'))).toBe('uploads.tooManyRedirects');
  });

  it('refuses a redirect to a private address, to plain http, or to a name that also resolves inside', async () => {
    expect(await refusal(url('/to-private.png'))).toBe('uploads.urlPrivate');
    expect(await refusal(url('/to-http.png'))).toBe('uploads.urlNotHttps');
    expect(await refusal(url('/to-rebind.png'))).toBe('uploads.urlPrivate');
  });

  it('contacts port 443 only: another port, first or after a redirect, is refused before any connection', async () => {
    expect(await refusal(url('/photo.png'), { ...base, ports: undefined })).toBe('uploads.urlPort');
    expect(await refusal(url('/to-port.png'))).toBe('uploads.urlPort');
    expect(await refusal('https://images.test:22/photo.png')).toBe('uploads.urlPort');
  });

  it('keeps only real JPEG, PNG, WebP or GIF content', async () => {
    expect(await refusal(url('/page.png'))).toBe('uploads.notAnImage');
    expect(await refusal(url('/svg.png'))).toBe('uploads.notAnImage');
  });

  it('stops reading past the size cap, gives up after the timeout, and reports a missing image', async () => {
    expect(await refusal(url('/big.png'), { ...base, maxBytes: 1000 })).toBe('uploads.fileTooLarge');
    expect(await refusal(url('/slow.png'), { ...base, timeoutMs: 500 })).toBe('uploads.fetchTimeout');
    expect(await refusal(url('/missing.png'))).toBe('uploads.fetchFailed');
  });

  it('does not trust a certificate it does not know', async () => {
    expect(await refusal(url('/photo.png'), { ...base, ca: undefined })).toBe('uploads.fetchFailed');
  });
});

describe('private network and metadata URLs are not allowed (default policy)', () => {
  it.each([
    'http://images.example.com/a.png',
    'https://localhost/a.png',
    'https://127.1/a.png',
    'https://0x7f.1/a.png',
    'https://[::1]/a.png',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://169.254.169.254/latest/meta-data.png',
    'https://10.0.0.8/a.png',
    'https://172.16.3.4/a.png',
    'https://192.168.1.20/a.png',
    // Documentation, relay and translated blocks of the IANA registries: this machine may hold one.
    'https://192.0.2.2/a.png',
    'https://198.51.100.10/a.png',
    'https://203.0.113.5/a.png',
    'https://192.88.99.1/a.png',
    'https://[::ffff:0:192.0.2.2]/a.png',
    'https://[64:ff9b::c000:202]/a.png',
    'https://[2002:c000:202::1]/a.png',
  ])('%s is refused before any connection', async (raw) => {
    expect(await refusal(raw, {})).toMatch(/uploads\.url(Private|NotHttps)/);
  });

  it('a public-looking name that resolves to 127.0.0.1 is refused', async () => {
    const options: SafeFetchOptions = {
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      ca: server.ca,
      ports: [server.port],
    };
    expect(await refusal(url('/photo.png'), options)).toBe('uploads.urlPrivate');
  });

  it.each(['192.0.2.2', '198.51.100.1', '203.0.113.77', '192.88.99.1', '::ffff:0:c000:202', '2001:db8::2'])(
    'a name that resolves to %s (a special-purpose block) is refused before any connection',
    async (address) => {
      const options: SafeFetchOptions = {
        resolve: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
      };
      expect(await refusal('https://images.example.com/a.png', options)).toBe('uploads.urlPrivate');
    },
  );

  it('a name with an IPv4-mapped IPv6 answer is refused', async () => {
    const options: SafeFetchOptions = { resolve: async () => [{ address: '::ffff:10.0.0.1', family: 6 }] };
    expect(await refusal('https://images.example.com/a.png', options)).toBe('uploads.urlPrivate');
  });
});
