import { describe, expect, it } from 'vitest';
import {
  FUSION_FORMATS,
  FUSION_STYLES,
  fusionRequest,
  type FusionFormat,
} from '@vitrine/shared/api/generation';
import { safeAreaOf } from '@vitrine/shared/api/safe-area';
import { fitInBox } from '../local/draw/placement';
import { PRODUCT_SHAPES } from '../test-utils/product-shapes';
import { groundOnScene } from './ground';
import { planFusionVariants } from './plan';
import type { SceneReading } from './scene-reading';
import type { FusionPlan } from './types';

const plans = (
  format: FusionFormat,
  style: (typeof FUSION_STYLES)[number] = 'photo réaliste',
  position: 'centré' | 'gauche' | 'droite' = 'centré',
) =>
  planFusionVariants(
    fusionRequest.parse({
      position,
      style,
      palette: 'chaude',
      typography: 'moderne',
      format,
      slogan: 'Bougie lavande & figue',
    }),
  );

/** A 4:3 photo of a table whose far edge is at `back` and which runs to the photo's foot. */
const table = (back: number, front = 1): SceneReading => ({
  width: 1600,
  height: 1200,
  surface: { back, front, stand: back + 0.6 * (front - back), strength: 0.9 },
  light: { from: 'right', strength: 0.4 },
  temperature: 0.2,
});

/** The most of a surface's width the product takes, per shot (the studio set stands on its podium). */
const FILL = { hero: 0.4, scene: 0.34, 'close-up': 0.42, backdrop: 0.55 } as const;

/** Where the ground line meets the photo, as a share of its height, under the plan's framing. */
function photoLineOfGround(plan: FusionPlan, reading: SceneReading): number {
  const { width: W, height: H } = plan.canvas;
  const scale = Math.max(W / reading.width, H / reading.height) * (plan.context.zoom ?? 1);
  return plan.context.top! + plan.product.groundY / (reading.height * scale);
}

