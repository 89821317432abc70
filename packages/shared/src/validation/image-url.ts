/**
 * The spec's image URL rules (section 5), shared by the picker and the server. Messages are catalog keys
 * under "uploads.". The server also checks every address the name resolves to (safe-fetch.ts).
 */
import { isBlockedIp, parseIpv4, parseIpv6 } from './ip-ranges';

export const URL_MAX_LENGTH = 2048;

export type ImageUrlError =
  | 'uploads.urlEmpty'
  | 'uploads.urlTooLong'
  | 'uploads.urlInvalid'
  | 'uploads.urlNotHttps'
  | 'uploads.urlPrivate'
  | 'uploads.urlNotImage';

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif|bmp|tiff?)$/i;
const FORMAT_PARAMS = ['format', 'fm'];
const IMAGE_FORMATS = /^(jpe?g|png|webp|gif|bmp|tiff?|auto)$/i;

/** Image hosts and storage services whose URLs need no extension. */
const IMAGE_SERVICES = [
  'images.unsplash.com',
  'plus.unsplash.com',
  'i.imgur.com',
  'cdn.pixabay.com',
  'images.pexels.com',
  'res.cloudinary.com',
  'cdn.shopify.com',
  'i.pinimg.com',
  'images.ctfassets.net',
  'firebasestorage.googleapis.com',
  'storage.googleapis.com',
  'lh3.googleusercontent.com',
  'dl.dropboxusercontent.com',
  'raw.githubusercontent.com',
];
const IMAGE_SERVICE_SUFFIXES = [
  '.amazonaws.com',
  '.cloudfront.net',
  '.blob.core.windows.net',
  '.supabase.co',
  '.wp.com',
  '.imgix.net',
];

const METADATA_HOSTS = ['metadata.google.internal', 'metadata', 'instance-data', 'metadata.azure.com'];
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa'];

// eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
const STRIPPED = /[<>"'\u0000-\u001f\u007f-\u009f]/g;

/**
 * The spec's sanitising of URL text: strip <>"' and control characters, collapse spaces, trim, cap.
 * '&' is kept, unlike the spec's list: it separates query parameters, and removing it would change the
 * address (docs/decisions/006). The text is never inserted as HTML anyway.
 */
export function sanitizeUrlText(text: string): string {
  return text.replace(STRIPPED, '').replace(/\s+/g, ' ').trim().slice(0, URL_MAX_LENGTH);
}

/** True for host names that name this machine, a private network or a cloud metadata service. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (parseIpv4(host) || parseIpv6(host)) return isBlockedIp(host);
  if (host === 'localhost' || METADATA_HOSTS.includes(host)) return true;
  return LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) || !host.includes('.');
}

function looksLikeImage(url: URL): boolean {
  if (IMAGE_EXTENSIONS.test(url.pathname)) return true;
  const host = url.hostname.toLowerCase();
  if (IMAGE_SERVICES.includes(host) || IMAGE_SERVICE_SUFFIXES.some((s) => host.endsWith(s))) return true;
  return FORMAT_PARAMS.some((name) => IMAGE_FORMATS.test(url.searchParams.get(name) ?? ''));
}

export function checkImageUrl(raw: string): { ok: true; url: URL } | { ok: false; error: ImageUrlError } {
  if (raw.trim() === '') return { ok: false, error: 'uploads.urlEmpty' };
  if (raw.trim().length > URL_MAX_LENGTH) return { ok: false, error: 'uploads.urlTooLong' };
  const text = sanitizeUrlText(raw);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'uploads.urlInvalid' };
  }
  if (url.protocol !== 'https:') return { ok: false, error: 'uploads.urlNotHttps' };
  if (url.username || url.password || isPrivateHost(url.hostname))
    return { ok: false, error: 'uploads.urlPrivate' };
  if (!looksLikeImage(url)) return { ok: false, error: 'uploads.urlNotImage' };
  return { ok: true, url };
}
