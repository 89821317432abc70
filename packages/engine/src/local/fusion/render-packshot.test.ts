/**
 * The marketplace image (decision 059), rendered from real product photos with the engine's own cut-out.
 * The product is told from the background by the cut-out itself: its alpha, resized to the placement the
 * metadata reports exactly as the renderer resizes it, marks the product's pixels; every other pixel of
 * the decoded output is background, and must be pure white (#FFFFFF) but for a faint contact shadow.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUSION_FORMAT_SIZES, MARKETPLACE } from '@vitrine/shared/api/generation';
import { insideSafeArea } from '@vitrine/shared/api/safe-area';
import { planFusion, planFusionVariants } from '../../art-direction/plan';
import type { RawImage } from '../../image/sharp';
import { decodeOutput } from '../../test-utils/measure';
import { baseRequest, renderInputs } from '../../test-utils/render-fixtures';
import { resizeProduct } from '../draw/placement';
import type { OutputFormat } from '../encode';
import { prepareContext, prepareProduct, type PreparedContext, type PreparedProduct } from '../prepare';
import { renderFusion } from '../requests';
import { renderFusionVariant, type RenderedImage } from './render-fusion';

const OPEN_PHOTOS = path.join(import.meta.dirname, '../../../test-data/open-photos');
const PRODUCTS = [
  'mug-ceramic-marble-table.jpg',
  'sneaker-pastel-asphalt.jpg',
  'handbag-leather-marble-table.jpg',
];
const SIDE = FUSION_FORMAT_SIZES.marketplace.width;

let products: PreparedProduct[];
let scene: PreparedContext;
let framed: PreparedProduct;
beforeAll(async () => {
  products = await Promise.all(
    PRODUCTS.map(async (name) => prepareProduct(await readFile(path.join(OPEN_PHOTOS, 'products', name)))),
  );
  scene = await prepareContext(await readFile(path.join(OPEN_PHOTOS, 'scenes/cafe-terrace-table.jpg')));
  ({ framed } = await renderInputs());
}, 120_000);

/** Every style asks for the same thing here: the style, palette and typed text are not the image's. */
const marketplace = (variants = 4, style = '3D mockup') =>
  baseRequest({
    format: 'marketplace',
    style,
    slogan: 'Soldes : -30 % sur tout',
    tagline: 'Livraison offerte dès 30 €',
    variants,
  } as never);

/** The product's pixels: the cut-out's alpha above 0, resized to the reported placement as the renderer does. */
async function productMask(product: PreparedProduct, rendered: RenderedImage): Promise<Uint8Array> {
  const at = rendered.metadata.product;
  const mask = new Uint8Array(SIDE * SIDE);
  const alpha: RawImage = await resizeProduct(product.cutout.image, at);
  for (let y = 0; y < at.height; y++)
    for (let x = 0; x < at.width; x++)
      if (alpha.channels !== 4 || alpha.data[(y * at.width + x) * 4 + 3]! > 0)
        mask[(at.y + y) * SIDE + at.x + x] = 1;
  return mask;
}

/** The share of the background (every pixel that is not the product's) that is exactly #FFFFFF. */
function whiteShare(image: RawImage, mask: Uint8Array): number {
  let background = 0;
  let white = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]) continue;
    background++;
    const o = i * image.channels;
    if (image.data[o] === 255 && image.data[o + 1] === 255 && image.data[o + 2] === 255) white++;
  }
  return white / background;
}

/** The box of the cut-out's visible pixels in the frame (not only the placement's rectangle). */
function maskBox(mask: Uint8Array) {
  let [left, top, right, bottom] = [SIDE, SIDE, -1, -1];
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++)
      if (mask[y * SIDE + x]) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

async function renderAll(product: PreparedProduct, formats: OutputFormat[] = ['jpeg']) {
  return Promise.all(
    planFusionVariants(marketplace()).map((plan) => renderFusionVariant(plan, product, scene, formats)),
  );
}

