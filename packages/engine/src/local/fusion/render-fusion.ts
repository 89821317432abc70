/** The local provider for Fusion: offline, sharp only. One render per plan (requests: requests.ts). */
import { compositionOf, type Composition } from '../../art-direction/composition';
import type { FusionPlan, TextBlock } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import type { Cutout } from '../../cutout/cutout';
import { encode, type OutputFormat } from '../encode';
import { drawBackdrop } from '../draw/backdrop';
import { drawMount, frameLayout } from '../draw/frame';
import { grade } from '../draw/grade';
import { keyLightGains, vignetted, vignetteOf } from '../draw/light';
import {
  blendProduct,
  fitInBox,
  footprint,
  prefetchSoftAlpha,
  resizeProduct,
  type Placement,
} from '../draw/place-product';
import { drawPodium, podiumArt, samePodium, type PodiumSpec } from '../draw/podium';
import { drawReflection } from '../draw/reflection';
import type { PreparedContext, ProductSource } from '../prepare';
import { frameScene } from '../draw/scene';
import { castShadow } from '../draw/shadow';
import { drawEdge, productEdgeArt } from '../draw/product-edge';
import { defocusSigma, duotoneTone, styliseStructure } from '../draw/stylise';
import { calmBehind, calmestPlacement } from '../text/text-calm';
import { inksOf, typeset, type TypesetReport } from '../text/typeset';
import { alphaCoverage, NO_PRODUCT, rectangleCoverage, type Coverage } from '../draw/coverage';
import { filmGrain, filmTables, onPaper, paperTexture, styliseSurface } from '../draw/surface';
import { prefetchText } from '../text/text-layout';

export type RenderMetadata = {
  engine: 'local';
  mode: 'fusion';
  variant: number;
  width: number;
  height: number;
  style: FusionPlan['style'];
  palette: FusionPlan['palette'];
  position: FusionPlan['position'];
  /** The kind of picture this variant is (hero, scene, close-up, backdrop). */
  shot: FusionPlan['shot'];
  /** How the product was cut out, how sure the engine is (0 to 1), and why a photo was framed. */
  cutout: { method: Cutout['method']; reason?: Cutout['reason']; coverage: number; confidence: number };
  /** Where the product's own pixels are in the image. */
  product: Placement;
  /** How much of the frame the product takes, and how much is left with nothing in it. */
  composition: Composition;
  steps: string[];
  text: TypesetReport[];
  /** The language of the text and the typographic rules it was set with. */
  typography: FusionPlan['typography'];
  timings: {
    decodeMs: number;
    cutoutMs: number;
    sceneMs: number;
    compositeMs: number;
    encodeMs: number;
    totalMs: number;
  };
};

export type RenderedImage = { images: Partial<Record<OutputFormat, Buffer>>; metadata: RenderMetadata };

async function resizeToBox(cutout: RawImage, plan: FusionPlan) {
  const placement = fitInBox(cutout, plan.product, plan.canvas);
  const resized = await resizeProduct(cutout, placement);
  prefetchSoftAlpha(resized, placement);
  return { placement, resized };
}

/** Room below the ground line before text set under the product, or the canvas edge. */
function depthBelow(plan: FusionPlan, blocks: TextBlock[]): number {
  const { groundY } = plan.product;
  return Math.min(plan.canvas.height, ...blocks.map((t) => t.box.y).filter((y) => y > groundY)) - groundY;
}

/** Podium and reflection stop short of any text set under the product. */
function podiumSpec(plan: FusionPlan, placement: Placement, blocks: TextBlock[]): PodiumSpec {
  return {
    centreX: placement.x + placement.width / 2,
    groundY: plan.product.groundY,
    productWidth: placement.width,
    depth: depthBelow(plan, blocks),
    canvas: plan.canvas,
    grading: plan.grading,
    light: plan.light,
  };
}

