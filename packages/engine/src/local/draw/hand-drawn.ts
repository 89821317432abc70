/** Pencil and watercolour on paper: the hand-drawn style's restructured scene. */
import type { Effects } from '../../art-direction/types';
import { fromEngineFile, fromRaw, guard, toRaw, type RawImage } from '../../image/sharp';
import { sobelAt } from '../../pixels/color';
import { clampByte, lumaPlane } from '../../pixels/fixed-point';
import { keyedRandom } from '../../pixels/noise';
import { sharedNoise } from '../../pixels/texture';

/**
 * The median's window on the washes' copy before their colours are counted: a wash lies over a shape,
 * not over each blade of grass (decision 090).
 */
const WASH_MEDIAN = 9;

/**
 * Watercolour washes for a drawing of `base`'s size: a handful of colours at two thirds of that size,
 * enlarged softly so they bleed together; and the darker rims where pigment pooled, where the wash
 * changes tone.
 */
async function washesOf(base: RawImage, width: number, height: number) {
  const small = { width: Math.round(width / 1.5), height: Math.round(height / 1.5) };
  const png = await guard(
    fromRaw(base)
      .resize(small.width, small.height, { fit: 'fill' })
      .median(WASH_MEDIAN)
      .blur(1)
      .png({ palette: true, colours: 7, dither: 0, effort: 1 })
      .toBuffer(),
  );
  const washSmall = await toRaw(fromEngineFile(png).toColourspace('srgb').removeAlpha().blur(0.8));
  const washLum = lumaPlane(washSmall);
  const rimSmall = Buffer.alloc(small.width * small.height);
  for (let y = 1; y < small.height - 1; y++) {
    for (let x = 1; x < small.width - 1; x++) {
      const p = y * small.width + x;
      const g =
        Math.abs(washLum[p + 1]! - washLum[p - 1]!) +
        Math.abs(washLum[p + small.width]! - washLum[p - small.width]!);
      rimSmall[p] = clampByte(g * 4);
    }
  }
  // Enlarged in blocks, then blurred across them: as smooth as a cubic enlargement, and libvips does it
  // in a fraction of the time.
  const [wash, rim] = await Promise.all([
    toRaw(fromRaw(washSmall).resize(width, height, { fit: 'fill', kernel: 'nearest' }).blur(1.2)),
    toRaw(
      fromRaw({ data: rimSmall, width: small.width, height: small.height, channels: 1 })
        .resize(width, height, { fit: 'fill', kernel: 'nearest' })
        .blur(1.2)
        .extractChannel(0),
    ),
  ]);
  return { wash, rim };
}

/**
 * Pencil lines: Sobel edges of the smoothed grey that stand out from the edges around them. A contour
 * (a wall's corner, a hat's brim against the sky) is drawn; a texture (asphalt, grass, gravel), whose
 * edges are everywhere alike, is left to the wash: drawn, it became a scribble of worms.
 */
async function pencilLines(d: Buffer, width: number, height: number): Promise<Float32Array> {
  const edges = Buffer.alloc(width * height);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++)
      edges[y * width + x] = Math.min(255, sobelAt(d, y * width + x, width));
  const around = await toRaw(
    fromRaw({ data: edges, width, height, channels: 1 })
      .blur(Math.max(2, Math.min(width, height) / TEXTURE_WINDOW))
      .extractChannel(0),
  );
  const lines = new Float32Array(width * height);
  for (let p = 0; p < lines.length; p++) {
    const stands = edges[p]! - TEXTURE_KEEP * around.data[p]!;
    lines[p] = Math.min(1, Math.max(0, (stands - 14) / 70));
  }
  return lines;
}

/**
 * The median's window on the half-size grey before its edges are found (15: grass, gravel and a cloth's
 * weave leave no edges of their own, a shape's outline stays; decision 090); the neighbourhood a
 * texture's edges are measured over (1/40 of the side); how much of that texture's edge strength is not
 * drawn.
 */
