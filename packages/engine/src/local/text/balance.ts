/**
 * How even the lines of a set text are, read from its mask: a headline whose last line holds one short
 * word (« à savourer tout l’été en / terrasse ») reads as a block with a tail. Lines are found from the
 * rows that hold ink; an accent or a dot set apart from its letters belongs to the line nearest to it.
 */
import type { RawImage } from '../../image/sharp';

/** Coverage under this is the edge of a glyph's antialiasing, not ink. */
const INK = 64;
/** A row with ink in at most this share of the pixels the most inked row has is between two lines. */
const GAP_SHARE = 0.04;
/** A band of rows lower than this share of the tallest is an accent, a dot or a tail, not a line. */
const LINE_SHARE = 0.35;

type Band = { top: number; bottom: number };

/** The rows of each line of a one-channel mask, top to bottom. */
function linesOf(mask: RawImage): Band[] {
  const { data, width, height } = mask;
  const inked = new Uint32Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = y * width, end = x + width; x < end; x++) if (data[x]! >= INK) inked[y]!++;
  }
  // A script face's descenders and ascenders may reach across the leading: a row with a few strokes is
  // still the gap between two lines.
  const least = GAP_SHARE * Math.max(0, ...inked);
  const bands: Band[] = [];
  for (let y = 0; y < height; y++) {
    if (inked[y]! <= least) continue;
    const last = bands.at(-1);
    if (last && last.bottom === y) last.bottom = y + 1;
    else bands.push({ top: y, bottom: y + 1 });
  }
  const tallest = Math.max(0, ...bands.map((band) => band.bottom - band.top));
  const lines = bands.filter((band) => band.bottom - band.top >= LINE_SHARE * tallest);
  for (const band of bands) {
    if (lines.includes(band)) continue;
    const gap = (line: Band) => Math.max(line.top - band.bottom, band.top - line.bottom);
    const nearest = lines.reduce((best, line) => (gap(line) < gap(best) ? line : best));
    nearest.top = Math.min(nearest.top, band.top);
    nearest.bottom = Math.max(nearest.bottom, band.bottom);
  }
  return lines;
}

/** The width of the ink of each line of a one-channel mask of set text, top to bottom, in pixels. */
export function lineWidths(mask: RawImage): number[] {
  const { data, width } = mask;
  return linesOf(mask).map(({ top, bottom }) => {
    let left = width;
    let right = -1;
    for (let y = top; y < bottom; y++) {
      const row = y * width;
      for (let x = 0; x < left; x++) if (data[row + x]! >= INK) left = x;
      for (let x = width - 1; x > right; x--) if (data[row + x]! >= INK) right = x;
    }
    return right >= left ? right - left + 1 : 0;
  });
}

/** The shortest line's width over the longest's: 1 for a single line, near 0 for a one-word tail. */
export function evenness(mask: RawImage): number {
  const widths = lineWidths(mask);
  const longest = Math.max(0, ...widths);
  return widths.length < 2 || longest === 0 ? 1 : Math.min(...widths) / longest;
}
