/**
 * The images a finished generation stored (user_image_generations.webhook_data.images): where each
 * lies in storage, its size and the format it was composed in.
 */
import type { Queryable } from '../../../db/client';

export type StoredImage = { key: string; width: number; height: number; format?: string };

async function imagesOf(db: Queryable, resultId: string, userId: string | null): Promise<unknown[] | null> {
  const [row] = await db.query<{ images: unknown }>(
    `select webhook_data->'images' as images from user_image_generations
     where id = $1 and ($2::text is null or user_id = $2)`,
    [resultId, userId],
  );
  if (!row) return null;
  return Array.isArray(row.images) ? row.images : [];
}

/** The storage key of one image of a result, for its owner (or anyone, when `userId` is null). */
export async function findImageKey(
  db: Queryable,
  resultId: string,
  index: number,
  userId: string | null,
): Promise<string | null> {
  const image = (await imagesOf(db, resultId, userId))?.[index] as { key?: unknown } | undefined;
  return typeof image?.key === 'string' ? image.key : null;
}

/** Every stored image of the owner's result, in order (null when there is no such result). */
export async function findResultImages(
  db: Queryable,
  resultId: string,
  userId: string,
): Promise<StoredImage[] | null> {
  const images = await imagesOf(db, resultId, userId);
  return (
    images?.flatMap((value) => {
      const image = value as Record<string, unknown> | null;
      if (typeof image?.key !== 'string') return [];
      const size = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
      return [
        {
          key: image.key,
          width: size(image.width),
          height: size(image.height),
          ...(typeof image.format === 'string' && { format: image.format }),
        },
      ];
    }) ?? null
  );
}