const TEXTURE_MEDIAN = 15;
const TEXTURE_WINDOW = 40;
const TEXTURE_KEEP = 1.2;

/** The grey level (of 255) under which hatching may be drawn, whatever the picture. */
const HATCH_BELOW = 120;
/**
 * Over what share of the border's width (7 % of the shorter side; the bare paper is a ragged part of
 * it) the pencil fades out toward the sheet's edge: its outer 3.5 %.
 */
const PENCIL_FADE = 0.5;

/** 0 below 0, 1 above 1, a smooth step between. */
const smooth = (t: number) => (t >= 1 ? 1 : t <= 0 ? 0 : t * t * (3 - 2 * t));

/**
 * Pencil and watercolour on paper: the scene's colours laid as a few transparent washes, uneven, with
 * darker rims where they pooled and slightly off the drawing; graphite lines along its edges; hatching
 * in its shadows. The paper's own texture is added on the surface pass.
 */
export async function drawOnPaper(scene: RawImage, effects: Effects, seed: number): Promise<RawImage> {
  // Pencil is soft: the drawing is made at half size and enlarged, which costs a quarter as much.
  const width = Math.round(scene.width / 2);
  const height = Math.round(scene.height / 2);
  const base = await toRaw(fromRaw(scene).resize(width, height, { fit: 'fill' }));
  const paperColour = effects.washColour;
  // libvips makes the washes and the smoothed grey on its threads while the lines and noises are drawn.
  const washing = washesOf(base, width, height);
  washing.catch(() => undefined);
  // Lines: edges of the scene's luminance, smoothed first (a median, then a blur) so only real contours
  // remain; a low threshold draws soft, out-of-focus ones too.
  const grey = await toRaw(fromRaw(base).greyscale().median(TEXTURE_MEDIAN).blur(1.2).extractChannel(0));
  const d = grey.data;
  // Hatching in the picture's own shadows: its darkest quarter at most, never lighter than grey 120. On a
  // dark scene a fixed level hatched most of the sheet.
  const hatchBelow = shadowLevel(d);
  const lines = await pencilLines(d, width, height);
  const blotch = sharedNoise(width, height, 9, 9, seed + 31);
  const pressure = sharedNoise(width, height, width / 30, height / 30, seed + 47);
  const breaks = sharedNoise(width, height, width / 7, height / 7, seed + 53);
  // The painter stops short of the sheet's edge, along a ragged line: a border of bare paper.
  const ragged = sharedNoise(width, height, 14, 14, seed + 59);
  const { wash, rim } = await washing;
  const border = Math.min(width, height) * 0.07;
  const period = Math.max(4, Math.round(Math.min(width, height) / 90));
  // Each stroke wavers a little along its length, as a hand does.
  const waver = sharedNoise(1, height, 2, height / 40, seed + 71);
  // The wash lands a little off the drawing, as a painter's brush does.
  const dx = Math.round(width / 160);
  const dy = Math.round(height / 220);
  const out = Buffer.alloc(width * height * 3);
  const [paperR, paperG, paperB] = paperColour as [number, number, number];
  // Graphite's colour, at 35 %.
  const [inkR, inkG, inkB] = [70 * 0.35, 66 * 0.35, 62 * 0.35];
  // Each wash level as pigment: lightened, transparent.
  const pigmentOf = Float64Array.from({ length: 256 }, (_, v) => (255 - (255 - v) * 0.75) / 255);
  const washed = wash.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - dy));
    const fromEdgeY = Math.min(y, height - 1 - y);
    const shift = waver[y]! * period * 1.5;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const sx = Math.min(width - 1, Math.max(0, x - dx));
      const s = sy * width + sx;
      // Transparent pigment over paper: the paper's colour filtered by a lightened, uneven wash.
      const fromEdge = Math.min(x, width - 1 - x, fromEdgeY) / border;
      const edge = fromEdge - 0.6 + ragged[p]! * 0.9;
      const painted = smooth(edge);
      // The pencil fades out before the sheet's edge too: a line drawn up to it (an edge of the
      // photo's crop) read as a stray mark on the bare border.
      const drawn = smooth(fromEdge / PENCIL_FADE);
      const density = (0.55 + 0.45 * blotch[s]!) * painted;
      const pool = 1 - 0.22 * (rim.data[s]! / 255);
      let line = lines[p]! * effects.outline * (0.55 + 0.45 * pressure[p]!) * drawn;
      // Hatching in the shadows: wobbly diagonal strokes of a hand's lengths, broken where the pencil
      // lifted; one direction only (cross-hatching made a lattice that read as a printed screen).
      const l = d[p]!;
      if (effects.hatching > 0 && l < hatchBelow && breaks[p]! > 0.35) {
        const depth = ((hatchBelow - l) / hatchBelow) * Math.min(1, (breaks[p]! - 0.35) * 6);
        const stroke = handStroke(x + y + shift, x - y, period, seed) * depth;
        // Shading, where the wash is: none on the bare border.
        line = Math.max(line, stroke * effects.hatching * painted);
      }
      const k = 1 - Math.min(0.85, line);
      const bare = 1 - density;
      const shade = 1 - (1 - pool) * painted;
      const lead = 1 - k;
      const i = p * 3;
      const w = s * 3;
      out[i] = clampByte(paperR * (bare + density * pigmentOf[washed[w]!]!) * shade * k + inkR * lead);
      out[i + 1] = clampByte(
        paperG * (bare + density * pigmentOf[washed[w + 1]!]!) * shade * k + inkG * lead,
      );
      out[i + 2] = clampByte(
        paperB * (bare + density * pigmentOf[washed[w + 2]!]!) * shade * k + inkB * lead,
      );
    }
  }
  return toRaw(
    fromRaw({ data: out, width, height, channels: 3 })
      .resize(scene.width, scene.height, { fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(0.8, scene.width / 1350)),
  );
}

