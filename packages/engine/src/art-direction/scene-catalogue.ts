/**
 * The catalogue of ready-made scenes ("Nos décors / Our scenes", packages/engine/scenes/catalogue.json):
 * open-licence photos, and studio sweeps the engine draws in the palette's colours, each annotated by
 * eye with its supporting surface, view, light and colour temperature. Pure: the entries are checked
 * here, and an annotation becomes the scene reading the plan frames the product with (an annotation
 * is better than a reading of the pixels).
 */
import { z } from 'zod';
import { STAND_DEPTH, type SceneReading } from './scene-reading';

export const SCENE_KINDS = [
  'wood',
  'marble',
  'linen',
  'counter',
  'shelf',
  'cafe',
  'bathroom',
  'outdoor',
  'studio',
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];
export const SCENE_VIEWS = ['eye-level', 'high-angle', 'top-down'] as const;
export type SceneView = (typeof SCENE_VIEWS)[number];

const share = z.number().min(0).max(1);
const text = z.string().trim().min(1);

const common = {
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'an id is lower-case words joined by hyphens'),
  name: z.object({ fr: text, en: text }).strict(),
  view: z.enum(SCENE_VIEWS),
  /** Far edge and near edge of the supporting surface, as shares of the height from the top. */
  surface: z
    .tuple([share, share])
    .refine(([back, front]) => back < front, 'surface: back must be above front'),
  /**
   * Left and right ends of the surface where a product can stand, as shares of the width, when it does
   * not run across the whole photo (a table in a room); absent when it does.
   */
  span: z
    .tuple([share, share])
    .refine(
      ([left, right]) => right - left >= 0.1 - 1e-9,
      'span: the surface must be at least a tenth as wide as the photo',
    )
    .optional(),
  /**
   * How wide that surface is where a product stands, in centimetres, estimated by eye from things of
   * known size in the photo (a bistro table is about 70): a product whose usual width is known from its
   * name stands at that scale in the shot of it in its context (product-size.ts). Only with `span`.
   */
  spanCm: z.number().positive().max(1000).optional(),
  light: z.enum(['left', 'right', 'top', 'front', 'back']),
  softness: share,
  temperature: z.enum(['warm', 'neutral', 'cool']),
  licence: text,
  author: text,
  source: text,
  description: text,
};

const photoScene = z
  .object({
    ...common,
    kind: z.enum(SCENE_KINDS).exclude(['studio']),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();
/** A photo scene's file, under the scenes' folder: named by its id. */
export const scenePhotoFile = (scene: PhotoScene) => `photos/${scene.id}.jpg`;
/** A studio sweep has no file: it is drawn at the request's size, in its palette's colours. */
const studioScene = z.object({ ...common, kind: z.literal('studio') }).strict();

/** An entry is checked as a studio sweep or as a photo, by its kind. */
const entrySchema = (entry: unknown) =>
  (entry as { kind?: unknown } | null)?.kind === 'studio' ? studioScene : photoScene;
export type CatalogueScene = z.output<typeof photoScene> | z.output<typeof studioScene>;
export type PhotoScene = z.output<typeof photoScene>;

/**
 * The catalogue, every entry checked: a malformed entry or a repeated id is refused with its id and
 * what is wrong, so a bad merge fails at load rather than at a user's render.
 */
export function parseCatalogue(json: unknown): CatalogueScene[] {
  if (!Array.isArray(json)) throw new Error('scene catalogue: expected a JSON array of scenes');
  const seen = new Set<string>();
  return json.map((entry, index) => {
    const parsed = entrySchema(entry).safeParse(entry);
    const label = (entry as { id?: unknown } | null)?.id ?? `#${index}`;
    if (!parsed.success)
      throw new Error(
        `scene catalogue: entry ${String(label)} is malformed: ${parsed.error.issues
          .map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`)
          .join('; ')}`,
      );
    if (parsed.data.spanCm !== undefined && !parsed.data.span)
      throw new Error(`scene catalogue: entry ${parsed.data.id} is malformed: spanCm: only with a span`);
    if (seen.has(parsed.data.id)) throw new Error(`scene catalogue: id ${parsed.data.id} is listed twice`);
    seen.add(parsed.data.id);
    return parsed.data;
  });
}

const TEMPERATURES = { warm: 0.3, neutral: 0, cool: -0.3 } as const;
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The scene reading an annotation gives, for the scene as prepared (`size`): its surface as annotated,
 * its light's side (from the front: no side; from behind: from above, the shadow falling forward), as
 * clear as the light is hard, and its warmth (a studio sweep's is its palette's, `temperature`).
 */
export function annotatedReading(
  scene: CatalogueScene,
  size: { width: number; height: number },
  temperature?: number,
): SceneReading {
  const [back, front] = scene.surface;
  const from = scene.light === 'back' ? 'top' : scene.light === 'front' ? null : scene.light;
  return {
    width: size.width,
    height: size.height,
    surface: {
      back,
      front,
      stand: round(back + STAND_DEPTH * (front - back)),
      strength: 1,
      ...(scene.span && { span: scene.span }),
      ...(scene.span && scene.spanCm !== undefined && { spanCm: scene.spanCm }),
    },
    light: from && { from, strength: round(1 - 0.7 * scene.softness), hardness: round(1 - scene.softness) },
    temperature: temperature ?? TEMPERATURES[scene.temperature],
    annotated: { scene: scene.id, view: scene.view },
  };
}
