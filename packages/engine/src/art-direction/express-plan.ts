/**
 * Art direction for Express: no photo, a designed visual in the chosen style with a headline and a
 * supporting line written from the business description, and an empty corner kept for the logo the
 * editor will add.
 */
import { EXPRESS_FORMAT_SIZES, type ExpressRequest, type Size } from '@vitrine/shared/api/generation';
import { intoSafeArea, safeAreaOf } from '@vitrine/shared/api/safe-area';
import { localExpressCopy } from '../copy/express-copy';
import type { ExpressCopy } from '../copy/types';
import { brandDesign } from './brand-palette';
import { EXPRESS_DESIGNS, supportingFace, type ExpressDesign } from './express-designs';
import { planImagery, type ExpressImagery } from './express-imagery';
import { resolveLanguage } from '../copy/language';
import type { Box, PlannedBrand, TextBlock, Typeface } from './types';
import { TYPEFACES } from './typefaces';
import { typographyChoice, type TypographyChoice } from './typography';

export type ExpressPlan = {
  mode: 'express';
  variant: number;
  canvas: Size;
  style: ExpressRequest['style'];
  design: ExpressDesign;
  /** The words set on the visual, or null without a description. */
  copy: ExpressCopy | null;
  /** The language of the copy and the typographic rules it is set with. */
  typography: TypographyChoice;
  headline: TextBlock | null;
  supporting: TextBlock | null;
  /** The whole area the text takes, headline and supporting line: the motif keeps out of it. */
  textArea: Box | null;
  /** What the picture shows of the business: the subject read from the description, and its icons. */
  imagery: ExpressImagery;
  /** Left empty for the logo the editor adds (spec: logo overlay). */
  logoZone: Box;
  /** Seeds the motif's arrangement, so variants differ and a request always renders the same. */
  seed: number;
  /** Mirrors the background gradient and motif. */
  mirrored: boolean;
  prompt: string;
  /** The shop's brand kit: the design in its colours, its typography, its logo and signature set last. */
  brand?: PlannedBrand;
};

/** Headline box per variant, as shares of the canvas: [x, y, width, height]. */
const HEADLINE: Record<'tall' | 'square' | 'wide' | 'banner', [number, number, number, number][]> = {
  tall: [
    [0.08, 0.32, 0.84, 0.34],
    [0.08, 0.5, 0.84, 0.32],
    [0.1, 0.2, 0.8, 0.34],
    [0.08, 0.6, 0.84, 0.28],
  ],
  square: [
    [0.08, 0.32, 0.84, 0.36],
    [0.08, 0.5, 0.84, 0.36],
    [0.12, 0.28, 0.76, 0.42],
    [0.08, 0.26, 0.64, 0.48],
  ],
  wide: [
    [0.12, 0.3, 0.76, 0.4],
    [0.06, 0.42, 0.56, 0.44],
    [0.2, 0.24, 0.6, 0.46],
    [0.38, 0.3, 0.56, 0.44],
  ],
  banner: [
    [0.2, 0.2, 0.6, 0.52],
    [0.06, 0.28, 0.5, 0.5],
    [0.3, 0.18, 0.6, 0.54],
    [0.44, 0.24, 0.5, 0.5],
  ],
};

/** The top-left corner kept free for the logo the editor adds. */
export function logoZoneOf(canvas: Size): Box {
  const unit = Math.min(canvas.width, canvas.height);
  const zone = {
    x: Math.round(unit * 0.06),
    y: Math.round(unit * 0.06),
    width: Math.round(unit * 0.16),
    height: Math.round(unit * 0.16),
  };
  // Under a story's profile bar the logo would be hidden: it goes just below it.
  return intoSafeArea(zone, safeAreaOf(canvas));
}

/**
 * The headline's area on the canvas, inside the safe area; where a story's logo corner, moved below the
 * profile bar, would reach into it, the area starts below the corner.
 */
function textAreaOf(canvas: Size, [x, y, w, h]: readonly number[], logo: Box): Box {
  const safe = safeAreaOf(canvas);
  const area = intoSafeArea(
    {
      x: Math.round(x! * canvas.width),
      y: Math.round(y! * canvas.height),
      width: Math.round(w! * canvas.width),
      height: Math.round(h! * canvas.height),
    },
    safe,
  );
  const logoBottom = logo.y + logo.height;
  const overlaps = area.x < logo.x + logo.width && area.y < logoBottom && area.y + area.height > logo.y;
  if (!overlaps) return area;
  const top = logoBottom + Math.round(logo.height * 0.25);
  return intoSafeArea({ ...area, y: top, height: Math.min(area.height, safe.y + safe.height - top) }, safe);
}

