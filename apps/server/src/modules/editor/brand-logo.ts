/**
 * The brand kit's logo on a generated image: the engine draws it on the image but not on its plate,
 * and reports where (webhook_data.images[i].brand.logo, in pixels; the render job adds the upload's
 * id). The editor opens such an image over its plate with the logo as its logo layer, at that place
 * and size, so the export draws it once.
 */
import { z } from 'zod';
import { EDITOR_LIMITS, LOGO_WIDTH_FACTOR, type LogoLayer } from '@vitrine/shared/api/editor';
import type { Queryable } from '../../db/client';
import { findOwn } from '../uploads/repository';

const px = z.number().finite();
const storedBrandLogo = z.object({
  logoUploadId: z.uuid(),
  logo: z.object({ x: px, y: px, width: px.positive(), height: px.positive() }),
});

export type BrandLogo = { uploadId: string; rect: z.output<typeof storedBrandLogo>['logo'] };

/** The logo an image's brand entry placed, or null (none, or an entry not in this shape). */
export function brandLogoOf(brand: unknown): BrandLogo | null {
  const parsed = storedBrandLogo.safeParse(brand);
  return parsed.success ? { uploadId: parsed.data.logoUploadId, rect: parsed.data.logo } : null;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The editor's logo layer over the rectangle the engine drew the logo in: its centre in percent, its
 * width as the editor's size. Null when the upload is no longer one of the user's kept uploads.
 */
export async function brandLogoLayer(
  database: Queryable,
  userId: string,
  logo: BrandLogo,
  image: { width: number; height: number },
): Promise<LogoLayer | null> {
  if (!image.width || !image.height || !(await findOwn(database, userId, logo.uploadId))) return null;
  const { x, y, width, height } = logo.rect;
  const { min, max } = EDITOR_LIMITS.logoSize;
  return {
    uploadId: logo.uploadId,
    x: round2(clamp(((x + width / 2) / image.width) * 100, 0, 100)),
    y: round2(clamp(((y + height / 2) / image.height) * 100, 0, 100)),
    size: round2(clamp((width / (LOGO_WIDTH_FACTOR * image.width)) * 100, min, max)),
  };
}
