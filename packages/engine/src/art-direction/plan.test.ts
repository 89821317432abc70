import { describe, expect, it } from 'vitest';
import {
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
  SCENE_FORMATS,
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
      const { box, centreX } = plan.product;
      const third = Math.floor((centreX / plan.canvas.width) * 3);
      // Outside a tall canvas the box is centred on the product; in one, it may reach across the middle.
      if (plan.canvas.width / plan.canvas.height >= 0.9)
        expect(Math.abs(box.x + box.width / 2 - centreX)).toBeLessThanOrEqual(1);
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

  it('the product keeps headroom above it and floor in front of it, in every style', () => {
    for (const style of FUSION_STYLES) {
      for (const format of SCENE_FORMATS) {
        for (const position of FUSION_POSITIONS) {
          for (const plan of planFusionVariants(request({ style, format, position }))) {
            const { box, groundY } = plan.product;
            const H = plan.canvas.height;
            const label = `${style} ${format} ${position} v${plan.variant}`;
            // Free space above the product: 7 % of the height at least, under the top margin or the text above.
            const above = Math.max(
              0.075 * Math.min(plan.canvas.width, H),
              ...plan.text
                .filter((t) => t.box.x < box.x + box.width && box.x < t.box.x + t.box.width)
                .map((t) => t.box.y + t.box.height),
            );
            expect(box.y - above, label).toBeGreaterThanOrEqual(0.07 * H - 1);
            // Floor in front: the ground line is never at the canvas foot, and never mid-air either.
            // A close-up's camera is nearer: less floor shows in front of the product.
            expect(groundY, label).toBeLessThanOrEqual((plan.shot === 'close-up' ? 0.93 : 0.88) * H);
            expect(groundY, label).toBeGreaterThanOrEqual(0.7 * H);
            expect(box.height, label).toBeLessThanOrEqual(0.72 * H);
          }
        }
      }
    }
  });

  it('the stage for a framed print holds the product box, stays in its third and clear of every text place', () => {
    for (const plan of everyLayout()) {
      const { box, stage, groundY } = plan.product;
      const label = `${plan.canvas.width}x${plan.canvas.height} ${plan.position} v${plan.variant}`;
      expect(stage.width, label).toBeGreaterThanOrEqual(box.width);
      expect(stage.y + stage.height, label).toBe(groundY);
      expect(inside(stage, plan.canvas), label).toBe(true);
      const third = Math.floor(((stage.x + stage.width / 2) / plan.canvas.width) * 3);
      // A tall canvas is too narrow to keep a print in a third: there the stage reaches across.
      if (plan.canvas.width / plan.canvas.height >= 0.9)
        expect(third, label).toBe({ gauche: 0, centré: 1, droite: 2 }[plan.position]);
      for (const block of [...plan.text, ...plan.textAlternatives.flat()]) {
        expect(overlaps(block.box, stage), label).toBe(false);
      }
    }
  });
});

describe('art direction: text boxes', () => {
  it('text never covers the product box and stays inside the canvas, in every place it may go', () => {
    for (const plan of everyLayout()) {
      for (const placement of [plan.text, ...plan.textAlternatives]) {
        expect(placement.map((b) => b.role)).toEqual(plan.text.map((b) => b.role));
        for (const block of placement) {
          expect(overlaps(block.box, plan.product.box), `${plan.position} ${block.role}`).toBe(false);
          expect(inside(block.box, plan.canvas)).toBe(true);
        }
        if (placement.length === 2) expect(overlaps(placement[0]!.box, placement[1]!.box)).toBe(false);
      }
    }
  });

  it('a side column offers its top, middle and foot; a band above the product has no other place', () => {
    const side = planFusion(request({ position: 'gauche', format: 'carré' }), 0);
    const tops = [side.text, ...side.textAlternatives].map((p) => p[0]!.box.y);
    expect(new Set(tops).size).toBe(3);
    expect(planFusion(request({ position: 'centré' }), 0).textAlternatives).toEqual([]);
  });

  it('only the texts given get a box, each with the typography style typeface', () => {
    expect(planFusion(request({ slogan: null, tagline: '' }), 0).text).toEqual([]);
    const plan = planFusion(request({ typography: 'élégant', tagline: null }), 0);
    expect(plan.text.map((block) => [block.role, block.text, block.typeface.family])).toEqual([
      ['slogan', 'Le goût du vrai', 'Playfair Display'],
    ]);
  });
});

