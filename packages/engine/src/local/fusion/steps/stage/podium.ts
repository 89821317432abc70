/** The 3D mockup's podium under the product. */
import { drawPodium, podiumArt, samePodium } from '../../../draw/podium';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import { podiumSpec } from '../../podium-spec';

export const podiumStep: Step<FusionContext> = {
  name: () => 'podium',
  async run(context) {
    const { plan, early } = context;
    if (!plan.effects.podium) return false;
    const { placement, support } = sizedOf(context);
    const spec = podiumSpec(plan, placement, context.blocks, support);
    const made = await early.podium;
    // The early art was laid out for the planned text: made again if the text moved.
    drawPodium(
      context.scene,
      made && samePodium(made.spec, spec) ? made : await podiumArt(spec),
      context.shade,
    );
  },
};
