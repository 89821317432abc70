/**
 * The user's own uploads, offered again by the pickers: listed by role, last used first, a page at a
 * time; one by id (the "generate again" form asks whether a generation's photos still exist); and a
 * small preview of each. Expired uploads (repository.ts, notExpired) are neither listed nor found.
 */
import { Readable } from 'node:stream';
import {
  UPLOAD_RETENTION_DAYS,
  THUMBNAIL_SIZE,
  type RecentUpload,
  type RecentUploadsResponse,
  type UploadRole,
} from '@vitrine/shared/api/uploads';
import type { Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readAll, withLocalFile, type Storage } from '../storage/storage';
import { UNUSED_UPLOAD_DAYS } from '../rate-limit/usage-limits';
import { decodeLimiter } from './decode-limiter';
import { findRecent, listRecent, type RecentRow } from './repository';

const DAY_MS = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();

function nameOf(row: RecentRow): string | null {
  if (row.originalName) return row.originalName;
  if (!row.sourceUrl) return null;
  try {
    return new URL(row.sourceUrl).hostname;
  } catch {
    return null;
  }
}

function toView(row: RecentRow): RecentUpload {
  const base = `/api/uploads/${row.id}`;
  return {
    id: row.id,
    role: row.role,
    name: nameOf(row),
    contentType: row.contentType,
    createdAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: new Date(
      new Date(row.lastUsedAt).getTime() + (row.inUse ? UPLOAD_RETENTION_DAYS : UNUSED_UPLOAD_DAYS) * DAY_MS,
    ).toISOString(),
    fileUrl: `${base}/file`,
    thumbnailUrl: `${base}/thumb.webp`,
    cutout: row.cutoutChoice ? { choice: row.cutoutChoice, framed: Boolean(row.cutoutFramed) } : null,
  };
}

/** A timestamptz as Postgres prints it (DateStyle ISO), e.g. 2026-05-01 09:30:12.345678+00. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function encodeCursor(row: RecentRow): string {
  return Buffer.from(`${row.usedText}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { usedAt: string; id: string } {
  const [usedAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!usedAt || !id || !TIMESTAMP_TEXT.test(usedAt) || !/^[0-9a-f-]{36}$/.test(id))
    throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.listCursor' });
  return { usedAt, id };
}

export async function recentUploads(
  db: Queryable,
  userId: string,
  query: { role: UploadRole; limit: number; cursor?: string | undefined },
): Promise<RecentUploadsResponse> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await listRecent(db, userId, { role: query.role, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toView),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/** One of the user's uploads that has not expired; anything else is not found. */
export async function ownUploadView(db: Queryable, userId: string, id: string): Promise<RecentUpload> {
  const row = await findRecent(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'uploads.gone' });
  return toView(row);
}

/** Where an upload's preview is kept once made: beside the file, removed with it. */
export const thumbnailKey = (storageKey: string) => `${storageKey}.thumb.webp`;

/** The preview's bytes: made on the first request from the stored file, then read back. */
export async function thumbnail(storage: Storage, storageKey: string): Promise<Buffer> {
  const key = thumbnailKey(storageKey);
  try {
    return await readAll(storage, key);
  } catch {
    // Not made yet.
  }
  const [{ thumbnailWebp }, { isEngineError }] = await Promise.all([
    import('@vitrine/engine/image/thumbnail'),
    import('@vitrine/engine/errors'),
  ]);
  let bytes: Buffer;
  try {
    bytes = await decodeLimiter.run(() =>
      withLocalFile(storage, storageKey, (file) => thumbnailWebp(file.path, THUMBNAIL_SIZE)),
    );
  } catch (error) {
    // An image that cannot be read is as good as gone; a slow machine or a storage fault is not.
    if (isEngineError(error) && error.code !== 'IMAGE_TIMEOUT')
      throw new AppError('NOT_FOUND', { messageKey: 'uploads.gone', cause: error });
    throw error;
  }
  await storage.put(key, Readable.from([bytes])).catch(() => {
    // Two first requests at once: either copy will do.
  });
  return bytes;
}
