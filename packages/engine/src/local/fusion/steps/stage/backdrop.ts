/**
 * The backdrop shot's panel, standing behind the product; seen from above, the sheet it lies on. Seen
 * from above on a surface too narrow to fill the frame, every shot's product lies on a sheet
 * (art-direction/ground.ts, `out-of-frame`): the hero on dark paper, the scene shot on one in the
 * surface's colours, the close-up on the studio set's pale paper.
 */
import { drawBackdrop } from '../../../draw/backdrop';
import { drawFlatLay, drawSurfaceSheet } from '../../../draw/flat-lay';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';

/** Seen from above on a surface too narrow to fill the frame, what each shot lies on (flat-lay.ts). */
const SHEETS = {
  hero: 'sheet of dark paper',
  scene: 'sheet in the surface colours',
  'close-up': 'sheet of studio paper',
} as const;

export const backdropStep: Step<FusionContext> = {
  name: ({ plan }) =>
    plan.view !== 'top' ? 'backdrop panel' : plan.shot === 'backdrop' ? 'flat-lay sheet' : SHEETS[plan.shot],
  async run(context) {
    const { plan, scene, shade } = context;
    // Only a product seen from above on a surface too narrow for the frame has rows for its sheet.
    const rows = plan.ground.sheet;
    if (plan.shot !== 'backdrop' && !rows) return false;
    const { stage, groundY } = plan.product;
    const { grading, effects, light, canvas } = plan;
    const spec = { product: sizedOf(context).placement, stage, groundY, canvas, grading, effects, light };
    if (plan.shot !== 'backdrop') {
      drawSurfaceSheet(scene, spec, plan.shot, rows!, shade);
      return true;
    }
    // Not drawn when the stage has no room for it.
    const draw = plan.view === 'top' ? drawFlatLay : drawBackdrop;
    return (await draw(scene, spec, shade)) !== null;
  },
};
