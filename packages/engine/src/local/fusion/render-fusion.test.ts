import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUSION_FORMAT_SIZES, FUSION_FORMATS, FUSION_POSITIONS } from '@vitrine/shared/api/generation';
import { planFusion, planFusionVariants } from '../../art-direction/plan';
import { decodeOutput, luminance, meanDeltaE, shrink, ssim } from '../../test-utils/measure';
import { baseRequest, renderInputs } from '../../test-utils/render-fixtures';
import { renderFusionVariant } from './render-fusion';
import { renderFusion } from '../requests';
import { prepareContext } from '../prepare';
import { productPhoto, sceneJpeg } from '../../samples/synthetic';
import { pngClaiming, truncatedJpeg } from '../../test-utils/hostile-files';
import { hasFrenchOcr, ocrRegion, words } from '../../test-utils/ocr';

let inputs: Awaited<ReturnType<typeof renderInputs>>;
beforeAll(async () => {
  inputs = await renderInputs();
}, 60_000);

/** Two variants' product boxes overlap at most this much (intersection over union): different layouts. */
const MAX_LAYOUT_IOU = 0.92;
/** Two variants' 240x240 luminance thumbnails are at most this similar (SSIM): different pictures. */
const MAX_VARIANT_SSIM = 0.72;
const PHOTOS = path.join(import.meta.dirname, '../../samples/photos');

type Rect = { x: number; y: number; width: number; height: number };
function boxIou(a: Rect, b: Rect): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
}

/** Variants must differ by more than this mean ΔE76 (on 270x270 thumbnails). */
const DISTINCT_DELTA_E = 6;

