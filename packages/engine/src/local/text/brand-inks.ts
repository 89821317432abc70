/**
 * The text colours of a brand: its own colours wherever they can carry text, and the band its
 * signature sits on, with an ink that reaches AA on it. Contrast is WCAG's (contrast.ts).
 */
import { extremesOf, rgbOf } from '../../art-direction/brand-palette';
import type { Rgb } from '../../art-direction/types';
import { mixRgb } from '../../pixels/color';
import { contrastRatio, MIN_CONTRAST } from './contrast';
import type { Inks } from './typeset';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/**
 * An ink must reach this against white (the dark ink) or black (the light one): a brand colour that
 * cannot is darkened or lightened until it does. Text is then set on whichever reaches AA against the
 * scene behind it, with a scrim where neither does (typeset.ts).
 */
const INK_REACH = 7;
/** AA with the margin typeset.ts keeps for JPEG and anti-aliasing. */
export const TEXT_TARGET = MIN_CONTRAST + 0.4;

const rounded = (colour: Rgb): Rgb => colour.map(Math.round) as unknown as Rgb;

/** `colour` moved toward `toward` in steps of 5 % until it reaches `target` against `against`. */
function reaching(colour: Rgb, against: Rgb, toward: Rgb, target: number): Rgb {
  for (let t = 0; t <= 1; t += 0.05) {
    const mixed = rounded(mixRgb(colour, toward, t));
    if (contrastRatio(mixed, against) >= target) return mixed;
  }
  return toward;
}

/** The brand's inks: its lightest colour for dark scenes, its darkest for light ones. */
export function brandInks(hexes: readonly string[]): Inks {
  const { darkest, lightest } = extremesOf(hexes.map(rgbOf));
  return {
    light: reaching(lightest, BLACK, WHITE, INK_REACH),
    dark: reaching(darkest, WHITE, BLACK, INK_REACH),
  };
}

export type Band = { band: Rgb; ink: Rgb; contrast: number };

/**
 * A band of the brand's main colour and the ink set on it: the brand's own inks first, then white or
 * black; when none reaches AA on the colour as it is (a mid grey), the band is darkened or lightened,
 * away from the better ink, until it does.
 */
export function bandOf(main: Rgb, inks: Inks): Band {
  const candidates = [inks.light, inks.dark, WHITE, BLACK];
  const ink = candidates.find((colour) => contrastRatio(colour, main) >= TEXT_TARGET);
  if (ink) return { band: main, ink, contrast: contrastRatio(ink, main) };
  const light = contrastRatio(WHITE, main) >= contrastRatio(BLACK, main);
  const chosen = light ? WHITE : BLACK;
  const band = reaching(main, chosen, light ? BLACK : WHITE, TEXT_TARGET);
  return { band, ink: chosen, contrast: contrastRatio(chosen, band) };
}
