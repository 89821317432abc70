/**
 * Which way the key light throws shadows across the picture: `x` toward the right (1) or the left
 * (-1), `y` down toward the viewer (1) or up, behind the product (-1). A light the user placed
 * (`light.angle`) throws them straight away from itself; the variants' own lights throw them away
 * from their side and a little down, as every set piece has always drawn them.
 */
import type { Light } from '../../art-direction/types';

export function shadowDirection(light: Light): { x: number; y: number } {
  if (light.angle !== undefined) {
    const t = (light.angle * Math.PI) / 180;
    return { x: -Math.cos(t), y: Math.sin(t) };
  }
  return { x: light.from === 'left' ? 1 : light.from === 'right' ? -1 : 0, y: 1 };
}
