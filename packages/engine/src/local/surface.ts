/**
 * Style effects on the graded scene's surface: washes toward paper or studio colour, film warmth and
 * faded blacks, neon glow, scanlines, paper texture and grain. Noise is seeded per variant.
 */
import type { Effects, Grading } from '../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { clampByte, luma } from './color';
import { randomSource } from './noise';

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

export async function styliseSurface(
  scene: RawImage,
  effects: Effects,
  grading: Grading,
  seed: number,
): Promise<void> {
  const { data, channels } = scene;
  if (effects.wash > 0 || effects.warmth > 0 || effects.fade > 0) {
    const [wr, wg, wb] = effects.washColour;
    // Faded film: blacks lifted toward a warm brown (a neutral grey in black and white), contrast lowered.
    const lift = effects.fade * 0.6 * 255;
    const tint = effects.warmth > 0 ? [1.12, 1, 0.78] : [1, 1, 1];
    const keep = 1 - effects.fade * 0.6;
    for (let i = 0; i < data.length; i += channels) {
      const r = mix(data[i]!, wr, effects.wash) + effects.warmth * 22;
      const g = mix(data[i + 1]!, wg, effects.wash) + effects.warmth * 6;
      const b = mix(data[i + 2]!, wb, effects.wash) - effects.warmth * 22;
      data[i] = clampByte(lift * tint[0]! + r * keep);
      data[i + 1] = clampByte(lift * tint[1]! + g * keep);
      data[i + 2] = clampByte(lift * tint[2]! + b * keep);
    }
  }
  if (effects.lightLeak > 0) lightLeak(scene, effects.lightLeak, seed);
  if (effects.glow > 0) await glow(scene, effects.glow, grading.neon[1]);
  if (effects.scanlines > 0) scanlines(scene, effects.scanlines);
  if (effects.paper > 0) await paper(scene, effects.paper, seed);
  if (effects.grain > 0) grain(scene, effects.grain, seed);
}

/** Bloom: the bright parts, blurred wide and screened back in the given colour. */
export async function glow(scene: RawImage, strength: number, colour: readonly number[]): Promise<void> {
  const { data, width, height, channels } = scene;
  const bright = Buffer.alloc(width * height);
  for (let p = 0; p < bright.length; p++) {
    bright[p] = clampByte(
      (luma(data[p * channels]!, data[p * channels + 1]!, data[p * channels + 2]!) - 150) * 2.4,
    );
  }
  const sigma = Math.max(4, Math.min(width, height) * 0.03);
  const halo = await toRaw(
    fromRaw({ data: bright, width, height, channels: 1 }).blur(sigma).extractChannel(0),
  );
  const tint = colour.map((v) => v / 255);
  for (let p = 0; p < bright.length; p++) {
    const k = (halo.data[p]! / 255) * strength;
    if (k <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const i = p * channels + c;
      data[i] = 255 - (255 - data[i]!) * (1 - k * tint[c]!);
    }
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
  for (let y = 0; y < height; y++) {
    const dy = (y - cy) / (height * 0.55);
    const down = amount * Math.exp(-dy * dy * 2.5);
    for (let x = 0, i = y * width * channels; x < width; x++, i += channels) {
      const k = down * across[x]!;
      if (k < 0.004) continue;
      for (let c = 0; c < 3; c++) data[i + c] = 255 - (255 - data[i + c]!) * (1 - (k * colour[c]!) / 255);
    }
  }
}

function scanlines({ data, width, height, channels }: RawImage, strength: number): void {
  const period = Math.max(3, Math.round(height / 400));
  for (let y = 0; y < height; y += period) {
    for (let i = y * width * channels; i < (y + 1) * width * channels; i++)
      data[i] = data[i]! * (1 - strength);
  }
}

/** Paper: a soft, blotchy brightness variation, as in the fibres of drawing paper. */
async function paper(scene: RawImage, strength: number, seed: number): Promise<void> {
  const random = randomSource(seed + 7);
  const w = Math.max(2, Math.round(scene.width / 6));
  const h = Math.max(2, Math.round(scene.height / 6));
  const cells = Buffer.alloc(w * h);
  for (let p = 0; p < cells.length; p++) cells[p] = 128 + (random() - 0.5) * 120;
  const texture = await toRaw(
    fromRaw({ data: cells, width: w, height: h, channels: 1 })
      .resize(scene.width, scene.height, { kernel: 'cubic' })
      .blur(1.5)
      .extractChannel(0),
  );
  const { data, channels } = scene;
  for (let p = 0, i = 0; p < texture.data.length; p++, i += channels) {
    const k = 1 + ((texture.data[p]! - 128) / 128) * 0.12 * strength;
    data[i] = clampByte(data[i]! * k);
    data[i + 1] = clampByte(data[i + 1]! * k);
    data[i + 2] = clampByte(data[i + 2]! * k);
  }
}

/** Film grain: the same luminance noise on the three channels, from a tile of seeded noise. */
export function grain({ data, width, height, channels }: RawImage, amount: number, seed: number): void {
  // A prime-sized tile repeats too irregularly to be seen, and costs a fraction of a noise call per pixel.
  const size = 509;
  const random = randomSource(seed);
  const scale = amount * 255 * 1.7;
  const tile = new Int16Array(size * size);
  for (let i = 0; i < tile.length; i++) tile[i] = Math.round((random() - 0.5) * scale);
  for (let y = 0, i = 0; y < height; y++) {
    const row = (y % size) * size;
    for (let x = 0; x < width; x++, i += channels) {
      const n = tile[row + (x % size)]!;
      data[i] = clampByte(data[i]! + n);
      data[i + 1] = clampByte(data[i + 1]! + n);
      data[i + 2] = clampByte(data[i + 2]! + n);
    }
  }
}
