/**
 * Takes an image stream from an upload or an import, checks it as it passes (first bytes, size bounds),
 * then checks that it decodes (a few at a time, decode-limiter.ts), and stores it under a fresh key
 * within the user's storage quota. Nothing is left behind when a check fails.
 */
import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { StoredUpload, UploadRole } from '@vitrine/shared/api/uploads';
import { UPLOAD_MAX_BYTES, UPLOAD_MIN_BYTES } from '@vitrine/shared/validation/upload-file';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Storage } from '../storage/storage';
import { UPLOAD_QUOTA_BYTES } from '../rate-limit/usage-limits';
import { checkDecodable } from './check-decodable';
import { decodeLimiter } from './decode-limiter';
import { CONTENT_TYPE, EXTENSION, sniffImage, type ImageKind } from './image-signature';

export type { StoredUpload };

class Rejected extends Error {
  constructor(readonly appError: AppError) {
    super(appError.code);
  }
}

/** Passes bytes through, judging the type by the first 16 and stopping past the size cap. */
function inspector(found: { kind?: ImageKind }) {
  let head = Buffer.alloc(0);
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > UPLOAD_MAX_BYTES)
        return done(new Rejected(new AppError('FILE_TOO_LARGE', { messageKey: 'uploads.fileTooLarge' })));
      if (!found.kind && head.length < 16) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 16) {
          found.kind = sniffImage(head);
          if (!found.kind)
            return done(new Rejected(new AppError('INVALID_FILE', { messageKey: 'uploads.fileType' })));
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (size < UPLOAD_MIN_BYTES)
        return done(new Rejected(new AppError('INVALID_FILE', { messageKey: 'uploads.fileTooSmall' })));
      if (!found.kind)
        return done(new Rejected(new AppError('INVALID_FILE', { messageKey: 'uploads.fileType' })));
      done();
    },
  });
}

const quotaExceeded = () =>
  new AppError('UPLOAD_QUOTA_EXCEEDED', {
    params: { megabytes: Math.round(UPLOAD_QUOTA_BYTES / (1024 * 1024)) },
  });

/** Bytes of uploads the user keeps. */
async function usedBytes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ bytes: number | string }>(
    `select coalesce(sum(size_bytes), 0)::bigint as bytes from uploads where user_id = $1`,
    [userId],
  );
  return Number(row?.bytes ?? 0);
}

export async function storeImage(
  deps: { database: Database; storage: Storage },
  userId: string,
  body: Readable,
  meta: { originalName?: string; sourceUrl?: string; role?: UploadRole | undefined },
): Promise<StoredUpload> {
  // A user already at the quota is told before a byte is written.
  if ((await usedBytes(deps.database, userId)) >= UPLOAD_QUOTA_BYTES) throw quotaExceeded();
  const found: { kind?: ImageKind } = {};
  // The extension comes from the bytes, known only once they arrive: write under a temporary key first.
  const base = `${userId}/${Date.now()}-${crypto.randomBytes(8).toString('hex')}`;
  let size: number;
  try {
    ({ size } = await deps.storage.put(`${base}.incoming`, body, inspector(found)));
  } catch (error) {
    await deps.storage.remove(`${base}.incoming`);
    if (error instanceof Rejected) throw error.appError;
    throw error;
  }
  try {
    const incoming = `${base}.incoming`;
    await decodeLimiter.run(async () =>
      checkDecodable((await deps.storage.localFile?.(incoming)) ?? deps.storage.read(incoming)),
    );
  } catch (error) {
    await deps.storage.remove(`${base}.incoming`);
    throw error;
  }
  const kind = found.kind!;
  const key = `${base}.${EXTENSION[kind]}`;
  await deps.storage.move(`${base}.incoming`, key);
  try {
    const row = await deps.database.transaction(async (tx) => {
      // One user's uploads are counted one at a time, so parallel ones cannot all fit under the quota.
      await tx.query(`select pg_advisory_xact_lock(hashtext('uploads:' || $1))`, [userId]);
      if ((await usedBytes(tx, userId)) + size > UPLOAD_QUOTA_BYTES) throw quotaExceeded();
      const [inserted] = await tx.query<{ id: string; created_at: Date }>(
        `insert into uploads (user_id, storage_key, content_type, size_bytes, original_name, source_url, role)
         values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at`,
        [
          userId,
          key,
          CONTENT_TYPE[kind],
          size,
          meta.originalName ?? null,
          meta.sourceUrl ?? null,
          meta.role ?? null,
        ],
      );
      return inserted;
    });
    return {
      id: row!.id,
      role: meta.role ?? null,
      contentType: CONTENT_TYPE[kind],
      sizeBytes: size,
      createdAt: new Date(row!.created_at).toISOString(),
    };
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
}
