/**
 * Style effects that change the scene's structure, before grading: depth of field, the 3D-mockup
 * studio sweep, flat inked illustration, pencil and watercolour on paper, and the cyberpunk neon
 * duotone. Never applied to the product.
 */
import type { Box, Effects, Grading, Rgb } from '../art-direction/types';
import { fromEngineFile, fromRaw, guard, toRaw, type RawImage } from '../image/sharp';
import { clampByte, luma } from './color';
import { valueNoise } from './texture';

const mix = (a: number, b: number, t: number) => a + (b - a) * t;
const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((c) => mix(a[c]!, b[c]!, t)) as unknown as Rgb;

/** Where the product stands: depth of field and the studio sweep are laid out around it. */
export type Stage = { box: Box; groundY: number };

export async function styliseStructure(
  scene: RawImage,
  effects: Effects,
  grading: Grading,
  stage: Stage,
  seed = 1,
): Promise<RawImage> {
  let out = scene;
  if (effects.depthOfField > 0) out = await defocus(out, effects.depthOfField, stage.groundY);
  if (effects.podium) studioSweep(out, grading, stage);
  if (effects.flatColours > 0) {
    out = await illustrate(out, effects.flatColours, effects.outline, grading);
  } else if (effects.paper > 0) {
    out = await drawOnPaper(out, effects, seed);
  } else {
    if (effects.soften > 0) out = await toRaw(fromRaw(out).blur(effects.soften));
    if (effects.outline > 0) inkEdges(out, effects.outline);
  }
  if (effects.duotone > 0) duotone(out, effects.duotone, grading);
  return out;
}

/**
 * A shallow depth of field focused on the product: sharp at the ground line, fully defocused a third
 * of the picture above it, a little soft in the nearest foreground.
 */
async function defocus(scene: RawImage, amount: number, groundY: number): Promise<RawImage> {
  const { width, height, channels, data } = scene;
  const sigma = Math.max(1, amount * Math.min(width, height) * 0.011);
  // libvips blurs at full size faster than it could enlarge a blurred half-size copy.
  const soft = (await toRaw(fromRaw(scene).blur(sigma))).data;
  const reach = height * 0.3;
  for (let y = 0; y < height; y++) {
    const w =
      y < groundY ? Math.min(1, (groundY - y) / reach) ** 0.7 : Math.min(1, (y - groundY) / reach) * 0.45;
    const k = Math.round(w * 256);
    if (k <= 0) continue;
    const from = y * width * channels;
    const to = from + width * channels;
    // Fully out of focus: the blurred row as it is.
    if (k >= 256) soft.copy(data, from, from, to);
    else mixRow(data, soft, from, to, k);
  }
  return scene;
}

/** data += (other - data) * k / 256 over [from, to): fixed point, one multiply per byte. */
function mixRow(data: Buffer, other: Buffer, from: number, to: number, k: number): void {
  for (let i = from; i < to; i++) {
    const v = data[i]!;
    data[i] = v + (((other[i]! - v) * k) >> 8);
  }
}

/**
 * The seamless backdrop of a product render: a wall in the palette's colours curving into a floor a
 * little above the ground line, with the scene showing through faintly.
 */
function studioSweep({ data, width, height, channels }: RawImage, grading: Grading, stage: Stage): void {
  const { accent, light, dark } = grading.swatch;
  // A light wall (text set on it reads without a scrim), a deeper floor for the podium to stand out on.
  const wallTop = mixRgb(light, accent, 0.3);
  const wall = mixRgb(light, accent, 0.45);
  const floor = mixRgb(mixRgb(accent, dark, 0.25), light, 0.2);
  const bend = stage.groundY - stage.box.height * 0.35;
  const soft = height * 0.12;
  const cover = 0.72;
  for (let y = 0; y < height; y++) {
    const onFloor = Math.min(1, Math.max(0, (y - bend + soft) / (2 * soft)));
    const t = y / Math.max(1, bend);
    const backdrop = mixRgb(
      mixRgb(wallTop, wall, Math.min(1, t)),
      floor,
      onFloor * onFloor * (3 - 2 * onFloor),
    );
    // v -> v * (1 - cover) + backdrop * cover, in 1/256ths.
    const keep = Math.round((1 - cover) * 256);
    const r = Math.round(backdrop[0]! * cover * 256);
    const g = Math.round(backdrop[1]! * cover * 256);
    const b = Math.round(backdrop[2]! * cover * 256);
    for (let i = y * width * channels, end = i + width * channels; i < end; i += channels) {
      data[i] = (data[i]! * keep + r) >> 8;
      data[i + 1] = (data[i + 1]! * keep + g) >> 8;
      data[i + 2] = (data[i + 2]! * keep + b) >> 8;
    }
  }
}

