import { describe, expect, it } from 'vitest';
import {
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
  FUSION_PALETTES,
  FUSION_POSITIONS,
  FUSION_STYLES,
  fusionRequest,
  type FusionRequestInput,
} from '@vitrine/shared/api/generation';
import { planFusion, planFusionVariants } from './plan';
import type { Box } from './types';

const request = (input: Partial<FusionRequestInput> = {}) =>
  fusionRequest.parse({
    position: 'centré',
    style: 'photo réaliste',
    palette: 'chaude',
    typography: 'moderne',
    format: 'carré',
    slogan: 'Le goût du vrai',
    tagline: 'Torréfié à Lyon depuis 1952',
    ...input,
  });

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (box: Box, size: { width: number; height: number }) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;

/** Every format x position x variant, with and without text. */
function* everyLayout() {
  for (const format of FUSION_FORMATS)
    for (const position of FUSION_POSITIONS)
      for (const copy of [{}, { slogan: null, tagline: null }, { tagline: null }])
        for (const plan of planFusionVariants(request({ format, position, ...copy }))) yield plan;
}

describe('art direction: canvas and product box', () => {
  it('the canvas is exactly the format size', () => {
    for (const format of FUSION_FORMATS) {
      expect(planFusion(request({ format }), 0).canvas).toEqual(FUSION_FORMAT_SIZES[format]);
    }
  });

  it("the product's centre lies in the third the shop owner chose (gauche, centré, droite)", () => {
    for (const plan of everyLayout()) {
      const { box } = plan.product;
      const third = Math.floor(((box.x + box.width / 2) / plan.canvas.width) * 3);
      expect(third, `${plan.canvas.width}x${plan.canvas.height} ${plan.position} v${plan.variant}`).toBe(
        { gauche: 0, centré: 1, droite: 2 }[plan.position],
      );
    }
  });

  it('the product stands on the ground line, inside the canvas, at a useful size', () => {
    for (const plan of everyLayout()) {
      const { box, groundY } = plan.product;
      expect(box.y + box.height).toBe(groundY);
      expect(inside(box, plan.canvas)).toBe(true);
      expect(box.width * box.height).toBeGreaterThan(plan.canvas.width * plan.canvas.height * 0.08);
    }
  });
});

describe('art direction: text boxes', () => {
  it('text never covers the product box and stays inside the canvas', () => {
    for (const plan of everyLayout()) {
      for (const block of plan.text) {
        expect(overlaps(block.box, plan.product.box), `${plan.position} ${block.role}`).toBe(false);
        expect(inside(block.box, plan.canvas)).toBe(true);
      }
      if (plan.text.length === 2) expect(overlaps(plan.text[0]!.box, plan.text[1]!.box)).toBe(false);
    }
  });

  it('only the texts given get a box, each with the typography style typeface', () => {
    expect(planFusion(request({ slogan: null, tagline: '' }), 0).text).toEqual([]);
    const plan = planFusion(request({ typography: 'élégant', tagline: null }), 0);
    expect(plan.text.map((block) => [block.role, block.text, block.typeface.family])).toEqual([
      ['slogan', 'Le goût du vrai', 'Playfair Display'],
    ]);
  });
});

describe('art direction: grading, effects and prompt', () => {
  it('grading comes from the palette and effects from the style', () => {
    const warm = planFusion(request({ palette: 'chaude' }), 0).grading;
    const cold = planFusion(request({ palette: 'froide' }), 0).grading;
    expect(warm.temperature).toBeGreaterThan(0);
    expect(cold.temperature).toBeLessThan(0);
    expect(planFusion(request({ palette: 'noir_blanc' }), 0).grading.saturation).toBe(0);
    expect(planFusion(request({ style: 'vintage' }), 0).effects).toMatchObject({ grain: expect.any(Number) });
    const effects = FUSION_STYLES.map((style) => JSON.stringify(planFusion(request({ style }), 0).effects));
    expect(new Set(effects).size).toBe(FUSION_STYLES.length);
  });

  it('the prompt describes style, palette and free space, and asks for no text', () => {
    for (const style of FUSION_STYLES) {
      for (const palette of FUSION_PALETTES) {
        const prompt = planFusion(request({ style, palette, position: 'gauche' }), 0).prompt;
        expect(prompt).toMatch(/left third/);
        expect(prompt).toMatch(/no text/);
        expect(prompt.length).toBeLessThan(1000);
      }
    }
    const prompts = FUSION_STYLES.map((style) => planFusion(request({ style }), 0).prompt);
    expect(new Set(prompts).size).toBe(FUSION_STYLES.length);
  });

  it('variants differ in layout and light, and planning is pure', () => {
    const plans = planFusionVariants(request({ format: 'story' }));
    expect(plans).toHaveLength(4);
    const keys = plans.map((p) => JSON.stringify([p.product.box, p.light, p.context]));
    expect(new Set(keys).size).toBe(4);
    expect(planFusionVariants(request({ format: 'story' }))).toEqual(plans);
    expect(planFusionVariants(request({ variants: 2 }))).toHaveLength(2);
  });
});
