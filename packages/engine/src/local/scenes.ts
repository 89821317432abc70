/**
 * The ready-made scenes ("Nos décors / Our scenes"): the catalogue in packages/engine/scenes/, loaded
 * and checked once (art-direction/scene-catalogue.ts), and a chosen scene prepared for a render like an
 * uploaded context photo, with its annotation as the scene reading. A studio sweep is drawn in the
 * request's palette at the request's size instead of being read from a file.
 */
import { readFile } from 'node:fs/promises';
import type { FusionPalette } from '@vitrine/shared/api/generation';
import { PALETTE_GRADING } from '../art-direction/grading';
import type { Grading } from '../art-direction/types';
import { annotatedReading, type CatalogueScene } from '../art-direction/scene-catalogue';
import { fromRaw, guard, openUntrusted } from '../image/sharp';
import { drawStudioSweep } from './draw/studio';
import { prepareContext, type PreparedContext } from './prepare';
import { findScene, scenePhotoPath } from './scene-files';

export { findScene, sceneCatalogue, scenePhotoPath, SCENES_DIR } from './scene-files';

function sceneOf(id: string): CatalogueScene {
  const scene = findScene(id);
  if (!scene) throw new Error(`unknown scene ${id}`);
  return scene;
}

/**
 * A studio sweep in a palette's colours (a brand's grading when given): dark for the neon palette, light
 * for the others.
 */
function sweep(
  scene: CatalogueScene,
  palette: FusionPalette,
  size: { width: number; height: number },
  grading?: Grading,
) {
  const { swatch } = grading ?? PALETTE_GRADING[palette];
  return drawStudioSweep({ size, floor: scene.surface[0], swatch, dark: !grading && palette === 'néon' });
}

/**
 * The scene `id` ready to render on, as prepareContext gives an upload: decoded just large enough to
 * cover `canvas` (a sweep drawn at that size), read from its annotation rather than its pixels.
 */
export async function prepareCatalogueScene(
  id: string,
  palette: FusionPalette,
  canvas: { width: number; height: number },
  grading?: Grading,
): Promise<PreparedContext> {
  const scene = sceneOf(id);
  const t0 = performance.now();
  if (scene.kind === 'studio') {
    const image = await sweep(scene, palette, canvas, grading);
    // A sweep is as warm as its palette.
    const warmth = Math.max(-1, Math.min(1, (grading ?? PALETTE_GRADING[palette]).temperature));
    return {
      image,
      source: {
        format: 'studio',
        width: image.width,
        height: image.height,
        space: 'srgb',
        depth: 'uchar',
        hasAlpha: false,
        orientation: 1,
        pages: 1,
      },
      decodeMs: Math.round(performance.now() - t0),
      reading: annotatedReading(scene, image, warmth),
    };
  }
  // A photo is prepared as an upload is, its annotation read instead of its pixels.
  return prepareContext(await readFile(scenePhotoPath(scene)), canvas, (image) =>
    annotatedReading(scene, image),
  );
}

/** A studio sweep's thumbnail shape: the sweep has no size of its own. */
const STUDIO_THUMBNAIL_RATIO = 3 / 4;

/** A small JPEG of the scene, `width` pixels wide (a sweep drawn in `palette`'s colours). */
export async function sceneThumbnail(id: string, width: number, palette: FusionPalette): Promise<Buffer> {
  const scene = sceneOf(id);
  if (scene.kind === 'studio') {
    const image = await sweep(scene, palette, { width, height: Math.round(width * STUDIO_THUMBNAIL_RATIO) });
    return guard(fromRaw(image).jpeg({ quality: 82, mozjpeg: true }).toBuffer());
  }
  return guard(
    openUntrusted(scenePhotoPath(scene))
      .resize({ width, withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer(),
  );
}

/** The studio sweep's size when it is sent as an image (the automation workflow's context image). */
const STUDIO_IMAGE = { width: 1600, height: 1200 };

/** The scene as the context image a workflow is sent: the photo as kept, a sweep drawn in `palette`. */
export async function sceneImage(id: string, palette: FusionPalette): Promise<Buffer> {
  const scene = sceneOf(id);
  if (scene.kind !== 'studio') return readFile(scenePhotoPath(scene));
  const image = await sweep(scene, palette, STUDIO_IMAGE);
  return guard(fromRaw(image).jpeg({ quality: 88, mozjpeg: true }).toBuffer());
}
