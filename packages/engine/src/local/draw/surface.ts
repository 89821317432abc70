/**
 * Style effects on the graded scene's surface: washes toward paper or studio colour, film warmth and
 * faded blacks, neon glow, paper texture and grain. Noise is seeded per variant. (Scanlines were
 * tried on cyberpunk: on a photo they read as a broken image, not as a screen.)
 */
import type { Effects, Grading } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { clampByte, GAIN_ONE, GAIN_SHIFT } from '../../pixels/fixed-point';
import type { Grain, RowGains } from './light';
import { Memo } from '../../pixels/memo';
import { randomSource } from '../../pixels/noise';

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

/**
 * The film look of a style as one table per channel (256 levels each: red, green, blue): washed toward
 * the paper or studio colour, warmed, then faded (blacks lifted toward a warm brown, or a neutral grey
 * in black and white, and contrast lowered). Per channel that is one straight line. Null when the
 * style has none. It is applied in the grading pass (grade.ts).
 */
export function filmTables(effects: Effects): Uint8Array | undefined {
  if (effects.wash <= 0 && effects.warmth <= 0 && effects.fade <= 0) return undefined;
  const lift = effects.fade * 0.6 * 255;
  const tint = effects.warmth > 0 ? [1.12, 1, 0.78] : [1, 1, 1];
  const keep = 1 - effects.fade * 0.6;
  const warm = [22, 6, -22];
  const tables = new Uint8Array(256 * 3);
  for (let c = 0; c < 3; c++) {
    for (let v = 0; v < 256; v++) {
      const washed = mix(v, effects.washColour[c]!, effects.wash) + effects.warmth * warm[c]!;
      tables[c * 256 + v] = clampByte(Math.round(lift * tint[c]! + washed * keep));
    }
  }
  return tables;
}

/**
 * The style's effects on the graded, lit surface: light leak, neon glow. The film tables,
 * the paper and the grain are laid on in the grading pass (filmTables, paperTexture, filmGrain).
 */
export async function styliseSurface(
  scene: RawImage,
  effects: Effects,
  grading: Grading,
  seed: number,
): Promise<void> {
  if (effects.lightLeak > 0) lightLeak(scene, effects.lightLeak, seed);
  if (effects.neonLight > 0) neonLight(scene, effects.neonLight, grading.neon, seed);
  if (effects.glow > 0) await glow(scene, effects.glow, grading.neon[1]);
}

/**
 * Neon signs out of frame: the palette's two neon lights thrown in from the two side edges (which one
 * from which side follows the seed), screened onto the scene in proportion to its brightness. Lit
 * surfaces catch the colour, dark ones stay dark, and the scene's own structure shows through.
 */
function neonLight(
  { data, width, height, channels }: RawImage,
  amount: number,
  neon: readonly [readonly number[], readonly number[]],
  seed: number,
): void {
  const [left, right] = seed % 2 === 1 ? [neon[0], neon[1]] : [neon[1], neon[0]];
  const reach = width * 0.42;
  const fall = (d: number) => Math.exp(-((d / reach) ** 2) * 2);
  // Per column, each channel's light in 1/256ths (times the amount); per row, more toward the floor.
  const across = new Int32Array(width * 3);
  for (let x = 0; x < width; x++) {
    const [l, r] = [fall(x), fall(width - 1 - x)];
    for (let c = 0; c < 3; c++)
      across[x * 3 + c] = Math.round(amount * 256 * Math.min(1, (l * left[c]! + r * right[c]!) / 255));
  }
  for (let y = 0; y < height; y++) {
    // In 1/256ths: 0.55 at the top to 1 at the bottom.
    const down = Math.round(256 * (0.55 + 0.45 * (y / Math.max(1, height - 1))));
    for (let x = 0, i = y * width * channels; x < width; x++, i += channels) {
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      // The light a surface sends back grows with its brightness: 0.3 on black to 1 on white, in 1/256ths.
      const catchLight = 77 + ((54 * r + 183 * g + 19 * b) * 179) / 65536;
      const k = (down * catchLight) >> 8;
      const f = x * 3;
      data[i] = r + (((255 - r) * ((across[f]! * k) >> 8)) >> 8);
      data[i + 1] = g + (((255 - g) * ((across[f + 1]! * k) >> 8)) >> 8);
      data[i + 2] = b + (((255 - b) * ((across[f + 2]! * k) >> 8)) >> 8);
    }
  }
}

