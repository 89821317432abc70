/**
 * The image editor's document: a logo and text layers over one generated image, saved with its
 * generation so that reopening it restores every layer exactly (spec sections 3 and 9).
 *
 * Routes (signed-in owner only; another user's generation answers 404):
 * - GET /api/generations/:id/edit?image=N   → EditorDocumentResponse (an empty document when none)
 * - PUT /api/generations/:id/edit?image=N   EditorDocument → EditorDocumentResponse
 * N is the image's index among the generation's images (0 to 31: four variants in up to eight formats).
 * :id is the generation's id (ActiveGeneration.id, GenerationResult.backgroundGenerationId) or the
 * result's own (GenerationResult.id, as History lists it). The full list of answers is in
 * EDITOR_ROUTE_ERRORS below.
 *
 * Positions are percents of the image (0 to 100, the layer's centre); the logo's width is its size
 * percent × LOGO_WIDTH_FACTOR of the image width; text sizes and outlines are pixels of a 540-wide
 * display of the image (EDITOR_REFERENCE_WIDTH), scaled with the image when drawn and exported.
 *
 * An image made with its text as layers (docs/decisions/046) opens on its text-free plate, with its
 * slogan and tagline as text layers (`source` names which); `background: 'plate'` says the document is
 * drawn over the plate. Documents saved before (no `background`) stay over the composed image.
 * - GET /api/generations/:id/plate?image=N   → the plate (image/jpeg); 404 when the image has none
 * - POST /api/generations/:id/export?image=N EditorDocument → the finished image (image/png) at full
 *   resolution, its texts set by the engine; answers as PUT does (no 409 EDIT_CONFLICT), counted
 *   against EDITOR_EXPORT_LIMIT. Nothing is stored.
 */
import { z } from 'zod';
import { list, text } from '../validation/schema';
import type { Lang } from '../locale';
import { RESULT_IMAGES_MAX } from './generation';
import { CONTROL_CHARS } from '../validation/fields';
import { UUID_PATTERN } from '../ids';

export const EDITOR_FONTS = [
  'Arial',
  'Helvetica',
  'Times New Roman',
  'Georgia',
  'Impact',
  'Comic Sans MS',
] as const;
export type EditorFont = (typeof EDITOR_FONTS)[number];

export const EDITOR_WEIGHTS = ['normal', 'bold', 'italic'] as const;
export type EditorWeight = (typeof EDITOR_WEIGHTS)[number];

/** The spec's 20 preset colours, then any colour from the custom picker. */
export const EDITOR_PALETTE = [
  '#000000',
  '#ffffff',
  '#ff0000',
  '#00ff00',
  '#0000ff',
  '#ffff00',
  '#ff00ff',
  '#00ffff',
  '#ff8000',
  '#8000ff',
  '#ff0080',
  '#80ff00',
  '#0080ff',
  '#808080',
  '#c0c0c0',
  '#800000',
  '#008000',
  '#000080',
  '#808000',
  '#800080',
] as const;

export const EDITOR_LIMITS = {
  logoSize: { min: 5, max: 80, default: 20 },
  fontSize: { min: 12, max: 120, step: 2, default: 24 },
  outlineWidth: { min: 0, max: 10, default: 2 },
  zoom: { min: 0.5, max: 3, step: 0.2, maxMobile: 1.5, default: 1 },
  /** Moves smaller than this share of the canvas (percent) are ignored while dragging. */
  dragThreshold: 0.5,
  /** Milliseconds between two drag updates. */
  throttleMs: 60,
  redrawDelayMs: { desktop: 50, mobile: 120 },
  mobileDebounceMs: 60,
  /** Below this viewport width (px) both side panels start collapsed and zoom is capped. */
  mobileBreakpoint: 768,
  maxTexts: 20,
  maxTextLength: 200,
} as const;

