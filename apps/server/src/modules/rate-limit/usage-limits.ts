/**
 * The limits that keep one account from taking more than its share of the render queue, the disk, the
 * API process's image decoding or its open connections (docs/decisions/021). The rate limits are
 * counted per user and multiplied by RATE_LIMIT_MULTIPLIER like the others; the rest are fixed.
 */
import type { Limit } from './limiter';

/**
 * Generation starts and cancel-alls per user: a person trying styles one after another starts a few an
 * hour (a render takes minutes); 20 in ten minutes is far above that and bounds a start/cancel loop.
 */
export const GENERATION_START_LIMIT: Limit = { max: 20, windowSeconds: 600 };
export const GENERATION_CANCEL_LIMIT: Limit = { max: 20, windowSeconds: 600 };

/**
 * Checkout and customer-portal pages asked for, per user: each may call the payment provider; someone
 * hesitating between plans opens a handful.
 */
export const BILLING_SESSION_LIMIT: Limit = { max: 20, windowSeconds: 600 };

/**
 * Uploads and URL imports per user, counted together: a generation needs two photos and a logo is one
 * more, so 60 an hour covers a busy session many times over; each may be 50 MB decoded in the API.
 */
export const UPLOAD_LIMIT: Limit = { max: 60, windowSeconds: 3600 };

/** Bytes of uploads one user may keep (the originals; previews and cut-outs are small beside them). */
export const UPLOAD_QUOTA_BYTES = 500 * 1024 * 1024;

/**
 * An upload no kept generation, running generation or saved image uses is deleted this many days after
 * its last use by the daily retention job; one that is used keeps the year of UPLOAD_RETENTION_DAYS.
 */
export const UNUSED_UPLOAD_DAYS = 30;

/**
 * Image checks (decode, preview) run at once in one API process: each may hold a 64-megapixel image in
 * memory and a core; beyond that they wait in line, and past the wait they are answered 503.
 */
export const DECODE_CONCURRENCY = 2;
export const DECODE_QUEUE_TIMEOUT_MS = 20_000;

/** Open generation event streams per user (a few tabs) and per API process. */
export const EVENT_STREAMS_PER_USER = 5;
export const EVENT_STREAMS_TOTAL = 1000;
/** How often an open event stream checks that its session is still valid. */
export const EVENT_STREAM_RECHECK_MS = 30_000;
