/** A photo shown whole, as the user chose or the cut-out was unsure: a print on a mat, on the stage. */
import { rectangleCoverage } from '../../../draw/coverage';
import { drawMount, frameLayout } from '../../../draw/frame';
import { blendProduct } from '../../../draw/place-product';
import { resizeProduct } from '../../../draw/placement';
import type { Step } from '../../../steps';
import { stagedOf, type FusionContext } from '../../context';

export const mountStep: Step<FusionContext> = {
  name: (context) => `framed photo (${stagedOf(context).product.cutout.reason})`,
  async run(context) {
    const { plan, scene, shade } = context;
    const staged = stagedOf(context);
    const { cutout } = staged.product;
    const { stage, groundY } = plan.product;
    const { height } = plan.canvas;
    // A print is wider than most products: it may use the whole stage, with a little headroom.
    const headroom = Math.round(0.03 * height);
    const room = { x: stage.x, y: stage.y + headroom, width: stage.width, height: stage.height - headroom };
    const { outer, inner } = frameLayout(cutout.image, room, groundY);
    // The mat is paper: near-white, only warmed or cooled by the palette's lightest colour.
    const [r, g, b] = plan.grading.swatch.light;
    drawMount(scene, outer, plan.light, [
      235 + (r - 235) * 0.3,
      235 + (g - 235) * 0.3,
      235 + (b - 235) * 0.3,
    ]);
    staged.placement = inner;
    await blendProduct(scene, await resizeProduct(cutout.image, inner), inner, plan.light, { wrap: false });
    // The print and its mat are opaque: vignetted as a whole, as the scene around them was.
    if (shade) {
      for (let y = Math.max(0, outer.y); y < Math.min(height, outer.y + outer.height); y++) {
        shade.darkenRow(scene.data, y, scene.channels, outer.x, outer.x + outer.width);
      }
    }
    context.coverage = rectangleCoverage(outer);
  },
};
