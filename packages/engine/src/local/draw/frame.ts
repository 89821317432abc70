/**
 * The framed-photo layout, used when the product cannot be cut out cleanly: the whole photo as a
 * mounted print with a mat and a soft drop shadow, standing on the ground line in the product box.
 */
import type { Box, Light, Rgb } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { MAX_UPSCALE, type Placement } from './placement';
import { shadowDirection } from './light-direction';

const soft = (d: number, sigma: number) => {
  const t = Math.min(1, Math.max(0, (d + sigma) / (2 * sigma)));
  return t * t * (3 - 2 * t);
};

/** Where the photo goes (inside the mat) and where the mat goes. */
export function frameLayout(photo: { width: number; height: number }, box: Box, groundY: number) {
  const mat = Math.round(0.045 * Math.min(box.width, box.height));
  const scale = Math.min(
    (box.width - 2 * mat) / photo.width,
    (box.height - 2 * mat) / photo.height,
    MAX_UPSCALE,
  );
  const width = Math.round(photo.width * scale);
  const height = Math.round(photo.height * scale);
  const outer = {
    x: Math.round(box.x + box.width / 2 - width / 2 - mat),
    y: groundY - height - 2 * mat,
    width: width + 2 * mat,
    height: height + 2 * mat,
  };
  const inner: Placement = { x: outer.x + mat, y: outer.y + mat, width, height, scale };
  return { outer, inner };
}

/** Drop shadow and mat; the photo itself is blended afterwards like any product. */
export function drawMount(scene: RawImage, outer: Box, light: Light, colour: Rgb): void {
  const { data, width, height, channels } = scene;
  const sigma = Math.max(6, outer.width * 0.05);
  const dx = shadowDirection(light).x * sigma * 0.6;
  const dy = sigma * 0.5;
  const x0 = Math.max(0, Math.floor(outer.x - 2 * sigma + dx));
  const x1 = Math.min(width, Math.ceil(outer.x + outer.width + 2 * sigma + dx));
  const y0 = Math.max(0, Math.floor(outer.y - 2 * sigma + dy));
  const y1 = Math.min(height, Math.ceil(outer.y + outer.height + 2 * sigma + dy));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * channels;
      const inMat = x >= outer.x && x < outer.x + outer.width && y >= outer.y && y < outer.y + outer.height;
      if (inMat) {
        for (let c = 0; c < 3; c++) data[i + c] = colour[c]!;
        continue;
      }
      const sx = soft(x - dx - outer.x, sigma) * soft(outer.x + outer.width - (x - dx), sigma);
      const sy = soft(y - dy - outer.y, sigma) * soft(outer.y + outer.height - (y - dy), sigma);
      const k = 0.45 * sx * sy;
      for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! * (1 - k);
    }
  }
}
