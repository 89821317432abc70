/**
 * A product read as photographed from above, on a catalogue scene whose surface is too narrow to be
 * seen from above: the shot of the product in its context stands it on the scene (plan.ts,
 * standsOnScene; decision 099), so that the scene shows in one of the four pictures.
 */
import { describe, expect, it } from 'vitest';
import { FUSION_FORMATS, textlessFormat, type FusionFormat } from '@vitrine/shared/api/generation';
import { baseRequest } from '../test-utils/render-fixtures';
import { groundOnScene } from './ground';
import { findScene } from '../local/scene-files';
import { planFusionVariants } from './plan';
import { annotatedReading, type PhotoScene } from './scene-catalogue';
import type { ProductViewReading, SceneReading } from './scene-reading';

const request = (format: FusionFormat, productView?: 'du dessus') =>
  baseRequest({ format, slogan: 'La bière du coin', variants: 4, ...(productView && { productView }) });

/** A 4:3 catalogue scene whose surface lies between `back` and `front`, photographed as `view` says. */
const scene = (back: number, front: number, view: 'eye-level' | 'high-angle'): SceneReading => ({
  width: 1600,
  height: 1200,
  surface: { back, front, stand: back + 0.6 * (front - back), strength: 0.9 },
  light: { from: 'right', strength: 0.4 },
  temperature: 0.2,
  annotated: { scene: 'a-scene', view },
});

/** A can photographed from a high angle on a table that runs on behind it. */
const highAngle: ProductViewReading = { view: 'top', reason: 'one-surface', elongation: 1.8 };
/** A pen lying on a sheet of paper. */
const flatLay: ProductViewReading = { view: 'top', reason: 'one-sheet', elongation: 6 };

/**
 * The café terrace as the catalogue annotates it: photographed from a high angle, its table from 0.37
 * to 0.53 of the photo's height and across part of its width.
 */
const cafe = findScene('cafe-terrace-table') as PhotoScene;
const cafeTable = annotatedReading(cafe, cafe);

/** Every format with a scene (a marketplace image is the product alone on white: packshot.ts). */
const FORMATS = FUSION_FORMATS.filter((format) => !textlessFormat(format));

describe('the shot in context of a product seen from above, on a table too narrow to be seen from above', () => {
  it('on a high-angle scene, stands on the table in every format, says why, and the other shots keep their sheets', () => {
    for (const format of FORMATS) {
      for (const plan of planFusionVariants(request(format), highAngle, null, cafeTable)) {
        const label = `${format} ${plan.shot}`;
        const grounded = groundOnScene(plan, cafeTable);
        if (plan.shot === 'scene') {
          expect(plan.view, label).toBe('front');
          expect(plan.viewChoice, label).toEqual({ from: 'scene', reading: highAngle });
          // On the table's top, between its far and near edges: not on a sheet, not on a podium.
          expect(grounded.ground.on, label).toBe('surface');
          expect(grounded.ground.photoY!, label).toBeGreaterThan(cafe.surface[0]);
          expect(grounded.ground.photoY!, label).toBeLessThan(cafe.surface[1]);
        } else {
          expect(plan.view, label).toBe('top');
          expect(plan.viewChoice.from, label).toBe('detected');
          expect(grounded.ground.on, label).toBe('top-down');
        }
      }
    }
  });

  it('keeps its sheet on an eye-level scene, for a flat-lay on a sheet, and when the user chose "from above"', () => {
    const cases = [
      { reading: highAngle, on: scene(0.37, 0.53, 'eye-level'), productView: undefined },
      { reading: flatLay, on: cafeTable, productView: undefined },
      { reading: highAngle, on: cafeTable, productView: 'du dessus' as const },
    ];
    for (const { reading, on, productView } of cases)
      for (const format of FORMATS) {
        const shot = planFusionVariants(request(format, productView), reading, null, on).find(
          (plan) => plan.shot === 'scene',
        )!;
        const label = `${format} ${reading.reason} ${on.annotated!.view} ${productView ?? ''}`;
        expect(shot.view, label).toBe('top');
        expect(groundOnScene(shot, on).ground, label).toMatchObject({
          on: 'top-down',
          reason: 'out-of-frame',
        });
      }
  });

  it('lies on a high-angle scene’s surface seen from above where it is deep enough to fill the frame', () => {
    const deep = scene(0.3, 0.97, 'high-angle');
    for (const format of FORMATS) {
      const shot = planFusionVariants(request(format), highAngle, null, deep).find(
        (plan) => plan.shot === 'scene',
      )!;
      expect(shot.view, format).toBe('top');
      expect(groundOnScene(shot, deep).ground.reason, format).toBeUndefined();
    }
  });
});
