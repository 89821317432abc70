/**
 * A result's images in one zip: every image, or one format's, each named by its format, size and
 * variant (`carre-1080x1080-1.jpg`), read from storage one at a time as the archive is sent. The
 * archive is named `promotional-images.zip` (`promotional-images-carre.zip` for one format).
 */
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { zipStream } from '../../lib/zip';
import { readAll, type Storage } from '../storage/storage';
import { findResultImages } from './results/repository';

/** A format key as a file name: accents dropped, so every tool and file system takes it. */
const fileWord = (format: string) =>
  format
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/gi, '-');

export async function resultArchive(
  deps: { database: Database; storage: Storage },
  resultId: string,
  userId: string,
  format?: string,
) {
  const images = await findResultImages(deps.database, resultId, userId);
  if (!images) throw new AppError('NOT_FOUND');
  const counts = new Map<string, number>();
  const entries = images.flatMap((image) => {
    if (format !== undefined && image.format !== format) return [];
    const word = image.format === undefined ? 'image' : fileWord(image.format);
    const n = (counts.get(word) ?? 0) + 1;
    counts.set(word, n);
    const size = image.width > 0 ? `-${image.width}x${image.height}` : '';
    return [{ name: `${word}${size}-${n}.jpg`, read: () => readAll(deps.storage, image.key) }];
  });
  if (!entries.length) throw new AppError('NOT_FOUND');
  const fileName = `promotional-images${format === undefined ? '' : `-${fileWord(format)}`}.zip`;
  return { stream: zipStream(entries), fileName };
}
