/**
 * What a Fusion variant starts before the scene is drawn, because it does not depend on the scene:
 * libvips and librsvg make it on their own threads while the scene is framed, styled and graded, and
 * the steps that need it await its handle. The product may still be being cut out: nothing here makes
 * the scene wait for it.
 */
import { safeAreaOf } from '@vitrine/shared/api/safe-area';
import type { FusionPlan } from '../../art-direction/types';
import { trim } from '../../cutout/cutout';
import { lumaQ8 } from '../../pixels/fixed-point';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { firmBase } from '../draw/firm-base';
import { prefetchSoftAlpha } from '../draw/place-product';
import { fitInBox, resizeProduct, seated, type Placement } from '../draw/placement';
import { podiumArt, type PodiumArt } from '../draw/podium';
import { productEdgeArt, type EdgeArt } from '../draw/product-edge';
import { paperTexture, type Paper } from '../draw/surface';
import { supportOf, type Support } from '../draw/support';
import type { PreparedProduct, ProductSource } from '../prepare';
import { prefetchText } from '../text/text-layout';
import { podiumSpec } from './podium-spec';

/** The cut-out product resized to its planned box, and where that puts it. */
export type SizedProduct = {
  placement: Placement;
  resized: RawImage;
  /** The line it stood on when it stood on two parts (a standing product), or null. */
  support: Support | null;
};

export type EarlyWork = {
  /** The product, once cut out. */
  product: Promise<PreparedProduct>;
  /** The product at its size (null for a framed photo, which is laid out in its mount). */
  sized: Promise<SizedProduct | null>;
  /** The podium's art for the planned text (3D mockup). */
  podium: Promise<PodiumArt | null> | null;
  /** The neon glow spilled around the product (cyberpunk). */
  edge: Promise<EdgeArt | null> | null;
  /** The paper's fibres (pencil and watercolour). */
  paper: Promise<Paper> | null;
};

/**
 * Work started now for a later step. A failure is thrown where that step awaits it; until then it is
 * not an unhandled rejection (the scene may fail first, or a framed photo never need it).
 */
function started<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

async function resizeToBox(cut: RawImage, plan: FusionPlan): Promise<SizedProduct> {
  const cutout = plan.product.turn ? await turned(cut, plan.product.turn) : cut;
  const fitted = fitInBox(cutout, plan.product, plan.canvas);
  const resized = await resizeProduct(cutout, fitted);
  // A black-and-white palette takes the product too: a colour product on a grey scene reads as a
  // mistake, not as a colour splash. Its tones are kept (luma), so it stays itself.
  if (plan.grading.saturation === 0) inBlackAndWhite(resized);
  const standing = plan.product.anchor !== 'centre';
  // Standing, or seen from above where it stood, its solid base (not the cut-out's soft fringe below
  // it, cleared) is what meets the surface, along the line it stood on.
  const based = standing || plan.product.stands === true;
  if (based) firmBase(resized);
  const safe = safeAreaOf(plan.canvas);
  const placement = standing ? seated(resized, fitted, safe.y + safe.height) : fitted;
  prefetchSoftAlpha(resized, placement);
  return { placement, resized, support: based ? supportOf(resized) : null };
}

/** The cut-out turned about its centre, trimmed again to what it covers. */
async function turned(cutout: RawImage, degrees: number): Promise<RawImage> {
  const rotated = await toRaw(
    fromRaw(cutout).rotate(degrees, { background: { r: 0, g: 0, b: 0, alpha: 0 } }),
  );
  return trim(rotated).image;
}

export function startEarlyWork(plan: FusionPlan, product: ProductSource, seed: number): EarlyWork {
  const { effects, grading, canvas } = plan;
  // Alternative text places have the planned boxes' sizes: the text set now serves them too.
  prefetchText(plan.text);
  const cutOut = started(Promise.resolve(product));
  const sized = started(
    cutOut.then(({ cutout }) => (cutout.method === 'framed' ? null : resizeToBox(cutout.image, plan))),
  );
  const edge = effects.productEdge;
  return {
    product: cutOut,
    sized,
    // Laid out for the planned text: the podium step makes it again if the text moves.
    podium: effects.podium
      ? started(sized.then((s) => s && podiumArt(podiumSpec(plan, s.placement, plan.text, s.support))))
      : null,
    edge:
      edge !== 'none'
        ? started(sized.then((s) => s && productEdgeArt(s.resized, s.placement, grading)))
        : null,
    paper: effects.paper > 0 ? started(paperTexture(canvas.width, canvas.height, effects.paper, seed)) : null,
  };
}

/** The image's colour turned to its luma (Rec. 709), in place; alpha kept. */
function inBlackAndWhite({ data, channels }: RawImage): void {
  for (let i = 0; i < data.length; i += channels) {
    const luma = lumaQ8(data[i]!, data[i + 1]!, data[i + 2]!);
    data[i] = luma;
    data[i + 1] = luma;
    data[i + 2] = luma;
  }
}
