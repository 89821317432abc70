/** Drawing an RGBA piece of art (a podium, a backdrop panel) into the scene, over what is there. */
import type { RawImage } from '../../image/sharp';
import { GAIN_ONE } from '../../pixels/fixed-point';
import type { Vignette } from './light';

/**
 * `art` (4 channels) laid over `scene` with its top-left corner at (left, top), clipped to the scene;
 * darkened by the vignette, as the scene behind it was, when there is one.
 */
export function drawOver(
  scene: RawImage,
  art: RawImage,
  left: number,
  top: number,
  vignette: Vignette | null = null,
): void {
  const { data } = scene;
  const ad = art.data;
  const shade = new Int32Array(art.width);
  for (let y = 0; y < art.height; y++) {
    const sy = top + y;
    if (sy < 0 || sy >= scene.height) continue;
    if (!vignette?.span(sy, left, shade)) shade.fill(GAIN_ONE);
    for (let x = 0; x < art.width; x++) {
      const sx = left + x;
      if (sx < 0 || sx >= scene.width) continue;
      const q = (y * art.width + x) * 4;
      const a = ad[q + 3]! / 255;
      if (a === 0) continue;
      const s = (sy * scene.width + sx) * scene.channels;
      const k = (a * shade[x]!) / GAIN_ONE;
      data[s] = ad[q]! * k + data[s]! * (1 - a);
      data[s + 1] = ad[q + 1]! * k + data[s + 1]! * (1 - a);
      data[s + 2] = ad[q + 2]! * k + data[s + 2]! * (1 - a);
    }
  }
}
