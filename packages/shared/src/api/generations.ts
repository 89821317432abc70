/**
 * The generations API (spec sections 2 to 4 and 7): starting Fusion and Express generations, their live
 * state, cancel-all, usage, history and stats. Requests are checked with these schemas on both sides.
 *
 * Routes (all need a signed-in user; another user's ids answer 404):
 * - GET  /api/usage                      → Usage
 * - POST /api/generations/fusion         FusionStartBody → 202 StartResponse (402 INSUFFICIENT_CREDITS,
 *                                         409 ACTIVE_GENERATION, 400 VALIDATION_FAILED, also for a
 *                                         sceneId the catalogue does not hold)
 * - POST /api/generations/express        ExpressStartBody → 202 StartResponse (same errors)
 * - GET  /api/generations/active         → ActiveResponse (pending and processing, newest first)
 * - POST /api/generations/cancel-all     → CancelAllResponse
 * - GET  /api/generations/:id            → GenerationDetail (a background generation and its result)
 * - GET  /api/history                    → HistoryResponse (20 latest results)
 * - PUT  /api/history/:id/selected-image  SelectImageBody → GenerationResult: the variant the user picked
 *                                         becomes the result's image (History, its download and its
 *                                         editor use it); 400 VALIDATION_FAILED for an index the result
 *                                         has no variant at, 404 for another user's result
 * - GET  /api/stats                      → GenerationStats
 * - GET  /api/events                     server-sent events: `generation` (GenerationEvent) on every change
 *                                         of the user's generations, `ping` heartbeats; on (re)connection
 *                                         a `snapshot` event (ActiveResponse) lets the client catch up.
 * - GET  /api/images/:resultId/:index    the JPEG of one variant: for its owner, or with the signed,
 *                                         expiring `exp` and `sig` parameters that image URLs carry.
 * - GET  /api/images/:resultId/images.zip?format=…  every image of a result (or one format's) in one
 *                                         zip, for its owner (resultArchivePath).
 */
import { z } from 'zod';
import {
  EXPRESS_FORMATS,
  expressRequest,
  FUSION_FORMATS,
  fusionRequest,
  textlessFormat,
  RESULT_IMAGES_MAX,
  type ExpressFormat,
  type ExpressStyle,
  type FusionFormat,
  type FusionPalette,
  type FusionPosition,
  type FusionStyle,
  type FusionTypography,
  type ProductView,
} from './generation';
import { sceneIdField } from './scenes';
import type { LightChoice, Reflection } from './light';

export const GENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const GENERATION_MODES = ['fusion', 'express'] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];

/** Spec section 9: a free account has 3 generations in all; paid plans have a monthly allowance. */
export const FREE_GENERATIONS = 3;
export const PLAN_ALLOWANCES = { starter: 40, pro: 100 } as const;
/** A new record starts at 10; a missing progress is shown as 25 (spec sections 4 and 9). */
export const INITIAL_PROGRESS = 10;
export const DEFAULT_PROGRESS_DISPLAY = 25;
export const HISTORY_LIMIT = 20;
export const EXPIRING_SOON_DAYS = 30;
export const STATS_WINDOW_DAYS = 30;
/** Usage bar colours and the upgrade prompt (spec sections 4 and 9). */
export const USAGE_WARNING_PERCENT = 70;
export const USAGE_DANGER_PERCENT = 90;
export const UPGRADE_PROMPT_REMAINING = 1;
/** Cancel-all writes this message, in the user's language (spec section 4). */
export const CANCELLED_MESSAGE_KEY = 'generations.cancelledForTest';

/** An upload's id; ids are lower case, as the database writes them, whatever case a client sends. */
const uploadId = z
  .uuid({
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'generations.sourceMissing'),
  })
  .transform((id) => id.toLowerCase());

/**
 * The scene a Fusion renders on: the context photo uploaded (the spec's path) or one of the ready-made
 * scenes (GET /api/scenes), exactly one of the two; neither for the marketplace image, which has no
 * scene (it may still be sent one, which is not used). A scene id the catalogue does not hold is refused
 * by the server with generations.sceneUnknown, before anything is stored.
 */
export const fusionStartBody = fusionRequest
  .extend({
    productUploadId: uploadId,
    contextUploadId: uploadId.optional(),
    sceneId: sceneIdField.optional(),
  })
  .superRefine((body, context) => {
    if (body.contextUploadId !== undefined && body.sceneId !== undefined)
      context.addIssue({ code: 'custom', path: ['sceneId'], message: 'generations.sceneOrUpload' });
    // The marketplace image is the product alone on white: it needs no scene (decision 059).
    else if (body.contextUploadId === undefined && body.sceneId === undefined && !textlessFormat(body.format))
      context.addIssue({ code: 'custom', path: ['contextUploadId'], message: 'validation.required' });
  });
export type FusionStartBody = z.input<typeof fusionStartBody>;
export const expressStartBody = expressRequest;
export type ExpressStartBody = z.input<typeof expressStartBody>;

/** The variant picked on the result view or in History, counted from 0. */
export const selectImageBody = z.object({
  index: z
    .number({ error: 'validation.outOfRange' })
    .int('validation.outOfRange')
    .min(0, 'validation.outOfRange')
    .max(RESULT_IMAGES_MAX - 1, 'validation.outOfRange'),
});
export type SelectImageBody = z.input<typeof selectImageBody>;