describe('local Fusion render', () => {
  it('outputs exactly the format dimensions, as JPEG, and PNG when asked', async () => {
    for (const format of FUSION_FORMATS) {
      const plan = planFusion(baseRequest({ format }), 0);
      // PNG only once: it is slow to encode and the pixels are the same.
      const formats = format === 'carré' ? (['jpeg', 'png'] as const) : (['jpeg'] as const);
      const { images, metadata } = await renderFusionVariant(plan, inputs.studio, inputs.context, [
        ...formats,
      ]);
      for (const file of Object.values(images)) {
        const out = await decodeOutput(file);
        expect([out.width, out.height], format).toEqual([
          FUSION_FORMAT_SIZES[format].width,
          FUSION_FORMAT_SIZES[format].height,
        ]);
      }
      expect(images.jpeg!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      if (images.png) expect(images.png.subarray(1, 4).toString()).toBe('PNG');
      expect(metadata).toMatchObject({
        engine: 'local',
        width: plan.canvas.width,
        height: plan.canvas.height,
      });
    }
  }, 60_000);

  it("puts the product's centre in the third the shop owner chose", async () => {
    for (const format of ['story'] as const) {
      for (const position of FUSION_POSITIONS) {
        const plan = planFusion(baseRequest({ format, position }), 1);
        const { metadata } = await renderFusionVariant(plan, inputs.studio, inputs.context, []);
        const centre = metadata.product.x + metadata.product.width / 2;
        expect(Math.floor((centre / plan.canvas.width) * 3), `${format} ${position}`).toBe(
          FUSION_POSITIONS.indexOf(position) === 0 ? 1 : FUSION_POSITIONS.indexOf(position) === 1 ? 0 : 2,
        );
      }
    }
  }, 60_000);

  it('never mirrors the context photo: what is on its left stays on the left in all four variants (a shop sign reads the right way round)', async () => {
    // The shop's own place: a red wall on the left, a blue one on the right.
    const context = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2e6fd1' } })
      .composite([
        {
          input: { create: { width: 800, height: 1200, channels: 3, background: '#c0392b' } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const product = readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
    const results = await renderFusion({ request: baseRequest({ variants: 4 }), product, context });
    expect(results).toHaveLength(4);
    // The studio set of a product seen from above lies it on a sheet that hides the photo: nothing of it to mirror.
    const onScene = results.filter((result) => !result.metadata.steps.includes('flat-lay sheet'));
    expect(onScene.length).toBeGreaterThanOrEqual(3);
    for (const [i, result] of onScene.entries()) {
      const out = await decodeOutput(result.images.jpeg!);
      /** Mean red minus blue over a band of columns. */
      const redness = (x0: number, x1: number) => {
        let sum = 0;
        for (let y = 0; y < out.height; y++)
          for (let x = x0; x < x1; x++) {
            const p = (y * out.width + x) * out.channels;
            sum += out.data[p]! - out.data[p + 2]!;
          }
        return sum / ((x1 - x0) * out.height);
      };
      const band = Math.round(out.width * 0.12);
      expect(redness(0, band), `variant ${i + 1}`).toBeGreaterThan(redness(out.width - band, out.width) + 40);
    }
  }, 60_000);

  it(`makes variants that differ by a mean ΔE above ${DISTINCT_DELTA_E}: never near-duplicates`, async () => {
    const plans = planFusionVariants(baseRequest({ variants: 4, style: 'vintage' }));
    const thumbs = [];
    for (const plan of plans) {
      const { images } = await renderFusionVariant(plan, inputs.studio, inputs.context);
      thumbs.push(await shrink(await decodeOutput(images.jpeg!), 270, 270));
    }
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        expect(meanDeltaE(thumbs[i]!, thumbs[j]!), `variants ${i} and ${j}`).toBeGreaterThan(
          DISTINCT_DELTA_E,
        );
      }
    }
  }, 60_000);

  it(`makes four pictures that differ on purpose: pairwise, product boxes overlap by IoU ${MAX_LAYOUT_IOU} at most and thumbnails reach SSIM ${MAX_VARIANT_SSIM} at most`, async () => {
    // A real product photographed on a table, in a square and a banner (where the layout has least room),
    // standing (the cup was photographed from above: laid flat, variant-distinctness.test.ts checks it).
    const product = readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
    const context = await sceneJpeg(1600, 1200, 'cafe');
    for (const [format, position] of [
      ['carré', 'gauche'],
      ['bannière', 'centré'],
    ] as const) {
      const request = baseRequest({
        format,
        position,
        productView: 'de face',
        variants: 4,
        slogan: 'Espresso du matin',
        tagline: 'Torréfié sur place',
      });
      const results = await renderFusion({ request, product, context });
      expect(results.map((r) => r.metadata.shot)).toEqual(['hero', 'scene', 'close-up', 'backdrop']);
      const thumbs = await Promise.all(
        results.map(async (r) => luminance(await shrink(await decodeOutput(r.images.jpeg!), 240, 240))),
      );
      for (let i = 0; i < 4; i++)
        for (let j = i + 1; j < 4; j++) {
          const label = `${format} ${position}: variants ${i + 1} and ${j + 1}`;
          expect(
            boxIou(results[i]!.metadata.product, results[j]!.metadata.product),
            label,
          ).toBeLessThanOrEqual(MAX_LAYOUT_IOU);
          expect(ssim(thumbs[i]!, thumbs[j]!, 240, 240), label).toBeLessThanOrEqual(MAX_VARIANT_SSIM);
        }
    }
  }, 120_000);

  it('records what was done: engine, cut-out method, placement, steps and timings', async () => {
    const [first] = await renderFusion({
      request: baseRequest({ style: '3D mockup', slogan: 'Le goût du vrai' }),
      product: await productPhoto('jar', 'white'),
      context: await sceneJpeg(800, 600),
    });
    const { metadata } = first!;
    expect(metadata.cutout.method).toBe('studio');
    expect(metadata.steps).toEqual(expect.arrayContaining(['podium', 'contact shadow', 'graded chaude']));
    expect(metadata.text).toEqual([
      expect.objectContaining({ role: 'slogan', rendered: true, text: 'Le goût du vrai' }),
    ]);
    expect(metadata.timings.totalMs).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('cuts a product photographed in front of a busy shelf out, rather than framing the photo', async () => {
    const plan = planFusion(baseRequest({ format: 'portrait' }), 0);
    const { metadata } = await renderFusionVariant(plan, inputs.busy, inputs.context, []);
    expect(metadata.cutout.method).toBe('segmented');
    expect(metadata.cutout.confidence).toBeGreaterThan(0);
    expect(metadata.steps).toContain('product cut out (segmented)');
  }, 60_000);

  it('lays the photo out as a framed print when the user chose the whole photo, and says so', async () => {
    const plan = planFusion(baseRequest({ format: 'portrait' }), 0);
    const { metadata } = await renderFusionVariant(plan, inputs.framed, inputs.context, []);
    expect(metadata.cutout).toMatchObject({ method: 'framed', reason: 'whole-photo' });
    expect(metadata.steps).toContain('framed photo (whole-photo)');
  }, 60_000);

  it('never lets text cover the product', async () => {
    // Every format, position and variant is checked on the plan; here the render keeps to the plan.
    const cases = [
      ['story', 'gauche'],
      ['bannière', 'droite'],
    ] as const;
    for (const [format, position] of cases) {
      const request = baseRequest({ format, position, slogan: 'Le goût du vrai', tagline: 'Depuis 1952' });
      const { metadata } = await renderFusionVariant(
        planFusion(request, 3),
        inputs.studio,
        inputs.context,
        [],
      );
      const p = metadata.product;
      for (const { rect } of metadata.text) {
        const apart =
          rect.x + rect.width <= p.x ||
          p.x + p.width <= rect.x ||
          rect.y + rect.height <= p.y ||
          p.y + p.height <= rect.y;
        expect(apart, `${format} ${position}`).toBe(true);
      }
    }
  }, 60_000);

  it('keeps text off the sun of a terrace photo: it moves to a calmer place', async () => {
    const terrace = await prepareContext(await sceneJpeg(1600, 1200, 'terrace'));
    const request = baseRequest({ position: 'gauche', slogan: 'Le goût du vrai', tagline: 'Depuis 1952' });
    const { metadata } = await renderFusionVariant(planFusion(request, 0), inputs.studio, terrace, []);
    expect(metadata.steps).toContain('text moved to a calmer area');
    // The sun's disc in canvas pixels: the 1600x1200 scene is centre-cropped to 1200x1200, scaled by 0.9.
    const sun = { x: (1250 - 200) * 0.9, y: 240 * 0.9, r: 105 * 0.9 };
    for (const { rect } of metadata.text) {
      const nx = Math.min(Math.max(sun.x, rect.x), rect.x + rect.width);
      const ny = Math.min(Math.max(sun.y, rect.y), rect.y + rect.height);
      expect(Math.hypot(nx - sun.x, ny - sun.y), 'distance from the sun').toBeGreaterThan(sun.r);
    }
  }, 60_000);

  it.skipIf(!hasFrenchOcr)(
    'sets a slogan that OCR reads back from the output, accents included',
    async () => {
      const slogan = 'Fraîcheur d’été à Noël : goûtez la crème';
      const plan = planFusion(baseRequest({ format: 'story', style: 'vintage', slogan }), 0);
      const { images, metadata } = await renderFusionVariant(plan, inputs.studio, inputs.context);
      const read = await ocrRegion(await decodeOutput(images.jpeg!), metadata.text[0]!.rect);
      // Tesseract reads a bold display î as i on some backgrounds and not on others (the same set
      // type, checked by eye): that one letter is compared without its accent, every other accent
      // (é, ë, û, è) exactly.
      const lenient = (list: string[]) => list.map((word) => word.replace('î', 'i'));
      expect(lenient(words(read)), read).toEqual(expect.arrayContaining(lenient(words(slogan))));
    },
    30_000,
  );

  it('turns a corrupt or enormous upload into a typed error, not a crash', async () => {
    const request = baseRequest();
    const context = await sceneJpeg(400, 300);
    await expect(renderFusion({ request, product: await truncatedJpeg(), context })).rejects.toMatchObject({
      name: 'EngineError',
      code: 'IMAGE_CORRUPT',
    });
    await expect(
      renderFusion({ request, product: context, context: pngClaiming(20_000, 20_000) }),
    ).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    });
  });
});
