/**
 * Generation requests (spec section 3): the Fusion and Express options, their output sizes and the
 * fixed values the spec sends with every Fusion request. The engine trusts nothing but these schemas.
 */
import { z } from 'zod';
import { LANGUAGES } from '../locale';
import { optionalText, TEXT_MAX_LENGTH } from '../validation/fields';
import { lightChoice, REFLECTIONS } from './light';

export const FUSION_POSITIONS = ['centré', 'gauche', 'droite'] as const;
export const FUSION_STYLES = [
  'photo réaliste',
  'illustration',
  '3D mockup',
  'minimaliste',
  'vintage',
  'cyberpunk',
  'hand-drawn',
] as const;
export const FUSION_PALETTES = ['chaude', 'froide', 'pastel', 'néon', 'noir_blanc'] as const;
export const FUSION_TYPOGRAPHIES = ['moderne', 'élégant', 'manuscrit', 'tech'] as const;
/**
 * New formats go at the end: keys are stored with every generation's settings, so none is ever renamed.
 * `publication` is the feed's tallest post (4:5), `pinterest` a pin (2:3), `marketplace` a
 * marketplace's main image: the product alone on pure white, no text (MARKETPLACE below).
 */
export const FUSION_FORMATS = [
  'carré',
  'story',
  'bannière',
  'portrait',
  'paysage',
  'publication',
  'pinterest',
  'marketplace',
] as const;
/**
 * How the product was photographed: read from the photo (automatique), from the front (it stands on the
 * scene's surface) or from above (a cup seen from the top, a flat-lay, a shoe on the pavement seen from a
 * high angle: it lies on the surface, seen from above).
 */
export const PRODUCT_VIEWS = ['automatique', 'de face', 'du dessus'] as const;

export const EXPRESS_STYLES = [
  'minimaliste',
  'moderne',
  'vintage',
  'techno',
  'elegante',
  'artistique',
  'dynamique',
  'naturel',
] as const;
/** `feed` is the feed's tallest post (4:5), `pinterest` a pin (2:3). */
export const EXPRESS_FORMATS = ['square', 'story', 'post', 'banner', 'feed', 'pinterest'] as const;

export type FusionPosition = (typeof FUSION_POSITIONS)[number];
export type FusionStyle = (typeof FUSION_STYLES)[number];
export type FusionPalette = (typeof FUSION_PALETTES)[number];
export type FusionTypography = (typeof FUSION_TYPOGRAPHIES)[number];
export type FusionFormat = (typeof FUSION_FORMATS)[number];
export type ProductView = (typeof PRODUCT_VIEWS)[number];
export type ExpressStyle = (typeof EXPRESS_STYLES)[number];
export type ExpressFormat = (typeof EXPRESS_FORMATS)[number];

export type Size = { width: number; height: number };

export const FUSION_FORMAT_SIZES: Record<FusionFormat, Size> = {
  carré: { width: 1080, height: 1080 },
  story: { width: 1080, height: 1920 },
  bannière: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1440 },
  paysage: { width: 1440, height: 1080 },
  publication: { width: 1080, height: 1350 },
  pinterest: { width: 1000, height: 1500 },
  marketplace: { width: 2000, height: 2000 },
};

/**
 * The marketplace format is what the large marketplaces ask of a main image: the product alone,
 * centred, its box's larger side 80 to 90 % of the frame's side, on pure white (#FFFFFF), with no
 * text, prop, podium or scene. Slogan and tagline are accepted and not drawn.
 */
export const MARKETPLACE = {
  format: 'marketplace',
  minFill: 0.8,
  maxFill: 0.9,
  /** A faint contact shadow is allowed while this share of the pixels around the product stays #FFFFFF. */
  minWhiteShare: 0.97,
} as const satisfies { format: FusionFormat; [key: string]: unknown };

/** Formats with no text on the image: slogan and tagline are not drawn there. */
export const textlessFormat = (format: FusionFormat) => format === MARKETPLACE.format;

/** The Fusion formats that set the product in a scene, with its text: every one but the marketplace's. */
export const SCENE_FORMATS: readonly FusionFormat[] = FUSION_FORMATS.filter(
  (format) => !textlessFormat(format),
);

export const EXPRESS_FORMAT_SIZES: Record<ExpressFormat, Size> = {
  square: { width: 1080, height: 1080 },
  story: { width: 1080, height: 1920 },
  post: { width: 1920, height: 1080 },
  banner: { width: 1920, height: 640 },
  feed: { width: 1080, height: 1350 },
  pinterest: { width: 1000, height: 1500 },
};

/** Sent with every Fusion request; the form never shows them. */
export const FUSION_FIXED_VALUES = {
  tailleProduit: 'normal',
  orientationProduit: 'normale',
  niveauIntegration: 'immersif',
  flouContexte: 'net',
  ageAudience: 'adultes',
  genreAudience: 'non spécifique',
  niveauSophistication: 'grand public',
  usageImage: 'affiche',
} as const;