/** Logo width = size percent × this × image width. */
export const LOGO_WIDTH_FACTOR = 0.3;
/**
 * Text sizes and outline widths are pixels of a display of the image this wide (the editor's canvas on
 * a laptop, a phone's screen), scaled to the image's own width when drawn and exported: the spec's
 * default of 24 px is 4.4 % of the image's width, 48 px on a 1080-px image, which reads on a phone's
 * feed; its range of 12 to 120 px runs from a small caption to a headline a fifth of the width high.
 * Documents of version 1 measured them on a 1080-wide display, and are read as version 2.
 */
export const EDITOR_REFERENCE_WIDTH = 540;
/** The display width version 1 documents measured text sizes on. */
export const EDITOR_V1_REFERENCE_WIDTH = 1080;

/** Spec section 7: the edited image downloads as a PNG named "promotional image with logo". */
export const EDITED_FILE_NAME = 'promotional image with logo.png';
/** Defaults of a new text layer (spec section 9). */
export const TEXT_DEFAULTS = {
  fontSize: EDITOR_LIMITS.fontSize.default,
  color: '#ffffff',
  backgroundColor: 'transparent',
  fontFamily: 'Arial',
  fontWeight: 'bold',
  outlineColor: '#000000',
  outlineWidth: EDITOR_LIMITS.outlineWidth.default,
} as const satisfies Partial<TextLayer>;

/** The texts the engine sets on an image, which the editor opens as layers (a brand's signature last). */
export const TEXT_LAYER_ROLES = ['slogan', 'tagline', 'signature'] as const;

const colour = text().regex(/^#[0-9a-f]{6}$/i, 'validation.editorColour');
const percent = z.number({ error: 'validation.editorPosition' }).finite().min(0).max(100);

const EVERY_CONTROL_CHAR = new RegExp(CONTROL_CHARS.source, 'g');

export const textLayer = z.strictObject({
  id: text().min(1).max(40),
  // One line, as typed in the editor's field: a tab or another control character pasted in (from a
  // spreadsheet, a PDF) would be drawn as an empty box, so it becomes a space.
  text: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(EVERY_CONTROL_CHAR, ' ') : value),
    text()
      .trim()
      .min(1, 'validation.editorTextRequired')
      .max(EDITOR_LIMITS.maxTextLength, 'validation.editorTextTooLong'),
  ),
  x: percent,
  y: percent,
  fontSize: z
    .number({ error: 'validation.editorFontSize' })
    .int()
    .min(EDITOR_LIMITS.fontSize.min, 'validation.editorFontSize')
    .max(EDITOR_LIMITS.fontSize.max, 'validation.editorFontSize')
    .refine((v) => v % EDITOR_LIMITS.fontSize.step === 0, 'validation.editorFontSize'),
  color: colour,
  backgroundColor: z.union([colour, z.literal('transparent')]),
  fontFamily: z.enum(EDITOR_FONTS, { error: 'validation.editorFont' }),
  fontWeight: z.enum(EDITOR_WEIGHTS, { error: 'validation.editorWeight' }),
  outlineColor: colour,
  outlineWidth: z
    .number({ error: 'validation.editorOutline' })
    .int()
    .min(EDITOR_LIMITS.outlineWidth.min, 'validation.editorOutline')
    .max(EDITOR_LIMITS.outlineWidth.max, 'validation.editorOutline'),
  /**
   * The text the engine set on the image that this layer edits, and the width its lines wrap at
   * (percent of the image's width; the export wraps at the engine's own measure).
   */
  source: z
    .strictObject({
      role: z.enum(TEXT_LAYER_ROLES, { error: 'validation.invalid' }),
      width: z.number({ error: 'validation.invalid' }).finite().min(1).max(100),
      /** The engine sets it in capitals (the style's typeface). */
      uppercase: z.boolean({ error: 'validation.invalid' }).optional(),
      /** Its lines start at the same left edge (set flush left), rather than centred. */
      flushLeft: z.boolean({ error: 'validation.invalid' }).optional(),
    })
    .optional(),
});
export type TextLayer = z.infer<typeof textLayer>;

