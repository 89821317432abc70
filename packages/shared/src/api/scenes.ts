/**
 * The ready-made scenes ("Nos décors / Our scenes"): photos under open licences and studio sweeps drawn
 * in the palette's colours, offered in the Fusion form beside the upload of a context photo. The
 * catalogue lives with the engine (packages/engine/scenes/catalogue.json).
 *
 * Routes (public: the catalogue is the same for everyone and shows nothing of any account):
 * - GET /api/scenes                   → ScenesResponse (cacheable)
 * - GET /api/scenes/:id/thumbnail     a JPEG, SCENE_THUMBNAIL_WIDTH pixels wide; a studio sweep is drawn
 *                                     in the palette given as `?palette=` (by default pastel)
 * - GET /api/scenes/:id/image         the scene's photo as kept (a sweep drawn in `?palette=`), the
 *                                     context image the automation workflow is sent
 * An id the catalogue does not hold answers 404.
 */
import { z } from 'zod';
import { text } from '../validation/schema';
import { FUSION_PALETTES } from './generation';

/** A scene's id: lower-case words joined by hyphens. */
const SCENE_ID_PATTERN = '[a-z0-9]+(?:-[a-z0-9]+)*';
const SCENE_ID = new RegExp(`^${SCENE_ID_PATTERN}$`);
export const SCENE_ID_MAX_LENGTH = 64;

/** A scene id in a request: the shape only; whether the catalogue holds it is the server's to say. */
export const sceneIdField = text({ error: 'generations.sceneUnknown' })
  .max(SCENE_ID_MAX_LENGTH, 'generations.sceneUnknown')
  .regex(SCENE_ID, 'generations.sceneUnknown');

export const sceneParams = z.object({ id: sceneIdField });

/** `?palette=` of a scene's images: a studio sweep is drawn in it; anything else means pastel. */
export const sceneImageQuery = z.object({ palette: z.enum(FUSION_PALETTES).catch('pastel') });

export const SCENE_THUMBNAIL_WIDTH = 480;

export type SceneSummary = {
  id: string;
  name: { fr: string; en: string };
  kind: string;
  view: 'eye-level' | 'high-angle' | 'top-down';
  /** Drawn in the request's palette rather than photographed. */
  studio: boolean;
  thumbnailUrl: string;
  /** Who took the photo and under which licence (attribution for CC BY); a sweep is Vitrine's own. */
  author: string;
  licence: string;
  /** The photo's size; null for a studio sweep (drawn at the image's size). */
  width: number | null;
  height: number | null;
};
export type ScenesResponse = { items: SceneSummary[] };
