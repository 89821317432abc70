/**
 * The shadow the product casts where it stands: a tight, dark contact shadow under its base and a wide,
 * soft ambient one thrown away from the light. Analytic Gaussians: smooth at any size, no blur pass.
 */
import type { Light, Rgb } from '../art-direction/types';
import type { RawImage } from '../image/sharp';

export type Footprint = { left: number; right: number; groundY: number; height: number };

function darken(
  scene: RawImage,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity: number,
  tint: Rgb,
): void {
  const { data, width, height, channels } = scene;
  const x0 = Math.max(0, Math.floor(cx - rx * 2.2));
  const x1 = Math.min(width - 1, Math.ceil(cx + rx * 2.2));
  const y0 = Math.max(0, Math.floor(cy - ry * 2.2));
  const y1 = Math.min(height - 1, Math.ceil(cy + ry * 2.2));
  for (let y = y0; y <= y1; y++) {
    const dy = ((y - cy) / ry) ** 2;
    for (let x = x0; x <= x1; x++) {
      const k = opacity * Math.exp(-2 * (((x - cx) / rx) ** 2 + dy));
      if (k < 0.002) continue;
      const i = (y * width + x) * channels;
      // Multiply toward a dark tint of the palette rather than pure black: shadows carry the scene's colour.
      for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! * (1 - k) + (tint[c]! * k * data[i + c]!) / 255;
    }
  }
}

export function castShadow(
  scene: RawImage,
  foot: Footprint,
  light: Light,
  strength: number,
  tint: Rgb,
): void {
  if (strength <= 0) return;
  const base = foot.right - foot.left;
  const cx = (foot.left + foot.right) / 2;
  const away = light.from === 'left' ? 1 : light.from === 'right' ? -1 : 0;
  const ambientRx = base * 0.75 + foot.height * 0.12;
  darken(
    scene,
    cx + away * base * 0.2,
    foot.groundY,
    ambientRx,
    Math.max(5, foot.height * 0.06),
    0.55 * strength,
    tint,
  );
  darken(scene, cx, foot.groundY - 1, base * 0.58, Math.max(3, foot.height * 0.016), 0.9 * strength, tint);
}
