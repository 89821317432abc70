import { beforeAll, describe, expect, it } from 'vitest';
import {
  FUSION_FORMATS,
  FUSION_PALETTES,
  FUSION_POSITIONS,
  FUSION_STYLES,
  type FusionPalette,
  type FusionStyle,
} from '@vitrine/shared/api/generation';
import { planFusion } from '../../art-direction/plan';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { decodeOutput, labStats, luminance, meanDeltaE, shrink, ssim } from '../../test-utils/measure';
import { baseRequest, renderInputs } from '../../test-utils/render-fixtures';
import { renderFusionVariant, type RenderMetadata } from './render-fusion';
import { prepareProduct } from '../prepare';
import { coverCrop } from '../draw/scene';
import { productPhoto } from '../../samples/synthetic';

type Render = { style: FusionStyle; palette: FusionPalette; image: RawImage; metadata: RenderMetadata };

let inputs: Awaited<ReturnType<typeof renderInputs>>;
const renders: Render[] = [];
let ungraded: RawImage;

/** Every style (in the chaude palette) and every palette (in the photo réaliste style), square format. */
beforeAll(async () => {
  inputs = await renderInputs();
  const combos = [
    ...FUSION_STYLES.map((style) => [style, 'chaude'] as const),
    ...FUSION_PALETTES.filter((p) => p !== 'chaude').map((palette) => ['photo réaliste', palette] as const),
  ];
  for (const [style, palette] of combos) {
    const plan = planFusion(baseRequest({ style, palette }), 0);
    const { images, metadata } = await renderFusionVariant(plan, inputs.studio, inputs.context);
    renders.push({ style, palette, image: await decodeOutput(images.jpeg!), metadata });
  }
  ungraded = await coverCrop(inputs.context.image, { width: 1080, height: 1080 }, { crop: 'centre' });
}, 120_000);

const find = (style: FusionStyle, palette: FusionPalette) =>
  renders.find((r) => r.style === style && r.palette === palette)!;

/** Luminance SSIM of the product region, scaled back to the cut-out's size, against the cut-out. */
async function productFidelity(
  { image, metadata }: Render,
  cut: RawImage = inputs.studio.cutout.image,
): Promise<number> {
  const { x, y, width, height } = metadata.product;
  const region = await toRaw(
    fromRaw(image).extract({ left: x, top: y, width, height }).resize(cut.width, cut.height, { fit: 'fill' }),
  );
  const alpha = new Float32Array(cut.width * cut.height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = cut.data[p * 4 + 3]! / 255;
  return ssim(luminance(region), luminance(cut), cut.width, cut.height, alpha);
}

describe("the product's pixels reach the output unchanged except scale and light", () => {
  it('luminance SSIM of the product region is at least 0.85 in every style and every palette', async () => {
    for (const render of renders) {
      expect(await productFidelity(render), `${render.style} / ${render.palette}`).toBeGreaterThanOrEqual(
        0.85,
      );
    }
  });

  it('the same holds for every sample product in the styles that draw around it', async () => {
    for (const shape of ['jar', 'box', 'cream', 'pouch'] as const) {
      const product = await prepareProduct(await productPhoto(shape, 'studio-grey', 2));
      for (const style of ['illustration', 'hand-drawn', 'cyberpunk', '3D mockup'] as const) {
        const plan = planFusion(baseRequest({ style }), 0);
        const { images, metadata } = await renderFusionVariant(plan, product, inputs.context);
        const render = {
          style,
          palette: 'chaude' as const,
          image: await decodeOutput(images.jpeg!),
          metadata,
        };
        expect(
          await productFidelity(render, product.cutout.image),
          `${shape} / ${style}`,
        ).toBeGreaterThanOrEqual(0.85);
      }
    }
  }, 120_000);

  it('the same holds for a photo laid out as a framed print', async () => {
    const plan = planFusion(baseRequest({ style: 'vintage', format: 'story' }), 2);
    const { images, metadata } = await renderFusionVariant(plan, inputs.framed, inputs.context);
    const out = await decodeOutput(images.jpeg!);
    const cut = inputs.framed.cutout.image;
    const { x, y, width, height } = metadata.product;
    const region = await toRaw(
      fromRaw(out).extract({ left: x, top: y, width, height }).resize(cut.width, cut.height, { fit: 'fill' }),
    );
    expect(ssim(luminance(region), luminance(cut), cut.width, cut.height)).toBeGreaterThanOrEqual(0.85);
  }, 30_000);
});

describe('the framed print is laid out large enough to sell the product', () => {
  it('covers at least a tenth of the canvas in every format and position', async () => {
    for (const format of FUSION_FORMATS) {
      for (const position of FUSION_POSITIONS) {
        const plan = planFusion(
          baseRequest({ format, position, slogan: 'Le goût du vrai', tagline: 'Depuis 1952' }),
          0,
        );
        const { metadata } = await renderFusionVariant(plan, inputs.framed, inputs.context, []);
        const { width, height } = metadata.product;
        const share = (width * height) / (plan.canvas.width * plan.canvas.height);
        expect(share, `${format} ${position}`).toBeGreaterThanOrEqual(0.1);
      }
    }
  }, 60_000);
});

describe('palettes measurably do what they say (scene outside the product, same inputs)', () => {
  const scene = (palette: FusionPalette) => {
    const render = find('photo réaliste', palette);
    return labStats(render.image, render.metadata.product);
  };

  it('chaude raises mean b* (yellow-blue axis) well above froide', () => {
    expect(scene('chaude').meanB - scene('froide').meanB).toBeGreaterThan(10);
  });

  it('pastel lowers chroma and néon raises it, against the ungraded context', () => {
    const original = labStats(ungraded).meanChroma;
    expect(scene('pastel').meanChroma).toBeLessThan(original * 0.75);
    expect(scene('néon').meanChroma).toBeGreaterThan(original * 1.2);
  });

  it('noir_blanc leaves near-zero chroma', () => {
    expect(scene('noir_blanc').meanChroma).toBeLessThan(2);
  });

  it('noir_blanc takes the product too: a colour product on a grey scene read as a mistake', async () => {
    const inBox = async ({ image, metadata }: Render) => {
      const { x, y, width, height } = metadata.product;
      return labStats(await toRaw(fromRaw(image).extract({ left: x, top: y, width, height })));
    };
    expect((await inBox(find('photo réaliste', 'chaude'))).meanChroma).toBeGreaterThan(5);
    expect((await inBox(find('photo réaliste', 'noir_blanc'))).meanChroma).toBeLessThan(2);
  });
});

describe('styles are measurably distinct', () => {
  /** Mean ΔE76 on 270x270 thumbnails that two styles must exceed (the closest pair measures about 10). */
  const STYLE_DELTA_E = 9;
  it(`every pair of styles differs by a mean ΔE above ${STYLE_DELTA_E}`, async () => {
    const thumbs = await Promise.all(
      FUSION_STYLES.map((style) => shrink(find(style, 'chaude').image, 270, 270)),
    );
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        const distance = meanDeltaE(thumbs[i]!, thumbs[j]!);
        expect(distance, `${FUSION_STYLES[i]} / ${FUSION_STYLES[j]}`).toBeGreaterThan(STYLE_DELTA_E);
      }
    }
  });
});
