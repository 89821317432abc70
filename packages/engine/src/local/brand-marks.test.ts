/**
 * Where a brand's marks go: clear of the product, the text and the set the product stands on (a
 * podium), in a corner first.
 */
import { describe, expect, it } from 'vitest';
import { safeAreaOf } from '@vitrine/shared/api/safe-area';
import { overlapArea } from '../art-direction/corners';
import type { Box } from '../art-direction/types';
import { prepareBrand } from '../brand/prepare';
import { drawnLogo } from '../test-utils/brand';
import { setBrandMarks } from './brand-marks';

const canvas = (width: number, height: number) => ({
  data: Buffer.alloc(width * height * 3, 200),
  width,
  height,
  channels: 3 as const,
});

const inks = { light: [250, 250, 250] as const, dark: [20, 20, 30] as const };

describe('brand marks', () => {
  it('keep clear of the podium as of the product and the text, the logo in a corner', async () => {
    const brand = await prepareBrand({
      colours: ['#1f3a5f', '#e8b04b'],
      logo: await drawnLogo(),
      signature: '@maboutique',
    });
    const scene = canvas(1080, 1080);
    const safe = safeAreaOf(scene);
    // The product in the middle, a wide podium across the lower half, the slogan at the top.
    const product: Box = { x: 400, y: 380, width: 280, height: 360 };
    const podium: Box = { x: safe.x, y: 700, width: safe.width, height: 260 };
    const slogan: Box = { x: 200, y: 120, width: 680, height: 120 };
    const marks = await setBrandMarks(
      scene,
      {
        brand,
        language: 'fr',
        palette: {
          colours: [
            [30, 50, 90],
            [230, 170, 70],
            [240, 235, 225],
          ],
          inks: { light: [...inks.light], dark: [...inks.dark] },
        },
        product,
        set: podium,
      },
      [slogan],
    );
    const logo = marks.logo!;
    const signature = marks.signature!.report.rect;
    for (const [name, rect] of [
      ['logo', logo],
      ['signature', signature],
    ] as const)
      for (const obstacle of [product, podium, slogan])
        expect(overlapArea(rect, obstacle), `${name} over ${JSON.stringify(obstacle)}`).toBe(0);
    // In a corner of the safe area: its left or right edge, its top or bottom one.
    const atSide = logo.x === safe.x || logo.x + logo.width === safe.x + safe.width;
    const atEnd = logo.y === safe.y || logo.y + logo.height === safe.y + safe.height;
    expect(atSide && atEnd).toBe(true);
  });
});
