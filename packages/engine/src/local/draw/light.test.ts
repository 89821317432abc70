import { describe, expect, it } from 'vitest';
import { PALETTE_GRADING } from '../../art-direction/grading';
import type { RawImage } from '../../image/sharp';
import { applyGain, clampByte, GAIN_ONE } from '../../pixels/fixed-point';
import { grade } from './grade';
import type { Box, Light } from '../../art-direction/types';
import { addGrain, keyLightGains, vignette, vignetteOf } from './light';
import { filmGrain } from './surface';
import { duotoneTone } from './stylise';
import { busyness } from '../text/text-calm';

const WIDTH = 400;
const HEIGHT = 300;

/** A mid-grey canvas with a little colour in it, so gains and curves have something to move. */
function canvas(): RawImage {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let p = 0; p < WIDTH * HEIGHT; p++) data.set([120 + (p % 7), 110, 100 + (p % 13)], p * 3);
  return { data, width: WIDTH, height: HEIGHT, channels: 3 };
}

const at = (image: RawImage, x: number, y: number) => [
  ...image.data.subarray((y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3),
];
const mean = (image: RawImage, x0: number, x1: number) => {
  let sum = 0;
  for (let y = 0; y < HEIGHT; y++) for (let x = x0; x < x1; x++) sum += image.data[(y * WIDTH + x) * 3 + 1]!;
  return sum / (HEIGHT * (x1 - x0));
};

/** The key light's gains (as the grading pass lays them on) applied to the image alone. */
function lightScene(image: RawImage, light: Light, spotlight: number, product: Box) {
  const rows = keyLightGains(light, spotlight, product, WIDTH, HEIGHT);
  const gains = new Int32Array(WIDTH);
  for (let y = 0; y < HEIGHT; y++) {
    rows(y, gains);
    for (let x = 0; x < WIDTH; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * WIDTH + x) * 3 + c;
        image.data[i] = Math.min(255, applyGain(image.data[i]!, gains[x]!));
      }
    }
  }
}

describe('light', () => {
  it('leaves the middle of the picture untouched by the vignette and darkens the corners by its amount', () => {
    const before = canvas();
    const after = canvas();
    vignette(after, 0.4);
    expect(at(after, WIDTH / 2, HEIGHT / 2)).toEqual(at(before, WIDTH / 2, HEIGHT / 2));
    expect(at(after, WIDTH / 2 + 60, HEIGHT / 2 + 40)).toEqual(at(before, WIDTH / 2 + 60, HEIGHT / 2 + 40));
    const corner = at(after, 0, 0)[1]! / at(before, 0, 0)[1]!;
    expect(corner).toBeGreaterThan(0.55);
    expect(corner).toBeLessThan(0.7);
  });

  it('gives what is drawn after the grading pass the gains the vignette gave the scene', () => {
    const whole = canvas();
    vignette(whole, 0.5);
    const drawn = canvas();
    const shade = vignetteOf(0.5, WIDTH, HEIGHT)!;
    const row = new Int32Array(WIDTH);
    for (let y = 0; y < HEIGHT; y++) {
      if (!shade.span(y, 0, row)) row.fill(GAIN_ONE);
      for (let x = 0; x < WIDTH; x++) {
        expect(shade.at(x, y)).toBe(row[x]);
        for (let c = 0; c < 3; c++) {
          const i = (y * WIDTH + x) * 3 + c;
          drawn.data[i] = applyGain(drawn.data[i]!, row[x]!);
        }
      }
    }
    expect(drawn.data.equals(whole.data)).toBe(true);
  });

  it('lays grain and the vignette in one pass exactly as one after the other', () => {
    const apart = canvas();
    addGrain(apart, filmGrain(0.09, 3));
    vignette(apart, 0.4);
    const together = canvas();
    addGrain(together, filmGrain(0.09, 3), vignetteOf(0.4, WIDTH, HEIGHT));
    expect(together.data.equals(apart.data)).toBe(true);
    // Both did something: grain in the middle, the vignette in the corners.
    expect(together.data.equals(canvas().data)).toBe(false);
    const grainOnly = canvas();
    addGrain(grainOnly, filmGrain(0.09, 3));
    expect(at(together, 2, 2)[1]!).toBeLessThan(at(grainOnly, 2, 2)[1]!);
  });

  it('measures how busy a place is without the vignette laid on it', () => {
    const image = canvas();
    // Stripes on the left half: busy where the vignette darkens most.
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH / 2; x++)
        image.data.fill(x % 8 < 4 ? 40 : 200, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
    const box = { x: 0, y: 0, width: WIDTH / 2, height: HEIGHT };
    const plain = busyness(image, box);
    vignette(image, 0.6);
    const shade = vignetteOf(0.6, WIDTH, HEIGHT);
    expect(busyness(image, box)).toBeLessThan(plain * 0.9);
    expect(Math.abs(busyness(image, box, shade) - plain)).toBeLessThan(plain * 0.05);
  });

  it('brightens the side the key light comes from, the same way on every row', () => {
    const image = canvas();
    lightScene(image, { from: 'left', exposure: 0, strength: 0.2 }, 0, { x: 0, y: 0, width: 10, height: 10 });
    expect(mean(image, 0, 40) / mean(image, WIDTH - 40, WIDTH)).toBeGreaterThan(1.15);
    expect(at(image, 5, 10)[1]).toBe(at(image, 5, HEIGHT - 10)[1]);
  });

  it('pools light around the product under a spotlight', () => {
    const image = canvas();
    const product = { x: 150, y: 100, width: 100, height: 150 };
    lightScene(image, { from: 'top', exposure: 0, strength: 0 }, 0.6, product);
    expect(at(image, 200, 190)[1]!).toBeGreaterThan(at(image, 5, 5)[1]! * 1.3);
  });
});

