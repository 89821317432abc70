/**
 * The variant a user picks on the result view or in History becomes the result's image: the spec's
 * `selectedImage` in webhook_data, which History's thumbnail, its download and its editor read.
 */
import type { GenerationResult } from '@vitrine/shared/api/generations';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { ImageLinks } from './image-links';
import { findResult, selectImage } from './repository';
import { toResult } from './views';

export async function selectResultImage(
  deps: { database: Database; links: ImageLinks },
  userId: string,
  resultId: string,
  index: number,
): Promise<GenerationResult> {
  const row = await selectImage(deps.database, userId, resultId, index);
  if (row) return toResult(row, deps.links);
  // A result recorded with one image and no list keeps it (index 0).
  const existing = await findResult(deps.database, userId, resultId);
  if (!existing) throw new AppError('NOT_FOUND');
  const result = toResult(existing, deps.links);
  if (index === 0 && result.images.length === 0 && result.selectedImage) return result;
  throw new AppError('VALIDATION_FAILED', {
    messageKey: 'validation.outOfRange',
    fields: { index: { key: 'validation.outOfRange' } },
  });
}
