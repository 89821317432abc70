/**
 * The Fusion form (spec sections 2, 3 and 5): its settings with their defaults, the two images, and the
 * request it sends. Position, style, palette, typography, format and both images are required (a
 * ready-made scene may stand in for the context image, and the marketplace image needs none); what
 * the product is, the slogan and the tagline are optional.
 */
import {
  FUSION_FORMATS,
  FUSION_PALETTES,
  FUSION_POSITIONS,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  PRODUCT_VIEWS,
  textlessFormat,
  type ProductView,
  type FusionFormat,
  type FusionPalette,
  type FusionPosition,
  type FusionStyle,
  type FusionTypography,
} from '@vitrine/shared/api/generation';
import {
  fusionStartBody,
  type FusionSettingsUsed,
  type FusionStartBody,
} from '@vitrine/shared/api/generations';
import type { LightChoice, Reflection } from '@vitrine/shared/api/light';
import type { Lang } from '@vitrine/shared/locale';
import type { z } from 'zod';
import type { PickedImage } from '../../../lib/picked-image';

export type FusionSettings = {
  position: FusionPosition;
  style: FusionStyle;
  palette: FusionPalette;
  /** "What is it?": never drawn, it feeds the slogan suggestions. */
  productName: string;
  /** How the product was photographed: it stands in the scene, or lies on it seen from above. */
  productView: ProductView;
  slogan: string;
  tagline: string;
  typography: FusionTypography;
  format: FusionFormat;
  /** "Every format": the variants composed again in every other format too, as one generation. */
  everyFormat: boolean;
  /** The light chosen ("Lumière"), or null: read from the scene. */
  light: LightChoice | null;
  /** The product's reflection on its surface: 'automatique' leaves it to the style. */
  reflection: Reflection;
  /** "Apply my brand": the account's brand kit, when it has one, applied to this generation. */
  brand: boolean;
};

/** Each required choice starts on the first option of its list, so the form is complete but for images. */
export const DEFAULT_FUSION_SETTINGS: FusionSettings = {
  position: FUSION_POSITIONS[0],
  style: FUSION_STYLES[0],
  palette: FUSION_PALETTES[0],
  productName: '',
  productView: PRODUCT_VIEWS[0],
  slogan: '',
  tagline: '',
  typography: FUSION_TYPOGRAPHIES[0],
  format: FUSION_FORMATS[0],
  everyFormat: false,
  light: null,
  reflection: 'automatique',
  brand: true,
};

export type ImageSlot = 'product' | 'context';
export type FusionImages = Record<ImageSlot, PickedImage | null>;

export const NO_IMAGES: FusionImages = { product: null, context: null };

export type FusionCheck =
  | { ok: true; body: FusionStartBody }
  | { ok: false; missing: ImageSlot[] }
  | { ok: false; missing: []; error: z.ZodError };

/**
 * The request for these settings and images, checked with the server's own contract. `language`, the
 * interface's, decides the typography of the slogan and tagline (French or English rules). `sceneId`,
 * a ready-made scene chosen ("Nos décors"), is sent instead of the context image.
 */
export function buildFusionRequest(
  settings: FusionSettings,
  images: FusionImages,
  language?: Lang,
  sceneId: string | null = null,
): FusionCheck {
  // The marketplace image needs no scene (decision 059): one given is sent, and not used.
  const missing = (['product', 'context'] as const).filter(
    (slot) => !images[slot] && !(slot === 'context' && (sceneId || textlessFormat(settings.format))),
  );
  if (missing.length > 0) return { ok: false, missing };
  const body: FusionStartBody = {
    position: settings.position,
    style: settings.style,
    palette: settings.palette,
    slogan: settings.slogan.trim() || undefined,
    tagline: settings.tagline.trim() || undefined,
    productName: settings.productName.trim() || undefined,
    // Read from the photo is the default: the request says only a choice.
    ...(settings.productView !== PRODUCT_VIEWS[0] && { productView: settings.productView }),
    typography: settings.typography,
    format: settings.format,
    ...(settings.everyFormat && { everyFormat: true }),
    // Automatic light and reflection are the defaults too.
    ...(settings.light && { light: settings.light }),
    ...(settings.reflection !== 'automatique' && { reflection: settings.reflection }),
    // The brand applies unless switched off (a user with no kit has none to apply).
    ...(!settings.brand && { brand: false }),
    productUploadId: images.product!.uploadId,
    ...(sceneId ? { sceneId } : images.context && { contextUploadId: images.context.uploadId }),
    ...(language && { language }),
  };
  const checked = fusionStartBody.safeParse(body);
  return checked.success ? { ok: true, body } : { ok: false, missing: [], error: checked.error };
}

/**
 * "Generate again": the form's settings from those a result was made with. A result made before a
 * field existed carries none of it, and gets the field's default.
 */
export function settingsFromAgain(again: FusionSettingsUsed): FusionSettings {
  return {
    position: again.position,
    style: again.style,
    palette: again.palette,
    slogan: again.slogan,
    tagline: again.tagline,
    productName: again.productName ?? '',
    productView: again.productView ?? 'automatique',
    typography: again.typography,
    format: again.format,
    everyFormat: again.everyFormat ?? false,
    light: again.light ?? null,
    reflection: again.reflection ?? 'automatique',
    brand: again.brand ?? true,
  };
}