describe('the product stands on the photo’s surface', () => {
  it('in every format and variant, the ground line meets the photo on its surface, behind the near edge and in front of the far one', () => {
    for (const format of FUSION_FORMATS)
      for (const [back, front] of [
        [0.3, 1],
        [0.5, 1],
        [0.62, 0.8],
      ] as const)
        // Every variant but the studio set, which stands on its own podium.
        for (const planned of plans(format).filter((p) => p.ground.on === 'planned')) {
          const reading = table(back, front);
          const plan = groundOnScene(planned, reading);
          const label = `${format} variant ${planned.variant}, surface ${back}-${front}`;
          expect(plan.ground.on, label).toBe('surface');
          const line = photoLineOfGround(plan, reading);
          expect(line, label).toBeGreaterThan(back);
          expect(line, label).toBeLessThanOrEqual(front);
          // Still inside the safe area, with the product's box standing on it.
          const safe = safeAreaOf(plan.canvas);
          expect(plan.product.groundY, label).toBeLessThanOrEqual(safe.y + safe.height);
          expect(plan.product.box.y + plan.product.box.height, label).toBe(plan.product.groundY);
        }
  });

  it('stands the product on a podium, and says why, when the photo shows no surface: never floating', () => {
    for (const format of FUSION_FORMATS)
      for (const planned of plans(format).filter((p) => p.ground.on === 'planned')) {
        const plan = groundOnScene(planned, { ...table(0.5), surface: null });
        expect(plan.ground).toMatchObject({ on: 'podium', reason: 'no-surface' });
        expect(plan.effects.podium).toBe(true);
        expect(plan.product).toEqual(planned.product);
      }
  });

  it('uses a podium too when the surface cannot be framed at a usable height (a strip at the very top)', () => {
    const plan = groundOnScene(plans('bannière')[0]!, table(0.02, 0.08));
    expect(plan.ground).toMatchObject({ on: 'podium', reason: 'out-of-frame' });
    expect(plan.effects.podium).toBe(true);
  });

  it('on a surface that does not run across the photo (a café table), the product stands on it, not beside it, and no wider than it allows', () => {
    let farSide = 0;
    let cases = 0;
    for (const format of FUSION_FORMATS)
      for (const position of ['centré', 'gauche', 'droite'] as const)
        for (const span of [
          [0.25, 0.7],
          [0.05, 0.4],
          [0.6, 0.95],
        ] as const)
          for (const planned of plans(format, 'photo réaliste', position).filter(
            (p) => p.ground.on === 'planned',
          )) {
            const base = table(0.4, 0.6);
            const reading: SceneReading = { ...base, surface: { ...base.surface!, span } };
            const plan = groundOnScene(planned, reading);
            const across0 = groundOnScene(planned, base);
            const label = `${format} ${position} variant ${planned.variant}, span ${span.join('-')}`;
            cases++;
            // A product the layout sets on one side cannot always reach a table at the photo's other
            // side: it stands on a podium then, and says why.
            if (position !== 'centré' && plan.ground.on === 'podium') {
              expect(plan.ground.reason, label).toBe('out-of-frame');
              farSide++;
              continue;
            }
            expect(plan.ground.on, label).toBe('surface');
            expect(plan.ground.surface?.span, label).toEqual(span);
            const { width: W, height: H } = plan.canvas;
            const across =
              reading.width * Math.max(W / reading.width, H / reading.height) * plan.context.zoom!;
            const meets = (canvasX: number) => plan.context.left! + canvasX / across;
            for (const size of PRODUCT_SHAPES) {
              const { x, width } = fitInBox(size, plan.product, plan.canvas);
              const shape = `${label}, product ${size.width}x${size.height}`;
              // Its middle four fifths meet the photo between the surface's ends (to a thousandth of
              // the photo's width, the window's rounding).
              expect(meets(x + 0.1 * width), shape).toBeGreaterThanOrEqual(span[0] - 0.003);
              expect(meets(x + 0.9 * width), shape).toBeLessThanOrEqual(span[1] + 0.003);
              // No wider than 0.4 of the surface in the hero, 0.42 in the close-up (a third in the shot
              // of the product in its context, so that the table reads around it); no smaller than that
              // or than it was across a whole one.
              const limit = FILL[plan.shot] * (span[1] - span[0]) * across;
              expect(width, shape).toBeLessThanOrEqual(limit + 1);
              const free = fitInBox(size, across0.product, plan.canvas).width;
              expect(width, shape).toBeGreaterThanOrEqual(Math.min(free, limit) - 2);
            }
            // The window stays inside the photo, and the product's box on the ground line.
            expect(plan.context.left!, label).toBeGreaterThanOrEqual(0);
            expect(plan.context.left! + W / across, label).toBeLessThanOrEqual(1.0001);
            expect(plan.product.box.y + plan.product.box.height, label).toBe(plan.product.groundY);
          }
    expect(farSide / cases).toBeLessThan(0.15);
  });

  it('on a table that ends within the photo, the hero and the close-up come nearer rather than show a product too large for its table', () => {
    const base = table(0.4, 0.6);
    const reading: SceneReading = { ...base, surface: { ...base.surface!, span: [0.2, 0.8] } };
    const square = PRODUCT_SHAPES.find((size) => size.width === size.height)!;
    for (const format of FUSION_FORMATS)
      for (const planned of plans(format).filter((p) => p.shot === 'hero' || p.shot === 'close-up')) {
        const label = `${format} ${planned.shot}`;
        const onTable = groundOnScene(planned, reading);
        const across = groundOnScene(planned, base);
        expect(onTable.ground.on, label).toBe('surface');
        // The camera nearer: the table larger in the frame, the product as large as on a whole surface,
        // unless the camera is as near as it comes (twice, or 2.2 times in the close-up, the photo's
        // cover): only the marketplace's product, which fills most of its frame, is still too wide.
        const zoom = onTable.context.zoom!;
        expect(zoom, label).toBeGreaterThanOrEqual(across.context.zoom ?? 1);
        const size = (plan: FusionPlan) => fitInBox(square, plan.product, plan.canvas).width;
        if (zoom < (planned.shot === 'hero' ? 2 : 2.2) - 0.1)
          expect(size(onTable), label).toBeGreaterThanOrEqual(0.9 * size(across));
        else expect(format, label).toBe('marketplace');
      }
  });

  it('a surface across the whole photo leaves the window where the variant’s crop puts it', () => {
    for (const planned of plans('carré').filter((p) => p.ground.on === 'planned'))
      expect(groundOnScene(planned, table(0.5)).context.left).toBeUndefined();
  });

  it('the 3D mockup stands on its podium, whatever the photo', () => {
    expect(groundOnScene(plans('carré', '3D mockup')[0]!, table(0.5)).ground.on).toBe('podium');
  });

  it('the studio set stands on its podium in every style, whatever the photo; in context, even the 3D mockup stands on the surface', () => {
    for (const style of ['photo réaliste', '3D mockup'] as const) {
      const [, inContext, , set] = plans('carré', style);
      expect(groundOnScene(set!, table(0.5)).ground.on).toBe('podium');
      expect(groundOnScene(inContext!, table(0.5)).ground.on).toBe('surface');
    }
  });

  it('the key light comes from the photo’s side when the photo shows it clearly, from the variant’s otherwise', () => {
    for (const planned of plans('carré')) {
      expect(groundOnScene(planned, table(0.5)).light.from).toBe('right');
      const faint = groundOnScene(planned, { ...table(0.5), light: { from: 'right', strength: 0.1 } });
      expect(faint.light.from).toBe(planned.light.from);
      expect(faint.ground.light).toBe('variant');
    }
  });
});

