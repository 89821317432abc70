/** A glossy reflection of the product under its ground line, fading out (3D mockup). */
import type { RawImage } from '../../image/sharp';
import type { Placement } from './placement';

export async function drawReflection(
  scene: RawImage,
  product: RawImage,
  at: Placement,
  strength: number,
  /** Room below the ground line before text or the canvas edge. */
  depth: number,
): Promise<void> {
  if (strength <= 0) return;
  const reach = Math.max(1, Math.min(Math.round(at.height * 0.35), depth));
  const top = at.y + at.height;
  const x0 = Math.max(0, -at.x);
  const x1 = Math.min(product.width, scene.width - at.x);
  const { data: pd, width, height } = product;
  for (let y = 0; y < Math.min(reach, scene.height - top); y++) {
    if (top + y < 0) continue;
    const fade = (strength * (1 - y / reach) ** 2) / 255;
    // Row y of the reflection is row height - 1 - y of the product, read upside down.
    const row = (height - 1 - y) * width;
    for (
      let x = x0, s = ((top + y) * scene.width + at.x + x0) * scene.channels;
      x < x1;
      x++, s += scene.channels
    ) {
      const p = (row + x) * 4;
      const a = pd[p + 3]! * fade;
      if (a <= 0) continue;
      for (let c = 0; c < 3; c++) scene.data[s + c] = pd[p + c]! * a + scene.data[s + c]! * (1 - a);
    }
  }
}