/** Bloom: the bright parts, blurred wide and screened back in the given colour. */
export async function glow(scene: RawImage, strength: number, colour: readonly number[]): Promise<void> {
  const { data, width, height, channels } = scene;
  // The halo is wide and smooth: the bright parts are found and blurred at a quarter of the size, then
  // enlarged in blocks and smoothed across them (libvips blurs a wide radius slowly at full size).
  const sw = Math.max(1, Math.round(width / 4));
  const sh = Math.max(1, Math.round(height / 4));
  const small = await toRaw(fromRaw(scene).resize(sw, sh, { fit: 'fill' }));
  const bright = Buffer.alloc(sw * sh);
  const sd = small.data;
  for (let p = 0, i = 0; p < bright.length; p++, i += small.channels) {
    // (luma - 150) * 2.4, clamped: luma in 1/256ths, 2.4 as 614/256.
    const l = 54 * sd[i]! + 183 * sd[i + 1]! + 19 * sd[i + 2]!;
    const v = ((l - 150 * 256) * 614) >> 16;
    bright[p] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  const sigma = Math.max(4, Math.min(width, height) * 0.03);
  const soft = await toRaw(
    fromRaw({ data: bright, width: sw, height: sh, channels: 1 })
      .blur(Math.max(0.5, sigma / 4))
      .extractChannel(0),
  );
  const halo = await toRaw(
    fromRaw(soft).resize(width, height, { fit: 'fill', kernel: 'nearest' }).blur(2.5).extractChannel(0),
  );
  // Screen: v -> 255 - (255 - v) * (1 - k * tint), with k the halo times the strength; one factor
  // per halo level and channel, in 1/256ths.
  const factors = new Int32Array(256 * 3);
  for (let h = 0; h < 256; h++) {
    for (let c = 0; c < 3; c++)
      factors[h * 3 + c] = Math.round((1 - (h / 255) * strength * (colour[c]! / 255)) * 256);
  }
  const halos = halo.data;
  for (let p = 0, i = 0; p < halos.length; p++, i += channels) {
    const h = halos[p]!;
    if (h === 0) continue;
    const f = h * 3;
    data[i] = 255 - (((255 - data[i]!) * factors[f]!) >> 8);
    data[i + 1] = 255 - (((255 - data[i + 1]!) * factors[f + 1]!) >> 8);
    data[i + 2] = 255 - (((255 - data[i + 2]!) * factors[f + 2]!) >> 8);
  }
}

/**
 * A light leak of old film: warm orange light screened in from one side edge, strongest at a point of
 * that edge and fading across a third of the picture. The side and the point vary with the seed.
 */
function lightLeak({ data, width, height, channels }: RawImage, amount: number, seed: number): void {
  const fromLeft = seed % 2 === 1;
  const cy = height * (0.2 + ((seed * 0.37) % 0.5));
  const reach = width * 0.45;
  const colour = [255, 128, 48];
  // The falloff is separable: one table across, one down.
  const across = Float32Array.from({ length: width }, (_, x) => {
    const dx = (fromLeft ? x : width - 1 - x) / reach;
    return Math.exp(-dx * dx * 2.2);
  });
  // Screened in: v -> 255 - (255 - v) * (1 - k * colour / 255), with k = down * across in 1/4096ths.
  const acrossQ = Int32Array.from(across, (k) => Math.round(k * GAIN_ONE));
  // Read once: an imported binding read per pixel costs a whole-canvas loop (bench/fixed-point.ts).
  const one = GAIN_ONE;
  const shift = GAIN_SHIFT;
  const [cr, cg, cb] = colour.map((c) => Math.round((c / 255) * 256)) as [number, number, number];
  // The falloff across only decreases away from the edge: per row, the leak stops at the first column
  // where it is invisible (below 0.4 %).
  const order = Int32Array.from({ length: width }, (_, i) => (fromLeft ? i : width - 1 - i));
  for (let y = 0; y < height; y++) {
    const dy = (y - cy) / (height * 0.55);
    const down = Math.round(amount * Math.exp(-dy * dy * 2.5) * GAIN_ONE);
    for (let n = 0; n < width; n++) {
      const x = order[n]!;
      const k = (down * acrossQ[x]!) >> shift;
      if (k < 16) break;
      const i = (y * width + x) * channels;
      data[i] = 255 - (((255 - data[i]!) * (one - ((k * cr) >> 8))) >> shift);
      data[i + 1] = 255 - (((255 - data[i + 1]!) * (one - ((k * cg) >> 8))) >> shift);
      data[i + 2] = 255 - (((255 - data[i + 2]!) * (one - ((k * cb) >> 8))) >> shift);
    }
  }
}

/**
 * Paper: a soft, blotchy brightness variation, as in the fibres of drawing paper. The texture is made
 * by libvips (start it early: it does not depend on the scene) and laid on as gains with the key
 * light (onPaper).
 */
export type Paper = { fibres: Buffer; gains: Int32Array };

export function paperTexture(width: number, height: number, strength: number, seed: number): Promise<Paper> {
  const key = `${width} ${height} ${strength} ${seed}`;
  const made = papers.get(key, () => makePaper(width, height, strength, seed));
  // A failed texture is not kept.
  made.catch(() => papers.delete(key));
  return made;
}

/** Paper textures by size, strength and seed (a few megabytes each): one per variant of two formats. */
const papers = new Memo<Promise<Paper>>(8);

async function makePaper(width: number, height: number, strength: number, seed: number): Promise<Paper> {
  const random = randomSource(seed + 7);
  const w = Math.max(2, Math.round(width / 6));
  const h = Math.max(2, Math.round(height / 6));
  const cells = Buffer.alloc(w * h);
  for (let p = 0; p < cells.length; p++) cells[p] = 128 + (random() - 0.5) * 120;
  const texture = await toRaw(
    fromRaw({ data: cells, width: w, height: h, channels: 1 })
      // In blocks, blurred across them: libvips enlarges smoothly only at many times the cost.
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .blur(3)
      .extractChannel(0),
  );
  // Brightness times 1 + (t - 128) / 128 * 0.12 * strength, per texture level, in 1/4096ths.
  const gains = Int32Array.from({ length: 256 }, (_, t) =>
    Math.round((1 + ((t - 128) / 128) * 0.12 * strength) * GAIN_ONE),
  );
  return { fibres: texture.data, gains };
}

/** The rows' gains times the paper's. */
export function onPaper(rows: RowGains, { fibres, gains: paper }: Paper, width: number): RowGains {
  return (y, gains) => {
    rows(y, gains);
    const shift = GAIN_SHIFT;
    for (let x = 0, p = y * width; x < width; x++, p++) gains[x] = (gains[x]! * paper[fibres[p]!]!) >> shift;
  };
}

/**
 * Film grain: the same luminance noise on the three channels, from a tile of seeded noise. A prime-sized
 * tile repeats too irregularly to be seen, and costs a fraction of a noise call per pixel.
 */
export function filmGrain(amount: number, seed: number): Grain {
  return grains.get(`${amount} ${seed}`, () => makeGrain(amount, seed));
}

/** Grain tiles by amount and seed (half a megabyte each): three styles with grain, four variants each. */
const grains = new Memo<Grain>(16);

function makeGrain(amount: number, seed: number): Grain {
  const size = 509;
  const random = randomSource(seed);
  const scale = amount * 255 * 1.7;
  const tile = new Int16Array(size * size);
  for (let i = 0; i < tile.length; i++) tile[i] = Math.round((random() - 0.5) * scale);
  return { tile, size };
}
