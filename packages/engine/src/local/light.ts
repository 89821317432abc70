/**
 * Light over the whole picture: the variant's key light and exposure, a spotlight pool, the vignette.
 * Gains are built from per-column and per-row tables and a radial table, so a 2-megapixel canvas
 * costs one multiply per channel.
 */
import type { Box, Light } from '../art-direction/types';
import type { RawImage } from '../image/sharp';
import { clampByte } from './color';

type Radial = { cx: number; cy: number; rx: number; ry: number; table: Float32Array; reach: number };

/** Multiplies each pixel by column[x] * row[y] * radial(normalised distance²). */
function applyGain(image: RawImage, column: Float32Array, row: Float32Array, radial?: Radial): void {
  const { data, width, height, channels } = image;
  const dx2 = new Float32Array(width);
  if (radial) for (let x = 0; x < width; x++) dx2[x] = ((x - radial.cx) / radial.rx) ** 2;
  const steps = radial ? radial.table.length - 1 : 0;
  for (let y = 0, i = 0; y < height; y++) {
    const dy2 = radial ? ((y - radial.cy) / radial.ry) ** 2 : 0;
    const rowGain = row[y]!;
    for (let x = 0; x < width; x++, i += channels) {
      let k = rowGain * column[x]!;
      if (radial) k *= radial.table[Math.min(steps, Math.round(((dx2[x]! + dy2) / radial.reach) * steps))]!;
      data[i] = clampByte(data[i]! * k);
      data[i + 1] = clampByte(data[i + 1]! * k);
      data[i + 2] = clampByte(data[i + 2]! * k);
    }
  }
}

function radialTable(reach: number, gain: (d2: number) => number): Float32Array {
  const table = new Float32Array(1025);
  for (let i = 0; i < table.length; i++) table[i] = gain((i / 1024) * reach);
  return table;
}

/** Brighter on the side the light comes from, darker on the far side; plus the variant's exposure. */
function keyLight(light: Light, width: number, height: number) {
  const half = light.strength / 2;
  const column = new Float32Array(width).fill(1 + light.exposure);
  const row = new Float32Array(height).fill(1);
  if (light.from === 'top') {
    for (let y = 0; y < height; y++) row[y] = 1 + half * (1 - (2 * y) / height);
  } else {
    const sign = light.from === 'left' ? 1 : -1;
    for (let x = 0; x < width; x++) column[x]! *= 1 + half * sign * (1 - (2 * x) / width);
  }
  return { column, row };
}

export function lightScene(scene: RawImage, light: Light, spotlight: number, product: Box): void {
  const { column, row } = keyLight(light, scene.width, scene.height);
  if (spotlight <= 0) return applyGain(scene, column, row);
  // A pool of light around the product, the rest of the scene falling into shade.
  const reach = 12;
  applyGain(scene, column, row, {
    cx: product.x + product.width / 2,
    cy: product.y + product.height * 0.6,
    rx: Math.max(product.width, scene.width * 0.3) * 1.1,
    ry: Math.max(product.height, scene.height * 0.3) * 0.9,
    reach,
    table: radialTable(reach, (d2) => 1 - spotlight + spotlight * (0.35 + 0.85 * Math.exp(-d2))),
  });
}

export function vignette(image: RawImage, amount: number): void {
  if (amount <= 0) return;
  const reach = 2;
  const ones = (n: number) => new Float32Array(n).fill(1);
  applyGain(image, ones(image.width), ones(image.height), {
    cx: image.width / 2,
    cy: image.height / 2,
    rx: image.width / 2,
    ry: image.height / 2,
    reach,
    table: radialTable(reach, (d2) => {
      const t = Math.min(1, Math.max(0, (Math.sqrt(d2) - 0.55) / 0.9));
      return 1 - amount * t * t * (3 - 2 * t);
    }),
  });
}
