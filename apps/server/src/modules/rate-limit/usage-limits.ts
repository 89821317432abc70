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
