/**
 * The product on the scene, once it is cut out: a photo shown whole goes in a mount; a cut-out stands
 * on its set (backdrop panel, podium), drawn round by the style's line, over its contact shadow, with
 * its reflection. Each part is a step of its own (stage/).
 */
import { runSteps, type Step } from '../../steps';
import { stagedOf, type FusionContext } from '../context';
import { backdropStep } from './stage/backdrop';
import { baseStep } from './stage/base';
import { edgeStep } from './stage/edge';
import { mountStep } from './stage/mount';
import { podiumStep } from './stage/podium';
import { productStep } from './stage/product';
import { reflectionStep } from './stage/reflection';
import { shadowStep } from './stage/shadow';

const FRAMED_PHOTO = [mountStep];
// The reflection lies on the surface, under the shadows: the contact stays dark between the product and
// its reflection, as it does on any glossy surface.
const CUT_OUT_PRODUCT = [
  backdropStep,
  podiumStep,
  edgeStep,
  reflectionStep,
  shadowStep,
  productStep,
  baseStep,
];

export const stageProductStep: Step<FusionContext> = {
  // After the parts named by their own steps: what every cut-out product gets.
  name(context) {
    const { cutout } = stagedOf(context).product;
    return cutout.method === 'framed'
      ? []
      : [`product cut out (${cutout.method})`, 'contact shadow', 'light wrap'];
  },
  async run(context) {
    const { early } = context;
    const product = await early.product;
    const framed = product.cutout.method === 'framed';
    const sized = framed ? null : await early.sized;
    context.staged = { product, sized, placement: sized?.placement ?? null };
    await runSteps(framed ? FRAMED_PHOTO : CUT_OUT_PRODUCT, context);
  },
};
