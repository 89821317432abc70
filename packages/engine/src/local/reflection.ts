/** A glossy reflection of the product under its ground line, fading out (3D mockup). */
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import type { Placement } from './place-product';

export async function drawReflection(
  scene: RawImage,
  product: RawImage,
  at: Placement,
  strength: number,
  /** Room below the ground line before text or the canvas edge. */
  depth: number,
): Promise<void> {
  if (strength <= 0) return;
  const mirrored = await toRaw(fromRaw(product).flip());
  const reach = Math.max(1, Math.min(Math.round(at.height * 0.35), depth));
  const top = at.y + at.height;
  for (let y = 0; y < Math.min(reach, scene.height - top); y++) {
    const fade = strength * (1 - y / reach) ** 2;
    for (let x = 0; x < mirrored.width; x++) {
      const sx = at.x + x;
      if (sx < 0 || sx >= scene.width) continue;
      const p = (y * mirrored.width + x) * 4;
      const a = (mirrored.data[p + 3]! / 255) * fade;
      if (a <= 0) continue;
      const s = ((top + y) * scene.width + sx) * scene.channels;
      for (let c = 0; c < 3; c++)
        scene.data[s + c] = mirrored.data[p + c]! * a + scene.data[s + c]! * (1 - a);
    }
  }
}
