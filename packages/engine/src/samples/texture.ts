/**
 * Seeded textures for the samples: smooth value noise (a small random grid enlarged with a cubic
 * kernel), sensor noise and a lens vignette, so drawn scenes read as photographs.
 */
import type { RawImage } from '../image/sharp';
import { clampByte } from '../pixels/fixed-point';
import { randomSource } from '../pixels/noise';

export { valueNoise } from '../pixels/texture';

/** Multiplies the pixels of rows y0..y1 by 1 + amount * (noise - 0.5) * 2. */
export function modulate(
  image: RawImage,
  noise: Float32Array,
  amount: number,
  rows: [number, number] = [0, image.height],
): void {
  const { data, width, channels } = image;
  for (let y = rows[0]; y < rows[1]; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const k = 1 + amount * (noise[p]! - 0.5) * 2;
      const i = p * channels;
      for (let c = 0; c < 3; c++) data[i + c] = clampByte(data[i + c]! * k);
    }
  }
}

/** Sensor noise: a little luminance noise and less colour noise, as a camera leaves at base ISO. */
export function sensorNoise(image: RawImage, amount: number, seed: number): void {
  const random = randomSource(seed);
  const { data, channels } = image;
  for (let i = 0; i < data.length; i += channels) {
    const l = (random() + random() + random() - 1.5) * amount;
    for (let c = 0; c < 3; c++) data[i + c] = clampByte(data[i + c]! + l + (random() - 0.5) * amount * 0.5);
  }
}

/** Lens vignette: corners darker by `amount`. */
export function lensVignette(image: RawImage, amount: number): void {
  const { data, width, height, channels } = image;
  for (let y = 0, i = 0; y < height; y++) {
    const dy = (y / height - 0.5) * 2;
    for (let x = 0; x < width; x++, i += channels) {
      const dx = (x / width - 0.5) * 2;
      const k = 1 - amount * Math.min(1, ((dx * dx + dy * dy) / 2) ** 1.5);
      for (let c = 0; c < 3; c++) data[i + c] = clampByte(data[i + c]! * k);
    }
  }
}
