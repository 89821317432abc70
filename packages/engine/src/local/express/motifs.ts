/**
 * The designed backgrounds of Express, as SVG drawn by librsvg: one motif per style, arranged by a
 * seeded random source so variants differ and a request always renders the same. Motifs compose
 * around the headline: busy shapes keep out of its box and of the logo corner, and each style adds
 * the accent a designer would (a rule, an ornament, corner marks, a brush stroke) in its place.
 */
import type { ExpressDesign, Motif } from '../../art-direction/express-designs';
import { logoZoneOf } from '../../art-direction/express-plan';
import { randomSource } from '../../pixels/noise';
import { hexOf as hex } from '../../pixels/color';

type Canvas = { width: number; height: number };
type Box = { x: number; y: number; width: number; height: number };
/**
 * What a motif must compose around: the headline's box (or null), the logo corner, and the icons that
 * show the business (imagery.ts), which scattered shapes keep off.
 */
type Room = { text: Box | null; logo: Box; icons: Box[] };
/**
 * A motif: `art` is drawn in the variant's (possibly mirrored) frame, with `room` mirrored into it;
 * `accent` (rules and ornaments that follow the headline) in the canvas's own frame, from `real`.
 */
type Draw = (
  c: Canvas,
  d: ExpressDesign,
  random: () => number,
  room: Room,
  real: Room,
) => string | { art: string; accent: string };

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
const grow = (box: Box, by: number): Box => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});
const near = (box: Box | null, x: number, y: number, reach: number) =>
  !!box &&
  x > box.x - reach &&
  x < box.x + box.width + reach &&
  y > box.y - reach &&
  y < box.y + box.height + reach;
const nearAny = (boxes: Box[], x: number, y: number, reach: number) =>
  boxes.some((box) => near(box, x, y, reach));

/**
 * Seeded spots around the headline: tries random points and keeps those clear of the text (by `reach`)
 * and of the logo corner.
 */
function spots(c: Canvas, room: Room, random: () => number, count: number, reach: number) {
  const out: [number, number][] = [];
  for (let tries = 0; tries < count * 30 && out.length < count; tries++) {
    const x = c.width * random();
    const y = c.height * random();
    if (near(room.text, x, y, reach) || near(room.logo, x, y, reach * 0.6)) continue;
    if (nearAny(room.icons, x, y, reach)) continue;
    out.push([x, y]);
  }
  return out;
}

/** A thin rule with a small diamond in its middle: the ornament of a well-set title. */
function ornament(cx: number, y: number, width: number, colour: string, stroke: number): string {
  const d = stroke * 4;
  return `<line x1="${cx - width / 2}" y1="${y}" x2="${cx - d * 1.8}" y2="${y}" stroke="${colour}" stroke-width="${stroke}"/>
    <line x1="${cx + d * 1.8}" y1="${y}" x2="${cx + width / 2}" y2="${y}" stroke="${colour}" stroke-width="${stroke}"/>
    <path d="M${cx} ${y - d} L${cx + d} ${y} L${cx} ${y + d} L${cx - d} ${y} Z" fill="${colour}"/>`;
}

/** Where a rule or ornament of `length` starts: centred under centred text, flush under left-set text. */
function startOf(c: Canvas, text: Box | null, length: number): number {
  if (!text) return c.width / 2 - length / 2;
  const centred = Math.abs(text.x + text.width / 2 - c.width / 2) < c.width * 0.02;
  return centred ? c.width / 2 - length / 2 : text.x;
}

/** Under the headline when there is room, else above it. */
function besideText(c: Canvas, text: Box | null, gap: number): number {
  if (!text) return c.height * 0.82;
  // Clear of the words by a share of their own height, so large type gets a wider margin.
  const margin = Math.max(gap, text.height * 0.14);
  const below = text.y + text.height + margin;
  return below < c.height * 0.93 ? below : text.y - margin;
}

/** The sunburst's border and the frame's line, as shares of the canvas's shorter side. */
const SUNBURST_INSET = 0.035;
const FRAME_INSET = 0.05;
/** The frame's corner ornaments reach this far along each side, in insets. */
const FRAME_CORNER = 1.6;