/** Luminance of an image into a float array. */
function lumaOf({ data, width, height, channels }: RawImage): Float32Array {
  const lum = new Float32Array(width * height);
  for (let p = 0; p < lum.length; p++) {
    const i = p * channels;
    lum[p] = luma(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  return lum;
}

/**
 * Vector-like illustration: the scene reduced to a few flat colours at a quarter of its size, enlarged
 * and smoothed, then snapped back to those colours, so boundaries are crisp, smooth curves; then inked
 * wherever two flats differ clearly in tone.
 */
async function illustrate(
  scene: RawImage,
  colours: number,
  ink: number,
  grading: Grading,
): Promise<RawImage> {
  const { width, height } = scene;
  // Vivid, contrasty flats: an illustrator's colours, not a photo's muted ones. Shapes are found at a
  // quarter of the size: an illustration keeps shapes, not detail.
  const small = fromRaw(scene)
    .resize(Math.round(width / 4), Math.round(height / 4))
    .modulate({ saturation: 1.4 })
    .linear(1.12, -14);
  const png = await guard(small.png({ palette: true, colours, dither: 0, effort: 3 }).toBuffer());
  const flatSmall = await toRaw(fromEngineFile(png).toColourspace('srgb').removeAlpha());
  // Thin rings of in-between colours (where the photo had a soft edge) go to their neighbours.
  const palette = majority(flatSmall, 1);
  // Enlarged in blocks and blurred across them: after snapping, the same smooth boundaries as a cubic
  // enlargement, for a tenth of libvips' time.
  const flat = await toRaw(
    fromRaw(flatSmall)
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(1, width / 400)),
  );
  snapToPalette(flat, palette);
  if (ink <= 0) return flat;
  const lum = lumaBytes(flat);
  const edges = Buffer.alloc(width * height);
  for (let y = 0; y < height - 1; y++) {
    for (let p = y * width, end = p + width - 1; p < end; p++) {
      const l = lum[p]!;
      const right = l - lum[p + 1]!;
      const below = l - lum[p + width]!;
      if (right > 22 || right < -22 || below > 22 || below < -22) edges[p] = 255;
    }
  }
  // The line: a thin, anti-aliased stroke whose weight grows a little with the canvas.
  const line = await toRaw(
    fromRaw({ data: edges, width, height, channels: 1 })
      .blur(Math.max(0.8, Math.min(width, height) / 900))
      .extractChannel(0),
  );
  const colour = mixRgb(grading.swatch.dark, [0, 0, 0], 0.5).map(Math.round);
  inkLine(flat, line.data, colour, Math.round(ink * 256));
  return flat;
}

/** Integer luminance (Rec. 709 weights) of each pixel. */
function lumaBytes({ data, width, height, channels }: RawImage): Uint8Array {
  const lum = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < lum.length; p++, i += channels) {
    lum[p] = (54 * data[i]! + 183 * data[i + 1]! + 19 * data[i + 2]!) >> 8;
  }
  return lum;
}

/** Mixes `colour` in where the line mask is set: opaque at a third of its peak, times `ink` / 256. */
function inkLine({ data, channels }: RawImage, line: Buffer, colour: number[], ink: number): void {
  const [r, g, b] = colour as [number, number, number];
  for (let p = 0, i = 0; p < line.length; p++, i += channels) {
    const m = line[p]!;
    if (m === 0) continue;
    // min(1, m / 255 * 3.2) * ink, in 1/256ths.
    const a = (Math.min(256, (m * 822) >> 8) * ink) >> 8;
    data[i] = data[i]! + (((r - data[i]!) * a) >> 8);
    data[i + 1] = data[i + 1]! + (((g - data[i + 1]!) * a) >> 8);
    data[i + 2] = data[i + 2]! + (((b - data[i + 2]!) * a) >> 8);
  }
}

/** A quantised image's distinct colours, as r, g, b triples, and each pixel's index among them. */
type Indexed = { colours: Uint8Array; labels: Uint8Array };

function indexColours({ data, width, height, channels }: RawImage): Indexed {
  const keys = new Map<number, number>();
  const labels = new Uint8Array(width * height);
  const found: number[] = [];
  for (let p = 0, i = 0; p < labels.length; p++, i += channels) {
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    let label = keys.get(key);
    if (label === undefined) {
      // A PNG palette has at most 256 colours.
      label = Math.min(255, keys.size);
      keys.set(key, label);
      found.push(data[i]!, data[i + 1]!, data[i + 2]!);
    }
    labels[p] = label;
  }
  return { colours: Uint8Array.from(found), labels };
}

