/**
 * Express on a background a model drew: cover-cropped, a soft vignette, the description typeset on top
 * by the local pipeline, so the text stays ours.
 */
import type { ExpressPlan } from '../../art-direction/express-plan';
import type { ContextFraming } from '../../art-direction/types';
import { vignette } from '../draw/light';
import { coverCrop } from '../draw/scene';
import type { RenderFormat } from '../encode';
import { Stopwatch } from '../finish';
import type { PreparedContext } from '../prepare';
import { finishExpress, type RenderedExpress } from './render-express';

/** The model drew the background for this canvas, its calm area where the plan asked: centred. */
const MODEL_FRAMING: ContextFraming = { crop: 'centre' };

export async function renderExpressOnScene(
  plan: ExpressPlan,
  scene: PreparedContext,
  formats: RenderFormat[] = ['jpeg'],
): Promise<RenderedExpress> {
  const clock = new Stopwatch();
  const canvas = await coverCrop(scene.image, plan.canvas, MODEL_FRAMING);
  vignette(canvas, plan.design.vignette * 0.5);
  const steps = ['background cover-cropped (centre)'];
  return finishExpress(plan, canvas, steps, formats, clock, scene.decodeMs);
}