/**
 * The grey level below which at most a quarter of the picture lies, at most HATCH_BELOW; 0 (nothing
 * hatched) when a quarter of it is black.
 */
function shadowLevel(grey: Buffer): number {
  const histogram = new Uint32Array(256);
  for (const v of grey) histogram[v]!++;
  let below = 0;
  for (let v = 0; v < HATCH_BELOW; v++) {
    below += histogram[v]!;
    if (below >= grey.length / 4) return v;
  }
  return HATCH_BELOW;
}

/**
 * Hatching as a hand draws it: strokes `period` apart across `u` (a little irregularly), each a dash of
 * its own length along `v` with a gap after it, its own phase and pressure, so the strokes do not line up
 * into a printed screen.
 */
function handStroke(u: number, v: number, period: number, seed: number): number {
  const index = Math.floor(u / period);
  const key = index * 7919 + seed * 104729;
  // Where this stroke runs across its slot (off centre by up to a fifth of the period).
  const centre = period * (0.5 + (keyedRandom(key) - 0.5) * 0.4);
  const offset = u - index * period - centre;
  const width = Math.max(0, 1 - Math.abs(offset) / 0.9);
  if (width === 0) return 0;
  const length = period * (6 + 8 * keyedRandom(key + 1));
  const gap = period * (0.6 + 1.6 * keyedRandom(key + 2));
  const phase = keyedRandom(key + 3) * (length + gap);
  const at = (((v + phase) % (length + gap)) + length + gap) % (length + gap);
  if (at >= length) return 0;
  // The pencil lands and lifts: lighter at both ends of the stroke.
  const ends = Math.min(1, at / (period * 0.8), (length - at) / (period * 0.8));
  return width * ends * (0.65 + 0.35 * keyedRandom(key + 4));
}
