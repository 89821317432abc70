/**
 * What a TrueType font file says its glyphs look like, read from the file itself: which glyph a
 * character maps to (cmap formats 4 and 12) and the outline's bounding box (glyf). This is the
 * reference the text check (face-check.ts) holds the drawn text against; it never asks fontconfig.
 */
import { readFileSync } from 'node:fs';

/** A glyph's outline box in font units, y up from the baseline; null for a glyph with no outline. */
export type GlyphBox = { xMin: number; yMin: number; xMax: number; yMax: number } | null;

export type FontMetrics = {
  unitsPerEm: number;
  /** The glyph of a code point, or undefined when the font has none. */
  box(codePoint: number): GlyphBox | undefined;
  /** The glyph's outline as SVG path data, in font units (y up), or undefined when the font has none. */
  outline(codePoint: number): string | undefined;
};

type Tables = Map<string, { offset: number; length: number }>;

function tablesOf(data: Buffer): Tables {
  const tables: Tables = new Map();
  const count = data.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    tables.set(data.toString('latin1', at, at + 4), {
      offset: data.readUInt32BE(at + 8),
      length: data.readUInt32BE(at + 12),
    });
  }
  return tables;
}

/** The best Unicode subtable: a full repertoire (format 12) before the basic plane (format 4). */
function cmapLookup(data: Buffer, cmap: number): (codePoint: number) => number {
  const count = data.readUInt16BE(cmap + 2);
  let format4 = -1;
  for (let i = 0; i < count; i++) {
    const at = cmap + 4 + i * 8;
    const platform = data.readUInt16BE(at);
    const encoding = data.readUInt16BE(at + 2);
    const table = cmap + data.readUInt32BE(at + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = data.readUInt16BE(table);
    if (format === 12) return format12(data, table);
    if (format === 4 && format4 < 0) format4 = table;
  }
  if (format4 < 0) throw new Error('font has no Unicode cmap');
  return format4Lookup(data, format4);
}

function format12(data: Buffer, table: number) {
  const groups = data.readUInt32BE(table + 12);
  return (codePoint: number): number => {
    let lo = 0;
    let hi = groups - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = table + 16 + mid * 12;
      const start = data.readUInt32BE(at);
      const end = data.readUInt32BE(at + 4);
      if (codePoint < start) hi = mid - 1;
      else if (codePoint > end) lo = mid + 1;
      else return data.readUInt32BE(at + 8) + (codePoint - start);
    }
    return 0;
  };
}