export const logoLayer = z.strictObject({
  /** The logo's upload (POST /api/uploads?role=logo); served from /api/uploads/:id/file. */
  uploadId: z.uuid({ error: 'validation.editorLogo' }),
  x: percent,
  y: percent,
  size: z
    .number({ error: 'validation.editorLogoSize' })
    .min(EDITOR_LIMITS.logoSize.min, 'validation.editorLogoSize')
    .max(EDITOR_LIMITS.logoSize.max, 'validation.editorLogoSize'),
});
export type LogoLayer = z.infer<typeof logoLayer>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text size of version 1 (pixels of a 1080-wide display) as version 2 measures it. */
export function upgradeV1FontSize(size: number): number {
  const { min, step } = EDITOR_LIMITS.fontSize;
  return Math.max(min, Math.round((size * EDITOR_REFERENCE_WIDTH) / EDITOR_V1_REFERENCE_WIDTH / step) * step);
}

/**
 * A version 1 document as version 2: its text sizes and outlines, measured on a 1080-wide display,
 * measured on a 540-wide one (halved, on the size's steps, the smallest size at least). Only a version
 * 1 document whose texts all keep version 1's rules (the same as version 2's) is converted; any other
 * is only renumbered, so that its checking as version 2 names the field at fault.
 */
function upgradeDocument(value: unknown): unknown {
  if (!isRecord(value) || value.version !== 1) return value;
  const texts = Array.isArray(value.texts) ? value.texts : [];
  if (!texts.every((text: unknown) => textLayer.safeParse(text).success)) return { ...value, version: 2 };
  const k = EDITOR_REFERENCE_WIDTH / EDITOR_V1_REFERENCE_WIDTH;
  return {
    ...value,
    version: 2,
    texts: texts.map((text: TextLayer) => ({
      ...text,
      fontSize: upgradeV1FontSize(text.fontSize),
      outlineWidth: Math.round(text.outlineWidth * k),
    })),
  };
}

/** What is saved: the layers, in drawing order (logo first, then texts). Version 1 is read as 2. */
export const editorDocument = z.preprocess(
  upgradeDocument,
  z.strictObject({
    version: z.literal(2),
    /** What the layers are drawn over: the composed image (the default) or its text-free plate. */
    background: z.enum(['image', 'plate'], { error: 'validation.invalid' }).optional(),
    logo: logoLayer.nullable(),
    texts: list(textLayer, { max: [EDITOR_LIMITS.maxTexts, 'validation.editorTooManyTexts'] }).refine(
      (texts) => new Set(texts.map((t) => t.id)).size === texts.length,
      'validation.invalid',
    ),
  }),
);
export type EditorDocument = z.infer<typeof editorDocument>;

export const EMPTY_EDITOR_DOCUMENT: EditorDocument = { version: 2, logo: null, texts: [] };

/** Which of the generation's images: its index written plainly ("", "1e0" or "0x1" are not one). */
export const editorImageQuery = z.object({
  image: text({ error: 'validation.editorImage' })
    .regex(/^(0|[1-9]\d?)$/, 'validation.editorImage')
    .transform(Number)
    .refine((index) => index < RESULT_IMAGES_MAX, 'validation.editorImage')
    .default(0),
});

/** Largest PUT body accepted (bytes): 20 texts of 200 characters fit several times over. */
export const EDITOR_BODY_LIMIT = 64 * 1024;

/**
 * A save made from another version than the stored one is refused. Each save has a version, a UUID
 * the client picks and sends in the `Edit-Version` header (the server picks one when it is left out);
 * a PUT may name the version it was made from in an If-Match header (`ifMatchOf`: the `version` it
 * loaded or last sent, or NEW_EDIT for a document never saved). When another tab or device saved
 * meanwhile, it answers 409 EDIT_CONFLICT and stores nothing. Without If-Match, a PUT saves whatever
 * is stored.
 *
 * A client that picks its versions can chain a save to one still on its way (a save sent as the page
 * closes). Since the two may arrive in either order, the later one names both the earlier one's
 * version and the version that one was made from (If-Match lists up to EDIT_IF_MATCH_MAX); it is
 * stored if either is the stored one. Arriving first, it holds the earlier one's changes too (a save
 * is the whole document), and the earlier one, arriving last, is refused.
 */
