import { describe, expect, it } from 'vitest';
import {
  FUSION_FORMATS,
  SCENE_FORMATS,
  FUSION_POSITIONS,
  fusionRequest,
  type FusionFormat,
} from '@vitrine/shared/api/generation';
import { compositionOf } from '../../art-direction/composition';
import { planFusionVariants } from '../../art-direction/plan';
import type { FusionPlan } from '../../art-direction/types';
import { setPieces } from '../draw/backdrop';
import { fitInBox } from '../draw/placement';

/** Products as photographed: a tall bottle, a cup or a jar, a wide box (width over height). */
const SHAPES = { bottle: 0.45, cup: 1, box: 1.8 } as const;
/** The hero's product share of the frame, on average over the three shapes, in every format. */
const HERO_MEAN_SHARE = 0.13;
/** Even a tall bottle in a wide banner under a headline keeps this share of the frame. */
const LEAST_SHARE = 0.03;
/** No layout leaves more than this share of the frame far from both product and text. */
const MOST_EMPTY = 0.62;

const plansFor = (format: FusionFormat, position: (typeof FUSION_POSITIONS)[number], withText = true) =>
  planFusionVariants(
    fusionRequest.parse({
      position,
      style: 'photo réaliste',
      palette: 'chaude',
      typography: 'moderne',
      format,
      slogan: withText ? 'Espresso du matin' : null,
      tagline: withText ? 'Torréfié sur place' : null,
    }),
  );

function measure(plan: FusionPlan, aspect: number) {
  const size = { width: Math.round(800 * Math.sqrt(aspect)), height: Math.round(800 / Math.sqrt(aspect)) };
  const placement = fitInBox(size, plan.product, plan.canvas);
  return {
    placement,
    ...compositionOf(plan.canvas, placement, [...plan.text.map((t) => t.box), ...setPieces(plan, placement)]),
  };
}

describe('art direction fills the frame', () => {
  it(`the hero gives the product ${HERO_MEAN_SHARE * 100} % of the frame or more, on average over product shapes, in every format and position`, () => {
    for (const format of FUSION_FORMATS)
      for (const position of FUSION_POSITIONS) {
        const hero = plansFor(format, position)[0]!;
        const shares = Object.values(SHAPES).map((aspect) => measure(hero, aspect).productShare);
        const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
        expect(mean, `${format} ${position}`).toBeGreaterThanOrEqual(HERO_MEAN_SHARE);
      }
  });

  it(`no variant shrinks a product below ${LEAST_SHARE * 100} % of the frame or leaves more than ${MOST_EMPTY * 100} % of it empty`, () => {
    for (const format of FUSION_FORMATS)
      for (const position of FUSION_POSITIONS)
        for (const plan of plansFor(format, position))
          for (const [shape, aspect] of Object.entries(SHAPES)) {
            const label = `${format} ${position} ${plan.shot} ${shape}`;
            const { productShare, emptyShare } = measure(plan, aspect);
            expect(productShare, label).toBeGreaterThanOrEqual(LEAST_SHARE);
            expect(emptyShare, label).toBeLessThanOrEqual(MOST_EMPTY);
          }
  });

  it('a product of any shape takes the same presence when the box has room: sized by area, not by the box', () => {
    const hero = plansFor('carré', 'centré', false)[0]!;
    const cup = measure(hero, SHAPES.cup).productShare;
    const jar = measure(hero, 0.8).productShare;
    expect(cup).toBeCloseTo(hero.product.share, 2);
    expect(jar).toBeCloseTo(hero.product.share, 2);
  });

  it('the close-up is at least as large as the hero, which is larger than the scene, for every shape', () => {
    for (const format of SCENE_FORMATS)
      for (const position of FUSION_POSITIONS) {
        const [hero, scene, closeUp] = plansFor(format, position);
        for (const [shape, aspect] of Object.entries(SHAPES)) {
          const label = `${format} ${position} ${shape}`;
          const [h, s, c] = [hero!, scene!, closeUp!].map((plan) => measure(plan, aspect).productShare);
          expect(c, label).toBeGreaterThanOrEqual(h!);
          expect(h, label).toBeGreaterThan(s!);
        }
      }
  });

  it('the product stands on the ground line, inside its box, never enlarged more than twice', () => {
    for (const plan of plansFor('story', 'droite'))
      for (const aspect of Object.values(SHAPES)) {
        const { placement } = measure(plan, aspect);
        const { box, groundY } = plan.product;
        expect(placement.y + placement.height).toBe(groundY);
        expect(placement.width).toBeLessThanOrEqual(box.width + 1);
        expect(placement.height).toBeLessThanOrEqual(box.height + 1);
        expect(placement.scale).toBeLessThanOrEqual(2);
      }
  });
});

describe('composition measure', () => {
  it('counts the product box and everything far from product and text', () => {
    const canvas = { width: 1000, height: 1000 };
    const full = compositionOf(canvas, { x: 0, y: 0, width: 1000, height: 1000 }, []);
    expect(full).toEqual({ productShare: 1, emptyShare: 0 });
    const corner = compositionOf(canvas, { x: 0, y: 0, width: 100, height: 100 }, []);
    expect(corner.productShare).toBeCloseTo(0.01, 3);
    // Everything beyond 80 px of the 100 px corner square is empty: about 1 - (180 x 180 - rounding) / 1e6.
    expect(corner.emptyShare).toBeGreaterThan(0.95);
    expect(corner.emptyShare).toBeLessThan(0.975);
  });
});
