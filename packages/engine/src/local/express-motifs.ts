/**
 * The designed backgrounds of Express, as SVG drawn by librsvg: one motif per style, arranged by a
 * seeded random source so variants differ and a request always renders the same.
 */
import type { ExpressDesign, Motif } from '../art-direction/express-designs';
import type { Rgb } from '../art-direction/types';
import { randomSource } from './noise';

type Canvas = { width: number; height: number };
type Box = { x: number; y: number; width: number; height: number };
/** Draws the motif; `text` is the headline's box, which line work must not cross. */
type Draw = (c: Canvas, d: ExpressDesign, random: () => number, text: Box | null) => string;

const hex = (rgb: Rgb) => '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

const MOTIFS: Record<Motif, Draw> = {
  circle: ({ width: w, height: h }, d, r, text) => {
    const radius = Math.min(w, h) * (0.3 + r() * 0.12);
    const cx = w * (0.6 + r() * 0.25);
    const cy = h * (0.25 + r() * 0.5);
    // The rule sits under the headline, or above it when there is no room below.
    const gap = h * 0.05;
    const below = text ? text.y + text.height + gap : h * (0.78 + r() * 0.1);
    const y = below < h * 0.94 ? below : text!.y - gap;
    return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${hex(d.accents[0]!)}"/>
      <line x1="${w * 0.08}" y1="${y}" x2="${w * 0.42}" y2="${y}" stroke="${hex(d.accents[1]!)}" stroke-width="${Math.max(2, w / 540)}"/>`;
  },
  panels: ({ width: w, height: h }, d, r) =>
    Array.from({ length: 5 }, (_, i) => {
      const pw = w * (0.3 + r() * 0.4);
      const ph = h * (0.25 + r() * 0.4);
      const colour = hex(d.accents[i % 2]!);
      return `<rect x="${w * r() - pw / 3}" y="${h * r() - ph / 3}" width="${pw}" height="${ph}" rx="${Math.min(pw, ph) * 0.12}" fill="${colour}" opacity="${0.08 + r() * 0.1}" transform="rotate(${-20 + r() * 40} ${w / 2} ${h / 2})"/>`;
    }).join(''),
  sunburst: ({ width: w, height: h }, d, r) => {
    const cx = w * (0.3 + r() * 0.4);
    const cy = h * 1.05;
    const reach = Math.hypot(w, h) * 1.2;
    const rays = Array.from({ length: 18 }, (_, i) => {
      const a0 = Math.PI + (i / 18) * Math.PI;
      const a1 = a0 + Math.PI / 36;
      return `<path d="M${cx} ${cy} L${cx + reach * Math.cos(a0)} ${cy + reach * Math.sin(a0)} L${cx + reach * Math.cos(a1)} ${cy + reach * Math.sin(a1)} Z" fill="${hex(d.accents[0]!)}"/>`;
    }).join('');
    const inset = Math.min(w, h) * 0.035;
    const border = hex(d.accents[1]!);
    return `${rays}<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="none" stroke="${border}" stroke-width="${inset * 0.25}"/>
      <rect x="${inset * 1.6}" y="${inset * 1.6}" width="${w - 3.2 * inset}" height="${h - 3.2 * inset}" fill="none" stroke="${border}" stroke-width="${inset * 0.08}"/>`;
  },
  grid: ({ width: w, height: h }, d, r) => {
    const horizon = h * (0.55 + r() * 0.1);
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
    const beams = Array.from({ length: 3 }, () => {
      const y = h * r() * 0.5;
      return `<rect x="0" y="${y}" width="${w}" height="${Math.max(2, h / 400)}" fill="${hex(pick(d.accents, r))}" opacity="0.8"/>`;
    }).join('');
    return `<line x1="0" y1="${horizon}" x2="${w}" y2="${horizon}" stroke="${colour}" stroke-width="${stroke * 2}"/>${verticals}${horizontals}${beams}`;
  },
  frame: ({ width: w, height: h }, d) => {
    const inset = Math.min(w, h) * 0.05;
    const gold = hex(d.accents[0]!);
    const corner = inset * 1.6;
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
    return `<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="none" stroke="${gold}" stroke-width="${Math.max(1.5, inset * 0.06)}"/>${corners}`;
  },
  blobs: ({ width: w, height: h }, d, r) =>
    Array.from({ length: 7 }, (_, i) => {
      const cx = w * r();
      const cy = h * r();
      const size = Math.min(w, h) * (0.12 + r() * 0.2);
      const points = Array.from({ length: 6 }, (_, k) => {
        const a = (k / 6) * Math.PI * 2;
        const rr = size * (0.7 + r() * 0.6);
        return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)];
      });
      const path = points
        .map(([x, y], k) => {
          const [nx, ny] = points[(k + 1) % points.length]!;
          return `${k === 0 ? `M${(x! + nx!) / 2} ${(y! + ny!) / 2}` : ''} Q${nx} ${ny} ${(nx! + points[(k + 2) % points.length]![0]!) / 2} ${(ny! + points[(k + 2) % points.length]![1]!) / 2}`;
        })
        .join(' ');
      return `<path d="${path} Z" fill="${hex(d.accents[i % d.accents.length]!)}" opacity="0.82"/>`;
    }).join(''),
  stripes: ({ width: w, height: h }, d, r) =>
    Array.from({ length: 9 }, (_, i) => {
      const x = w * (-0.3 + i * 0.18 + r() * 0.05);
      const band = w * (0.03 + r() * 0.07);
      const colour = hex(d.accents[i % 2]!);
      return `<polygon points="${x},${h} ${x + band},${h} ${x + band + h * 0.6},0 ${x + h * 0.6},0" fill="${colour}" opacity="${0.12 + r() * 0.14}"/>`;
    }).join(''),
  leaves: ({ width: w, height: h }, d, r) =>
    Array.from({ length: 14 }, () => {
      const onLeft = r() < 0.5;
      const x = onLeft ? w * r() * 0.22 : w * (0.78 + r() * 0.22);
      const y = h * r();
      const length = Math.min(w, h) * (0.12 + r() * 0.12);
      const angle = (onLeft ? -40 : 220) + r() * 80;
      const colour = hex(pick(d.accents, r));
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0 Q${length / 2} ${-length * 0.32} ${length} 0 Q${length / 2} ${length * 0.32} 0 0 Z" fill="${colour}"/><line x1="0" y1="0" x2="${length}" y2="0" stroke="${hex(d.accents[2] ?? d.accents[0]!)}" stroke-width="${length / 60}" opacity="0.7"/></g>`;
    }).join(''),
};

export function expressBackground(
  canvas: Canvas,
  design: ExpressDesign,
  seed: number,
  mirrored: boolean,
  text: Box | null,
): string {
  const [from, to] = design.background;
  const [x1, x2] = mirrored ? ['1', '0'] : ['0', '1'];
  // Motifs draw in their own mirrored frame: mirror the headline box into it too.
  const box = text && mirrored ? { ...text, x: canvas.width - text.x - text.width } : text;
  const motif = MOTIFS[design.motif](canvas, design, randomSource(seed), box);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}">
    <defs><linearGradient id="bg" x1="${x1}" y1="0" x2="${x2}" y2="1"><stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient></defs>
    <rect width="${canvas.width}" height="${canvas.height}" fill="url(#bg)"/>
    <g${mirrored ? ` transform="translate(${canvas.width} 0) scale(-1 1)"` : ''}>${motif}</g>
  </svg>`;
}
