/**
 * A marketplace image (art-direction/packshot.ts): the cut-out product, its colours untouched, centred
 * on a pure white frame at the variant's scale, with a faint contact shadow under its base when the
 * variant has one. Nothing else is drawn: no scene, set, style, grading or text. A photo that could not
 * be cut out is shown whole at the same scale, on the same white.
 */
import { safeAreaOf } from '@vitrine/shared/api/safe-area';
import { compositionOf } from '../../art-direction/composition';
import type { FusionPlan } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { resizeProduct, type Placement } from '../draw/placement';
import { SOLID_ALPHA } from '../draw/support';
import type { RenderFormat } from '../encode';
import { finish, Stopwatch } from '../finish';
import type { ProductSource } from '../prepare';
import { inksOf } from '../text/typeset';
import type { RenderedImage } from './render-fusion';
import { metadataHead } from './metadata-head';

const WHITE = 255;
/**
 * The contact shadow: at most this much darker than white at its middle (255 -> 209), fading to white
 * at its rim; its half-height a share of the frame's height, its half-width the base's. Kept this faint
 * and flat, it leaves far more than 97 % of the pixels around the product pure white (decision 059).
 */
const SHADOW_DEPTH = 46;
const SHADOW_HALF_HEIGHT = 0.015;
const SHADOW_REACH = 1.08;

export async function renderPackshot(
  plan: FusionPlan,
  source: ProductSource,
  formats: RenderFormat[] = ['jpeg'],
): Promise<RenderedImage> {
  const clock = new Stopwatch();
  const product = await source;
  const { cutout } = product;
  const { width: W, height: H } = plan.canvas;
  const side = plan.product.box.width;
  // The larger side of the product's box is the variant's share of the frame's side, whatever the photo's
  // resolution: the marketplace's rule comes before softness.
  const scale = side / Math.max(cutout.image.width, cutout.image.height);
  const width = Math.max(1, Math.round(cutout.image.width * scale));
  const height = Math.max(1, Math.round(cutout.image.height * scale));
  const placement: Placement = {
    x: Math.round((W - width) / 2),
    y: Math.round((H - height) / 2),
    width,
    height,
    scale,
  };
  const resized = await resizeProduct(cutout.image, placement);
  const scene: RawImage = { data: Buffer.alloc(W * H * 3, WHITE), width: W, height: H, channels: 3 };
  const framed = cutout.method === 'framed';
  const steps = [
    'pure white background',
    framed ? 'photo shown whole (no cut-out)' : `product cut out (${cutout.method})`,
    `centred at ${Math.round(plan.packshot!.fill * 100)} %`,
  ];
  if (plan.packshot!.shadow && !framed && contactShadow(scene, resized, placement))
    steps.push('contact shadow');
  over(scene, resized, placement);
  const sceneMs = clock.lap();
  const end = await finish(
    scene,
    steps,
    {
      blocks: [],
      inks: inksOf(plan.grading.swatch),
      // The marketplace image is the product alone: the brand is recorded, nothing of it drawn.
      ...(plan.brand && {
        brand: { brand: plan.brand, language: plan.typography.language, palette: null, product: placement },
      }),
    },
    () => null,
    formats,
    clock,
  );
  return {
    images: end.images,
    layers: end.layers,
    metadata: {
      ...metadataHead(plan, cutout, { width: W, height: H }, placement),
      composition: compositionOf(plan.canvas, placement, []),
      safeArea: safeAreaOf(plan.canvas),
      steps,
      text: end.text,
      typography: plan.typography,
      ...(end.brand && { brand: end.brand }),
      timings: {
        decodeMs: product.decodeMs,
        cutoutMs: product.cutoutMs,
        sceneMs: Math.round(sceneMs),
        compositeMs: Math.round(end.typesetMs),
        encodeMs: Math.round(end.encodeMs),
        totalMs: Math.round(clock.elapsed()),
      },
    },
  };
}

/** The product laid over the white frame by its alpha (a framed photo is opaque). */
function over(scene: RawImage, product: RawImage, at: Placement): void {
  const { data } = scene;
  const channels = product.channels;
  for (let y = 0; y < product.height; y++) {
    for (let x = 0; x < product.width; x++) {
      const i = (y * product.width + x) * channels;
      const a = channels === 4 ? product.data[i + 3]! : WHITE;
      if (a === 0) continue;
      const o = ((at.y + y) * scene.width + at.x + x) * 3;
      for (let c = 0; c < 3; c++)
        data[o + c] = Math.round((product.data[i + c]! * a + data[o + c]! * (WHITE - a)) / WHITE);
    }
  }
}

/**
 * A flat, soft ellipse under the product's base (its lowest solid row), as wide as the base: darkest
 * in its middle, white at its rim; a pixel less than half a level from white stays exactly white.
 * False when the product has no solid base to rest on.
 */
function contactShadow(scene: RawImage, product: RawImage, at: Placement): boolean {
  const base = baseOf(product);
  if (!base) return false;
  const cx = at.x + (base.left + base.right) / 2;
  const cy = at.y + base.y;
  const rx = ((base.right - base.left) / 2) * SHADOW_REACH;
  const ry = Math.max(4, SHADOW_HALF_HEIGHT * scene.height);
  const { data, width, height } = scene;
  for (let y = Math.max(0, Math.floor(cy - ry)); y <= Math.min(height - 1, Math.ceil(cy + ry)); y++) {
    for (let x = Math.max(0, Math.floor(cx - rx)); x <= Math.min(width - 1, Math.ceil(cx + rx)); x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d >= 1) continue;
      const shade = Math.round(SHADOW_DEPTH * (1 - d) ** 2);
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) data[o + c] = WHITE - shade;
    }
  }
  return true;
}

/** The product's lowest solid row and the solid pixels' extent across its bottom tenth. */
function baseOf(product: RawImage): { y: number; left: number; right: number } | null {
  if (product.channels !== 4) return null;
  const { data, width, height } = product;
  const least = Math.max(2, Math.round(width * 0.01));
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = height - 1; y >= Math.floor(height * 0.9); y--) {
    let solid = 0;
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < SOLID_ALPHA) continue;
      solid++;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
    if (solid >= least && bottom < 0) bottom = y;
  }
  return bottom < 0 || right <= left ? null : { y: bottom, left, right };
}
