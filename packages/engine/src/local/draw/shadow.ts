/**
 * The shadow the product casts where it stands: a tight, dark contact shadow under its base and a wide,
 * soft ambient one thrown away from the light. Analytic Gaussians: smooth at any size, no blur pass.
 */
import type { Light, Rgb } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';

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
  if (x1 < x0 || y1 < y0) return;
  // The Gaussian is separable: exp(-2(u² + v²)) = exp(-2u²) · exp(-2v²), one table per axis.
  const across = new Float32Array(x1 - x0 + 1);
  for (let x = x0; x <= x1; x++) across[x - x0] = Math.exp(-2 * ((x - cx) / rx) ** 2);
  // Multiply toward a dark tint of the palette rather than pure black: shadows carry the scene's colour.
  // v -> v * (1 - k + k * tint / 255), one factor per channel.
  const [tr, tg, tb] = [1 - tint[0] / 255, 1 - tint[1] / 255, 1 - tint[2] / 255];
  for (let y = y0; y <= y1; y++) {
    const down = opacity * Math.exp(-2 * ((y - cy) / ry) ** 2);
    if (down < 0.002) continue;
    for (let x = x0, i = (y * width + x0) * channels; x <= x1; x++, i += channels) {
      const k = down * across[x - x0]!;
      if (k < 0.002) continue;
      data[i] = data[i]! * (1 - k * tr);
      data[i + 1] = data[i + 1]! * (1 - k * tg);
      data[i + 2] = data[i + 2]! * (1 - k * tb);
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
  // The contact: where the base meets the surface, no light gets in. Deep enough to show below the base.
  const contact = Math.max(4, foot.height * 0.03);
  darken(scene, cx, foot.groundY - contact * 0.2, base * 0.56, contact, 0.9 * strength, tint);
}
