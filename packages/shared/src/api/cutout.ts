/**
 * The product cut-out of an upload, as the Fusion page checks and corrects it before generating.
 * Coordinates are fractions of the photo as displayed (EXIF orientation applied): x and y from 0 to 1,
 * so the browser and the server agree whatever size either works at.
 */
import { z } from 'zod';
import { list } from '../validation/schema';

/** How the cut-out was made. 'framed' means the whole photo is used, in a frame. */
export const CUTOUT_METHODS = ['alpha', 'studio', 'segmented', 'model', 'corrected', 'framed'] as const;
export type CutoutMethodName = (typeof CUTOUT_METHODS)[number];

/**
 * Why a photo is framed rather than cut out: the engine was not confident enough (`low-confidence`,
 * `no-product-found`, `product-fills-photo`), or the user asked for the whole photo.
 */
export const FRAMED_REASONS = [
  'low-confidence',
  'no-product-found',
  'product-fills-photo',
  'whole-photo',
] as const;
export type FramedReason = (typeof FRAMED_REASONS)[number];

/** 'auto': the engine decides; 'cutout': the user accepted or corrected the cut-out; 'whole': the whole photo. */
export const CUTOUT_CHOICES = ['auto', 'cutout', 'whole'] as const;
export type CutoutChoice = (typeof CUTOUT_CHOICES)[number];

/** Limits of a correction: enough for careful work with a finger, small enough to check at once. */
export const CUTOUT_LIMITS = {
  strokes: 100,
  pointsPerStroke: 1000,
  points: 10_000,
  /** Brush radius, as a fraction of the photo's longest side. */
  minRadius: 0.002,
  maxRadius: 0.2,
  /** A box narrower or lower than this (fraction of the photo) is taken for a slip of the finger. */
  minBoxSide: 0.01,
} as const;

const fraction = z
  .number({ error: 'cutout.invalidCorrection' })
  .finite()
  .min(0, 'cutout.outsideImage')
  .max(1, 'cutout.outsideImage');

export const cutoutBox = z
  .object(
    { x: fraction, y: fraction, width: fraction, height: fraction },
    { error: 'cutout.invalidCorrection' },
  )
  .strict()
  .refine(
    (b) => b.width >= CUTOUT_LIMITS.minBoxSide && b.height >= CUTOUT_LIMITS.minBoxSide,
    'cutout.boxTooSmall',
  )
  .refine((b) => b.x + b.width <= 1.000001 && b.y + b.height <= 1.000001, 'cutout.outsideImage');
export type CutoutBox = z.infer<typeof cutoutBox>;

/** Whether two boxes (or two absences of a box) are the same. */
export function sameBox(a: CutoutBox | null | undefined, b: CutoutBox | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

export const cutoutStroke = z
  .object(
    {
      kind: z.enum(['keep', 'remove'], { error: 'cutout.invalidCorrection' }),
      radius: z
        .number({ error: 'cutout.invalidCorrection' })
        .finite()
        .min(CUTOUT_LIMITS.minRadius, 'cutout.invalidCorrection')
        .max(CUTOUT_LIMITS.maxRadius, 'cutout.invalidCorrection'),
      points: list(z.tuple([fraction, fraction], { error: 'cutout.invalidCorrection' }), {
        error: 'cutout.invalidCorrection',
        min: [1, 'cutout.invalidCorrection'],
        max: [CUTOUT_LIMITS.pointsPerStroke, 'cutout.strokeTooLong'],
      }),
    },
    { error: 'cutout.invalidCorrection' },
  )
  .strict();
export type CutoutStroke = z.infer<typeof cutoutStroke>;

export const cutoutCorrections = z
  .object(
    {
      box: cutoutBox.optional(),
      strokes: list(cutoutStroke, {
        error: 'cutout.invalidCorrection',
        max: [CUTOUT_LIMITS.strokes, 'cutout.tooManyStrokes'],
      }).default([]),
    },
    { error: 'cutout.invalidCorrection' },
  )
  .strict()
  .refine(
    (c) => c.strokes.reduce((sum, s) => sum + s.points.length, 0) <= CUTOUT_LIMITS.points,
    'cutout.tooManyPoints',
  );
export type CutoutCorrections = z.infer<typeof cutoutCorrections>;

/** PUT /api/uploads/:id/cutout */
export const cutoutUpdate = z.discriminatedUnion(
  'choice',
  [
    z.object({ choice: z.literal('auto') }).strict(),
    z.object({ choice: z.literal('whole') }).strict(),
    z.object({ choice: z.literal('cutout'), corrections: cutoutCorrections.optional() }).strict(),
  ],
  { error: 'cutout.invalidChoice' },
);
export type CutoutUpdate = z.infer<typeof cutoutUpdate>;

/**
 * Under this confidence an untouched automatic cut-out is pointed out for a closer look: on photos
 * not used to choose it, the cut-outs scored below it were the flawed ones (decision 105).
 */
export const LOOK_CLOSER_BELOW = 0.8;

/** GET and PUT /api/uploads/:id/cutout answer this. */
export type CutoutView = {
  uploadId: string;
  choice: CutoutChoice;
  /** What generations will use: a cut-out, or the whole photo framed. */
  framed: boolean;
  reason: FramedReason | null;
  /** How the mask shown was made (also when the photo is framed for low confidence). */
  method: CutoutMethodName;
  /** 0 to 1: how sure the engine is of its automatic cut-out. */
  confidence: number;
  /** Share of the photo the product covers, 0 to 1. */
  coverage: number;
  /**
   * Separate pieces of the mask (0 when none was found). More than one often means something beside
   * the product was kept (a lid, a cup): the page asks the user to look twice.
   */
  pieces: number;
  /**
   * The mask runs across the photo (side to side, or top to bottom): it may hold a band of background
   * (a shelf's edge, a hedge, the horizon). The page asks the user to look twice.
   */
  crossesFrame: boolean;
  /** The mask: a PNG the size of `width` x `height`, white with the product's alpha; null when none was found. */
  maskUrl: string | null;
  /**
   * The mask the keep and remove strokes are painted on (the automatic one, or the box's): the browser
   * paints the strokes being drawn on it, as the server will. Null when none was found.
   */
  baseMaskUrl: string | null;
  /** The cut-out itself over transparency (WebP), the same size as the mask; null when none was found. */
  previewUrl: string | null;
  width: number;
  height: number;
  corrections: CutoutCorrections | null;
  ms: number;
};