/** Each pixel takes the most common colour of its 3x3 neighbourhood, `passes` times. */
function majority(image: RawImage, passes: number): Uint8Array {
  const { data, width, height, channels } = image;
  const { colours, labels: first } = indexColours(image);
  let labels = first;
  const counts = new Uint8Array(256);
  for (let pass = 0; pass < passes; pass++) {
    const next = labels.slice();
    for (let y = 1; y < height - 1; y++) {
      for (let p = y * width + 1, end = (y + 1) * width - 1; p < end; p++) {
        let best = labels[p]!;
        // The neighbourhood's labels are counted, then their counts cleared: no full reset per pixel.
        for (let dy = -width; dy <= width; dy += width) {
          for (let dx = -1; dx <= 1; dx++) {
            const k = labels[p + dy + dx]!;
            if (++counts[k]! > counts[best]!) best = k;
          }
        }
        for (let dy = -width; dy <= width; dy += width) {
          for (let dx = -1; dx <= 1; dx++) counts[labels[p + dy + dx]!] = 0;
        }
        next[p] = best;
      }
    }
    labels = next;
  }
  for (let p = 0, i = 0; p < labels.length; p++, i += channels) {
    const c = labels[p]! * 3;
    data[i] = colours[c]!;
    data[i + 1] = colours[c + 1]!;
    data[i + 2] = colours[c + 2]!;
  }
  return colours;
}

/** Every pixel to the nearest palette colour, through a table indexed by 5 bits per channel. */
function snapToPalette({ data, channels }: RawImage, colours: Uint8Array): void {
  const table = new Int16Array(32 * 32 * 32).fill(-1);
  const count = colours.length / 3;
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    let best = table[key]!;
    if (best < 0) {
      let distance = Infinity;
      for (let k = 0; k < count; k++) {
        const dr = colours[k * 3]! - r;
        const dg = colours[k * 3 + 1]! - g;
        const db = colours[k * 3 + 2]! - b;
        const d = dr * dr + dg * dg + db * db;
        if (d < distance) {
          distance = d;
          best = k;
        }
      }
      table[key] = best;
    }
    const c = best * 3;
    data[i] = colours[c]!;
    data[i + 1] = colours[c + 1]!;
    data[i + 2] = colours[c + 2]!;
  }
}

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
      .blur(1)
      .png({ palette: true, colours: 7, dither: 0, effort: 1 })
      .toBuffer(),
  );
  const washSmall = await toRaw(fromEngineFile(png).toColourspace('srgb').removeAlpha().blur(0.8));
  const washLum = lumaOf(washSmall);
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

/** Pencil lines: Sobel edges of the smoothed grey, soft below a low threshold, full at a strong one. */
function pencilLines(d: Buffer, width: number, height: number): Float32Array {
  const lines = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const gx =
        d[p - width + 1]! +
        2 * d[p + 1]! +
        d[p + width + 1]! -
        d[p - width - 1]! -
        2 * d[p - 1]! -
        d[p + width - 1]!;
      const gy =
        d[p + width - 1]! +
        2 * d[p + width]! +
        d[p + width + 1]! -
        d[p - width - 1]! -
        2 * d[p - width]! -
        d[p - width + 1]!;
      lines[p] = Math.min(1, Math.max(0, (Math.sqrt(gx * gx + gy * gy) - 14) / 70));
    }
  }
  return lines;
}

/**
 * Pencil and watercolour on paper: the scene's colours laid as a few transparent washes, uneven, with
 * darker rims where they pooled and slightly off the drawing; graphite lines along its edges; hatching
 * in its shadows. The paper's own texture is added on the surface pass.
 */