/** The palette grading in floating point, as a reference for the fixed-point pass. */
function referenceGrade(r0: number, g0: number, b0: number, palette: keyof typeof PALETTE_GRADING) {
  const {
    temperature: t,
    split,
    contrast,
    lift,
    saturation,
    shadowTint,
    highlightTint,
  } = PALETTE_GRADING[palette];
  const l = (54 * r0 + 183 * g0 + 19 * b0) >> 8;
  const s = Math.round(saturation * 256) / 256;
  const curve = (v: number, warm: number) => {
    const w = clampByte(Math.round(v * warm));
    return clampByte(Math.round((lift + (1 - lift) * ((w / 255 - 0.5) * contrast + 0.5)) * 255));
  };
  const ws = split * (1 - l / 255) ** 2;
  const wh = split * (l / 255) ** 2;
  return [
    [r0, 1 + 0.12 * t, 0],
    [g0, 1 + 0.02 * t, 1],
    [b0, 1 - 0.12 * t, 2],
  ].map(([v, warm, c]) => {
    const curved = curve(Math.floor(l + (v! - l) * s), warm!);
    return curved + (shadowTint[c!]! - curved) * ws + (highlightTint[c!]! - curved) * wh;
  });
}

describe('grade', () => {
  it('matches the floating-point grading within one level, in every palette', () => {
    for (const palette of Object.keys(PALETTE_GRADING) as (keyof typeof PALETTE_GRADING)[]) {
      const image = canvas();
      for (let p = 0; p < 256; p++) image.data.set([p, (p * 7) % 256, 255 - p], p * 3);
      const source = Buffer.from(image.data);
      grade(image, PALETTE_GRADING[palette]);
      for (let p = 0; p < 256; p++) {
        const expected = referenceGrade(source[p * 3]!, source[p * 3 + 1]!, source[p * 3 + 2]!, palette);
        for (let c = 0; c < 3; c++) {
          expect(
            Math.abs(image.data[p * 3 + c]! - expected[c]!),
            `${palette} pixel ${p}`,
          ).toBeLessThanOrEqual(1.01);
        }
      }
    }
  });

  it('grades again from the tables it kept, and tells different film tables apart', () => {
    const grading = PALETTE_GRADING.chaude;
    const warm = Uint8Array.from({ length: 256 * 3 }, (_, i) =>
      Math.min(255, (i % 256) + (i < 256 ? 20 : 0)),
    );
    const graded = (then?: Uint8Array) => {
      const image = canvas();
      grade(image, grading, { then });
      return image.data;
    };
    const plain = graded();
    expect(graded().equals(plain)).toBe(true);
    const warmed = graded(warm);
    expect(warmed.equals(plain)).toBe(false);
    // Red only is lifted by the film table: the kept plain tables were not used for it.
    expect(warmed[0]!).toBeGreaterThan(plain[0]!);
    expect(warmed[1]).toBe(plain[1]);
    expect(graded().equals(plain)).toBe(true);
  });

  it('folds the cyberpunk duotone into its tables: within two levels of toning first, then grading', () => {
    const grading = PALETTE_GRADING.néon;
    const tone = duotoneTone(0.85, grading)!;
    const ramp = () => {
      const image = canvas();
      for (let p = 0; p < WIDTH * HEIGHT; p++) {
        image.data.set([p % 256, (p * 7) % 256, (p * 13 + 50) % 256], p * 3);
      }
      return image;
    };
    const separate = ramp();
    const { data } = separate;
    for (let i = 0; i < data.length; i += 3) {
      const l = ((54 * data[i]! + 183 * data[i + 1]! + 19 * data[i + 2]!) >> 8) * 3;
      for (let c = 0; c < 3; c++) data[i + c] = (data[i + c]! * tone.keep + tone.add[l + c]!) >> 8;
    }
    grade(separate, grading);
    const folded = ramp();
    grade(folded, grading, { tone });
    let worst = 0;
    for (let i = 0; i < data.length; i++) worst = Math.max(worst, Math.abs(folded.data[i]! - data[i]!));
    expect(worst).toBeLessThanOrEqual(2);
    // The tone did something: the duotone is far from the palette's grading alone.
    const plain = ramp();
    grade(plain, grading);
    let moved = 0;
    for (let i = 0; i < data.length; i++) moved += Math.abs(plain.data[i]! - folded.data[i]!);
    expect(moved / data.length).toBeGreaterThan(20);
  });
});
