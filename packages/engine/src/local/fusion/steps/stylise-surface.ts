/** What the style lays on the graded surface: light leaks, neon light and glow. */
import { styliseSurface } from '../../draw/surface';
import type { Step } from '../../steps';
import type { FusionContext } from '../context';

export const styliseSurfaceStep: Step<FusionContext> = {
  // Part of the style the grading pass names.
  name: () => [],
  run: ({ plan, scene, seed }) => styliseSurface(scene, plan.effects, plan.grading, seed),
};