export const VARIANTS_MIN = 1;
export const VARIANTS_MAX = 4;
export const VARIANTS_DEFAULT = 4;
/** The most images one result holds: every variant in every format of the mode with the most. */
export const RESULT_IMAGES_MAX = VARIANTS_MAX * Math.max(FUSION_FORMATS.length, EXPRESS_FORMATS.length);
export const SLOGAN_MAX_LENGTH = 80;
export const TAGLINE_MAX_LENGTH = 140;
/** "What is it?": a product's name or an offer, which slogan suggestions and Express copy speak of. */
export const PRODUCT_NAME_MAX_LENGTH = 60;
export const DESCRIPTION_MAX_LENGTH = TEXT_MAX_LENGTH;

/** A missing choice is 'required'; a value outside the list is 'invalidOption'. */
const NOT_CHOSEN = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? 'validation.required'
    : 'validation.invalidOption';
const OUT_OF_RANGE = 'validation.outOfRange';

/** One of a fixed list. Accents may arrive decomposed (NFD) from some keyboards and clients. */
export function option<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.normalize('NFC').trim() : value),
    z.enum(values, { error: NOT_CHOSEN }),
  );
}

/** Text typed by the shop owner, NFC-normalised so accents render and compare as one character. */
export function optionalCopy(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.normalize('NFC') : value),
    optionalText(max),
  );
}

/**
 * A description typed in a multi-line box: its line breaks and tabs become single spaces (the image
 * sets it as running text), then it is checked like any other copy.
 */
export function optionalParagraph(max: number) {
  return z.preprocess((value) => (typeof value === 'string' ? asParagraph(value) : value), optionalText(max));
}

const asParagraph = (value: string) => value.normalize('NFC').replace(/[^\S\r\n\t]*[\r\n\t]+\s*/g, ' ');

/** The length a paragraph's check counts (for a form's counter): as running text, trimmed. */
export const paragraphLength = (value: string) => asParagraph(value).trim().length;

/**
 * The language the user reads the interface in: it decides the typography of the image's text (French
 * or English rules) and the language of written copy. Absent, the engine detects it from the text.
 */
export const optionalLanguage = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(LANGUAGES, { error: 'validation.invalidOption' }).optional(),
);

const variants = z
  .number({ error: OUT_OF_RANGE })
  .int(OUT_OF_RANGE)
  .min(VARIANTS_MIN, OUT_OF_RANGE)
  .max(VARIANTS_MAX, OUT_OF_RANGE)
  .default(VARIANTS_DEFAULT);

/**
 * "Every format": the chosen variants composed again in each of the mode's formats, delivered together.
 * It is still one generation. Absent: the chosen format alone.
 */
const everyFormat = z.boolean({ error: 'validation.invalidOption' }).default(false);

/** The form's "Apply my brand" switch: absent means on. */
const applyBrand = z.boolean({ error: 'validation.invalid' }).optional();

export const fusionRequest = z.object({
  position: option(FUSION_POSITIONS),
  style: option(FUSION_STYLES),
  palette: option(FUSION_PALETTES),
  slogan: optionalCopy(SLOGAN_MAX_LENGTH),
  tagline: optionalCopy(TAGLINE_MAX_LENGTH),
  /** What the product is ("Bougie lavande & figue"): never drawn, it feeds slogan suggestions. */
  productName: optionalCopy(PRODUCT_NAME_MAX_LENGTH),
  /** Absent: read from the photo (automatique). */
  productView: option(PRODUCT_VIEWS).optional(),
  typography: option(FUSION_TYPOGRAPHIES),
  format: option(FUSION_FORMATS),
  variants,
  language: optionalLanguage,
  /** Absent (or null): the light is read from the scene. */
  light: lightChoice.nullish(),
  /** Absent: the style decides. */
  reflection: option(REFLECTIONS).optional(),
  everyFormat,
  /** The account's brand kit (api/brand.ts): applied unless false; a user with no kit has none. */
  brand: applyBrand,
});
export type FusionRequestInput = z.input<typeof fusionRequest>;
export type FusionRequest = z.output<typeof fusionRequest>;

export const expressRequest = z.object({
  style: option(EXPRESS_STYLES),
  format: option(EXPRESS_FORMATS),
  description: optionalParagraph(DESCRIPTION_MAX_LENGTH),
  /** What the product is ("Vélo électrique urbain"): the headline speaks of it, in the user's words. */
  productName: optionalCopy(PRODUCT_NAME_MAX_LENGTH),
  variants,
  language: optionalLanguage,
  everyFormat,
  /** The account's brand kit (api/brand.ts): applied unless false; a user with no kit has none. */
  brand: applyBrand,
});
export type ExpressRequestInput = z.input<typeof expressRequest>;
export type ExpressRequest = z.output<typeof expressRequest>;

/**
 * The formats a request is rendered in, in the order its images are delivered: its own format, then
 * (with `everyFormat`) every other format of its mode in list order.
 */
export function formatsOf<F extends string>(
  request: { format: F; everyFormat?: boolean },
  all: readonly F[],
): F[] {
  return request.everyFormat
    ? [request.format, ...all.filter((f) => f !== request.format)]
    : [request.format];
}