/**
 * How far in (a share of the shorter side) a motif draws a border round the picture: a brand's marks
 * keep inside it rather than across its line.
 */
export const MOTIF_BORDERS: Partial<Record<Motif, number>> = {
  sunburst: SUNBURST_INSET * 1.6,
  frame: FRAME_INSET * FRAME_CORNER,
};

const MOTIFS: Record<Motif, Draw> = {
  circle: (c, d, r, _room, { text }) => {
    const { width: w, height: h } = c;
    const radius = Math.min(w, h) * (0.28 + r() * 0.1);
    const cx = w * (0.72 + r() * 0.14);
    const cy = h * (0.3 + r() * 0.4);
    const y = besideText(c, text, h * 0.045);
    const length = Math.min(w, h) * 0.22;
    const x0 = startOf(c, text, length);
    return {
      art: `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${hex(d.accents[0]!)}"/>`,
      accent: `<line x1="${x0}" y1="${y}" x2="${x0 + length}" y2="${y}" stroke="${hex(d.accents[1]!)}" stroke-width="${Math.max(2, w / 540)}"/>`,
    };
  },
  panels: ({ width: w, height: h }, d, r) => {
    // Soft light orbs behind translucent glass panels.
    const orbs = [0, 1].map((i) => {
      const radius = Math.max(w, h) * (0.35 + r() * 0.15);
      return `<circle cx="${w * (i ? 0.85 : 0.1) + r() * w * 0.1}" cy="${h * (i ? 0.2 : 0.85)}" r="${radius}" fill="url(#orb${i})"/>`;
    });
    const panels = Array.from({ length: 5 }, (_, i) => {
      const pw = w * (0.3 + r() * 0.4);
      const ph = h * (0.25 + r() * 0.4);
      const colour = hex(d.accents[i % 2]!);
      return `<rect x="${w * r() - pw / 3}" y="${h * r() - ph / 3}" width="${pw}" height="${ph}" rx="${Math.min(pw, ph) * 0.12}" fill="${colour}" opacity="${0.07 + r() * 0.09}" stroke="#fff" stroke-opacity="0.18" stroke-width="${Math.max(1, w / 900)}" transform="rotate(${-20 + r() * 40} ${w / 2} ${h / 2})"/>`;
    });
    return `<defs>
        <radialGradient id="orb0"><stop offset="0" stop-color="#38bdf8" stop-opacity="0.55"/><stop offset="1" stop-color="#38bdf8" stop-opacity="0"/></radialGradient>
        <radialGradient id="orb1"><stop offset="0" stop-color="#fb923c" stop-opacity="0.45"/><stop offset="1" stop-color="#fb923c" stop-opacity="0"/></radialGradient>
      </defs>${orbs.join('')}${panels.join('')}`;
  },
  sunburst: (c, d, r, _room, { text }) => {
    const { width: w, height: h } = c;
    const cx = w * (0.3 + r() * 0.4);
    const cy = h * 1.05;
    const reach = Math.hypot(w, h) * 1.2;
    const rays = Array.from({ length: 18 }, (_, i) => {
      const a0 = Math.PI + (i / 18) * Math.PI;
      const a1 = a0 + Math.PI / 36;
      return `<path d="M${cx} ${cy} L${cx + reach * Math.cos(a0)} ${cy + reach * Math.sin(a0)} L${cx + reach * Math.cos(a1)} ${cy + reach * Math.sin(a1)} Z" fill="${hex(d.accents[0]!)}"/>`;
    }).join('');
    const inset = Math.min(w, h) * SUNBURST_INSET;
    const border = hex(d.accents[1]!);
    const y = besideText(c, text, h * 0.05);
    const star = (x: number, size: number) =>
      `<path d="${Array.from({ length: 10 }, (_, k) => {
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        const rr = k % 2 ? size * 0.45 : size;
        return `${k ? 'L' : 'M'}${x + rr * Math.cos(a)} ${y + rr * Math.sin(a)}`;
      }).join(' ')} Z" fill="${border}"/>`;
    const span = Math.min(w * 0.5, (text?.width ?? w * 0.5) * 0.7);
    const s = Math.min(w, h) * 0.018;
    const mid = startOf(c, text, span + 4 * s) + span / 2 + 2 * s;
    const art = `${rays}<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="none" stroke="${border}" stroke-width="${inset * 0.25}"/>
      <rect x="${inset * 1.6}" y="${inset * 1.6}" width="${w - 3.2 * inset}" height="${h - 3.2 * inset}" fill="none" stroke="${border}" stroke-width="${inset * 0.08}"/>`;
    const accent = `<line x1="${mid - span / 2}" y1="${y}" x2="${mid - s * 3}" y2="${y}" stroke="${border}" stroke-width="${s * 0.25}"/>
      <line x1="${mid + s * 3}" y1="${y}" x2="${mid + span / 2}" y2="${y}" stroke="${border}" stroke-width="${s * 0.25}"/>
      ${star(mid, s * 1.6)}${star(mid - span / 2 - s * 2, s)}${star(mid + span / 2 + s * 2, s)}`;
    return { art, accent };
  },
  grid: ({ width: w, height: h }, d, r, { text, logo }, real) => {
    // The horizon sits under the headline, so the grid never runs through the words: a low headline
    // leaves a thin strip of floor.
    const under = text ? text.y + text.height + h * 0.04 : h * 0.6;
    const horizon = Math.min(h * 0.95, Math.max(h * 0.55, under) + r() * h * 0.03);
    const vx = w * (0.35 + r() * 0.3);
    const colour = hex(d.accents[0]!);
    const stroke = Math.max(1.5, w / 700);
    const verticals = Array.from({ length: 25 }, (_, i) => {
      const x = ((i - 12) / 12) * w * 1.6 + vx;
      return `<line x1="${vx}" y1="${horizon}" x2="${x}" y2="${h}" stroke="${colour}" stroke-width="${stroke}" opacity="0.45"/>`;
    }).join('');
    const horizontals = Array.from({ length: 10 }, (_, i) => {
      const y = horizon + (h - horizon) * ((i + 1) / 10) ** 2;
      return `<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="${colour}" stroke-width="${stroke}" opacity="0.45"/>`;
    }).join('');
    // Light beams in the sky, never through the headline or the logo corner.
    const across = (box: Box | null, y: number) =>
      !!box && y > box.y - h * 0.04 && y < box.y + box.height + h * 0.04;
    const beams: string[] = [];
    for (let tries = 0; tries < 30 && beams.length < 3; tries++) {
      const y = h * r() * 0.5;
      if (across(text, y) || across(logo, y)) continue;
      beams.push(
        `<rect x="0" y="${y}" width="${w}" height="${Math.max(2, h / 400)}" fill="${hex(pick(d.accents, r))}" opacity="0.8"/>`,
      );
    }
    // Corner marks around the headline, as on a viewfinder.
    const marks = real.text
      ? (() => {
          const b = grow(real.text, Math.min(w, h) * 0.03);
          const m = Math.min(w, h) * 0.05;
          const pink = hex(d.accents[1]!);
          return [
            [b.x, b.y, 1, 1],
            [b.x + b.width, b.y, -1, 1],
            [b.x, b.y + b.height, 1, -1],
            [b.x + b.width, b.y + b.height, -1, -1],
          ]
            .map(
              ([x, y, sx, sy]) =>
                `<path d="M${x! + sx! * m} ${y!} H${x!} V${y! + sy! * m}" fill="none" stroke="${pink}" stroke-width="${stroke * 2}"/>`,
            )
            .join('');
        })()
      : '';
    return {
      art: `<line x1="0" y1="${horizon}" x2="${w}" y2="${horizon}" stroke="${colour}" stroke-width="${stroke * 2}"/>${verticals}${horizontals}${beams.join('')}`,
      accent: marks,
    };
  },
  frame: (c, d, _r, _room, { text }) => {
    const { width: w, height: h } = c;
    const inset = Math.min(w, h) * FRAME_INSET;
    const gold = hex(d.accents[0]!);
    const corner = inset * FRAME_CORNER;
    const corners = [
      [inset, inset, 1, 1],
      [w - inset, inset, -1, 1],
      [inset, h - inset, 1, -1],
      [w - inset, h - inset, -1, -1],
    ]
      .map(
        ([x, y, sx, sy]) =>
          `<path d="M${x! + sx! * corner} ${y!} Q${x!} ${y!} ${x!} ${y! + sy! * corner}" fill="none" stroke="${hex(d.accents[1]!)}" stroke-width="${inset * 0.12}"/>`,
      )
      .join('');
    const stroke = Math.max(1.5, inset * 0.05);
    const y = besideText(c, text, h * 0.05);
    const glow = `<defs><radialGradient id="halo" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#2f6b5a" stop-opacity="0.55"/><stop offset="1" stop-color="#2f6b5a" stop-opacity="0"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#halo)"/>`;
    const length = Math.min(w * 0.4, (text?.width ?? w) * 0.5);
    return {
      art: `${glow}<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="none" stroke="${gold}" stroke-width="${Math.max(1.5, inset * 0.06)}"/>${corners}`,
      accent: ornament(startOf(c, text, length) + length / 2, y, length, gold, stroke),
    };
  },
  blobs: (c, d, r, room, real) => {
    const { width: w, height: h } = c;
    const unit = Math.min(w, h);
    // Paint blobs around the headline, not on it; a few splashes; a brush stroke under the words.
    const blobs: string[] = [];
    for (let tries = 0; tries < 200 && blobs.length < 7; tries++) {
      const size = unit * (0.08 + r() * 0.12);
      const [cx, cy] = [w * r(), h * r()];
      // A blob reaches 1.3 times its size: it keeps that far from the words and the logo.
      if (near(room.text, cx, cy, size * 1.35) || near(room.logo, cx, cy, size * 1.35)) continue;
      if (nearAny(room.icons, cx, cy, size * 1.35)) continue;
      const i = blobs.length;
      const points = Array.from({ length: 6 }, (_, k) => {
        const a = (k / 6) * Math.PI * 2;
        const rr = size * (0.7 + r() * 0.6);
        return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)];
      });
      const mid = (k: number) => {
        const [x0, y0] = points[k % 6]!;
        const [x1, y1] = points[(k + 1) % 6]!;
        return `${(x0! + x1!) / 2} ${(y0! + y1!) / 2}`;
      };
      const path =
        `M${mid(0)} ` +
        points
          .map((_, k) => `Q${points[(k + 1) % 6]![0]} ${points[(k + 1) % 6]![1]} ${mid(k + 1)}`)
          .join(' ');
      blobs.push(`<path d="${path} Z" fill="${hex(d.accents[i % d.accents.length]!)}" opacity="0.85"/>`);
    }
    const dots = spots(c, room, r, 14, unit * 0.05).map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${unit * (0.006 + r() * 0.012)}" fill="${hex(pick(d.accents, r))}" opacity="0.9"/>`,
    );
    const { text } = real;
    const stroke = text
      ? (() => {
          const y = besideText(c, text, unit * 0.03);
          const x0 = text.x + text.width * 0.15;
          const x1 = text.x + text.width * 0.85;
          const wave = unit * 0.012;
          return `<path d="M${x0} ${y} C${x0 + (x1 - x0) * 0.3} ${y - wave} ${x0 + (x1 - x0) * 0.6} ${y + wave * 1.5} ${x1} ${y - wave * 0.5}" fill="none" stroke="${hex(d.accents[0]!)}" stroke-width="${unit * 0.014}" stroke-linecap="round" opacity="0.9"/>`;
        })()
      : '';
    return { art: blobs.join('') + dots.join(''), accent: stroke };
  },
  stripes: ({ width: w, height: h }, d, r) =>
    Array.from({ length: 9 }, (_, i) => {
      const x = w * (-0.3 + i * 0.18 + r() * 0.05);
      const band = w * (0.03 + r() * 0.07);
      const colour = hex(d.accents[i % 2]!);
      return `<polygon points="${x},${h} ${x + band},${h} ${x + band + h * 0.6},0 ${x + h * 0.6},0" fill="${colour}" opacity="${0.12 + r() * 0.14}"/>`;
    }).join('') +
    // A bold slash of colour at the foot, as on a sale poster.
    `<polygon points="0,${h * 0.9} ${w},${h * 0.78} ${w},${h * 0.84} 0,${h * 0.96}" fill="${hex(d.accents[1]!)}" opacity="0.55"/>`,
  leaves: (c, d, r, room) => {
    const unit = Math.min(c.width, c.height);
    // Leaves gather toward the edges and corners; neither stem nor tip reaches the headline or the logo.
    const leaves: string[] = [];
    for (const [x, y] of spots(c, room, r, 60, unit * 0.04)) {
      if (leaves.length >= 16) break;
      const edge = Math.min(x / c.width, 1 - x / c.width, y / c.height, 1 - y / c.height);
      if (edge > 0.16) continue;
      const length = unit * (0.1 + r() * 0.12);
      const angle = Math.atan2(c.height / 2 - y, c.width / 2 - x) + ((r() - 0.5) * Math.PI) / 1.5;
      const tip = [x + length * Math.cos(angle), y + length * Math.sin(angle)] as const;
      const reach = unit * 0.03;
      if (near(room.text, tip[0], tip[1], reach) || near(room.logo, tip[0], tip[1], reach)) continue;
      // Nor its middle: a long leaf may pass a corner between its stem and its tip.
      const middle = [(x + tip[0]) / 2, (y + tip[1]) / 2] as const;
      if (nearAny([room.logo, ...room.icons], ...middle, reach) || near(room.text, ...middle, reach))
        continue;
      if (nearAny(room.icons, tip[0], tip[1], reach)) continue;
      const colour = hex(pick(d.accents, r));
      leaves.push(
        `<g transform="translate(${x} ${y}) rotate(${(angle * 180) / Math.PI})"><path d="M0 0 Q${length / 2} ${-length * 0.32} ${length} 0 Q${length / 2} ${length * 0.32} 0 0 Z" fill="${colour}"/><line x1="0" y1="0" x2="${length}" y2="0" stroke="${hex(d.accents[2] ?? d.accents[0]!)}" stroke-width="${length / 60}" opacity="0.7"/></g>`,
      );
    }
    return leaves.join('');
  },
};

