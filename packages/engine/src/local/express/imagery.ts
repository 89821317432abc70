/**
 * Draws what the business is into an Express design: the plan's icons laid out in the areas the text
 * and the logo corner leave free (a cluster, a frieze or scattered stickers, by style), coloured and
 * backed as the style wants. Drawn into the same SVG as the background, so librsvg renders it in one
 * pass at the canvas's size.
 */
import type { ExpressImagery, IconTreatment } from '../../art-direction/express-imagery';
import type { Box, Rgb } from '../../art-direction/types';
import { ICON_GRID, iconId, loadIcon } from './icons';
import { randomSource } from '../../pixels/noise';
import { hexOf as hex } from '../../pixels/color';

type Canvas = { width: number; height: number };

/** One icon on the canvas: its footprint is a circle of `size` across, centred on (x, y). */
export type Placement = {
  icon: string;
  x: number;
  y: number;
  size: number;
  rotate: number;
  fill: Rgb | null;
};

const grow = (box: Box, by: number): Box => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const short = (box: Box) => Math.min(box.width, box.height);

/**
 * The text's box grown by how far icons keep from it. The styles' rules and ornaments go under the
 * words (above them when the words sit low), within about 5 % of the canvas plus a share of the
 * text's height (motifs.ts): that side keeps clear of them too.
 */
export function keepClearOf(canvas: Canvas, text: Box): Box {
  const unit = Math.min(canvas.width, canvas.height);
  const ornament = Math.max(canvas.height * 0.05, text.height * 0.14) + unit * 0.06;
  const below = text.y + text.height + ornament < canvas.height * 0.93;
  const side = unit * 0.045;
  const top = below ? side : ornament;
  const bottom = below ? ornament : side;
  return {
    x: text.x - side,
    y: text.y - top,
    width: text.width + 2 * side,
    height: text.height + top + bottom,
  };
}

/** The parts of `area` clear of `box`: the strips beside it, above it and below it. */
function around(area: Box, box: Box): Box[] {
  if (!overlaps(area, box)) return [area];
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  return [
    { ...area, width: box.x - area.x },
    { ...area, x: right, width: area.x + area.width - right },
    { ...area, height: box.y - area.y },
    { ...area, y: bottom, height: area.y + area.height - bottom },
  ];
}

/**
 * The rectangles left free by the text blocks and the logo corner, inside a margin, largest icon
 * first (the shorter side decides, then the area).
 */
export function freeAreas(canvas: Canvas, texts: Box[], logo: Box): Box[] {
  const unit = Math.min(canvas.width, canvas.height);
  const margin = unit * 0.05;
  let areas: Box[] = [
    { x: margin, y: margin, width: canvas.width - 2 * margin, height: canvas.height - 2 * margin },
  ];
  const blocked = [...texts.map((text) => keepClearOf(canvas, text)), grow(logo, unit * 0.03)];
  for (const box of blocked) areas = areas.flatMap((area) => around(area, box));
  return areas
    .filter((area) => short(area) > unit * 0.09)
    .sort((a, b) => short(b) - short(a) || b.width * b.height - a.width * a.height);
}

/** Positions of `sizes` along the long axis of `area`, centred, with a share of jitter across it. */
function alongArea(area: Box, sizes: number[], gap: number, random: () => number, sway: number) {
  const horizontal = area.width >= area.height;
  const length = horizontal ? area.width : area.height;
  const across = horizontal ? area.height : area.width;
  const total = sizes.reduce((sum, s) => sum + s, 0) + gap * (sizes.length - 1);
  // Shrink everything when the row does not fit its area.
  const k = Math.min(1, (length * 0.96) / total, ...sizes.map((s) => (across * 0.96) / s));
  let at = (length - total * k) / 2;
  return sizes.map((s) => {
    const size = s * k;
    const along = at + size / 2;
    at += size + gap * k;
    const room = (across - size) / 2;
    const off = across / 2 + (random() - 0.5) * 2 * room * sway;
    return horizontal
      ? { x: area.x + along, y: area.y + off, size }
      : { x: area.x + off, y: area.y + along, size };
  });
}

/** The square an icon's footprint fits in. */
export const footprint = (p: Placement): Box => ({
  x: p.x - p.size / 2,
  y: p.y - p.size / 2,
  width: p.size,
  height: p.size,
});

type Spot = { x: number; y: number; size: number };

/**
 * The lead icon (first) and `count - 1` smaller ones, as large as `largest` allows and fitted into
 * `area`, with a little seeded play in where the group sits.
 */
