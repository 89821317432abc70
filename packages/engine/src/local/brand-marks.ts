/**
 * A brand's marks, set once a picture's text is: its logo in a free corner of the safe area and its
 * signature line along a free edge, both clear of the product and of the text (art-direction/corners.ts),
 * the signature clear of the logo too. Fusion and Express alike (finish.ts). The plate is encoded before
 * they are drawn: the editor opens with the logo as a layer it can move, the signature as a text layer.
 */
import { safeAreaOf, type SafeArea } from '@vitrine/shared/api/safe-area';
import type { Lang } from '@vitrine/shared/locale';
import { rgbOf } from '../art-direction/brand-palette';
import {
  boxAt,
  firstClear,
  freePlace,
  leastCovering,
  LOGO_SPOTS,
  SIGNATURE_SPOTS,
} from '../art-direction/corners';
import { TYPEFACES } from '../art-direction/typefaces';
import type { Box, PlannedBrand, Rgb } from '../art-direction/types';
import type { RawImage } from '../image/sharp';
import { hexOf } from '../pixels/color';
import { drawLogo, logoSize } from './draw/logo';
import { bandOf } from './text/brand-inks';
import { drawSignature, measureSignature } from './text/signature';
import type { Inks, SetLayer } from './text/typeset';

/**
 * What the marks need besides the brand: the text's language, the palette used (null where none is: the
 * marketplace image, which gets no marks either), and where the product is.
 */
export type BrandMarks = {
  brand: PlannedBrand;
  language: Lang;
  palette: { colours: Rgb[]; inks: Inks } | null;
  product: Box | null;
  /** What else the marks keep clear of: the set the product stands on (a podium). */
  set?: Box | null;
  /** A border drawn round the picture, this far in (a share of the shorter side): the marks keep inside it. */
  border?: number;
};

/** What a picture's metadata records of its brand (the server keeps it with each image). */
export type BrandReport = {
  colours: string[];
  /**
   * The colours derived from them and used: the scene's (Fusion: the swatch's dark, accent and light;
   * Express: the design's background and accents), the text's two inks, the signature's band.
   */
  palette: string[];
  typography: PlannedBrand['typography'];
  logo: Box | null;
  signature: { text: string; rect: Box } | null;
};

/**
 * Where the marks may go: the safe area, within a border drawn round the picture (with a gap) when
 * there is one.
 */
function areaFor(scene: RawImage, border = 0): SafeArea {
  const safe = safeAreaOf(scene);
  if (!border) return safe;
  const inset = Math.round(border * Math.min(scene.width, scene.height)) + gapOf(scene);
  const x = Math.max(safe.x, inset);
  const y = Math.max(safe.y, inset);
  const right = Math.min(safe.x + safe.width, scene.width - inset);
  const bottom = Math.min(safe.y + safe.height, scene.height - inset);
  return { x, y, width: right - x, height: bottom - y };
}

/** Room kept between a mark and what it keeps clear of, as a share of the frame's shorter side. */
const GAP = 0.02;
const gapOf = (scene: { width: number; height: number }) =>
  Math.round(GAP * Math.min(scene.width, scene.height));
/**
 * The logo is tried smaller, down to 55 % (8 % of the frame's shorter side for a round logo), before
 * it is laid where it covers the least.
 */
const SHRINKS = [1, 0.85, 0.7, 0.55];

export type SetMarks = { logo: Box | null; signature: SetLayer | null; band: Rgb | null };

/**
 * The logo's rectangle: in the first free corner, smaller if it must be; else along an edge, at the
 * largest size that finds room; else the corner where it covers the least, at its size. A corner is
 * worth a smaller logo: one halfway down a side reads as a stray badge.
 */
function logoPlace(brand: PlannedBrand, scene: RawImage, avoid: Box[], safe: SafeArea): Box | null {
  if (!brand.logo) return null;
  const gap = gapOf(scene);
  const sizes = SHRINKS.map((shrink) => logoSize(brand.logo!.source, scene, shrink));
  for (const size of sizes) {
    const corner = firstClear(
      LOGO_SPOTS.map((spot) => boxAt(spot, size, safe)),
      avoid,
      gap,
    );
    if (corner) return corner;
  }
  for (const size of sizes) {
    const place = freePlace(LOGO_SPOTS, size, safe, avoid, gap);
    if (place) return place;
  }
  return leastCovering(
    LOGO_SPOTS.map((spot) => boxAt(spot, sizes[0]!, safe)),
    avoid,
    gap,
  );
}

/** Draws the logo and the signature on the scene; `text` are the rectangles of the text already set. */
export async function setBrandMarks(scene: RawImage, marks: BrandMarks, text: Box[]): Promise<SetMarks> {
  const { brand, palette } = marks;
  if (!palette) return { logo: null, signature: null, band: null };
  const avoid = [...(marks.product ? [marks.product] : []), ...(marks.set ? [marks.set] : []), ...text];
  const area = areaFor(scene, marks.border);
  const logo = logoPlace(brand, scene, avoid, area);
  const signed = brand.signature
    ? await setSignature(scene, { ...marks, palette }, [...avoid, ...(logo ? [logo] : [])], area)
    : null;
  if (logo && brand.logo) await drawLogo(scene, brand.logo.image, logo);
  return { logo, signature: signed?.layer ?? null, band: signed?.band ?? null };
}

/** The signature on a band of the brand's main colour, at the first free spot along an edge. */
async function setSignature(
  scene: RawImage,
  { brand, language, palette }: BrandMarks & { palette: NonNullable<BrandMarks['palette']> },
  avoid: Box[],
  safe: SafeArea,
): Promise<{ layer: SetLayer; band: Rgb }> {
  const typeface = TYPEFACES[brand.typography ?? 'moderne'].tagline;
  const text = { text: brand.signature!, typeface, language };
  const measured = await measureSignature(text, scene, safe.width);
  const gap = gapOf(scene);
  const box =
    freePlace(SIGNATURE_SPOTS, measured.outer, safe, avoid, gap) ??
    leastCovering(
      SIGNATURE_SPOTS.map((spot) => boxAt(spot, measured.outer, safe)),
      avoid,
      gap,
    );
  const band = bandOf(rgbOf(brand.colours[0]!), palette.inks);
  return { layer: await drawSignature(scene, measured, box, band), band: band.band };
}

/** The metadata's record of the brand, its palette as used and its marks as set. */
export function brandReport({ brand, palette: used }: BrandMarks, set: SetMarks): BrandReport {
  const palette = used ? [...used.colours, used.inks.light, used.inks.dark] : [];
  if (set.band) palette.push(set.band);
  return {
    colours: brand.colours,
    palette: [...new Set(palette.map(hexOf))],
    typography: brand.typography,
    logo: set.logo,
    signature: set.signature ? { text: set.signature.report.text, rect: set.signature.report.rect } : null,
  };
}