export const NEW_EDIT = 'new';
export const EDIT_VERSION_HEADER = 'edit-version';
export const EDIT_IF_MATCH_MAX = 2;
export const ifMatchOf = (version: string | null, ...orFrom: (string | null)[]) =>
  [version, ...orFrom].map((tag) => `"${tag ?? NEW_EDIT}"`).join(', ');

const EDIT_VERSION_TAG = new RegExp(`^"(${NEW_EDIT}|${UUID_PATTERN})"$`, 'i');

/**
 * The versions an If-Match header names (lower case, each once), undefined when there is none, or
 * null when it is not a list of quoted versions (a UUID or NEW_EDIT each): `*`, a weak tag, an unquoted
 * or empty one. Empty entries of the list (`"a", , "b"`) are skipped, as HTTP lists allow.
 */
export function versionsOf(ifMatch: string | undefined): string[] | null | undefined {
  if (ifMatch === undefined) return undefined;
  const tags = ifMatch
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const versions = tags.map((tag) => EDIT_VERSION_TAG.exec(tag)?.[1]?.toLowerCase());
  if (versions.length === 0 || versions.some((version) => version === undefined)) return null;
  return [...new Set(versions as string[])];
}

/** Saves counted per user within a minute; past that PUT answers 429 with Retry-After. */
export const EDITOR_SAVE_LIMIT = { max: 120, windowSeconds: 60 } as const;
/** Exports counted per user within a minute (each sets the text at full resolution); then 429. */
export const EDITOR_EXPORT_LIMIT = { max: 20, windowSeconds: 60 } as const;

/**
 * What the edit routes answer besides 200, for the client to tell them apart (error.code):
 * - 401 UNAUTHENTICATED: not signed in.
 * - 404 NOT_FOUND: no such generation of the user's, or no image N in it.
 * - 409 GENERATION_NOT_COMPLETED: the generation is still pending or processing.
 * - 409 EDIT_CONFLICT: the PUT's If-Match names other versions than the stored one (NEW_EDIT).
 * - 400 BAD_REQUEST: an Edit-Version that is not a UUID, or an If-Match that is not a list of one
 *   to EDIT_IF_MATCH_MAX quoted versions (`versionsOf`). Checked before the save counts against
 *   EDITOR_SAVE_LIMIT.
 * - 400 VALIDATION_FAILED: bad `image` or document (error.fields names each field), or a logo that
 *   is not one of the user's logos (field `logo`), or has expired.
 * - 400 INVALID_JSON, 415 UNSUPPORTED_MEDIA_TYPE, 413 PAYLOAD_TOO_LARGE: a body that is not a JSON
 *   object, not JSON, or over EDITOR_BODY_LIMIT. Nothing is stored on any error.
 * - 429 RATE_LIMITED: more than EDITOR_SAVE_LIMIT saves; the Retry-After header says when to retry.
 */
export const EDITOR_ROUTE_ERRORS = [
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'GENERATION_NOT_COMPLETED',
  'EDIT_CONFLICT',
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
] as const;

export type EditorDocumentResponse = {
  document: EditorDocument;
  /** When it was last saved (ISO), or null for a document never saved. */
  savedAt: string | null;
  /** The version of the last save (see EDIT_VERSION_HEADER), or null for a document never saved. */
  version: string | null;
  /** The image's text-free plate (GET …/plate?image=N), or null when it was made without one. */
  plate: string | null;
  /**
   * The language the texts are set in at export, and by whose typographic rules (the image's own
   * texts', else the request's): the preview draws them by the same rules.
   */
  language: Lang;
};