function cluster(area: Box, count: number, largest: number, random: () => number): Spot[] {
  const gap = 0.1;
  const aspect = Math.max(area.width, area.height) / Math.min(area.width, area.height);
  const others = count - 1;
  let group: Spot[];
  if (aspect >= 2.2 || others > 2) {
    // A row along the band: the lead in the middle, the others alternately left and right of it.
    const small = 0.6;
    group = [{ x: 0, y: 0, size: 1 }];
    for (let i = 1; i <= others; i++) {
      const rank = Math.ceil(i / 2);
      const side = i % 2 ? -1 : 1;
      group.push({ x: side * (0.5 + gap + small / 2 + (rank - 1) * (small + gap)), y: 0, size: small });
    }
    if (area.height > area.width) group = group.map((p) => ({ ...p, x: p.y, y: p.x }));
  } else {
    // Two small ones stacked in the height of the lead, beside it or under it.
    const small = (1 - gap) / 2;
    const beside = area.width >= area.height;
    const flip = random() < 0.5 ? -1 : 1;
    group = [{ x: 0, y: 0, size: 1 }];
    for (let i = 0; i < others; i++) {
      const along = 0.5 + gap + small / 2;
      const across = (i - (others - 1) / 2) * (small + gap);
      group.push(beside ? { x: flip * along, y: across, size: small } : { x: across, y: along, size: small });
    }
  }
  const x0 = Math.min(...group.map((p) => p.x - p.size / 2));
  const x1 = Math.max(...group.map((p) => p.x + p.size / 2));
  const y0 = Math.min(...group.map((p) => p.y - p.size / 2));
  const y1 = Math.max(...group.map((p) => p.y + p.size / 2));
  const k = Math.min(largest, (area.width * 0.96) / (x1 - x0), (area.height * 0.96) / (y1 - y0));
  // The group sits in its area with some seeded play, more along the area than across it.
  const cx = area.x + (area.width - (x1 - x0) * k) * (0.5 + (random() - 0.5) * 0.5) - x0 * k;
  const cy = area.y + (area.height - (y1 - y0) * k) * (0.5 + (random() - 0.5) * 0.5) - y0 * k;
  return group.map((p) => ({ x: cx + p.x * k, y: cy + p.y * k, size: p.size * k }));
}

const tiltOf = (t: IconTreatment, random: () => number) => t.lean + (random() - 0.5) * 2 * t.tilt;

/** Where each icon goes, by the style's layout. */
export function layoutImagery(
  canvas: Canvas,
  imagery: ExpressImagery,
  texts: Box[],
  logo: Box,
  seed: number,
): Placement[] {
  const t = imagery.treatment;
  const random = randomSource(seed ^ 0x5bd1e995);
  const unit = Math.min(canvas.width, canvas.height);
  const areas = freeAreas(canvas, texts, logo);
  const [best] = areas;
  if (!best) return [];
  const largest = unit * t.size;
  const fillOf = (i: number) => (t.fills.length ? t.fills[i % t.fills.length]! : null);
  const icons = imagery.icons;
  if (t.layout === 'frieze') {
    // The area where the row's icons come out largest (a band above or below the words, usually).
    const fits = (a: Box) => Math.min(short(a) * 0.8, Math.max(a.width, a.height) / (t.count * 1.7), largest);
    const band = areas.reduce((a, b) => (fits(b) > fits(a) ? b : a));
    const sizes = Array.from({ length: t.count }, () => largest);
    return alongArea(band, sizes, largest * 0.7, random, 0).map((p, i) => ({
      ...p,
      icon: icons[i % icons.length]!,
      rotate: 0,
      fill: fillOf(i),
    }));
  }
  if (t.layout === 'cluster') {
    // The lead icon large, the others smaller beside it: in a row on a long band, else stacked
    // beside it (a wide area) or under it (a tall one), as the tiles of a bento grid.
    return cluster(best, t.count, largest, random).map((p, i) => ({
      ...p,
      icon: icons[i % icons.length]!,
      rotate: tiltOf(t, random),
      fill: fillOf(i),
    }));
  }
  // Scatter: the largest areas take the icons in turn, each area a row of its own.
  const placements: Placement[] = [];
  const used = areas.slice(0, 3);
  const perArea = used.map((_, i) => Math.floor(t.count / used.length) + (i < t.count % used.length ? 1 : 0));
  let next = 0;
  used.forEach((area, a) => {
    const sizes = Array.from({ length: perArea[a]! }, () => largest * (0.65 + random() * 0.35));
    for (const p of alongArea(area, sizes, largest * 0.35, random, 0.8)) {
      placements.push({
        ...p,
        icon: icons[next % icons.length]!,
        rotate: tiltOf(t, random),
        fill: fillOf(next),
      });
      next++;
    }
  });
  return placements;
}

