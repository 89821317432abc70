/**
 * Checks every request meets before its route: the body is of the kind the route takes, and holds no
 * text the database cannot store.
 *
 * Text no one types: a NUL character or half of a UTF-16 surrogate pair. PostgreSQL refuses both in
 * text and JSON columns, so without this check they reached the database and failed there (a 500).
 * Every parsed JSON body and query string is checked before any route sees it; the first field holding
 * one is named in a translated 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deep enough for any of the API's bodies; deeper JSON is walked no further. */
const MAX_DEPTH = 32;

function holdsUnstorable(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnstorable(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => UNSTORABLE.test(key) || holdsUnstorable(item, depth + 1),
  );
}

/** The first top-level field of a parsed body or query that holds unstorable text, or null. */
export function unstorableField(value: unknown): string | null {
  // Raw bodies (a payment provider's signed webhook) are strings or buffers: their routes check them.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) return holdsUnstorable(value, 0) ? '_' : null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return '_';
    if (holdsUnstorable(item, 1)) return key;
  }
  return null;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** The route takes a multipart form (a file); every other route takes JSON or no body. */
    multipart?: boolean;
  }
}

/** Whether the route a request reached takes a file (multipart) rather than JSON. */
export function takesFile(request: FastifyRequest): boolean {
  return request.routeOptions?.config?.multipart === true;
}

export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // The API's requests; the site's pages and their forms answer in their own way.
    if (!request.url.startsWith('/api/')) return;
    // A form sent where JSON is expected, or anything but a form where a file is: refused alike.
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    const file = takesFile(request);
    if (multipart !== file)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', file ? { messageKey: 'uploads.sendAsFile' } : {});
    const field = unstorableField(request.query) ?? unstorableField(request.body);
    if (field === null) return;
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'validation.forbiddenCharacters',
      fields: { [field]: { key: 'validation.forbiddenCharacters' } },
    });
  });
}
