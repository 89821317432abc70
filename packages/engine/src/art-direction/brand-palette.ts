/**
 * A shop's brand colours as a palette: the grading the scene takes (its tints, its warmth, the swatch
 * podiums, sets and frames are drawn in) and, for Express, its design recoloured. The palette grades, it
 * does not paint: every colour the style drew keeps its lightness and takes a brand colour's hue, so a
 * light background stays light and a dark one dark. Pure: colours in, colours out.
 */
import type { ExpressDesign } from './express-designs';
import type { Grading, Rgb } from './types';

export const rgbOf = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

type Hsl = { h: number; s: number; l: number };

function hslOf([r, g, b]: Rgb): Hsl {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { h: h * 60, s, l };
}

function rgbOfHsl({ h, s, l }: Hsl): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [r, g, b].map((v) => Math.round((v + m) * 255)) as unknown as Rgb;
}

/** `colour`'s hue and saturation at `lightness` (0 to 1). */
export const atLightness = (colour: Rgb, lightness: number): Rgb =>
  rgbOfHsl({ ...hslOf(colour), l: Math.min(1, Math.max(0, lightness)) });

/** `colour` with its lightness kept between `low` and `high`. */
const lightnessWithin = (colour: Rgb, low: number, high: number): Rgb => {
  const { l } = hslOf(colour);
  return l >= low && l <= high ? colour : atLightness(colour, Math.min(high, Math.max(low, l)));
};

const luma = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** The darkest and lightest of the brand's colours (the same one when there is one). */
export function extremesOf(colours: readonly Rgb[]): { darkest: Rgb; lightest: Rgb } {
  const byLuma = [...colours].sort((a, b) => luma(a) - luma(b));
  return { darkest: byLuma[0]!, lightest: byLuma.at(-1)! };
}

/** How far the swatch's dark and light colours may be from black and white (HSL lightness). */
const DARK_AT_MOST = 0.22;
const LIGHT_AT_LEAST = 0.93;
/** The accent keeps the main colour, unless it is too near black or white to read as a colour. */
const ACCENT_WITHIN = [0.28, 0.72] as const;

/**
 * The grading of a brand: a neutral, slightly lifted look (no palette's mood on top of the brand's),
 * the shadows tinted toward its darkest colour and the highlights toward its lightest, as warm or cool
 * as its colours are, and the swatch made of them: the main colour as the accent.
 */
export function brandGrading(hexes: readonly string[]): Grading {
  const colours = hexes.map(rgbOf);
  const { darkest, lightest } = extremesOf(colours);
  const main = colours[0]!;
  const dark = lightnessWithin(darkest, 0, DARK_AT_MOST);
  const light = lightnessWithin(lightest, LIGHT_AT_LEAST, 1);
  const accent = lightnessWithin(main, ...ACCENT_WITHIN);
  const second = colours[1] ?? lightest;
  return {
    saturation: 1.05,
    contrast: 1.05,
    lift: 0.02,
    temperature: warmthOf(colours),
    shadowTint: dark,
    highlightTint: light,
    split: 0.16,
    swatch: { dark, accent, light },
    neon: [atLightness(main, 0.55), atLightness(second, 0.62)],
  };
}

/** How warm the brand's colours are, -0.4 (cool) to 0.4 (warm): red over blue, weighed by saturation. */
function warmthOf(colours: readonly Rgb[]): number {
  let sum = 0;
  for (const colour of colours) sum += ((colour[0] - colour[2]) / 255) * hslOf(colour).s;
  return Math.round(Math.max(-0.4, Math.min(0.4, sum / colours.length)) * 100) / 100;
}

/**
 * An Express design in the brand's colours: each colour of the design takes a brand colour's hue and
 * saturation at its own lightness (the background's first colour the main one), so the design's
 * structure, light or dark, stays the style's.
 */
export function brandDesign(design: ExpressDesign, hexes: readonly string[]): ExpressDesign {
  const colours = hexes.map(rgbOf);
  const take = (colour: Rgb, i: number) => atLightness(colours[i % colours.length]!, hslOf(colour).l);
  const [from, to] = design.background;
  return {
    ...design,
    background: [take(from, 0), take(to, 1)],
    accents: design.accents.map((accent, i) => take(accent, i)),
  };
}
