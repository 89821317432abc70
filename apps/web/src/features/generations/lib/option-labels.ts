/** Catalog keys for the option values of the spec's enumerations, which stay in French on the wire. */
import type { TFunction } from 'i18next';
import {
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  FUSION_FORMATS,
  FUSION_STYLES,
  type ExpressFormat,
  type ExpressStyle,
  type FusionFormat,
  type FusionPalette,
  type FusionPosition,
  type FusionStyle,
  type FusionTypography,
  type ProductView,
} from '@vitrine/shared/api/generation';
import type { GenerationMode } from '@vitrine/shared/api/generations';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';

export const FUSION_POSITION_LABELS = {
  centré: 'fusion.options.position.centered',
  gauche: 'fusion.options.position.left',
  droite: 'fusion.options.position.right',
} as const satisfies Record<FusionPosition, MessageKey>;

export const PRODUCT_VIEW_LABELS = {
  automatique: { label: 'fusion.viewAuto', caption: 'fusion.viewAutoCaption' },
  'de face': { label: 'fusion.viewFront', caption: 'fusion.viewFrontCaption' },
  'du dessus': { label: 'fusion.viewTop', caption: 'fusion.viewTopCaption' },
} as const satisfies Record<ProductView, { label: MessageKey; caption: MessageKey }>;

export const FUSION_STYLE_LABELS = {
  'photo réaliste': 'fusion.options.style.photoRealistic',
  illustration: 'fusion.options.style.illustration',
  '3D mockup': 'fusion.options.style.mockup3d',
  minimaliste: 'fusion.options.style.minimalist',
  vintage: 'fusion.options.style.vintage',
  cyberpunk: 'fusion.options.style.cyberpunk',
  'hand-drawn': 'fusion.options.style.handDrawn',
} as const satisfies Record<FusionStyle, MessageKey>;

export const FUSION_PALETTE_LABELS = {
  chaude: 'fusion.options.palette.warm',
  froide: 'fusion.options.palette.cool',
  pastel: 'fusion.options.palette.pastel',
  néon: 'fusion.options.palette.neon',
  noir_blanc: 'fusion.options.palette.blackWhite',
} as const satisfies Record<FusionPalette, MessageKey>;

export const FUSION_TYPOGRAPHY_LABELS = {
  moderne: 'fusion.options.typography.modern',
  élégant: 'fusion.options.typography.elegant',
  manuscrit: 'fusion.options.typography.handwritten',
  tech: 'fusion.options.typography.tech',
} as const satisfies Record<FusionTypography, MessageKey>;

export const FUSION_FORMAT_LABELS = {
  carré: 'fusion.options.format.square',
  story: 'fusion.options.format.story',
  bannière: 'fusion.options.format.banner',
  portrait: 'fusion.options.format.portrait',
  paysage: 'fusion.options.format.landscape',
  publication: 'fusion.options.format.feedPost',
  pinterest: 'fusion.options.format.pinterest',
  marketplace: 'fusion.options.format.marketplace',
} as const satisfies Record<FusionFormat, MessageKey>;

/** The spec's format labels: ratios, the same in both languages. */
export const FUSION_FORMAT_RATIOS: Record<FusionFormat, string> = {
  carré: '1:1',
  story: '9:16',
  bannière: '16:9',
  portrait: '3:4',
  paysage: '4:3',
  publication: '4:5',
  pinterest: '2:3',
  marketplace: '1:1',
};

export const EXPRESS_STYLE_LABELS = {
  minimaliste: 'express.options.style.minimalist',
  moderne: 'express.options.style.modern',
  vintage: 'express.options.style.vintage',
  techno: 'express.options.style.techno',
  elegante: 'express.options.style.elegant',
  artistique: 'express.options.style.artistic',
  dynamique: 'express.options.style.dynamic',
  naturel: 'express.options.style.natural',
} as const satisfies Record<ExpressStyle, MessageKey>;

export const EXPRESS_FORMAT_LABELS = {
  square: 'express.options.format.square',
  story: 'express.options.format.story',
  post: 'express.options.format.post',
  banner: 'express.options.format.banner',
  feed: 'express.options.format.feed',
  pinterest: 'express.options.format.pinterest',
} as const satisfies Record<ExpressFormat, MessageKey>;

/** Spec section 3: post is 16:9 and banner is labelled 3:1. */
export const EXPRESS_FORMAT_RATIOS: Record<ExpressFormat, string> = {
  square: '1:1',
  story: '9:16',
  post: '16:9',
  banner: '3:1',
  feed: '4:5',
  pinterest: '2:3',
};

/**
 * A format's name as every screen shows it: its word and its ratio ("Bannière 16:9", "Bannière 3:1"),
 * since the two modes use one word for different shapes (decision 038).
 */
export function formatName(
  t: TFunction,
  ...[mode, format]: ['fusion', FusionFormat] | ['express', ExpressFormat]
): string {
  const [name, ratio] =
    mode === 'fusion'
      ? [t(FUSION_FORMAT_LABELS[format]), FUSION_FORMAT_RATIOS[format]]
      : [t(EXPRESS_FORMAT_LABELS[format]), EXPRESS_FORMAT_RATIOS[format]];
  return t('generations.formatName', { name, ratio });
}

function lookup<T extends string>(labels: Record<T, MessageKey>, values: readonly T[], value: string) {
  const normalized = value.normalize('NFC').trim();
  return values.includes(normalized as T) ? labels[normalized as T] : undefined;
}

/**
 * The label of the style a result was made with: null when none was recorded ('Not specified'); a
 * value this version does not know is shown as it was stored.
 */
export function styleLabel(
  mode: GenerationMode,
  style: string | null,
): { key: MessageKey } | { text: string } | null {
  if (!style || !style.trim()) return null;
  const key =
    mode === 'express'
      ? lookup(EXPRESS_STYLE_LABELS, EXPRESS_STYLES, style)
      : lookup(FUSION_STYLE_LABELS, FUSION_STYLES, style);
  return key ? { key } : { text: style };
}

/** The name of the format an image of a result was composed in; a key this version does not know as stored. */
export function imageFormatName(t: TFunction, mode: GenerationMode, format: string): string {
  if (mode === 'express' && (EXPRESS_FORMATS as readonly string[]).includes(format))
    return formatName(t, 'express', format as ExpressFormat);
  if (mode === 'fusion' && (FUSION_FORMATS as readonly string[]).includes(format))
    return formatName(t, 'fusion', format as FusionFormat);
  return format;
}
