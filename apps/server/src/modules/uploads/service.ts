/**
 * What the upload routes do: store a file sent in a multipart form or an image fetched from a URL
 * (store-image.ts), and find an upload's file for its owner or for a signed link.
 */
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { StoredUpload, UploadRole } from '@vitrine/shared/api/uploads';
import { isUuid } from '@vitrine/shared/ids';
import { checkFileName } from '@vitrine/shared/validation/upload-file';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { UploadLinks } from '../generations/image-links';
import { removeFiles, type Storage } from '../storage/storage';
import { thumbnail, thumbnailKey } from './recent';
import { removeUpload } from './remove';
import * as uploads from './repository';
import { ImageFetchError, safeFetchImage, type SafeFetchOptions } from './safe-fetch';
import { storeImage, type StoreResult } from './store-image';

type Deps = { database: Database; storage: Storage };

/** Limits of the form itself (parts, fields), set where the multipart plugin is registered. */
const FORM_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
/**
 * What the form parser (@fastify/busboy) says of a body without a boundary or cut short, and what
 * Node says of a request the client dropped mid-way; exactly, so that no error of the database or the
 * storage, met while the file is stored, passes for the client's.
 */
const BROKEN_FORM = new Set([
  'Multipart: Boundary not found',
  'Boundary required',
  'Unexpected end of multipart data',
  'aborted',
]);

/**
 * A multipart form that is not one (no boundary, cut off before its end, too many parts) is the
 * client's mistake: a translated 400, not a 500 logged as the server's failure.
 */
function formError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError('INVALID_FILE', { messageKey: 'uploads.tooManyFiles', cause: error });
  const broken = (typeof code === 'string' && FORM_LIMITS.has(code)) || BROKEN_FORM.has(error.message);
  return broken ? new AppError('INVALID_FILE', { messageKey: 'uploads.formInvalid', cause: error }) : error;
}

/**
 * Stores the one file of a multipart form. A refused request stores nothing; an upload the user
 * already had stays, and so does one another request sent the same file for meanwhile (it marked it
 * used: no longer its first use).
 */
export async function uploadFromForm(
  deps: Deps,
  userId: string,
  parts: AsyncIterable<Multipart>,
  role: UploadRole | undefined,
): Promise<StoreResult> {
  let stored: StoreResult | undefined;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      // The name is checked as sent (preservePath): a hostile name is refused, not quietly trimmed.
      if (stored) throw new AppError('INVALID_FILE', { messageKey: 'uploads.tooManyFiles' });
      const nameError = checkFileName(part.filename);
      if (nameError) throw new AppError('INVALID_FILE', { messageKey: nameError });
      stored = await storeImage(deps, userId, part.file, { originalName: part.filename, role });
    }
  } catch (error) {
    if (stored && !stored.reused)
      await removeUpload(deps, stored.upload.id, userId, { onlyIfNotUsedSince: true });
    throw formError(error);
  }
  if (!stored) throw new AppError('INVALID_FILE', { messageKey: 'validation.required' });
  return stored;
}

/** Fetches the image at `url` on the server (safe-fetch.ts) and stores it like an upload. */
export async function importFromUrl(
  deps: Deps & { fetchOptions?: SafeFetchOptions | undefined },
  userId: string,
  url: string,
  role: UploadRole | undefined,
): Promise<StoreResult> {
  let image;
  try {
    image = await safeFetchImage(url, deps.fetchOptions);
  } catch (error) {
    if (!(error instanceof ImageFetchError)) throw error;
    const refused = error.key.startsWith('uploads.url');
    throw new AppError(refused ? 'INVALID_IMAGE_URL' : 'IMAGE_FETCH_FAILED', {
      messageKey: error.key,
      cause: error,
    });
  }
  return storeImage(deps, userId, Readable.from(image.bytes), { sourceUrl: image.finalUrl, role });
}

/** The status a stored upload is answered with: 201 when new, 200 when the same file was there. */
export const storedStatus = (stored: { reused: boolean }) => (stored.reused ? 200 : 201);

export type { StoredUpload };

/** One of the user's unexpired uploads; anything else is not found. */
export async function ownFile(database: Database, userId: string, id: string): Promise<uploads.UploadFile> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const row = await uploads.findOwn(database, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The upload a signed link names, whoever owns it; a link that does not verify finds nothing. */
export async function signedFile(
  database: Database,
  links: UploadLinks,
  id: string,
  link: { exp?: unknown; sig?: unknown },
): Promise<uploads.UploadFile> {
  if (!isUuid(id) || !links.verify(id, link.exp, link.sig)) throw new AppError('NOT_FOUND');
  const row = await uploads.findFile(database, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The preview of one of the user's uploads; made on the first request. */
export async function ownThumbnail(deps: Deps, userId: string, id: string): Promise<Buffer> {
  const row = await ownFile(deps.database, userId, id);
  const bytes = await thumbnail(deps.storage, row.storageKey);
  // Deleted while its preview was being made: the preview goes with it.
  if (!(await uploads.exists(deps.database, id))) {
    await removeFiles(deps.storage, [thumbnailKey(row.storageKey)]);
    throw new AppError('NOT_FOUND', { messageKey: 'uploads.gone' });
  }
  return bytes;
}