function format4Lookup(data: Buffer, table: number) {
  const segments = data.readUInt16BE(table + 6) / 2;
  const ends = table + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint: number): number => {
    if (codePoint > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (codePoint > data.readUInt16BE(ends + s * 2)) continue;
      const start = data.readUInt16BE(starts + s * 2);
      if (codePoint < start) return 0;
      const delta = data.readInt16BE(deltas + s * 2);
      const rangeAt = rangeOffsets + s * 2;
      const rangeOffset = data.readUInt16BE(rangeAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = data.readUInt16BE(rangeAt + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

export function readFontMetrics(file: string): FontMetrics {
  const data = readFileSync(file);
  const tables = tablesOf(data);
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`${file}: no ${tag} table (only TrueType outlines are read)`);
    return found.offset;
  };
  const head = table('head');
  const unitsPerEm = data.readUInt16BE(head + 18);
  const longOffsets = data.readInt16BE(head + 50) === 1;
  const glyphCount = data.readUInt16BE(table('maxp') + 4);
  const loca = table('loca');
  const glyf = table('glyf');
  const glyphOf = cmapLookup(data, table('cmap'));
  const offsetOf = (glyph: number) =>
    longOffsets ? data.readUInt32BE(loca + glyph * 4) : data.readUInt16BE(loca + glyph * 2) * 2;
  const outlineOf = (glyph: number, depth = 0): Point[][] => {
    const start = offsetOf(glyph);
    if (depth > 8 || offsetOf(glyph + 1) === start) return [];
    const at = glyf + start;
    const contours = data.readInt16BE(at);
    return contours >= 0
      ? simpleOutline(data, at, contours)
      : compositeOutline(data, at, (g) => outlineOf(g, depth + 1));
  };
  return {
    unitsPerEm,
    outline(codePoint) {
      const glyph = glyphOf(codePoint);
      if (glyph === 0 || glyph >= glyphCount) return undefined;
      return pathData(outlineOf(glyph));
    },
    box(codePoint) {
      const glyph = glyphOf(codePoint);
      if (glyph === 0 || glyph >= glyphCount) return undefined;
      const start = offsetOf(glyph);
      if (offsetOf(glyph + 1) === start) return null;
      const at = glyf + start;
      return {
        xMin: data.readInt16BE(at + 2),
        yMin: data.readInt16BE(at + 4),
        xMax: data.readInt16BE(at + 6),
        yMax: data.readInt16BE(at + 8),
      };
    },
  };
}

type Point = { x: number; y: number; on: boolean };

/** A simple glyph's contours: points with their on-curve flags (the TrueType 'glyf' encoding). */
function simpleOutline(data: Buffer, at: number, contours: number): Point[][] {
  const ends: number[] = [];
  for (let i = 0; i < contours; i++) ends.push(data.readUInt16BE(at + 10 + i * 2));
  const count = contours ? ends[contours - 1]! + 1 : 0;
  let p = at + 10 + contours * 2;
  p += 2 + data.readUInt16BE(p);
  const flags: number[] = [];
  while (flags.length < count) {
    const flag = data[p++]!;
    flags.push(flag);
    if (flag & 8) for (let repeat = data[p++]!; repeat > 0; repeat--) flags.push(flag);
  }
  const coordinates = (short: number, same: number) => {
    const values: number[] = [];
    let value = 0;
    for (const flag of flags.slice(0, count)) {
      if (flag & short) {
        value += flag & same ? data[p]! : -data[p]!;
        p += 1;
      } else if (!(flag & same)) {
        value += data.readInt16BE(p);
        p += 2;
      }
      values.push(value);
    }
    return values;
  };
  const xs = coordinates(2, 16);
  const ys = coordinates(4, 32);
  const points = xs.map((x, i) => ({ x, y: ys[i]!, on: (flags[i]! & 1) === 1 }));
  return ends.map((end, i) => points.slice(i ? ends[i - 1]! + 1 : 0, end + 1));
}

/** A composite glyph: its components' contours, moved (and scaled) as it says. */
function compositeOutline(data: Buffer, at: number, component: (glyph: number) => Point[][]): Point[][] {
  const contours: Point[][] = [];
  let p = at + 10;
  for (let more = true; more;) {
    const flags = data.readUInt16BE(p);
    const glyph = data.readUInt16BE(p + 2);
    p += 4;
    const words = flags & 1;
    const dx = words ? data.readInt16BE(p) : data.readInt8(p);
    const dy = words ? data.readInt16BE(p + 2) : data.readInt8(p + 1);
    p += words ? 4 : 2;
    // Components placed by matching points (no x/y offset) are rare in text faces: left in place.
    const offset = flags & 2 ? { x: dx, y: dy } : { x: 0, y: 0 };
    const f2dot14 = (q: number) => data.readInt16BE(q) / 16384;
    // The component's transformation: one scale, one per axis, or a 2 by 2 matrix.
    const terms = flags & 8 ? 1 : flags & 0x40 ? 2 : flags & 0x80 ? 4 : 0;
    const read = Array.from({ length: terms }, (_, i) => f2dot14(p + i * 2));
    p += terms * 2;
    const matrix: [number, number, number, number] =
      terms === 1
        ? [read[0]!, 0, 0, read[0]!]
        : terms === 2
          ? [read[0]!, 0, 0, read[1]!]
          : terms === 4
            ? [read[0]!, read[1]!, read[2]!, read[3]!]
            : [1, 0, 0, 1];
    const [a, b, c, d] = matrix;
    for (const contour of component(glyph)) {
      contours.push(
        contour.map(({ x, y, on }) => ({ x: a * x + c * y + offset.x, y: b * x + d * y + offset.y, on })),
      );
    }
    more = (flags & 0x20) !== 0;
  }
  return contours;
}

/** Quadratic contours as SVG path data (an off-curve pair implies the on-curve point between them). */
function pathData(contours: Point[][]): string {
  const parts: string[] = [];
  const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true });
  for (const contour of contours) {
    if (contour.length < 2) continue;
    const first = contour[0]!;
    const last = contour.at(-1)!;
    const start = first.on ? first : last.on ? last : mid(last, first);
    const rest = first.on ? contour.slice(1) : last.on ? contour.slice(0, -1) : contour;
    parts.push(`M${start.x} ${start.y}`);
    let control: Point | null = null;
    for (const point of [...rest, start]) {
      if (point.on) {
        parts.push(control ? `Q${control.x} ${control.y} ${point.x} ${point.y}` : `L${point.x} ${point.y}`);
        control = null;
      } else {
        if (control) {
          const between = mid(control, point);
          parts.push(`Q${control.x} ${control.y} ${between.x} ${between.y}`);
        }
        control = point;
      }
    }
    parts.push('Z');
  }
  return parts.join('');
}

const cache = new Map<string, FontMetrics>();

/** The metrics of a font file, read once per thread. */
export function fontMetrics(file: string): FontMetrics {
  let metrics = cache.get(file);
  if (!metrics) cache.set(file, (metrics = readFontMetrics(file)));
  return metrics;
}
