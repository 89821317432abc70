/**
 * The variant a user picks on the result view or in History becomes the result's image: the spec's
 * `selectedImage` in webhook_data, which History's thumbnail, its download and its editor read.
 */
import type { GenerationResult } from '@vitrine/shared/api/generations';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { ImageLinks } from './image-links';
import { RESULT_COLUMNS, toResult, type ResultRow } from './service';

export async function selectResultImage(
  deps: { database: Database; links: ImageLinks },
  userId: string,
  resultId: string,
  index: number,
): Promise<GenerationResult> {
  const [row] = await deps.database.query<ResultRow>(
    // The path of the variant at `index`, as the result lists it; a result recorded with one image and no
    // list keeps it (index 0).
    `update user_image_generations
     set webhook_data = jsonb_set(webhook_data, '{selectedImage}', webhook_data->'allImages'->$3::int)
     where id = $1 and user_id = $2 and jsonb_typeof(webhook_data->'allImages'->$3::int) = 'string'
     returning ${RESULT_COLUMNS}`,
    [resultId, userId, index],
  );
  if (row) return toResult(row, deps.links);
  const [existing] = await deps.database.query<ResultRow>(
    `select ${RESULT_COLUMNS} from user_image_generations where id = $1 and user_id = $2`,
    [resultId, userId],
  );
  if (!existing) throw new AppError('NOT_FOUND');
  const result = toResult(existing, deps.links);
  if (index === 0 && result.images.length === 0 && result.selectedImage) return result;
  throw new AppError('VALIDATION_FAILED', {
    messageKey: 'validation.outOfRange',
    fields: { index: { key: 'validation.outOfRange' } },
  });
}
