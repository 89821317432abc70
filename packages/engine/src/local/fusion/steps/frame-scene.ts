/** The context photo cover-cropped to the canvas as the plan frames it. */
import { defocusSigma } from '../../draw/stylise';
import { frameScene } from '../../draw/scene';
import type { Step } from '../../steps';
import type { FusionContext } from '../context';

export const frameSceneStep: Step<FusionContext> = {
  name: ({ plan }) => `context cover-cropped (${plan.context.crop})`,
  async run(context) {
    const { plan } = context;
    const { depthOfField } = plan.effects;
    // A depth of field's blur is made by libvips from the context while the scene is framed.
    const framed = await frameScene(
      context.source.image,
      plan.canvas,
      plan.context,
      depthOfField > 0 ? defocusSigma(depthOfField, plan.canvas) : undefined,
    );
    context.scene = framed.scene;
    context.blurred = framed.blurred;
  },
};
