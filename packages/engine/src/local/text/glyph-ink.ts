/**
 * The ink of glyph images, as the face check reads it: where each glyph of a probe is, a glyph's crop,
 * and how alike two glyph images are.
 */
import type { RawImage } from '../../image/sharp';

/** How much more or less ink than its outline a glyph may hold (antialiasing, hinting). */
const MASS_TOLERANCE = 0.1;
export type Span = { x0: number; x1: number; top: number; bottom: number };

/** Where the glyphs of a mask are, left to right: ink columns closer than `join` px are one glyph. */
export function inkSpans(mask: RawImage, join: number): Span[] {
  const { data, width, height } = mask;
  const inColumn = new Uint8Array(width);
  for (let i = 0; i < data.length; i++) if (data[i]! > 0) inColumn[i % width] = 1;
  const spans: Span[] = [];
  for (let x = 0; x < width; x++) {
    if (!inColumn[x]) continue;
    const last = spans.at(-1);
    if (last && x - last.x1 <= join) last.x1 = x + 1;
    else spans.push({ x0: x, x1: x + 1, top: 0, bottom: 0 });
  }
  for (const span of spans) {
    let top = height;
    let bottom = 0;
    for (let y = 0; y < height; y++) {
      for (let x = span.x0; x < span.x1; x++) {
        if (data[y * width + x]! > 0) {
          top = Math.min(top, y);
          bottom = y + 1;
          break;
        }
      }
    }
    Object.assign(span, { top, bottom });
  }
  return spans;
}

/** The coverage inside a box of a mask, as a new image. */
export function crop(mask: RawImage, span: Span): RawImage {
  const width = span.x1 - span.x0;
  const height = span.bottom - span.top;
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const from = (span.top + y) * mask.width + span.x0;
    mask.data.copy(data, y * width, from, from + width);
  }
  return { data, width, height, channels: 1 };
}

/** A one-channel image stretched to another size (bilinear). */
function resample(image: RawImage, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = fx - x0;
      const at = (px: number, py: number) => image.data[py * image.width + px]!;
      const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
      const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
      out[y * width + x] = Math.round(top * (1 - wy) + bottom * wy);
    }
  }
  return out;
}

/**
 * How alike two glyph images are, 0 to 1: the drawn one is brought to the reference's box, then the
 * share of each one's ink (coverage over a half) that the other covers within a pixel; the smaller share.
 * A pixel's leeway absorbs antialiasing and hinting; another face's strokes are elsewhere.
 */
export function likeness(drawn: RawImage, expected: RawImage): number {
  const { width, height } = expected;
  const resized = { data: resample(drawn, width, height) };
  const share = (a: Buffer, b: Buffer) => {
    let ink = 0;
    let covered = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (a[y * width + x]! <= 127) continue;
        ink++;
        near: for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < width && ny < height && b[ny * width + nx]! > 63) {
              covered++;
              break near;
            }
          }
        }
      }
    }
    return ink ? covered / ink : 1;
  };
  // Within a pixel, a bolder weight of the same design still matches: its strokes hold more ink. Measured
  // at the drawn size, allowing a quarter of a pixel of coverage all along the box's outline (antialiasing, hinting).
  const ink = (data: Buffer) => data.reduce((sum, v) => sum + v, 0);
  const leeway = ink(expected.data) * MASS_TOLERANCE + 127 * (width + height);
  const weightAlike = Math.abs(ink(drawn.data) - ink(expected.data)) <= leeway;
  return weightAlike ? Math.min(share(resized.data, expected.data), share(expected.data, resized.data)) : 0;
}