export async function renderFusionVariant(
  plan: FusionPlan,
  productSource: ProductSource,
  context: PreparedContext,
  formats: OutputFormat[] = ['jpeg'],
): Promise<RenderedImage> {
  const t0 = performance.now();
  // Text and the product's size do not depend on the scene: libvips sets and resamples them on its own
  // threads while the scene is drawn. (Alternative text places have the planned boxes' sizes.) The
  // product may still be being cut out: the scene does not wait for it.
  prefetchText(plan.text);
  const productReady = Promise.resolve(productSource);
  const resizing = productReady.then(({ cutout }) =>
    cutout.method === 'framed' ? null : resizeToBox(cutout.image, plan),
  );
  resizing.catch(() => undefined);
  const { effects, grading, light } = plan;
  const { width, height } = plan.canvas;
  const seed = plan.variant + 1;
  // The podium's art depends on the layout alone: librsvg draws it while the scene is made.
  const earlyPodium = effects.podium
    ? resizing.then((sized) => sized && podiumArt(podiumSpec(plan, sized.placement, plan.text)))
    : null;
  earlyPodium?.catch(() => undefined);
  // So is the line around the product, in the drawn and neon styles.
  const edge = effects.productEdge;
  const edgeArt =
    edge !== 'none'
      ? resizing.then(
          (sized) =>
            sized && productEdgeArt(sized.resized, sized.placement, edge, grading, plan.canvas, seed),
        )
      : null;
  edgeArt?.catch(() => undefined);
  const paper = effects.paper > 0 ? paperTexture(width, height, effects.paper, seed) : null;
  paper?.catch(() => undefined);
  const steps = [`context cover-cropped (${plan.context.crop})`];
  // A depth of field's blur is made by libvips from the context while the scene is framed.
  const framed = await frameScene(
    context.image,
    plan.canvas,
    plan.context,
    effects.depthOfField > 0 ? defocusSigma(effects.depthOfField, plan.canvas) : undefined,
  );
  const scene = await styliseStructure(framed.scene, effects, grading, plan.product, seed, framed.blurred);
  // Duotone, grading, film look, paper, grain and key light: one pass over the scene.
  // The vignette too: what is drawn later (product, podium, framed print) takes it as it is drawn.
  const shade = vignetteOf(effects.vignette, width, height);
  const keyLight = keyLightGains(light, effects.spotlight, plan.product.box, width, height);
  const lit = paper ? onPaper(keyLight, await paper, width) : keyLight;
  grade(scene, grading, {
    saturation: effects.saturation,
    then: filmTables(effects),
    tone: duotoneTone(effects.duotone, grading) ?? undefined,
    lighting: {
      gains: shade ? vignetted(lit, shade) : lit,
      grain: effects.grain > 0 ? filmGrain(effects.grain, seed) : undefined,
    },
  });
  steps.push(`graded ${plan.palette}`, `styled ${plan.style}`, `key light from ${light.from}`);
  await styliseSurface(scene, effects, grading, seed);
  // Text goes where the scene is calmest among the places the plan allows.
  const placed = calmestPlacement(scene, plan.text, plan.textAlternatives, shade);
  const blocks = placed.blocks;
  if (blocks !== plan.text) steps.push('text moved to a calmer area');
  const t1 = performance.now();

  const product = await productReady;
  const { cutout } = product;
  const { groundY } = plan.product;
  let placement: Placement;
  let coverage: Coverage = NO_PRODUCT;
  if (cutout.method === 'framed') {
    const { stage } = plan.product;
    // A print is wider than most products: it may use the whole stage, with a little headroom.
    const headroom = Math.round(0.03 * plan.canvas.height);
    const room = { x: stage.x, y: stage.y + headroom, width: stage.width, height: stage.height - headroom };
    const { outer, inner } = frameLayout(cutout.image, room, groundY);
    // The mat is paper: near-white, only warmed or cooled by the palette's lightest colour.
    const [r, g, b] = grading.swatch.light;
    drawMount(scene, outer, light, [235 + (r - 235) * 0.3, 235 + (g - 235) * 0.3, 235 + (b - 235) * 0.3]);
    placement = inner;
    await blendProduct(scene, await resizeProduct(cutout.image, inner), inner, light, { wrap: false });
    // The print and its mat are opaque: vignetted as a whole, as the scene around them was.
    if (shade) {
      for (let y = Math.max(0, outer.y); y < Math.min(height, outer.y + outer.height); y++) {
        shade.darkenRow(scene.data, y, scene.channels, outer.x, outer.x + outer.width);
      }
    }
    coverage = rectangleCoverage(outer);
    steps.push(`framed photo (${cutout.reason})`);
  } else {
    let resized: RawImage;
    ({ placement, resized } = (await resizing)!);
    const foot = footprint(resized, placement);
    const depth = depthBelow(plan, blocks);
    if (plan.shot === 'backdrop') {
      const spec = { product: placement, stage: plan.product.stage, groundY, canvas: plan.canvas };
      if (await drawBackdrop(scene, { ...spec, grading, effects, light }, shade))
        steps.push('backdrop panel');
    }
    if (effects.podium) {
      const spec = podiumSpec(plan, placement, blocks);
      const early = await earlyPodium;
      // The early art was laid out for the planned text: made again if the text moved.
      drawPodium(scene, early && samePodium(early.spec, spec) ? early : await podiumArt(spec), shade);
      steps.push('podium');
    }
    const edgeDrawn = await edgeArt;
    if (edgeDrawn) {
      drawEdge(scene, edgeDrawn);
      steps.push(`${edge} edge`);
    }
    castShadow(scene, foot, light, effects.shadow, grading.swatch.dark);
    await blendProduct(scene, resized, placement, light, { vignette: shade });
    coverage = alphaCoverage(resized, placement);
    if (effects.reflection > 0) {
      await drawReflection(scene, resized, placement, effects.reflection, depth);
      steps.push('reflection');
    }
    steps.push(`product cut out (${cutout.method})`, 'contact shadow', 'light wrap');
  }
  if (await calmBehind(scene, blocks, coverage, placed.busyness)) steps.push('scene calmed behind text');
  const text = await typeset(scene, blocks, inksOf(grading.swatch), coverage);
  if (text.length) steps.push(`typeset ${text.map((t) => t.role).join(' and ')}`);
  const t2 = performance.now();

  const images: RenderedImage['images'] = {};
  for (const format of formats) images[format] = await encode(scene, format);
  const t3 = performance.now();
  return {
    images,
    metadata: {
      engine: 'local',
      mode: 'fusion',
      variant: plan.variant,
      width: scene.width,
      height: scene.height,
      style: plan.style,
      palette: plan.palette,
      position: plan.position,
      shot: plan.shot,
      cutout: {
        method: cutout.method,
        reason: cutout.reason,
        coverage: Math.round(cutout.coverage * 1000) / 1000,
        confidence: cutout.confidence,
      },
      product: placement,
      composition: compositionOf(
        plan.canvas,
        placement,
        blocks.map((block) => block.box),
      ),
      steps,
      text,
      typography: plan.typography,
      timings: {
        decodeMs: product.decodeMs + context.decodeMs,
        cutoutMs: product.cutoutMs,
        sceneMs: Math.round(t1 - t0),
        compositeMs: Math.round(t2 - t1),
        encodeMs: Math.round(t3 - t2),
        totalMs: Math.round(t3 - t0),
      },
    },
  };
}
