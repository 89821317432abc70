/**
 * The ready-made scenes as the API shows them (packages/shared/src/api/scenes.ts): the engine's
 * catalogue listed, and each scene's thumbnail made once per process (a studio sweep once per palette)
 * and kept in memory: a dozen or two JPEGs of a few tens of kilobytes.
 */
import type { FusionPalette } from '@vitrine/shared/api/generation';
import { SCENE_THUMBNAIL_WIDTH, type SceneSummary } from '@vitrine/shared/api/scenes';
import { SCENE_KINDS, type SceneKind } from '@vitrine/engine/art-direction/scene-catalogue';
import { findScene, sceneCatalogue } from '@vitrine/engine/local/scene-files';
import { AppError } from '../../http/app-error';

/**
 * Studio sweeps first (they suit any product), then the photos by kind (wood, marble, linen, counter,
 * shelf, café, bathroom, outdoors), each kind in the catalogue's order.
 */
const rank = (kind: string) => (kind === 'studio' ? -1 : SCENE_KINDS.indexOf(kind as SceneKind));

/** The catalogue as listed: it never changes while the process runs, so it is made once. */
let listed: SceneSummary[] | undefined;

export function listScenes(): SceneSummary[] {
  listed ??= [...sceneCatalogue()]
    .sort((a, b) => rank(a.kind) - rank(b.kind))
    .map((scene) => ({
      id: scene.id,
      name: scene.name,
      kind: scene.kind,
      view: scene.view,
      studio: scene.kind === 'studio',
      author: scene.author,
      licence: scene.licence,
      thumbnailUrl: `/api/scenes/${scene.id}/thumbnail`,
      width: scene.kind === 'studio' ? null : scene.width,
      height: scene.kind === 'studio' ? null : scene.height,
    }));
  return listed;
}

function sceneNamed(id: string) {
  const scene = findScene(id);
  if (!scene) throw new AppError('NOT_FOUND', { messageKey: 'generations.sceneUnknown' });
  return scene;
}

const thumbnails = new Map<string, Promise<Buffer>>();

/** The thumbnail of scene `id` (a sweep's in `palette`), made on first request and kept. */
export function sceneThumbnailOf(id: string, palette: FusionPalette): Promise<Buffer> {
  const scene = sceneNamed(id);
  const key = scene.kind === 'studio' ? `${id}:${palette}` : id;
  let made = thumbnails.get(key);
  if (!made) {
    made = import('@vitrine/engine/local/scenes').then(({ sceneThumbnail }) =>
      sceneThumbnail(id, SCENE_THUMBNAIL_WIDTH, palette),
    );
    // A failure is not kept: the next request tries again.
    made.catch(() => thumbnails.delete(key));
    thumbnails.set(key, made);
  }
  return made;
}

/** The scene's full image (the photo as kept, a sweep drawn in `palette`): a workflow's context image. */
export async function sceneImageOf(id: string, palette: FusionPalette): Promise<Buffer> {
  sceneNamed(id);
  const { sceneImage } = await import('@vitrine/engine/local/scenes');
  return sceneImage(id, palette);
}