describe('art direction: the language of the text decides its typography', () => {
  it('the interface language sent with the request wins; without it the slogan and tagline decide', () => {
    const sent = planFusion(request({ slogan: 'Le goût du vrai', language: 'en' }), 0);
    expect(sent.typography).toEqual({ language: 'en', source: 'request', rules: 'english' });
    expect(sent.text.every((block) => block.language === 'en')).toBe(true);
    const english = planFusion(request({ slogan: 'The taste of real bread', tagline: null }), 0);
    expect(english.typography).toEqual({ language: 'en', source: 'detected', rules: 'english' });
    const french = planFusion(request({ slogan: 'Le goût du vrai' }), 0);
    expect(french.typography).toEqual({ language: 'fr', source: 'detected', rules: 'french' });
    expect(french.text.every((block) => block.language === 'fr')).toBe(true);
    const unknown = planFusion(request({ slogan: 'Dupont', tagline: null }), 0);
    expect(unknown.typography).toEqual({ language: 'fr', source: 'default', rules: 'french' });
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

  it('the four variants are four ideas: hero, in context, close-up and studio set, in that order', () => {
    for (const format of SCENE_FORMATS)
      for (const style of ['photo réaliste', '3D mockup'] as const) {
        const plans = planFusionVariants(request({ format, style }));
        expect(plans.map((plan) => plan.shot)).toEqual(['hero', 'scene', 'close-up', 'backdrop']);
        const [hero, scene, closeUp, set] = plans;
        // The camera distance differs on purpose: the close-up's product takes the most of the frame,
        // the scene's the least; the close-up frames the context nearer.
        expect(closeUp!.product.share).toBeGreaterThan(hero!.product.share);
        expect(hero!.product.share).toBeGreaterThan(scene!.product.share);
        expect(closeUp!.context.zoom).toBeGreaterThan(1);
        expect(hero!.context.zoom ?? 1).toBe(1);
        // In context, the product stands on the scene itself, in every style, and the scene stays readable.
        expect(scene!.effects.podium).toBe(false);
        expect(scene!.ground.on).toBe('planned');
        expect(scene!.effects.depthOfField).toBeLessThanOrEqual(0.3);
        // The studio set stands it smaller than the hero's fit, on a podium, in every style.
        expect(set!.product.presence).toBeLessThan(0.75);
        expect(set!.effects.podium).toBe(true);
        expect(set!.ground.on).toBe('podium');
      }
  });

  it('a nearer camera throws the scene further out of focus, on a fast lens; a deep-focus style keeps its own', () => {
    for (const format of SCENE_FORMATS) {
      const [hero, scene, closeUp] = planFusionVariants(request({ format, style: 'photo réaliste' }));
      expect(hero!.effects.depthOfField).toBeGreaterThan(1.5 * scene!.effects.depthOfField);
      expect(closeUp!.effects.depthOfField).toBeGreaterThan(hero!.effects.depthOfField);
      expect(closeUp!.effects.depthOfField).toBeLessThanOrEqual(1.2);
      const film = planFusionVariants(request({ format, style: 'vintage' }));
      expect(film[0]!.effects.depthOfField).toBe(film[2]!.effects.depthOfField);
    }
  });

  it('a style that asks for more air (minimaliste) asks for a smaller share of the frame', () => {
    const calm = planFusion(request({ style: 'minimaliste' }), 0);
    const plain = planFusion(request({ style: 'photo réaliste' }), 0);
    expect(calm.product.share).toBeLessThan(plain.product.share);
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

describe('art direction: the marketplace image', () => {
  it('plans no text whatever was typed, no podium, the product centred with its box 80 to 90 % of the frame', () => {
    for (const style of FUSION_STYLES)
      for (const position of FUSION_POSITIONS)
        for (const plan of planFusionVariants(request({ format: 'marketplace', style, position }))) {
          const label = `${style} ${position} variant ${plan.variant}`;
          expect(plan.canvas, label).toEqual({ width: 2000, height: 2000 });
          expect([...plan.text, ...plan.textAlternatives.flat()], label).toEqual([]);
          expect(plan.effects.podium, label).toBe(false);
          expect(plan.ground.on, label).toBe('planned');
          const { box } = plan.product;
          expect(box.width, label).toBe(box.height);
          expect(box.width / 2000, label).toBeGreaterThanOrEqual(0.8);
          expect(box.width / 2000, label).toBeLessThanOrEqual(0.9);
          expect(box.x + box.width / 2, label).toBe(1000);
          expect(box.y + box.height / 2, label).toBe(1000);
        }
  });

  it('gives its four variants four different looks: with or without a contact shadow, at 85, 85, 81 and 89 %', () => {
    const plans = planFusionVariants(request({ format: 'marketplace' }));
    expect(plans.map((plan) => plan.packshot)).toEqual([
      { fill: 0.85, shadow: false },
      { fill: 0.85, shadow: true },
      { fill: 0.81, shadow: false },
      { fill: 0.89, shadow: true },
    ]);
    // Every other format has no packshot: its scene, set and text are planned as before.
    for (const format of SCENE_FORMATS) expect(planFusion(request({ format }), 0).packshot).toBeUndefined();
  });
});
