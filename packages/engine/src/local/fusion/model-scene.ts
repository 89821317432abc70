/**
 * Fusion on a background a model drew: the scene is cover-cropped to the exact format, then the local
 * pipeline composites the product and typesets the copy, so product pixels and text stay ours.
 */
import type { ContextFraming, Effects, FusionPlan, Grading } from '../../art-direction/types';
import type { RenderFormat } from '../encode';
import type { PreparedContext, ProductSource } from '../prepare';
import { renderFusionVariant, type RenderedImage } from './render-fusion';

/**
 * The model was asked for an empty surface where the plan puts the product: the scene is centred, or
 * that surface would move away from the product.
 */
const MODEL_FRAMING: ContextFraming = { crop: 'centre' };

/** How much of the palette's grading is laid over a scene the model already drew in that palette. */
const MODEL_GRADING_STRENGTH = 0.35;

/** A light pass of the palette: it ties the scene to the product's light and the text inks. */
function lightGrading(grading: Grading): Grading {
  const k = MODEL_GRADING_STRENGTH;
  return {
    ...grading,
    // Black and white stays black and white whatever the model drew.
    saturation: grading.saturation === 0 ? 0 : 1 + (grading.saturation - 1) * k,
    contrast: 1 + (grading.contrast - 1) * k,
    lift: grading.lift * k,
    temperature: grading.temperature * k,
    split: grading.split * k,
  };
}

/**
 * The model drew the style (flat colours, hatching, duotone, grain, podium...): only what ties the
 * product into the scene is kept, so the style is not laid on twice.
 */
function compositingEffects(effects: Effects): Effects {
  return {
    ...effects,
    saturation: 1,
    flatColours: 0,
    outline: 0,
    hatching: 0,
    paper: 0,
    wash: 0,
    duotone: 0,
    glow: 0,
    grain: 0,
    warmth: 0,
    fade: 0,
    podium: false,
    vignette: effects.vignette * 0.5,
  };
}

/** The plan as it applies to a scene drawn from its own prompt. */
export function planForModelScene(plan: FusionPlan): FusionPlan {
  return {
    ...plan,
    context: MODEL_FRAMING,
    grading: lightGrading(plan.grading),
    effects: compositingEffects(plan.effects),
  };
}

export function renderFusionOnScene(
  plan: FusionPlan,
  product: ProductSource,
  scene: PreparedContext,
  formats?: RenderFormat[],
): Promise<RenderedImage> {
  return renderFusionVariant(planForModelScene(plan), product, scene, formats);
}
