/**
 * The local provider for Fusion: offline, sharp only. One variant is a list of named steps run over one
 * context (context.ts): the scene first, while the product may still be being cut out, then the product
 * and what depends on where it is; the ending (typeset, encode, timings) is Express's too (local/finish.ts).
 * Whole requests: local/requests.ts.
 */
import { safeAreaOf, type SafeArea } from '@vitrine/shared/api/safe-area';
import { compositionOf, type Composition } from '../../art-direction/composition';
import type { FusionPlan } from '../../art-direction/types';
import type { Cutout } from '../../cutout/cutout';
import { setPieces } from '../draw/backdrop';
import type { Placement } from '../draw/placement';
import type { RenderFormat } from '../encode';
import { finish, Stopwatch, type BrandReport, type EncodedImages } from '../finish';
import { brandInks } from '../text/brand-inks';
import type { PreparedContext, ProductSource } from '../prepare';
import { runSteps } from '../steps';
import type { TextLayer } from '../text/layers';
import { inksOf, type TypesetReport } from '../text/typeset';
import { fusionContext, sizedOf, stagedOf, type FusionContext } from './context';
import { podiumBox } from '../draw/podium';
import { podiumSpec } from './podium-spec';
import { calmBehindTextStep } from './steps/calm-behind-text';
import { frameSceneStep } from './steps/frame-scene';
import { gradeAndLightStep } from './steps/grade-and-light';
import { renderPackshot } from './render-packshot';
import { placeTextStep } from './steps/place-text';
import { stageProductStep } from './steps/stage-product';
import { styliseStructureStep } from './steps/stylise-structure';
import { styliseSurfaceStep } from './steps/stylise-surface';
import { lightUsed } from './steps/stage/shadow';
import { metadataHead } from './metadata-head';

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
  /** How the product is shown (front or from above), and whether the user chose it or its photo said so. */
  view: { view: FusionPlan['view'] } & FusionPlan['viewChoice'];
  /** What the product stands on (the photo's surface, or why the planned line was kept), and the light's side. */
  ground: FusionPlan['ground'] & { lightFrom: FusionPlan['light']['from'] };
  /**
   * The light and shadow used: chosen in the form, read from the scene, or the variant's. Absent on
   * the marketplace image, which is lit by nothing but its white (packshot.ts).
   */
  light?: ReturnType<typeof lightUsed>;
  /** How much of the frame the product takes, and how much is left with nothing in it. */
  composition: Composition;
  /** Where text and the product's key parts stay: clear of a story's overlays, inside every margin. */
  safeArea: SafeArea;
  steps: string[];
  /** Every text as set, with the rectangle its ink takes. */
  text: TypesetReport[];
  /** The language of the text and the typographic rules it was set with. */
  typography: FusionPlan['typography'];
  /** The shop's brand kit as applied: its palette, its logo's and signature's places. Absent without one. */
  brand?: BrandReport;
  timings: {
    decodeMs: number;
    cutoutMs: number;
    sceneMs: number;
    compositeMs: number;
    encodeMs: number;
    totalMs: number;
  };
};

/** The images, their metadata, and the text as layers to set again on the plate (text/layers.ts). */
export type RenderedImage = { images: EncodedImages; metadata: RenderMetadata; layers: TextLayer[] };

/** The scene: drawn without the product, which may still be being cut out meanwhile. */
const SCENE_STEPS = [
  frameSceneStep,
  styliseStructureStep,
  gradeAndLightStep,
  styliseSurfaceStep,
  placeTextStep,
];
/** Then the product, and the scene calmed behind the text around it. */
const PRODUCT_STEPS = [stageProductStep, calmBehindTextStep];

export async function renderFusionVariant(
  plan: FusionPlan,
  product: ProductSource,
  source: PreparedContext,
  formats: RenderFormat[] = ['jpeg'],
): Promise<RenderedImage> {
  // A marketplace image is the product alone on white: no scene to draw (render-packshot.ts).
  if (plan.packshot) return renderPackshot(plan, product, formats);
  const clock = new Stopwatch();
  const context = fusionContext(plan, product, source);
  await runSteps(SCENE_STEPS, context);
  const sceneMs = clock.lap();
  await runSteps(PRODUCT_STEPS, context);
  const { scene, steps, blocks, coverage } = context;
  const { brand, grading } = plan;
  const inks = brand ? brandInks(brand.colours) : inksOf(grading.swatch);
  const marks = brand && {
    brand,
    language: plan.typography.language,
    palette: { colours: [grading.swatch.dark, grading.swatch.accent, grading.swatch.light], inks },
    product: stagedOf(context).placement,
    set: plan.effects.podium
      ? podiumBox(podiumSpec(plan, sizedOf(context).placement, blocks, sizedOf(context).support))
      : null,
  };
  const text = { blocks, inks, product: coverage, ...(marks && { brand: marks }) };
  const end = await finish(scene, steps, text, typesetName, formats, clock);
  const timings = { sceneMs, compositeMs: end.typesetMs, encodeMs: end.encodeMs, totalMs: clock.elapsed() };
  const metadata = metadataOf(context, end.text, timings);
  if (end.brand) metadata.brand = end.brand;
  return { images: end.images, metadata, layers: end.layers };
}

const typesetName = (text: TypesetReport[]) =>
  text.length ? `typeset ${text.map((t) => t.role).join(' and ')}` : null;

function metadataOf(
  context: FusionContext,
  text: TypesetReport[],
  ms: { sceneMs: number; compositeMs: number; encodeMs: number; totalMs: number },
): RenderMetadata {
  const { plan, scene, source, blocks, steps } = context;
  const { product, placement } = stagedOf(context);
  if (!placement) throw new Error('the product was staged without a place');
  const { cutout } = product;
  return {
    ...metadataHead(plan, cutout, scene, placement),
    // A photo shown whole in a mount casts no shadow and has no reflection.
    light:
      cutout.method === 'framed' ? { ...lightUsed(plan), strength: 0, reflection: false } : lightUsed(plan),
    // The studio set's panel fills the frame as much as text does.
    composition: compositionOf(plan.canvas, placement, [
      ...blocks.map((block) => block.box),
      ...setPieces(plan, placement),
    ]),
    safeArea: safeAreaOf(plan.canvas),
    steps,
    text,
    typography: plan.typography,
    timings: {
      decodeMs: product.decodeMs + source.decodeMs,
      cutoutMs: product.cutoutMs,
      sceneMs: Math.round(ms.sceneMs),
      compositeMs: Math.round(ms.compositeMs),
      encodeMs: Math.round(ms.encodeMs),
      totalMs: Math.round(ms.totalMs),
    },
  };
}
