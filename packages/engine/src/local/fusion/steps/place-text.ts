/** Text goes where the finished scene is calmest among the places the plan allows. */
import { calmestPlacement } from '../../text/text-calm';
import type { Step } from '../../steps';
import type { FusionContext } from '../context';

export const placeTextStep: Step<FusionContext> = {
  name: () => 'text moved to a calmer area',
  run(context) {
    const { plan } = context;
    const placed = calmestPlacement(context.scene, plan.text, plan.textAlternatives, context.shade);
    context.blocks = placed.blocks;
    context.busyness = placed.busyness;
    return placed.blocks !== plan.text;
  },
};