describe('the marketplace image', () => {
  it('is 2000 x 2000, its product whole and inside the safe area, its box’s larger side 80 to 90 % of the frame, centred', async () => {
    for (const [i, product] of products.entries())
      for (const rendered of await renderAll(product)) {
        const { metadata } = rendered;
        const label = `${PRODUCTS[i]} variant ${metadata.variant}`;
        const image = await decodeOutput(rendered.images.jpeg!);
        expect([image.width, image.height], label).toEqual([2000, 2000]);
        expect(insideSafeArea(metadata.product, metadata.safeArea), label).toBe(true);
        const box = maskBox(await productMask(product, rendered));
        const fill = Math.max(box.width, box.height) / SIDE;
        expect(fill, label).toBeGreaterThanOrEqual(MARKETPLACE.minFill);
        expect(fill, label).toBeLessThanOrEqual(MARKETPLACE.maxFill);
        // Centred: the middle of the product's box is the middle of the frame, to a pixel.
        expect(Math.abs(box.x + box.width / 2 - SIDE / 2), label).toBeLessThanOrEqual(1.5);
        expect(Math.abs(box.y + box.height / 2 - SIDE / 2), label).toBeLessThanOrEqual(1.5);
      }
  }, 180_000);

  it('keeps at least 97 % of the pixels around the product pure #FFFFFF, shadow or not, as delivered (JPEG) and as PNG', async () => {
    for (const [i, product] of products.entries())
      for (const rendered of await renderAll(product, ['jpeg', 'png'])) {
        const mask = await productMask(product, rendered);
        for (const format of ['jpeg', 'png'] as const) {
          const share = whiteShare(await decodeOutput(rendered.images[format]!), mask);
          const label = `${PRODUCTS[i]} variant ${rendered.metadata.variant} ${format}: ${share}`;
          expect(share, label).toBeGreaterThanOrEqual(MARKETPLACE.minWhiteShare);
        }
      }
  }, 180_000);

  it('draws no text, even with a slogan and a tagline typed, and no podium, set, prop or scene', async () => {
    for (const style of ['3D mockup', 'photo réaliste', 'cyberpunk', 'hand-drawn'])
      for (const plan of planFusionVariants(marketplace(4, style))) {
        expect(plan.text, style).toEqual([]);
        const rendered = await renderFusionVariant(plan, products[0]!, scene, []);
        const { steps, text } = rendered.metadata;
        expect(text, style).toEqual([]);
        expect(rendered.layers, style).toEqual([]);
        expect(steps.slice(0, 3), style).toEqual([
          'pure white background',
          `product cut out (${products[0]!.cutout.method})`,
          `centred at ${Math.round(plan.packshot!.fill * 100)} %`,
        ]);
        // Nothing else but the contact shadow of the variants that have one.
        expect(steps.slice(3), style).toEqual(plan.packshot!.shadow ? ['contact shadow'] : []);
      }
  }, 120_000);

  it('offers four different images: with and without a contact shadow, at 85, 81 and 89 %', async () => {
    const rendered = await renderAll(products[1]!);
    const hashes = rendered.map((r) => createHash('sha256').update(r.images.jpeg!).digest('hex'));
    expect(new Set(hashes).size).toBe(4);
    expect(rendered.map((r) => r.metadata.steps.at(-1))).toEqual([
      'centred at 85 %',
      'contact shadow',
      'centred at 81 %',
      'contact shadow',
    ]);
    const fills = rendered.map((r) => Math.max(r.metadata.product.width, r.metadata.product.height) / SIDE);
    expect(fills.map((f) => Math.round(f * 100))).toEqual([85, 85, 81, 89]);
  }, 120_000);

  it('shows a photo that could not be cut out whole, at the same scale, on the same pure white', async () => {
    const rendered = await renderFusionVariant(planFusion(marketplace(1), 0), framed, scene, ['png']);
    const { product, steps } = rendered.metadata;
    expect(steps).toContain('photo shown whole (no cut-out)');
    expect(Math.max(product.width, product.height) / SIDE).toBeCloseTo(0.85, 2);
    const image = await decodeOutput(rendered.images.png!);
    const mask = new Uint8Array(SIDE * SIDE);
    for (let y = product.y; y < product.y + product.height; y++)
      mask.fill(1, y * SIDE + product.x, y * SIDE + product.x + product.width);
    expect(whiteShare(image, mask)).toBe(1);
  }, 60_000);

  it('is rendered from the product alone: a request with no scene or context photo needs none (other formats do)', async () => {
    const photo = await readFile(path.join(OPEN_PHOTOS, 'products', PRODUCTS[0]!));
    const [rendered] = await renderFusion({ request: marketplace(1), product: photo, formats: ['jpeg'] });
    const image = await decodeOutput(rendered!.images.jpeg!);
    expect([image.width, image.height]).toEqual([2000, 2000]);
    expect(rendered!.metadata.steps[0]).toBe('pure white background');
    await expect(
      renderFusion({ request: baseRequest({ format: 'pinterest', variants: 1 }), product: photo }),
    ).rejects.toThrow('a pinterest needs a scene');
  }, 60_000);
});
