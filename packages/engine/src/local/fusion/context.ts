/** What the steps of a Fusion variant share: the plan, the scene they draw on, and what each one left. */
import { groundOnScene } from '../../art-direction/ground';
import type { FusionPlan, TextBlock } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { NO_PRODUCT, type Coverage } from '../draw/coverage';
import { vignetteOf, type Vignette } from '../draw/light';
import type { Placement } from '../draw/placement';
import type { PreparedContext, PreparedProduct, ProductSource } from '../prepare';
import { startEarlyWork, type EarlyWork, type SizedProduct } from './early-work';

export type FusionContext = {
  readonly plan: FusionPlan;
  /** The context photo, decoded once for every variant of the request (never drawn on). */
  readonly source: PreparedContext;
  readonly seed: number;
  readonly early: EarlyWork;
  /**
   * The vignette, made once. The grading pass lays it on the scene; what is drawn after that pass
   * (the mount, the backdrop, the podium, the product) takes it as it is drawn; and the text's place
   * is judged with it taken back out.
   */
  readonly shade: Vignette | null;
  /** The picture: the context photo until the first step frames it, then drawn on in place. */
  scene: RawImage;
  /** The framed scene blurred for a depth of field, when the style has one (made while it was framed). */
  blurred: Promise<Buffer> | null;
  /** The text where it will be set (the plan's place or a calmer one), and how busy the scene is there. */
  blocks: TextBlock[];
  busyness: number;
  /** Once the product is staged: the product, and the pixels it covers. */
  staged: StagedProduct | null;
  coverage: Coverage;
  /** What the metadata lists, step by step (local/steps.ts). */
  steps: string[];
};

export type StagedProduct = {
  product: PreparedProduct;
  /** The cut-out at its size (null for a framed photo). */
  sized: SizedProduct | null;
  /** Where the product's own pixels are in the image (the print's, for a framed photo). */
  placement: Placement | null;
};

/** The context of one variant; what does not depend on the scene starts now (early-work.ts). */
export function fusionContext(
  planned: FusionPlan,
  product: ProductSource,
  source: PreparedContext,
): FusionContext {
  // The product stands on the photo's surface, lit from the photo's side (art-direction/ground.ts).
  const plan = groundOnScene(planned, source.reading);
  const seed = plan.variant + 1;
  const { width, height } = plan.canvas;
  return {
    plan,
    source,
    seed,
    early: startEarlyWork(plan, product, seed),
    shade: vignetteOf(plan.effects.vignette, width, height),
    scene: source.image,
    blurred: null,
    blocks: plan.text,
    busyness: 0,
    staged: null,
    coverage: NO_PRODUCT,
    steps: [],
  };
}

/** The staged product, for the steps that run once it is (steps/stage-product.ts). */
export function stagedOf(context: FusionContext): StagedProduct {
  if (!context.staged) throw new Error('the product is not staged yet');
  return context.staged;
}

/** The cut-out product at its size, for the steps that stage it (not a framed photo's). */
export function sizedOf(context: FusionContext): SizedProduct {
  const { sized } = stagedOf(context);
  if (!sized) throw new Error('a framed photo has no cut-out to stage');
  return sized;
}