/** The design's drawing: the content of an SVG document the canvas's size (svgDocument). */
export function expressArt(
  canvas: Canvas,
  design: ExpressDesign,
  seed: number,
  mirrored: boolean,
  text: Box | null,
  icons: Box[] = [],
  underlay = '',
): string {
  const [from, to] = design.background;
  const [x1, x2] = mirrored ? ['1', '0'] : ['0', '1'];
  // Motifs draw in their own mirrored frame: mirror the headline box and the logo corner into it too.
  const flip = (box: Box) => (mirrored ? { ...box, x: canvas.width - box.x - box.width } : box);
  const real: Room = { text, logo: logoZoneOf(canvas), icons };
  const room: Room = { text: text && flip(text), logo: flip(real.logo), icons: icons.map(flip) };
  const drawn = MOTIFS[design.motif](canvas, design, randomSource(seed), room, real);
  const { art, accent } = typeof drawn === 'string' ? { art: drawn, accent: '' } : drawn;
  return `
    <defs><linearGradient id="bg" x1="${x1}" y1="0" x2="${x2}" y2="1"><stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient></defs>
    <rect width="${canvas.width}" height="${canvas.height}" fill="url(#bg)"/>${underlay}
    <g${mirrored ? ` transform="translate(${canvas.width} 0) scale(-1 1)"` : ''}>${art}</g>${accent}
  `;
}

/**
 * An SVG document of a drawing the canvas's size, showing only its rows from `top` to `top + height`
 * (all of them by default): librsvg renders bands of one drawing side by side (rasteriseInBands).
 */
export function svgDocument(
  content: string,
  canvas: Canvas,
  band: { top: number; height: number } = { top: 0, height: canvas.height },
): string {
  const { width } = canvas;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band.height}" viewBox="0 ${band.top} ${width} ${band.height}">${content}</svg>`;
}