describe('a product photographed from above lies on the surface, seen from above', () => {
  const fromAbove = (format: FusionFormat) =>
    planFusionVariants(
      fusionRequest.parse({
        position: 'centré',
        style: '3D mockup',
        palette: 'chaude',
        typography: 'moderne',
        format,
        productView: 'du dessus',
      }),
    );

  it('frames only the surface (the window starts below its far edge and ends within the photo), and centres the product in its box, with no podium nor reflection', () => {
    for (const format of FUSION_FORMATS)
      for (const planned of fromAbove(format)) {
        const reading = table(0.45);
        const plan = groundOnScene(planned, reading);
        const label = `${format} variant ${planned.variant}`;
        expect(plan.ground.on, label).toBe('top-down');
        expect(plan.product.anchor, label).toBe('centre');
        expect(plan.effects.podium, label).toBe(false);
        expect(plan.effects.reflection, label).toBe(0);
        const { width: W, height: H } = plan.canvas;
        const scale = Math.max(W / reading.width, H / reading.height) * plan.context.zoom!;
        const windowShare = H / (reading.height * scale);
        expect(plan.context.top!, label).toBeGreaterThan(0.45);
        expect(plan.context.top! + windowShare, label).toBeLessThanOrEqual(1.0001);
      }
  });

  it('on a catalogue scene whose surface ends too near its far edge to fill the frame (a café table seen from a high angle), it lies on a sheet (out-of-frame); on a deep one, or one read from the pixels (whose near edge may be any change of region), on the surface', () => {
    const annotated = { scene: 'cafe-terrace-table', view: 'high-angle' } as const;
    for (const format of FUSION_FORMATS)
      for (const planned of fromAbove(format)) {
        const label = `${format} variant ${planned.variant}`;
        const narrow = groundOnScene(planned, { ...table(0.37, 0.53), annotated });
        // The studio set lies on its own paper whatever the scene.
        const reason = planned.shot === 'backdrop' ? undefined : 'out-of-frame';
        expect(narrow.ground.on, label).toBe('top-down');
        expect(narrow.ground.reason, label).toBe(reason);
        // The window still starts on the surface: the sheet takes its colours there.
        expect(narrow.context.top!, label).toBeGreaterThan(0.37);
        expect(narrow.context.top!, label).toBeLessThan(0.53);
        if (planned.shot !== 'backdrop') {
          // The sheet takes its colour where the window shows the table.
          expect(narrow.ground.sheet!.from, label).toBeGreaterThanOrEqual(0);
          expect(narrow.ground.sheet!.to, label).toBeGreaterThan(narrow.ground.sheet!.from);
        }
        // A meadow that runs to the photo's foot (0.65 to 1): the window, kept inside the photo,
        // shows nothing beyond it, however close it comes.
        for (const reading of [
          { ...table(0.3, 0.97), annotated },
          { ...table(0.65, 1), annotated },
          table(0.37, 0.53),
        ]) {
          const onSurface = groundOnScene(planned, reading);
          expect(onSurface.ground.on, label).toBe('top-down');
          expect(onSurface.ground.reason, label).toBeUndefined();
        }
      }
  });

  it('without a surface, the whole photo is what it lies on', () => {
    const plan = groundOnScene(fromAbove('carré')[0]!, { ...table(0.5), surface: null });
    expect(plan.ground).toMatchObject({ on: 'top-down', reason: 'no-surface' });
  });
});
