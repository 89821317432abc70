/**
 * Whole requests on the local engine: the uploads decoded once, then every variant, on the render
 * threads (threads.ts) or two at a time on this thread (parallel.ts). The product is cut out once,
 * while the first variants draw their scenes.
 * `onVariant` hears of each finished variant; throwing from it (e.g. on cancel) stops the render
 * before the next variant starts.
 */
import {
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
  textlessFormat,
  type ExpressRequest,
  type FusionFormat,
  type FusionRequest,
} from '@vitrine/shared/api/generation';
import { planExpressVariants } from '../art-direction/express-plan';
import { brandGrading } from '../art-direction/brand-palette';
import { planFusionVariants, viewOf } from '../art-direction/plan';
import { prepareBrand } from '../brand/prepare';
import type { BrandInput } from '../brand/types';
import type { ProductCutoutInput } from '../cutout/run';
import type { RenderFormat } from './encode';
import { mapInFlight, type OnVariantDone } from './parallel';
import type { FusionPlan, PlannedBrand } from '../art-direction/types';
import { prepareContext, startProduct, type PreparedContext, type PreparedProduct } from './prepare';
import { prepareCatalogueScene } from './scenes';
import type { RenderedExpress } from './express/render-express';
import type { RenderedImage } from './fusion/render-fusion';
import { variantRenderer, variantsInFlight } from './threads';

/**
 * The context photo uploaded, or the id of a ready-made scene (scenes.ts); neither for a marketplace
 * image, which has no scene (art-direction/packshot.ts).
 */
export type SceneChoice =
  | { context: Buffer; scene?: undefined }
  | { scene: string; context?: undefined }
  | { context?: undefined; scene?: undefined };

/**
 * The scene a request renders on, decoded (or drawn) just large enough to cover `canvas`. A request
 * given neither photo nor scene renders on none: only the marketplace image may (the contract says so,
 * packages/shared/src/api/generations.ts).
 */
export function sceneFor(
  input: SceneChoice & { request: FusionRequest },
  canvas: { width: number; height: number },
  brand?: PlannedBrand | null,
): Promise<PreparedContext> {
  if (input.scene !== undefined) {
    // A studio sweep is drawn in the brand's colours when there is a brand.
    const grading = brand ? brandGrading(brand.colours) : undefined;
    return prepareCatalogueScene(input.scene, input.request.palette, canvas, grading);
  }
  if (input.context !== undefined) return prepareContext(input.context, canvas);
  if (!textlessFormat(input.request.format)) throw new Error(`a ${input.request.format} needs a scene`);
  return Promise.resolve(NO_SCENE);
}

/**
 * The scene of each format a request renders in: an uploaded photo is decoded once, large enough to
 * cover all of them (framing each is then a crop); a ready-made scene is drawn for each format.
 */
export async function scenesForFormats(
  input: SceneChoice & { request: FusionRequest },
  formats: readonly FusionFormat[],
  brand?: PlannedBrand | null,
): Promise<Map<FusionFormat, PreparedContext>> {
  const withScene = formats.filter((format) => !textlessFormat(format));
  const sizes = (withScene.length ? withScene : formats).map((format) => FUSION_FORMAT_SIZES[format]);
  const covering = {
    width: Math.max(...sizes.map((size) => size.width)),
    height: Math.max(...sizes.map((size) => size.height)),
  };
  const shared = input.context !== undefined ? prepareContext(input.context, covering) : null;
  const scenes = await Promise.all(
    formats.map(
      (format) =>
        shared ??
        sceneFor({ ...input, request: { ...input.request, format } }, FUSION_FORMAT_SIZES[format], brand),
    ),
  );
  return new Map(formats.map((format, i) => [format, scenes[i]!]));
}

/** What a marketplace image renders on when no scene was given: nothing (one white pixel, never drawn). */
const NO_SCENE: PreparedContext = {
  image: { data: Buffer.from([255, 255, 255]), width: 1, height: 1, channels: 3 },
  source: {
    format: 'none',
    width: 1,
    height: 1,
    space: 'srgb',
    depth: 'uchar',
    hasAlpha: false,
    orientation: 1,
    pages: 1,
  },
  decodeMs: 0,
};

/**
 * The request's plans. The product is cut out while the first variants draw their scenes, unless the
 * way it was photographed (front or from above) is left to the engine, or chosen as from above: then
 * it is read from the cut-out first (its shape says whether it lies at a slant and stands, decision 086).
 * With the scene it renders on, a product read as from above may stand on it in the shot in context
 * (art-direction/plan.ts, standsOnScene).
 */
