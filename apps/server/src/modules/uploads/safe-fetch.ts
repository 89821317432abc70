/**
 * Fetches an image from a URL a user gave, without letting that URL reach this machine or its private
 * network (docs/decisions/006): every resolved address is checked, the connection goes to the checked
 * address, each redirect is checked again, and time, size and content are bounded.
 */
import dns from 'node:dns/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { checkImageUrl, isPrivateHost, type ImageUrlError } from '@vitrine/shared/validation/image-url';
import { isBlockedIp, parseIpv4, parseIpv6 } from '@vitrine/shared/validation/ip-ranges';
import { UPLOAD_MAX_BYTES, type UploadFileError } from '@vitrine/shared/validation/upload-file';
import { sniffImage, type ImageKind } from './image-signature';

export type FetchErrorKey =
  | ImageUrlError
  | UploadFileError
  | 'uploads.urlPort'
  | 'uploads.fetchFailed'
  | 'uploads.fetchTimeout'
  | 'uploads.tooManyRedirects'
  | 'uploads.notAnImage';

export class ImageFetchError extends Error {
  constructor(readonly key: FetchErrorKey) {
    super(key);
    this.name = 'ImageFetchError';
  }
}

type Address = { address: string; family: number };

export type SafeFetchOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Name resolution; tests point names at a local server. */
  resolve?: (host: string) => Promise<Address[]>;
  /** Which resolved addresses may be contacted; tests allow their loopback server. */
  isAllowedAddress?: (ip: string) => boolean;
  /**
   * Which destination ports may be contacted. Only HTTPS's own, 443: image hosts serve there, and any
   * other port would let a URL knock on services that are not web servers. Tests add their local server's.
   */
  ports?: readonly number[];
  /** Extra trusted certificate authority (tests). */
  ca?: string | Buffer;
};

export type FetchedImage = { bytes: Buffer; kind: ImageKind; finalUrl: string };

const defaultResolve = (host: string) => dns.lookup(host, { all: true, verbatim: true });

async function addressesOf(
  host: string,
  resolve: NonNullable<SafeFetchOptions['resolve']>,
): Promise<Address[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (parseIpv4(bare)) return [{ address: bare, family: 4 }];
  if (parseIpv6(bare)) return [{ address: bare, family: 6 }];
  try {
    return await resolve(host);
  } catch {
    throw new ImageFetchError('uploads.fetchFailed');
  }
}

function request(
  url: URL,
  pinned: Address,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // The socket goes to the address we checked, whatever DNS would answer now; TLS still checks the name.
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as (e: null, a: Address[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise((resolve, reject) => {
    const req = https.get(url, {
      lookup,
      signal,
      ca: options.ca,
      headers: {
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
        'user-agent': 'Vitrine image import',
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new ImageFetchError('uploads.fileTooLarge');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new ImageFetchError('uploads.fileTooLarge');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function safeFetchImage(raw: string, options: SafeFetchOptions = {}): Promise<FetchedImage> {
  const checked = checkImageUrl(raw);
  if (!checked.ok) throw new ImageFetchError(checked.error);
  const { maxRedirects = 3, maxBytes = UPLOAD_MAX_BYTES, resolve = defaultResolve, ports = [443] } = options;
  const isAllowed = options.isAllowedAddress ?? ((ip: string) => !isBlockedIp(ip));
  const signal = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  let url = checked.url;
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'https:') throw new ImageFetchError('uploads.urlNotHttps');
      // Redirects are checked like the first URL (a private name or literal), then by address below.
      if (isPrivateHost(url.hostname)) throw new ImageFetchError('uploads.urlPrivate');
      if (!ports.includes(url.port === '' ? 443 : Number(url.port)))
        throw new ImageFetchError('uploads.urlPort');
      const addresses = await addressesOf(url.hostname, resolve);
      // One bad answer is enough to refuse: a name that also points inside is not trusted at all.
      if (addresses.length === 0 || addresses.some((a) => !isAllowed(a.address))) {
        throw new ImageFetchError('uploads.urlPrivate');
      }
      const response = await request(url, addresses[0]!, options, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= maxRedirects) throw new ImageFetchError('uploads.tooManyRedirects');
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new ImageFetchError('uploads.fetchFailed');
      }
      const bytes = await readCapped(response, maxBytes);
      const kind = sniffImage(bytes.subarray(0, 16));
      if (!kind) throw new ImageFetchError('uploads.notAnImage');
      return { bytes, kind, finalUrl: url.toString() };
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    if (signal.aborted) throw new ImageFetchError('uploads.fetchTimeout');
    throw new ImageFetchError('uploads.fetchFailed');
  }
}