async function drawOnPaper(scene: RawImage, effects: Effects, seed: number): Promise<RawImage> {
  // Pencil is soft: the drawing is made at half size and enlarged, which costs a quarter as much.
  const width = Math.round(scene.width / 2);
  const height = Math.round(scene.height / 2);
  const base = await toRaw(fromRaw(scene).resize(width, height, { fit: 'fill' }));
  const paperColour = effects.washColour;
  // libvips makes the washes and the smoothed grey on its threads while the lines and noises are drawn.
  const washing = washesOf(base, width, height);
  washing.catch(() => undefined);
  // Lines: edges of the scene's luminance, smoothed first so only real contours remain; a low
  // threshold draws soft, out-of-focus ones too.
  const grey = await toRaw(fromRaw(base).greyscale().blur(1.2).extractChannel(0));
  const d = grey.data;
  const lines = pencilLines(d, width, height);
  const blotch = valueNoise(width, height, 9, 9, seed + 31);
  const pressure = valueNoise(width, height, width / 30, height / 30, seed + 47);
  const breaks = valueNoise(width, height, width / 7, height / 7, seed + 53);
  // The painter stops short of the sheet's edge, along a ragged line: a border of bare paper.
  const ragged = valueNoise(width, height, 14, 14, seed + 59);
  const { wash, rim } = await washing;
  const border = Math.min(width, height) * 0.07;
  const period = Math.max(4, Math.round(Math.min(width, height) / 90));
  // Each stroke wavers a little along its length, as a hand does.
  const waver = valueNoise(1, height, 2, height / 40, seed + 71);
  // The wash lands a little off the drawing, as a painter's brush does.
  const dx = Math.round(width / 160);
  const dy = Math.round(height / 220);
  const out = Buffer.alloc(width * height * 3);
  const graphite = [70, 66, 62];
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - dy));
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const sx = Math.min(width - 1, Math.max(0, x - dx));
      const s = sy * width + sx;
      // Transparent pigment over paper: the paper's colour filtered by a lightened, uneven wash.
      const edge = Math.min(x, y, width - 1 - x, height - 1 - y) / border - 0.6 + ragged[p]! * 0.9;
      const painted = edge >= 1 ? 1 : edge <= 0 ? 0 : edge * edge * (3 - 2 * edge);
      const density = (0.55 + 0.45 * blotch[s]!) * painted;
      const pool = 1 - 0.22 * (rim.data[s]! / 255);
      let line = lines[p]! * effects.outline * (0.55 + 0.45 * pressure[p]!);
      // Hatching in the shadows: wobbly diagonal strokes, broken where the pencil lifted.
      const l = d[p]!;
      if (effects.hatching > 0 && l < 120 && breaks[p]! > 0.35) {
        const depth = ((120 - l) / 120) * Math.min(1, (breaks[p]! - 0.35) * 6);
        const shift = waver[y]! * period * 1.5;
        const along = (x + y + shift) % period;
        let stroke = Math.max(0, 1 - Math.min(along, period - along) / 0.9) * depth;
        if (l < 60) {
          const across = (x - y + shift + height * period) % period;
          stroke = Math.max(stroke, Math.max(0, 1 - Math.min(across, period - across) / 0.9) * depth);
        }
        line = Math.max(line, stroke * effects.hatching);
      }
      const k = 1 - Math.min(0.85, line);
      for (let c = 0; c < 3; c++) {
        const pigment = 255 - (255 - wash.data[s * 3 + c]!) * 0.75;
        const colour =
          paperColour[c]! * (1 - density + (density * pigment) / 255) * (1 - (1 - pool) * painted);
        out[p * 3 + c] = clampByte(colour * k + graphite[c]! * (1 - k) * 0.35);
      }
    }
  }
  return toRaw(
    fromRaw({ data: out, width, height, channels: 3 })
      .resize(scene.width, scene.height, { fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(0.8, scene.width / 1350)),
  );
}

/** Dark ink along strong edges (Sobel on luminance). */
function inkEdges(image: RawImage, strength: number): void {
  const { data, width, height, channels } = image;
  const lum = lumaOf(image);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const gx =
        lum[p - width + 1]! +
        2 * lum[p + 1]! +
        lum[p + width + 1]! -
        lum[p - width - 1]! -
        2 * lum[p - 1]! -
        lum[p + width - 1]!;
      const gy =
        lum[p + width - 1]! +
        2 * lum[p + width]! +
        lum[p + width + 1]! -
        lum[p - width - 1]! -
        2 * lum[p - width]! -
        lum[p - width + 1]!;
      const edge = Math.min(1, Math.max(0, (Math.sqrt(gx * gx + gy * gy) - 40) / 120)) * strength;
      if (edge <= 0) continue;
      const i = p * channels;
      for (let c = 0; c < 3; c++) data[i + c] = mix(data[i + c]!, 28, edge);
    }
  }
}

/** Luminance mapped through night -> first neon -> second neon: the cyberpunk look, in the palette's lights. */
function duotone({ data, channels }: RawImage, amount: number, { neon, swatch }: Grading): void {
  const night = [0, 1, 2].map((c) => mix(swatch.dark[c]!, [10, 6, 30][c]!, 0.6));
  const [first, second] = neon;
  // Per luma level, the tone's share of each channel (times the amount), in 1/256ths.
  const lut = new Int32Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    // Mid-tones fall toward night: the scene reads dark, lit by neon only where it was bright.
    const t = (v / 255) ** 2.8;
    for (let c = 0; c < 3; c++) {
      const tone = t < 0.6 ? mix(night[c]!, first[c]!, t / 0.6) : mix(first[c]!, second[c]!, (t - 0.6) / 0.4);
      lut[v * 3 + c] = Math.round(tone * amount * 256);
    }
  }
  const keep = Math.round((1 - amount) * 256);
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const l = ((54 * r + 183 * g + 19 * b) >> 8) * 3;
    data[i] = (r * keep + lut[l]!) >> 8;
    data[i + 1] = (g * keep + lut[l + 1]!) >> 8;
    data[i + 2] = (b * keep + lut[l + 2]!) >> 8;
  }
}
