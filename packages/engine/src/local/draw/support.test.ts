/**
 * A product photographed from above standing on two parts (a car's wheels, a shoe's toe and heel)
 * rests on both where it is set down: the contact at the far one, the shade under the gap between them,
 * and a podium seen from high enough to hold both.
 */
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../image/sharp';
import { podiumTop, type PodiumSpec } from './podium';
import { contactShadow } from './shadow';
import { shadeUnder, supportOf, supportRise } from './support';

function product(width: number, height: number, solid: (x: number, y: number) => boolean): RawImage {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([200, 60, 40, solid(x, y) ? 255 : 0], (y * width + x) * 4);
  return { data, width, height, channels: 4 };
}
const inDisc = (x: number, y: number, cx: number, cy: number, r: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/**
 * A toy car seen from above at three quarters, 200 x 160: its near wheel's bottom on row 159, its far
 * wheel's on row 139 (further back), the body above both.
 */
const car = product(200, 160, (x, y) => {
  const body = y >= 40 && y <= 120 && x >= 10 && x <= 190;
  return body || inDisc(x, y, 45, 139, 20) || inDisc(x, y, 160, 119, 20);
});
/** A jar: a rounded base, one part. */
const jar = product(120, 160, (x, y) =>
  y < 120 ? x >= 10 && x < 110 : inDisc(x, y, 60, 100, 59) && x >= 10 && x < 110,
);
/** A mug, 160 x 120: the body down to row 119, a handle on its right whose lowest point is row 90. */
const mug = product(160, 120, (x, y) => {
  const body = x >= 0 && x < 110 && y >= 10;
  const ring = inDisc(x, y, 110, 55, 36) && !inDisc(x, y, 110, 55, 22) && x >= 110;
  return body || ring;
});

const grey = (width: number, height: number): RawImage => ({
  data: Buffer.alloc(width * height * 3, 160),
  width,
  height,
  channels: 3,
});
const at = (scene: RawImage, x: number, y: number) => scene.data[(y * scene.width + x) * 3]!;

describe('the line a product stood on', () => {
  it('runs from the near wheel to the far one, 20 rows higher', () => {
    const support = supportOf(car)!;
    expect(support).not.toBeNull();
    expect(support.baseRow).toBe(159);
    expect(support.from).toBeLessThanOrEqual(45);
    expect(support.to).toBeGreaterThanOrEqual(160);
    expect(support.line[160]).toBeCloseTo(139, 0);
    expect(supportRise(support).right).toBeGreaterThanOrEqual(18);
    expect(supportRise(support).right).toBeLessThanOrEqual(24);
  });

  it('is not read under a product on one base, rounded or flat, nor under a mug handle that never touched the table', () => {
    expect(supportOf(jar)).toBeNull();
    expect(supportOf(mug)).toBeNull();
  });
});

describe('a product on two parts rests on both', () => {
  const scene = () => grey(400, 300);
  const place = { x: 100, y: 100 };

  it('the far wheel gets a contact shadow as dark as the near one; without its support line, none', () => {
    const support = supportOf(car)!;
    const withLine = scene();
    contactShadow(withLine, car, place, 0.75, [20, 20, 20], support);
    const without = scene();
    contactShadow(without, car, place, 0.75, [20, 20, 20]);
    // Just under each wheel's bottom (rows 259 and 239 of the scene).
    const near = at(withLine, 145, 260);
    const far = at(withLine, 260, 240);
    expect(near).toBeLessThan(100);
    expect(far).toBeLessThan(near + 15);
    expect(at(without, 260, 240)).toBe(160);
  });

  it('the surface between the wheels is in shade along the line, a soft band and not a slab up to the body', () => {
    const support = supportOf(car)!;
    const shaded = scene();
    shadeUnder(shaded, support, place, 0.75, [20, 20, 20], car.height);
    // Halfway between the wheels the line lies on about row 249 of the scene: just behind it, shade.
    expect(at(shaded, 200, 246)).toBeLessThan(120);
    // Further up under the body (row 225, the body's edge at 220), and far in front of the line, none.
    expect(at(shaded, 200, 225)).toBe(160);
    expect(at(shaded, 200, 290)).toBe(160);
    // Left of the near wheel, none.
    expect(at(shaded, 105, 250)).toBe(160);
  });
});

describe('the podium holds both parts', () => {
  const spec = (stance: PodiumSpec['stance']): PodiumSpec => ({
    centreX: 540,
    groundY: 700,
    radius: 300,
    depth: 380,
    canvas: { width: 1080, height: 1080 },
    grading: {} as PodiumSpec['grading'],
    light: {} as PodiumSpec['light'],
    stance,
  });
  /** Whether a point of the canvas lies on the podium's top. */
  const onTop = (s: PodiumSpec, x: number, y: number) => {
    const { cx, cy, rx, ry } = podiumTop(s);
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  };

  it('seen from a little above for a product on one base: its top a fifth as deep as wide, on the ground line', () => {
    expect(podiumTop(spec([]))).toEqual({ cx: 540, cy: 700, rx: 300, ry: 60 });
  });

  it('seen from higher for a shoe whose heel stood 150 px above its toe: both on the top, the heel inside its back edge', () => {
    const shoe = spec([
      { dx: -120, rise: 150 },
      { dx: 40, rise: 0 },
    ]);
    expect(onTop(spec([{ dx: -120, rise: 150 }]), 540 - 120, 700 - 150)).toBe(true);
    expect(onTop(shoe, 540 - 120, 700 - 150)).toBe(true);
    expect(onTop(shoe, 540 + 40, 700)).toBe(true);
    // Never seen from more than 30° or so: half as deep as wide at most.
    expect(podiumTop(spec([{ dx: 0, rise: 900 }])).ry).toBe(150);
  });
});