const shapeOf = ({ width, height }: Size) =>
  width / height < 0.9 ? 'tall' : width / height > 2.2 ? 'banner' : width / height > 1.3 ? 'wide' : 'square';

/** The copy the local copywriter writes from the request's description, in the request's language. */
export function localCopyFor(request: ExpressRequest): ExpressCopy | null {
  const { language } = languageOf(request);
  const written = localExpressCopy(request.description, { productName: request.productName, language });
  if (!written) return null;
  return { source: 'local', ...written, language };
}

/** The request's language, or the one its texts ("What is it?" and the description) are written in. */
const languageOf = (request: ExpressRequest) =>
  resolveLanguage(request.language, [request.description, request.productName]);

/** What the picture shows: the subject read from the product's name and the description. */
const subjectText = ({ productName, description }: ExpressRequest) =>
  productName ? [productName, description].filter(Boolean).join('. ') : description;

/** Share of the text area the headline takes when a supporting line goes under it. */
const HEADLINE_SHARE = 0.66;
const LINE_GAP = 0.07;

/** The design of a style, in the brand's colours when there is a brand (brand-palette.ts). */
const designOf = (style: ExpressRequest['style'], brand?: PlannedBrand | null): ExpressDesign =>
  brand ? brandDesign(EXPRESS_DESIGNS[style], brand.colours) : EXPRESS_DESIGNS[style];

/** The headline's and supporting line's faces: the design's, or the brand's typography. */
function facesOf(design: ExpressDesign, brand?: PlannedBrand | null): Record<'slogan' | 'tagline', Typeface> {
  if (brand?.typography) return TYPEFACES[brand.typography];
  return { slogan: design.typeface, tagline: supportingFace(design.typeface) };
}

/**
 * `copy` is what the server's copywriter wrote (local or a language model); without it, the local
 * copywriter writes it here from the description. A brand recolours the design and may choose its faces.
 */
export function planExpress(
  request: ExpressRequest,
  variant: number,
  copy: ExpressCopy | null = localCopyFor(request),
  brand?: PlannedBrand | null,
): ExpressPlan {
  const canvas = EXPRESS_FORMAT_SIZES[request.format];
  const design = designOf(request.style, brand);
  const faces = facesOf(design, brand);
  const logoZone = logoZoneOf(canvas);
  const [x, y, w, h] = HEADLINE[shapeOf(canvas)][variant % 4]!;
  const area = textAreaOf(canvas, [x, y, w, h], logoZone);
  const resolved = languageOf(request);
  const language = copy?.language ?? resolved.language;
  const align = Math.abs(x + w / 2 - 0.5) < 1e-6 ? 'center' : 'left';
  const headlineHeight = copy?.supporting ? Math.round(area.height * HEADLINE_SHARE) : area.height;
  const supportingTop = area.y + headlineHeight + Math.round(area.height * LINE_GAP);
  const headline: TextBlock | null = copy
    ? {
        role: 'slogan',
        text: copy.headline,
        box: { ...area, height: headlineHeight },
        align,
        typeface: faces.slogan,
        language,
      }
    : null;
  const supporting: TextBlock | null = copy?.supporting
    ? {
        role: 'tagline',
        text: copy.supporting,
        box: { ...area, y: supportingTop, height: area.y + area.height - supportingTop },
        align,
        typeface: faces.tagline,
        language,
      }
    : null;
  return {
    mode: 'express',
    variant,
    canvas,
    style: request.style,
    design,
    copy,
    typography: typographyChoice(language, resolved.source),
    headline,
    supporting,
    textArea: copy ? area : null,
    imagery: planImagery(subjectText(request), request.style, variant),
    logoZone,
    seed: variant * 7919 + 17,
    mirrored: variant % 2 === 1,
    prompt:
      [
        `Promotional visual background, ${design.words}`,
        request.description ? `for: ${request.description}` : 'for a small business',
        ...(request.productName ? [`showing: ${request.productName}`] : []),
        ...(brand ? [`in these colours only: ${brand.colours.join(', ')}`] : []),
        'an empty corner at the top left for a logo, a calm area for a headline',
        'no text, no letters, no logos',
        `${canvas.width}x${canvas.height}`,
      ].join('; ') + '.',
    ...(brand && { brand }),
  };
}

export function planExpressVariants(
  request: ExpressRequest,
  copy: ExpressCopy | null = localCopyFor(request),
  brand?: PlannedBrand | null,
): ExpressPlan[] {
  return Array.from({ length: request.variants }, (_, variant) => planExpress(request, variant, copy, brand));
}

/** The text blocks of a plan, headline first. */
export const expressTextBlocks = (plan: ExpressPlan): TextBlock[] =>
  [plan.headline, plan.supporting].filter((block): block is TextBlock => block !== null);