export async function fusionPlans(
  request: FusionRequest,
  product: { ready: Promise<PreparedProduct> },
  brand?: PlannedBrand | null,
  scene?: PreparedContext,
): Promise<FusionPlan[]> {
  const { view, from } = viewOf(request);
  const read = from !== 'chosen' || view === 'top';
  return planFusionVariants(request, read ? (await product.ready).view : undefined, brand, scene?.reading);
}

/** A brand kit checked and its logo decoded, once for the whole request; none without one. */
export const brandOf = (input: { brand?: BrandInput | null }): Promise<PlannedBrand | null> =>
  input.brand ? prepareBrand(input.brand) : Promise.resolve(null);

export async function renderFusion(
  input: SceneChoice & {
    request: FusionRequest;
    product: Buffer;
    cutout?: ProductCutoutInput;
    formats?: RenderFormat[];
    onVariant?: OnVariantDone;
    /** The shop's brand kit, applied to every variant; absent, none. */
    brand?: BrandInput | null;
  },
): Promise<RenderedImage[]> {
  const brand = await brandOf(input);
  const [product, context] = await Promise.all([
    startProduct(input.product, input.cutout),
    sceneFor(input, FUSION_FORMAT_SIZES[input.request.format], brand),
  ]);
  return mapInFlight(
    await fusionPlans(input.request, product, brand, context),
    (plan) => variantRenderer.fusion(plan, product.ready, context, input.formats),
    input.onVariant,
    variantsInFlight(),
  );
}

/** One image of a request in every format: which format, which variant, and the image. */
export type FormatImage = { format: FusionFormat; variant: number; image: RenderedImage };

/**
 * The request's chosen variants composed again for each format: laid out anew from the same plan (the
 * product, the text, the scene), not cropped from one picture. The product is cut out once and the
 * context photo decoded once, large enough to cover every format; each format gets its own plan, read
 * from the same cut-out.
 */
export async function renderFusionFormats(
  input: SceneChoice & {
    request: FusionRequest;
    product: Buffer;
    cutout?: ProductCutoutInput;
    /** The variants to compose (indices from 0), every one of the request's by default. */
    variants?: readonly number[];
    formats?: readonly FusionFormat[];
    encode?: RenderFormat[];
    onVariant?: OnVariantDone;
    /** The shop's brand kit, applied to every image; absent, none. */
    brand?: BrandInput | null;
  },
): Promise<FormatImage[]> {
  const formats = input.formats ?? FUSION_FORMATS;
  const variants = input.variants ?? Array.from({ length: input.request.variants }, (_, i) => i);
  const outOfRange = variants.find((v) => !Number.isInteger(v) || v < 0 || v >= input.request.variants);
  if (outOfRange !== undefined || !variants.length)
    throw new RangeError(`variants must be indices of the request's ${input.request.variants} variants`);
  const brand = await brandOf(input);
  const [product, uploaded] = await Promise.all([
    startProduct(input.product, input.cutout),
    input.context !== undefined ? prepareContext(input.context) : null,
  ]);
  const jobs = await Promise.all(
    formats.map(async (format) => {
      const request = { ...input.request, format, variants: Math.max(...variants) + 1 };
      const canvas = FUSION_FORMAT_SIZES[format];
      const context = uploaded ?? (await sceneFor({ ...input, request }, canvas, brand));
      const plans = await fusionPlans(request, product, brand, context);
      return variants.map((variant) => ({ format, variant, plan: plans[variant]!, context }));
    }),
  );
  const work = jobs.flat();
  const images = await mapInFlight(
    work,
    ({ plan, context }) => variantRenderer.fusion(plan, product.ready, context, input.encode),
    input.onVariant,
    variantsInFlight(),
  );
  return work.map(({ format, variant }, i) => ({ format, variant, image: images[i]! }));
}

export async function renderExpress(
  request: ExpressRequest,
  formats?: RenderFormat[],
  onVariant?: OnVariantDone,
  brandInput?: BrandInput | null,
): Promise<RenderedExpress[]> {
  const brand = await brandOf({ brand: brandInput });
  return mapInFlight(
    planExpressVariants(request, undefined, brand),
    (plan) => variantRenderer.express(plan, formats),
    onVariant,
    variantsInFlight(),
  );
}
