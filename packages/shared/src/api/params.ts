/**
 * The path parameters and query strings of the API's routes, as the server parses them. An id that is
 * not a UUID names nothing: the server answers it 404, like an id it does not know, never 400.
 */
import { z } from 'zod';
import { text } from '../validation/schema';
import { UUID_PATTERN } from '../ids';
import { LANGUAGES } from '../locale';

const uuid = text().regex(new RegExp(`^${UUID_PATTERN}$`, 'i'));

/** `/…/:id` where the id is a row's UUID (an upload, a generation, a result). */
export const idParams = z.object({ id: uuid });

/** `/api/images/:resultId/:index`: a result's image, by its position (0 to 99). */
export const imageParams = z.object({
  resultId: uuid,
  index: text()
    .regex(/^\d{1,2}$/)
    .transform(Number),
});

/** `/api/images/:resultId/images.zip`: a result's images in one archive. */
export const resultParams = z.object({ resultId: uuid });

/** A signed link's expiry and signature, checked by the server; anything else in the query is ignored. */
export const signedLinkQuery = z.object({ exp: z.unknown().optional(), sig: z.unknown().optional() });

/** `GET /api/auth/session?passive=1`: read the session without counting it as activity. */
export const sessionQuery = z.object({
  passive: z
    .unknown()
    .optional()
    .transform((value) => value === '1'),
});

/** `/billing/checkout/:id`: the test-mode checkout's id (checked against its own pattern by the server). */
export const checkoutParams = z.object({ id: text() });

/**
 * `/billing/portal`: the page's language, the change just made (for its notice) and whether to ask
 * before cancelling. A value that is not one of these is read as absent.
 */
export const portalQuery = z.object({
  lang: z.enum(LANGUAGES).optional().catch(undefined),
  done: z.enum(['switched', 'cancelled', 'resumed']).optional().catch(undefined),
  confirm: z.literal('cancel').optional().catch(undefined),
});

/** `/dev/mailbox/:file`: a message of the dev mailbox, by its file name (checked by the outbox itself). */
export const mailboxFileParams = z.object({ file: text() });