/** The backing an icon sits on, centred on the origin, `size` across. */
function backingSvg(t: IconTreatment, size: number): string {
  const b = t.backing;
  if (!b) return '';
  const r = size / 2;
  const line = Math.max(1.5, size * 0.018);
  if (b.shape === 'tile')
    return `<rect x="${-r}" y="${-r}" width="${size}" height="${size}" rx="${size * 0.24}" fill="${hex(b.fill)}" fill-opacity="${b.opacity}" stroke="${hex(b.line)}" stroke-opacity="0.4" stroke-width="${line}"/>`;
  if (b.shape === 'badge')
    // A stamped seal: a solid disc with a fine ring inside its edge, in the icon's ink.
    return `<circle r="${r}" fill="${hex(b.fill)}" fill-opacity="${b.opacity}"/><circle r="${r * 0.86}" fill="none" stroke="${hex(t.ink)}" stroke-width="${line}"/>`;
  return `<circle r="${r}" fill="${hex(b.fill)}" fill-opacity="${b.opacity}" stroke="${hex(b.line)}" stroke-width="${line * 1.4}"/>`;
}

/** A small diamond between two icons of a frieze. */
function separatorSvg(colour: Rgb, x: number, y: number, size: number): string {
  const s = size * 0.07;
  return `<path d="M${x} ${y - s} L${x + s} ${y} L${x} ${y + s} L${x - s} ${y} Z" fill="${hex(colour)}"/>`;
}

/**
 * The lead icon as a faint silhouette behind the design, large and cropped by a corner or an edge the
 * logo does not use; each variant takes its own corner. It is the ink laid thinly over the background
 * (whatever its gradient), so the words over it keep their contrast.
 */
function backdropSvg(canvas: Canvas, imagery: ExpressImagery, seed: number): string {
  const t = imagery.treatment;
  if (!t.backdrop || !imagery.icons[0]) return '';
  const random = randomSource(seed ^ 0x27d4eb2f);
  const unit = Math.min(canvas.width, canvas.height);
  const size = unit * (0.72 + random() * 0.12);
  // A fifth of it or so runs off the canvas: enough to read as a backdrop, not so much it stops
  // reading as the thing it is.
  const corners = [
    [1, 1],
    [0, 1],
    [1, 0.5],
    [0.5, 1],
  ] as const;
  const [cx, cy] = corners[seed % corners.length]!;
  const inset = size * 0.3;
  const x = cx === 0.5 ? canvas.width / 2 : cx ? canvas.width - inset : inset;
  const y = cy === 1 ? canvas.height - inset : canvas.height / 2;
  const icon = loadIcon(imagery.icons[0], 'fill');
  const scale = size / ICON_GRID;
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${(-10 + random() * 20).toFixed(1)}) scale(${scale.toFixed(4)}) translate(${-ICON_GRID / 2} ${-ICON_GRID / 2})" fill="${hex(t.ink)}" fill-opacity="${t.backdrop}">${icon.shape}</g>`;
}

/** The icons as SVG (for the design's document) and the ids of the icons drawn. */
export function imageryArt(
  canvas: Canvas,
  imagery: ExpressImagery,
  texts: Box[],
  logo: Box,
  seed: number,
): { svg: string; underlay: string; icons: string[]; boxes: Box[] } {
  const t = imagery.treatment;
  const placements = layoutImagery(canvas, imagery, texts, logo, seed);
  const parts = placements.map((p) => {
    const icon = loadIcon(p.icon, t.weight);
    // On a backing the glyph sits inside it; bare, it takes the whole footprint.
    const glyph = t.backing ? p.size * 0.56 : p.size * 0.92;
    const scale = glyph / ICON_GRID;
    const fill = icon.fill && p.fill ? `<g fill="${hex(p.fill)}">${icon.fill}</g>` : '';
    return `<g transform="translate(${p.x.toFixed(1)} ${p.y.toFixed(1)}) rotate(${p.rotate.toFixed(1)})" opacity="${t.opacity}">${backingSvg(t, p.size)}<g transform="scale(${scale.toFixed(4)}) translate(${-ICON_GRID / 2} ${-ICON_GRID / 2})">${fill}<g fill="${hex(t.ink)}">${icon.shape}</g></g></g>`;
  });
  const separators =
    t.layout === 'frieze' && t.separator
      ? placements
          .slice(1)
          .map((p, i) => {
            const q = placements[i]!;
            return separatorSvg(t.separator!, (p.x + q.x) / 2, (p.y + q.y) / 2, p.size);
          })
          .join('')
      : '';
  return {
    svg: parts.join('') + separators,
    underlay: backdropSvg(canvas, imagery, seed),
    icons: placements.map((p) => `phosphor:${iconId(p.icon, t.weight)}`),
    boxes: placements.map(footprint),
  };
}