export type Plan = 'free' | 'starter' | 'pro';

export type Usage = {
  plan: Plan;
  hasSubscription: boolean;
  /** Generations counted against the allowance (a running one included). */
  used: number;
  limit: number;
  remaining: number;
  canGenerate: boolean;
  /** Start of the current billing cycle for subscribers (ISO), null for free accounts. */
  cycleStart: string | null;
  /** When the subscription renews (its subscription_end, ISO), null for free accounts. */
  renewsAt: string | null;
};

export type ActiveGeneration = {
  id: string;
  mode: GenerationMode;
  status: GenerationStatus;
  progress: number | null;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
  /** Estimated seconds left, from this server's measured render times. */
  estimatedSecondsLeft: number;
};

export type StartResponse = { generation: ActiveGeneration; usage: Usage };
export type ActiveResponse = { items: ActiveGeneration[]; typicalSeconds: number };
export type CancelAllResponse = { cancelled: number; usage: Usage };

/** Where a text is set on an image, in its pixels: the editor starts new texts clear of it. */
export type ImageTextArea = { role: string; x: number; y: number; width: number; height: number };
export type GenerationImage = {
  url: string;
  width: number;
  height: number;
  /** The format it was composed in (absent on results made before it was recorded). */
  format?: string;
  /** The texts set on the image (absent on results made before they were recorded). */
  texts?: ImageTextArea[];
};

/** The settings a Fusion generation was made with, and the ids of its two photos (they may be gone since). */
export type FusionSettingsUsed = {
  mode: 'fusion';
  position: FusionPosition;
  style: FusionStyle;
  palette: FusionPalette;
  slogan: string;
  tagline: string;
  /** "What is it?", empty when it was left blank. */
  productName: string;
  /** How the product was photographed ('automatique' when the request left it to the engine). */
  productView: ProductView;
  typography: FusionTypography;
  format: FusionFormat;
  /** "Every format" was asked: the images came in the chosen format, then in every other. */
  everyFormat: boolean;
  productUploadId: string | null;
  /** The context photo uploaded, or null when a ready-made scene was chosen (or the photo is gone). */
  contextUploadId: string | null;
  /** The ready-made scene chosen instead of a context photo, or null. */
  sceneId: string | null;
  /** The light chosen in the form, or null when it was left automatic. */
  light: LightChoice | null;
  /** The reflection as chosen ('automatique' when the style decided). */
  reflection: Reflection;
  /** The "Apply my brand" switch as it was (on for results made before it existed). */
  brand: boolean;
};
export type ExpressSettingsUsed = {
  mode: 'express';
  style: ExpressStyle;
  format: ExpressFormat;
  /** "Every format" was asked: the images came in the chosen format, then in every other. */
  everyFormat: boolean;
  description: string;
  /** "What is it?", empty when it was left blank. */
  productName: string;
  /** The "Apply my brand" switch as it was (on for results made before it existed). */
  brand: boolean;
};
/** What "Generate again with these settings" fills the form with. */
export type GenerationSettingsUsed = FusionSettingsUsed | ExpressSettingsUsed;

/** One finished generation (a user_image_generations row) as the history and result panel show it. */
export type GenerationResult = {
  id: string;
  backgroundGenerationId: string | null;
  mode: GenerationMode;
  generatedAt: string;
  /** The style used, or null when not specified (history shows 'Not specified'). */
  style: string | null;
  format: string | null;
  images: GenerationImage[];
  /** URL of the selected image, read as the spec says (selectedImage, imageUrl, allImages...), or null. */
  selectedImage: string | null;
  expiresAt: string;
  /** 'expiring' when 30 days or fewer remain before expiry, else 'available'. */
  availability: 'expiring' | 'available';
  /** The settings it was made with, or null when they cannot be read back (a foreign record). */
  settings: GenerationSettingsUsed | null;
};

export type GenerationDetail = { generation: ActiveGeneration; result: GenerationResult | null };
export type HistoryResponse = { items: GenerationResult[] };

/** Spec section 3, "Generation stats", plus the success rate the stats page shows. */
export type GenerationStats = {
  total_generations: number;
  total_images: number;
  generations_last_30_days: number;
  images_last_30_days: number;
  last_generation_date: string | null;
  free_generations_used: number;
  has_subscription: boolean;
  billing_cycle_generations: number;
  success_rate: number;
};

/** Payload of a `generation` server-sent event. */
export type GenerationEvent = ActiveGeneration & { resultId: string | null };

/** Every format key of both modes: what a result's images may be composed in. */
const FORMAT_KEYS = [...new Set<string>([...FUSION_FORMATS, ...EXPRESS_FORMATS])] as [string, ...string[]];

/** `?format=`: one format's images only; absent, all of them. */
export const archiveQuery = z.object({
  format: z.preprocess(
    (value) => (typeof value === 'string' ? value.normalize('NFC') : value),
    z.enum(FORMAT_KEYS, { error: 'validation.invalidOption' }).optional(),
  ),
});

/** The link to a result's images in one zip, or to one format's. */
export function resultArchivePath(resultId: string, format?: string): string {
  const query = format === undefined ? '' : `?format=${encodeURIComponent(format)}`;
  return `/api/images/${resultId}/images.zip${query}`;
}
