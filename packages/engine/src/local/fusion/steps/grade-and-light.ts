/**
 * One pass over the scene: duotone, grading, film look, paper, grain and key light, and the vignette
 * (what is drawn after this pass takes the vignette as it is drawn).
 */
import { grade } from '../../draw/grade';
import { keyLightGains, vignetted } from '../../draw/light';
import { duotoneTone } from '../../draw/stylise';
import { filmGrain, filmTables, onPaper } from '../../draw/surface';
import type { Step } from '../../steps';
import type { FusionContext } from '../context';

export const gradeAndLightStep: Step<FusionContext> = {
  // Most of the style's look is laid on in this pass: it names the style too.
  name: ({ plan }) => [`graded ${plan.palette}`, `styled ${plan.style}`, `key light from ${plan.light.from}`],
  async run({ plan, scene, shade, early, seed }) {
    const { effects, grading, light } = plan;
    const { width, height } = plan.canvas;
    const keyLight = keyLightGains(light, effects.spotlight, poolBox(plan.product), width, height);
    const lit = early.paper ? onPaper(keyLight, await early.paper, width) : keyLight;
    grade(scene, grading, {
      saturation: effects.saturation,
      then: filmTables(effects),
      tone: duotoneTone(effects.duotone, grading) ?? undefined,
      lighting: {
        gains: shade ? vignetted(lit, shade) : lit,
        grain: effects.grain > 0 ? filmGrain(effects.grain, seed) : undefined,
      },
    });
  },
};

/** The spotlight's pool follows the product's centre where it leans away from its box's centre. */
function poolBox({ box, centreX }: FusionContext['plan']['product']) {
  const shift = centreX - (box.x + box.width / 2);
  return Math.abs(shift) > 1 ? { ...box, x: Math.round(box.x + shift) } : box;
}
