/**
 * Takes an image stream from an upload or an import, checks it as it passes (first bytes, size bounds),
 * then checks that it decodes (a few at a time, decode-limiter.ts), and stores it under a fresh key
 * within the user's storage quota. Nothing is left behind when a check fails.
 *
 * The same file sent again for the same role (same bytes, by SHA-256) is the upload already stored:
 * it is marked used now and takes the new name, the new copy is dropped, and a product's checked
 * cut-out stays with it. The pickers then list one entry per photo, and the quota counts it once.
 */
import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { StoredUpload, UploadRole } from '@vitrine/shared/api/uploads';
import { UPLOAD_MAX_BYTES, UPLOAD_MIN_BYTES } from '@vitrine/shared/validation/upload-file';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { withLocalFile, type Storage } from '../storage/storage';
import { UPLOAD_QUOTA_BYTES } from '../rate-limit/usage-limits';
import { checkDecodable } from './check-decodable';
import { decodeLimiter } from './decode-limiter';
import { CONTENT_TYPE, EXTENSION, sniffImage, type ImageKind } from './image-signature';
import * as uploads from './repository';

export type { StoredUpload };

/** What was stored: a new upload, or the same file already stored for that role (`reused`). */
export type StoreResult = { upload: StoredUpload; reused: boolean };

class Rejected extends Error {
  constructor(readonly appError: AppError) {
    super(appError.code);
  }
}

type Found = { kind?: ImageKind; sha256?: string };

/**
 * Passes bytes through, judging the type by the first 16, stopping past the size cap and hashing them
 * (`found.sha256` once they have all passed).
 */
function inspector(found: Found) {
  let head = Buffer.alloc(0);
  let size = 0;
  const hash = crypto.createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
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
      found.sha256 = hash.digest('hex');
      done();
    },
  });
}

const quotaExceeded = () =>
  new AppError('UPLOAD_QUOTA_EXCEEDED', {
    params: { megabytes: Math.round(UPLOAD_QUOTA_BYTES / (1024 * 1024)) },
  });

export async function storeImage(
  deps: { database: Database; storage: Storage },
  userId: string,
  body: Readable,
  meta: { originalName?: string; sourceUrl?: string; role?: UploadRole | undefined },
): Promise<StoreResult> {
  // A user already at the quota is told before a byte is written.
  if ((await uploads.usedBytes(deps.database, userId)) >= UPLOAD_QUOTA_BYTES) throw quotaExceeded();
  const found: Found = {};
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
    await decodeLimiter.run(() => withLocalFile(deps.storage, incoming, checkDecodable));
  } catch (error) {
    await deps.storage.remove(`${base}.incoming`);
    throw error;
  }
  const kind = found.kind!;
  const key = `${base}.${EXTENSION[kind]}`;
  await deps.storage.move(`${base}.incoming`, key);
  const role = meta.role ?? null;
  const sent = { originalName: meta.originalName ?? null, sourceUrl: meta.sourceUrl ?? null, role };
  let result: { row: uploads.StoredRow; reused: boolean };
  try {
    result = await deps.database.transaction(async (tx) => {
      // One user's uploads are counted one at a time, so parallel ones cannot all fit under the quota
      // (nor both store the same file).
      await uploads.lockUserUploads(tx, userId);
      const same = await uploads.reuseSameFile(tx, userId, found.sha256!, sent);
      if (same) return { row: same, reused: true };
      if ((await uploads.usedBytes(tx, userId)) + size > UPLOAD_QUOTA_BYTES) throw quotaExceeded();
      const inserted = await uploads.insert(tx, {
        ...sent,
        userId,
        storageKey: key,
        contentType: CONTENT_TYPE[kind],
        sizeBytes: size,
        sha256: found.sha256!,
      });
      return { row: inserted, reused: false };
    });
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
  // The copy just written is not needed: the file is stored already (a copy left by a failed removal is
  // unreachable, nothing more).
  if (result.reused) await deps.storage.remove(key).catch(() => {});
  const { row, reused } = result;
  return {
    upload: {
      id: row.id,
      role,
      contentType: row.contentType,
      sizeBytes: Number(row.sizeBytes),
      createdAt: new Date(row.createdAt).toISOString(),
    },
    reused,
  };
}
